"""How long a division's game holds its rink, from the settings it plays under.

Rule 640(a): two periods (the event chooses their length) with a one-minute
rest between them; the settings say how many periods, how long each and the
intermission. The overtime allowance follows Rule 639: none where a tie
stands (639(a)); the single overtime of 639(b) and its shootout; the shootout
alone (639(b) NOTE 1); one more regulation period where overtime is
unlimited (639(c) 2: each as long as a period; no schedule can hold more than
the first). The director's game minutes are the least a game holds its rink
(warm-up, change-over); a division whose settings need longer gets its own.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Final

from rinkside.rules.settings import Settings

__all__ = ["SHOOTOUT_MINUTES", "game_length", "played_length"]

SHOOTOUT_MINUTES: Final = 5  # four shooters a side, then sudden death (639(b) 4)
_TENTHS_A_MINUTE: Final = 600


def played_length(settings: Settings) -> timedelta:
    """Periods, intermissions between them and the overtime allowance
    (Rules 639, 640(a)), rounded up to the whole minute."""
    tenths = settings.periods * settings.period_length
    tenths += max(settings.periods - 1, 0) * settings.intermission
    shootout = SHOOTOUT_MINUTES * _TENTHS_A_MINUTE
    if settings.overtime == "shootout":
        tenths += settings.overtime_length + shootout
    elif settings.overtime == "shootout_only":
        tenths += shootout
    elif settings.overtime == "unlimited":
        tenths += settings.intermission + settings.period_length
    return timedelta(minutes=-(-tenths // _TENTHS_A_MINUTE))


def game_length(settings: Settings, least: timedelta) -> timedelta:
    """The time a game under ``settings`` holds its rink: what it plays
    (:func:`played_length`), never less than ``least`` (the director's)."""
    return max(played_length(settings), least)
