"""What is wrong with a schedule: a team or an official in two places at
once, a team without its minimum rest between games, two games on one rink
at once, a game outside the day's time windows.

Pure: placed games in, :class:`Conflict` values out. The schedule solver's
result is checked by it (the benchmark, the tests), and so is every game the
desk adds or moves, and the grid shows what it finds.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

__all__ = ["Conflict", "Placed", "Window", "conflicts", "conflicts_of"]


@dataclass(frozen=True, slots=True)
class Window:
    """A time the rinks are available, e.g. 08:00-20:00 on a day."""

    start: datetime
    end: datetime

    def holds(self, start: datetime, end: datetime) -> bool:
        return self.start <= start and end <= self.end


@dataclass(frozen=True, slots=True)
class Placed:
    """A game on the schedule: when, where, who plays and who officiates."""

    key: int
    start: datetime
    rink: str
    teams: tuple[int, int]
    officials: frozenset[str] = field(default_factory=frozenset)


@dataclass(frozen=True, slots=True)
class Conflict:
    kind: str  # "team", "rest", "rink", "official", "window"
    games: tuple[int, ...]
    message: str


def _end(game: Placed, length: timedelta) -> datetime:
    return game.start + length


def _minutes(span: timedelta) -> int:
    return int(span.total_seconds() // 60)


def _pair(a: Placed, b: Placed, length: timedelta, rest: timedelta,
          names: dict[int, str]) -> list[Conflict]:
    first, second = (a, b) if (a.start, a.key) <= (b.start, b.key) else (b, a)
    gap = second.start - _end(first, length)  # negative: they overlap
    keys = (first.key, second.key)
    found: list[Conflict] = []
    when = f"{first.start:%a %H:%M} and {second.start:%a %H:%M}"
    if gap < timedelta(0) and first.rink == second.rink:
        found.append(Conflict("rink", keys, f"{first.rink} holds two games at once ({when})"))
    for team in set(first.teams) & set(second.teams):
        who = names.get(team, f"team {team}")
        if gap < timedelta(0):
            found.append(Conflict("team", keys, f"{who} plays two games at once ({when})"))
        elif gap < rest:
            found.append(Conflict("rest", keys, f"{who} rests {_minutes(gap)} min between "
                                  f"games ({when}); the minimum is {_minutes(rest)}"))
    if gap < timedelta(0):
        for official in sorted(first.officials & second.officials):
            found.append(Conflict("official", keys,
                                  f"{official} officiates two games at once ({when})"))
    return found


def conflicts(games: Sequence[Placed], *, length: timedelta, rest: timedelta = timedelta(0),
              windows: Iterable[Window] = (), names: dict[int, str] | None = None
              ) -> list[Conflict]:
    """Every conflict among ``games`` (each ``length`` long); with ``windows``,
    every game not wholly inside one of them."""
    names = names or {}
    spans = list(windows)
    found: list[Conflict] = []
    if spans:
        for g in games:
            if not any(w.holds(g.start, _end(g, length)) for w in spans):
                found.append(Conflict("window", (g.key,),
                                      f"the game at {g.start:%a %H:%M} is outside the time "
                                      "windows"))
    ordered = sorted(games, key=lambda g: (g.start, g.key))
    reach = length + rest
    for i, a in enumerate(ordered):
        for b in ordered[i + 1:]:
            if b.start - a.start >= reach:
                break
            found += _pair(a, b, length, rest, names)
    return found


def conflicts_of(game: Placed, others: Sequence[Placed], *, length: timedelta,
                 rest: timedelta = timedelta(0), names: dict[int, str] | None = None
                 ) -> list[Conflict]:
    """The conflicts ``game`` makes with ``others`` (a game added or moved)."""
    names = names or {}
    return [c for other in others if other.key != game.key
            for c in _pair(game, other, length, rest, names)]
