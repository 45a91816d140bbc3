"""Each rink as it is: the hours it is open and the slots it is closed
(a public skate, the resurfacing, a rink let to someone else). A game is
placed on a rink only wholly within its opening hours (when it has any;
none: the tournament's time windows alone) and never over a closed slot.
Rinks carry a venue: a team or a person (a referee too) with games at two
venues not in one building needs the travel time between them on top of
the rest (:class:`Travel`: minutes per pair of venues, the tournament's
default for a pair not given). Pure: the solver and the conflict check read it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from rinkside.tournament.schedule_values import Conflict, Placed, Window, shown

__all__ = ["NO_TRAVEL", "RinkHours", "Travel", "rink_conflicts"]


@dataclass(frozen=True, slots=True)
class Travel:
    """Each rink's venue (none named: its own building, with the others
    unnamed) and the time to travel between two venues: the pair's own
    (``pairs``, keyed by the two venues' names) or else ``time``, the
    tournament's default."""

    venues: Mapping[str, str] = field(default_factory=dict)
    time: timedelta = timedelta(0)
    pairs: Mapping[frozenset[str], timedelta] = field(default_factory=dict)

    def of_venues(self, va: str, vb: str) -> timedelta:
        """The travel from venue ``va`` to venue ``vb``: none in one building."""
        if not va or not vb or va == vb:
            return timedelta(0)
        return self.pairs.get(frozenset((va, vb)), self.time)

    def between(self, a: str, b: str) -> timedelta:
        """The travel from rink ``a`` to rink ``b``: none in one building."""
        return self.of_venues(self.venues.get(a, ""), self.venues.get(b, ""))

    def longest(self, rinks: Sequence[str] | None = None) -> timedelta:
        """The most travel between any two of ``rinks`` (None: every rink)."""
        named = sorted({self.venues.get(r, "") for r in
                        (self.venues if rinks is None else rinks)} - {""})
        return max((self.of_venues(a, b) for i, a in enumerate(named) for b in named[i + 1:]),
                   default=timedelta(0))

    def nearest(self, rinks: Sequence[str] | None = None) -> timedelta:
        """The least travel between two of ``rinks``' venues (None: every
        rink); none when they are in one building or none is named."""
        named = sorted({self.venues.get(r, "") for r in
                        (self.venues if rinks is None else rinks)} - {""})
        return min((self.of_venues(a, b) for i, a in enumerate(named) for b in named[i + 1:]),
                   default=timedelta(0))

    def __bool__(self) -> bool:
        return self.longest() > timedelta(0)


NO_TRAVEL = Travel()


@dataclass(frozen=True, slots=True)
class RinkHours:
    """A rink's opening hours (none given: open whenever the schedule is)
    and its closed slots."""

    rink: str
    open: tuple[Window, ...] = ()
    closed: tuple[Window, ...] = ()

    def refusal(self, start: datetime, end: datetime) -> str | None:
        """Why a game from ``start`` to ``end`` cannot be on this rink, or None."""
        if self.open and not any(w.holds(start, end) for w in self.open):
            hours = ", ".join(f"{shown(w.start)}-{shown(w.end, '%H:%M')}" for w in self.open)
            return (f"{self.rink} is not open for the game at {shown(start)}-{shown(end, '%H:%M')} "
                    f"(its hours: {hours})")
        for w in self.closed:
            if w.meets(start, end):
                return (f"{self.rink} is closed {shown(w.start)}-{shown(w.end, '%H:%M')}, "
                        f"during the game at {shown(start)}-{shown(end, '%H:%M')}")
        return None

    def holds(self, start: datetime, end: datetime) -> bool:
        return self.refusal(start, end) is None


def rink_conflicts(games: Sequence[Placed], *, length: timedelta,
                   hours: Mapping[str, RinkHours]) -> list[Conflict]:
    """Every game on a rink outside its hours or over its closed slots."""
    found: list[Conflict] = []
    for g in games:
        rink = hours.get(g.rink)
        why = None if rink is None else rink.refusal(g.start, g.end(length))
        if why is not None:
            found.append(Conflict("rink hours", (g.key,), why))
    return found
