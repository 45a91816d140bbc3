"""Referees for a placed schedule: two a game (Rule 501(a): "There should be
two Referees on the floor at all times"), each within the hours they gave
and their most games a day, never in two games at once nor without the
travel between two venues, never a game of a team they play or coach for,
and a referee who plays never due on the floor for their own team without
the rest (and the travel).

Greedy and pure: games in start order, each given the referees free for it
who have worked least so far; an official whose hours are only a wish
(``hard`` false) is given a game outside them only when no one else is free
(the grid then lists the wish not kept). A game it cannot fill is named,
with why.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from rinkside.tournament.schedule_people import People
from rinkside.tournament.schedule_requests import OfficialHours
from rinkside.tournament.schedule_rinks import NO_TRAVEL, Travel
from rinkside.tournament.schedule_values import Placed, shown

__all__ = ["Assigned", "assign_referees"]


@dataclass(frozen=True, slots=True)
class Assigned:
    """The referees of each game, and the games short of them (with why)."""

    referees: dict[int, tuple[str, ...]]
    short: dict[int, str]


def assign_referees(games: Sequence[Placed], officials: Sequence[str], *, length: timedelta,
                    rest: timedelta = timedelta(0),
                    hours: Mapping[str, OfficialHours] | None = None,
                    people: People | None = None, per_game: int = 2,
                    travel: Travel = NO_TRAVEL) -> Assigned:
    """Up to ``per_game`` referees for each of ``games`` from ``officials``;
    two games of one referee at two venues keep the ``travel`` between them."""
    hours = hours or {}
    people = people or People(())
    worked: dict[str, list[tuple[datetime, datetime, str]]] = {name: [] for name in officials}
    per_day: dict[tuple[str, date], int] = {}
    # When a referee who plays is due on the floor.
    playing: dict[str, list[tuple[datetime, datetime, str]]] = {}
    for g in games:
        for name, teams in people.teams_of.items():
            if set(g.teams) & teams:
                playing.setdefault(name, []).append((g.start, g.end(length), g.rink))
    referees: dict[int, tuple[str, ...]] = {}
    short: dict[int, str] = {}
    for g in sorted(games, key=lambda g: (g.start, g.key)):
        end = g.end(length)  # its own length (its division's), Rules 639, 640(a)

        def free(name: str, g: Placed = g, end: datetime = end, wishes: bool = True) -> bool:
            h = hours.get(name)
            if h is not None and (h.hard or wishes) and (not h.available(g.start, end) or (
                    h.most_a_day is not None
                    and per_day.get((name, h.day(g.start)), 0) >= h.most_a_day)):
                return False
            if set(g.teams) & people.teams_of.get(name, frozenset()):
                return False  # his own team's game (Rule 501(a))
            if any(a < end + travel.between(g.rink, rink)
                   and g.start < b + travel.between(rink, g.rink)
                   for a, b, rink in worked[name]):
                return False
            return not any(a < end + rest + travel.between(g.rink, rink)
                           and g.start < b + rest + travel.between(rink, g.rink)
                           for a, b, rink in playing.get(name, ()))

        if g.officials:  # a game kept with its officials named: they are there (Rule 501(a))
            referees[g.key] = tuple(sorted(g.officials))
            for name in g.officials:
                worked.setdefault(name, []).append((g.start, end, g.rink))
                h = hours.get(name)
                if h is not None:
                    day = h.day(g.start)
                    per_day[name, day] = per_day.get((name, day), 0) + 1
            continue
        chosen = sorted((n for n in officials if free(n)),
                        key=lambda n: (len(worked[n]), n))[:per_game]
        if len(chosen) < per_game:  # then those whose hours are only a wish
            chosen += sorted((n for n in officials if n not in chosen and free(n, wishes=False)),
                             key=lambda n: (len(worked[n]), n))[:per_game - len(chosen)]
        referees[g.key] = tuple(chosen)
        for name in chosen:
            worked[name].append((g.start, end, g.rink))
            h = hours.get(name)
            if h is not None:  # counted on the day the desk shows (OfficialHours.day)
                day = h.day(g.start)
                per_day[name, day] = per_day.get((name, day), 0) + 1
        if len(chosen) < per_game:
            short[g.key] = (f"the game at {shown(g.start)} has {len(chosen)} of "
                            f"{per_game} referees: no other official is free then "
                            "(Rule 501(a))")
    return Assigned(referees, short)
