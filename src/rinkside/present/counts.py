"""A number of things in words: ``1 game``, ``2 games``, ``0 teams``, never
``1 game(s)``. THE one place the pages, the desk, the console's messages and
the commands say a count (the Jinja filter ``counted``)."""

from __future__ import annotations

from typing import Final

# The nouns whose plural follows no rule below.
_PLURALS: Final = {"person": "people"}


def plural(noun: str) -> str:
    """``game`` -> ``games``, ``penalty`` -> ``penalties``, ``person`` -> ``people``."""
    if noun in _PLURALS:
        return _PLURALS[noun]
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in tuple("aeiou"):
        return noun[:-1] + "ies"
    return noun + "s"


def counted(count: int, noun: str, many: str | None = None) -> str:
    """``1 game``, ``2 games``, ``0 games``; ``many``: the plural when it is
    not the regular one (``counted(n, "goal", "goals")`` needs none)."""
    return f"{count} {noun if count == 1 else (many or plural(noun))}"
