"""What teams and officials ask of the schedule.

A team's requests: a blackout window (arrives Saturday 10:00: no game before),
a first start (not before) or a last end (not after), and "not at the same
time as team X" (shared players or families). An official's hours by day and
the most games a day they will take. A hard request is a constraint: the
builder keeps it and the desk refuses a move that breaks it. A soft one is
honoured where possible; when it is not, the desk says which and why.

The book leaves the schedule to the Tournament Director (Rule 203(b): the
director holds the rosters; Rule 634(c)2: a team that cannot appear forfeits,
which is what these requests are there to avoid); the Event Directors appoint
the referees (Rule 501(a)), and an official's hours are theirs to give.

Pure: requests and placed games in, :class:`Conflict` values out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, tzinfo
from typing import Final, Literal

from rinkside.tournament.schedule_values import Conflict, Placed, Window, shown

__all__ = ["KINDS", "Demands", "OfficialHours", "TeamRequest", "request_conflicts"]

Kind = Literal["blackout", "not_before", "not_after", "apart"]
KINDS: Final = ("blackout", "not_before", "not_after", "apart")


@dataclass(frozen=True, slots=True)
class TeamRequest:
    """One request of ``team``: ``blackout`` [start, end) without a game of
    it, ``not_before`` start, ``not_after`` end (its games over by then),
    ``apart``: never at the same time as ``other``."""

    team: int
    kind: Kind
    start: datetime | None = None
    end: datetime | None = None
    other: int | None = None
    hard: bool = True

    def __post_init__(self) -> None:
        if self.kind == "blackout" and (self.start is None or self.end is None
                                        or self.end <= self.start):
            raise ValueError("a blackout needs a start and a later end")
        if self.kind == "not_before" and self.start is None:
            raise ValueError("'not before' needs a time")
        if self.kind == "not_after" and self.end is None:
            raise ValueError("'not after' needs a time")
        if self.kind == "apart" and (self.other is None or self.other == self.team):
            raise ValueError("'not at the same time as' needs another team")

    def allows(self, start: datetime, end: datetime) -> bool:
        """Whether a game of the team in [start, end) keeps this request
        (``apart`` is about two games; alone, any time keeps it)."""
        if self.kind == "blackout":
            assert self.start is not None and self.end is not None
            return not Window(self.start, self.end).meets(start, end)
        if self.kind == "not_before":
            assert self.start is not None
            return start >= self.start
        if self.kind == "not_after":
            assert self.end is not None
            return end <= self.end
        return True

    def says(self) -> str:
        if self.kind == "blackout":
            assert self.start is not None and self.end is not None
            return f"no game {shown(self.start)}-{shown(self.end)}"
        if self.kind == "not_before":
            assert self.start is not None
            return f"no game before {shown(self.start)}"
        if self.kind == "not_after":
            assert self.end is not None
            return f"done by {shown(self.end)}"
        return f"never at the same time as team {self.other}"


@dataclass(frozen=True, slots=True)
class OfficialHours:
    """When ``name`` can officiate (windows; none: any time) and the most games
    a day, the days counted in ``zone`` (None: the server's local zone, the
    days the desk's schedule grid shows), not by the UTC date."""

    name: str
    windows: tuple[Window, ...] = ()
    most_a_day: int | None = None
    hard: bool = True
    zone: tzinfo | None = None

    def available(self, start: datetime, end: datetime) -> bool:
        return not self.windows or any(w.holds(start, end) for w in self.windows)

    def day(self, moment: datetime) -> date:
        """The day a game starting at ``moment`` counts on for :attr:`most_a_day`."""
        return moment.astimezone(self.zone).date()


@dataclass(frozen=True, slots=True)
class Demands:
    """Every request the schedule is checked against."""

    teams: tuple[TeamRequest, ...] = ()
    officials: Mapping[str, OfficialHours] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.teams or self.officials)


def _team(team: int, names: Mapping[int, str]) -> str:
    return names.get(team, f"team {team}")


def _label(r: TeamRequest, names: Mapping[int, str]) -> str:
    said = r.says()
    if r.kind == "apart" and r.other is not None:
        said = f"never at the same time as {_team(r.other, names)}"
    return f"{_team(r.team, names)} asked: {said}" + ("" if r.hard else " (a wish)")


def request_conflicts(games: Sequence[Placed], *, length: timedelta, demands: Demands,
                      names: Mapping[int, str] | None = None) -> list[Conflict]:
    """Every request ``games`` do not keep (each game ``length`` long
    unless it has its own)."""
    names = names or {}
    found: list[Conflict] = []
    by_team: dict[int, list[Placed]] = {}
    for g in games:
        for team in g.teams:
            by_team.setdefault(team, []).append(g)
    for r in demands.teams:
        mine = by_team.get(r.team, [])
        if r.kind == "apart":
            assert r.other is not None
            for a in mine:
                for b in by_team.get(r.other, []):
                    if a.key != b.key and a.start < b.end(length) and b.start < a.end(length):
                        found.append(Conflict("request", (a.key, b.key),
                                              f"{_label(r, names)}; they play at "
                                              f"{shown(a.start)} and {shown(b.start)}",
                                              soft=not r.hard))
            continue
        for g in mine:
            if not r.allows(g.start, g.end(length)):
                found.append(Conflict("request", (g.key,),
                                      f"{_label(r, names)}; the game is at {shown(g.start)}",
                                      soft=not r.hard))
    per_day: dict[tuple[str, date], list[Placed]] = {}
    for g in games:
        for name in g.officials:
            hours = demands.officials.get(name)
            if hours is None:
                continue
            per_day.setdefault((name, hours.day(g.start)), []).append(g)
            if not hours.available(g.start, g.end(length)):
                found.append(Conflict("hours", (g.key,),
                                      f"{name} officiates at {shown(g.start)}, outside the "
                                      "hours they gave (Rule 501(a))", soft=not hours.hard))
    for (name, day), theirs in sorted(per_day.items()):
        most = demands.officials[name].most_a_day
        if most is not None and len(theirs) > most:
            found.append(Conflict("hours", tuple(sorted(g.key for g in theirs)),
                                  f"{name} officiates {len(theirs)} games on {day:%a %d %b}; "
                                  f"they take at most {most} a day (Rule 501(a))",
                                  soft=not demands.officials[name].hard))
    return found
