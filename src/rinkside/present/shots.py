"""Shots on goal and saves in words, said once for every page that shows
them (the console, the game page; the live state's ``shots_text``): ``1
shot, 1 save``, ``12 shots, 0 saves``. The counts are the engine's (the
``shot`` events and the goals, Rule 506's record); only the words are here.
"""

from __future__ import annotations

__all__ = ["counted", "shots_text"]


def counted(n: int, one: str, many: str | None = None) -> str:
    """``1 save``, ``0 saves``, ``2 saves``: ``n`` and the noun in its number
    (``many`` where the plural is not ``one`` + ``s``)."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def shots_text(shots: int, saves: int, *, recorded: bool = True) -> str:
    """A team's shots on goal and its goaltenders' saves: ``3 shots, 1 save``.
    Not ``recorded`` (no ``shot`` event in the game: the engine's
    goaltending then charges no goaltender a shot or a save, and the report's
    SA and SV are empty), its goals are all the engine counts: ``2 goals,
    shots not recorded``, not ``2 shots, 0 saves``."""
    if not recorded:
        return f"{counted(shots, 'goal')}, shots not recorded"
    return f"{counted(shots, 'shot')}, {counted(saves, 'save')}"
