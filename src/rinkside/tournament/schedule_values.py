"""The values a schedule is checked and built with: a game placed, a time
window, a conflict found (:mod:`rinkside.tournament.schedule_check` uses
them, and so do the requests and the people the schedule keeps apart)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

__all__ = ["Conflict", "Placed", "Window", "shown"]


def shown(moment: datetime, fmt: str = "%a %H:%M") -> str:
    """``moment`` as the desk's schedule grid shows it: in the server's local zone
    (the days and times of the grid), never the UTC the store keeps, so a
    conflict or a shortage names the game's time the director sees on the grid."""
    return moment.astimezone().strftime(fmt)


@dataclass(frozen=True, slots=True)
class Window:
    """A time the rinks are available, e.g. 08:00-20:00 on a day."""

    start: datetime
    end: datetime

    def holds(self, start: datetime, end: datetime) -> bool:
        return self.start <= start and end <= self.end

    def meets(self, start: datetime, end: datetime) -> bool:
        """Whether [start, end) overlaps the window at all."""
        return start < self.end and self.start < end


@dataclass(frozen=True, slots=True)
class Placed:
    """A game on the schedule: when, where, who plays and who officiates."""

    key: int
    start: datetime
    rink: str
    teams: tuple[int, int]
    officials: frozenset[str] = field(default_factory=frozenset)
    # Its own time on the rink (its division's game length, Rules 639, 640(a));
    # None: the length the schedule is checked with.
    length: timedelta | None = None

    def end(self, default: timedelta) -> datetime:
        """When the game is off the rink, ``default`` long unless it has its own length."""
        return self.start + (self.length if self.length is not None else default)


@dataclass(frozen=True, slots=True)
class Conflict:
    """What is wrong; a ``soft`` one is a request not honoured (shown, never refused)."""

    # "team", "rest", "rink", "official", "window", "person", "referee", "request", "hours",
    # "rink hours"
    kind: str
    games: tuple[int, ...]
    message: str
    soft: bool = False
