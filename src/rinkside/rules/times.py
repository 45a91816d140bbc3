"""Game time as integers.

Inside the engine every time is an integer number of tenths of a second.
Strings such as ``"1 11:42"`` or ``"2:00"`` exist only at the edges; this
module turns them into integers and back.

A game moment is a :class:`GameTime`: the period (1, 2, ... for regulation,
then overtime periods numbered on from there) and the time left on the game
clock, as the scoreboard shows it (Rule 507(d): minutes and seconds).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

TENTHS_PER_SECOND: Final = 10
TENTHS_PER_MINUTE: Final = 600

_DURATION = re.compile(r"^(\d{1,3}):([0-5]\d)(?:\.(\d))?$")


class TimeFormatError(ValueError):
    """A time string that is not of the form the edge accepts."""


def parse_duration(text: str) -> int:
    """``"2:00"`` -> 1200 tenths; tenths allowed (``"0:04.5"``)."""
    match = _DURATION.match(text.strip())
    if match is None:
        raise TimeFormatError(f"{text!r} is not a time of the form M:SS or M:SS.T")
    minutes, seconds, tenths = match.groups()
    return int(minutes) * TENTHS_PER_MINUTE + int(seconds) * TENTHS_PER_SECOND + int(tenths or 0)


def format_duration(tenths: int, *, show_tenths: bool | None = None) -> str:
    """1200 -> ``"2:00"``; tenths are shown when present (or when asked)."""
    sign = "-" if tenths < 0 else ""
    tenths = abs(tenths)
    minutes, rest = divmod(tenths, TENTHS_PER_MINUTE)
    seconds, tenth = divmod(rest, TENTHS_PER_SECOND)
    text = f"{sign}{minutes}:{seconds:02d}"
    if show_tenths or (show_tenths is None and tenth):
        text += f".{tenth}"
    return text


def minutes_value(tenths: int) -> int | float:
    """Penalty minutes as the records show them: 1200 -> 2, 900 -> 1.5."""
    if tenths % TENTHS_PER_MINUTE == 0:
        return tenths // TENTHS_PER_MINUTE
    return tenths / TENTHS_PER_MINUTE


SHOOTOUT_LABEL: Final = "SO"


@dataclass(slots=True, order=True, unsafe_hash=True)
class GameTime:
    """A moment of a game: ``period`` and the clock's ``left`` in tenths.

    Ordering follows the game: a later period is later, and within a period
    less time left is later (hence the negated key used for comparisons).
    """

    period: Final[int]
    left: Final[int]

    @property
    def key(self) -> tuple[int, int]:
        """Sort key that grows as the game goes on."""
        return (self.period, -self.left)

    def is_before(self, other: GameTime) -> bool:
        return self.period < other.period or (self.period == other.period
                                               and self.left > other.left)

    def __reduce__(self) -> tuple[type[GameTime], tuple[int, int]]:
        """Pickled as its two numbers (kept game states stay small and fast)."""
        return (GameTime, (self.period, self.left))


def period_label(period: int, regulation_periods: int, *, numbered_overtime: bool) -> str:
    """1 -> ``"1"``; the first overtime -> ``"OT"`` or ``"OT1"``."""
    if period <= regulation_periods:
        return str(period)
    number = period - regulation_periods
    return f"OT{number}" if numbered_overtime else "OT"


def parse_period(label: str, regulation_periods: int) -> int:
    """``"2"`` -> 2; ``"OT"`` and ``"OT1"`` -> the first overtime period."""
    label = label.strip().upper()
    if label.isdigit():
        number = int(label)
        if number < 1:
            raise TimeFormatError(f"period {label!r} must be 1 or more")
        return number
    if label == "OT":
        return regulation_periods + 1
    if label.startswith("OT") and label[2:].isdigit() and int(label[2:]) >= 1:
        return regulation_periods + int(label[2:])
    raise TimeFormatError(f"{label!r} is not a period (1, 2, ..., OT, OT1, OT2, ...)")


def parse_game_time(text: str, regulation_periods: int) -> GameTime:
    """``"1 11:42"`` -> GameTime(1, 7020); ``"OT2 9:30"`` -> overtime two."""
    parts = text.split()
    if len(parts) != 2:
        raise TimeFormatError(f"{text!r} is not a game time like '1 11:42' or 'OT 3:00'")
    return GameTime(parse_period(parts[0], regulation_periods), parse_duration(parts[1]))


def format_game_time(
    moment: GameTime, regulation_periods: int, *, numbered_overtime: bool = False
) -> str:
    label = period_label(moment.period, regulation_periods, numbered_overtime=numbered_overtime)
    return f"{label} {format_duration(moment.left)}"
