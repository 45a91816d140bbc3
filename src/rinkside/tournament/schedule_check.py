"""What is wrong with a schedule: a team or an official in two places at
once, a team without its minimum rest between games, two games on one rink
at once, a game outside the day's time windows; a person on two teams, or
who plays and officiates, in two games at once or without their rest, a
referee given a game of a team they play or coach for
(:mod:`rinkside.tournament.schedule_people`); a team's or an official's
request not kept (:mod:`rinkside.tournament.schedule_requests`).

Pure: placed games in, :class:`Conflict` values out. The schedule solver's
result is checked by it (the benchmark, the tests), and so is every game the
desk adds or moves, and the grid shows what it finds.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence, Set
from datetime import timedelta

from rinkside.tournament.schedule_people import People, Reach, describe, shared
from rinkside.tournament.schedule_requests import Demands, request_conflicts
from rinkside.tournament.schedule_rinks import NO_TRAVEL, RinkHours, Travel, rink_conflicts
from rinkside.tournament.schedule_values import Conflict, Placed, Window, shown

__all__ = ["Conflict", "Placed", "Window", "conflicts", "conflicts_of"]


def _minutes(span: timedelta) -> int:
    return int(span.total_seconds() // 60)


NOBODY = People(())


def _pair(a: Placed, b: Placed, length: timedelta, rest: timedelta,
          names: dict[int, str], people: People = NOBODY,
          travel: Travel = NO_TRAVEL) -> list[Conflict]:
    first, second = (a, b) if (a.start, a.key) <= (b.start, b.key) else (b, a)
    gap = second.start - first.end(length)  # negative: they overlap
    keys = (first.key, second.key)
    found: list[Conflict] = []
    when = f"{shown(first.start)} and {shown(second.start)}"
    away = travel.between(first.rink, second.rink)
    if away:  # games at two venues: the rest and the travel between them
        rest += away
        when += (f", at {travel.venues[first.rink]} and {travel.venues[second.rink]}, "
                 f"{_minutes(away)} min apart")
    if gap < timedelta(0) and first.rink == second.rink:
        found.append(Conflict("rink", keys, f"{first.rink} holds two games at once ({when})"))
    for team in set(first.teams) & set(second.teams):
        who = names.get(team, f"team {team}")
        if gap < timedelta(0):
            found.append(Conflict("team", keys, f"{who} plays two games at once ({when})"))
        elif gap < rest:
            found.append(Conflict("rest", keys, f"{who} rests {_minutes(gap)} min between "
                                  f"games ({when}); the minimum is {_minutes(rest)}"))
    for official in sorted(first.officials & second.officials):
        if gap < timedelta(0):
            found.append(Conflict("official", keys,
                                  f"{official} officiates two games at once ({when})"))
        elif gap < away:  # a referee travels between venues too (Rule 501(a))
            found.append(Conflict("official", keys,
                                  f"{official} has {_minutes(gap)} min between games to "
                                  f"travel ({when}) (Rule 501(a))"))
    if people:
        found += _people(first, second, gap, rest, keys, when, names, people)
    return found


def _people(first: Placed, second: Placed, gap: timedelta, rest: timedelta,
            keys: tuple[int, int], when: str, names: dict[int, str], people: People
            ) -> list[Conflict]:
    """One person in both games through different teams, or a team and a
    whistle: never at once, never without the rest (Rules 203(a), 501(a))."""
    found: list[Conflict] = []
    both: list[tuple[Reach, Reach]] = shared(people.reach(first.teams, first.officials),
                                             people.reach(second.teams, second.officials))
    for ra, rb in both:
        how = (f"{describe(ra, names)} at {shown(first.start)}, {describe(rb, names)} "
               f"at {shown(second.start)}")
        if gap < timedelta(0):
            if ra.officiates and rb.officiates and not (ra.teams or rb.teams):
                continue  # the official's own conflict, reported above
            found.append(Conflict("person", keys, f"{ra.person} is due in two games at once "
                                  f"({how})"))
        elif gap < rest:
            found.append(Conflict("person", keys, f"{ra.person} rests {_minutes(gap)} min "
                                  f"between games ({how}); the minimum is {_minutes(rest)}"))
    return found


def _referees(game: Placed, names: dict[int, str], people: People) -> list[Conflict]:
    return [Conflict("referee", (game.key,),
                     f"{official} officiates the game at {shown(game.start)} of "
                     f"{names.get(team, f'team {team}')}, a team they play or coach for "
                     "(Rule 501(a): the Event Directors appoint referees from outside "
                     "the game)")
            for official, team in people.own_team_referees(game.teams, game.officials)]


def conflicts(games: Sequence[Placed], *, length: timedelta, rest: timedelta = timedelta(0),
              windows: Iterable[Window] = (), names: dict[int, str] | None = None,
              people: People = NOBODY, demands: Demands | None = None,
              rink_hours: Mapping[str, RinkHours] | None = None,
              travel: Travel = NO_TRAVEL, about: Set[int] | None = None
              ) -> list[Conflict]:
    """Every conflict among ``games`` (each ``length`` long unless it has its
    own, its division's: Rules 639, 640(a)); with ``windows``,
    every game not wholly inside one of them; with ``people``, every person
    in two places; with ``demands``, every request not kept; with
    ``rink_hours``, every game on a rink outside its hours or when it is
    closed; with ``travel``, a team's or a person's rest counts the travel
    between two venues on top, and an official's games keep the travel
    between them. With ``about`` (a day's games: a desk page), only the
    conflicts one of those games is in, two games neither of which is one of
    them never compared (the others are counted all the same: an official's
    games of a day)."""
    names = names or {}
    spans = list(windows)
    found: list[Conflict] = rink_conflicts(games, length=length, hours=rink_hours or {})
    if spans:
        for g in games:
            if not any(w.holds(g.start, g.end(length)) for w in spans):
                found.append(Conflict("window", (g.key,),
                                      f"the game at {shown(g.start)} is outside the time "
                                      "windows"))
    ordered = sorted(games, key=lambda g: (g.start, g.key))
    reach = (max((g.end(length) - g.start for g in ordered), default=length) + rest
             + travel.longest())
    for i, a in enumerate(ordered):
        for b in ordered[i + 1:]:
            if b.start - a.start >= reach:
                break
            if about is None or a.key in about or b.key in about:
                found += _pair(a, b, length, rest, names, people, travel)
    if people:
        for g in ordered:
            found += _referees(g, names, people)
    if demands:
        found += request_conflicts(games, length=length, demands=demands, names=names)
    return found if about is None else [c for c in found if not about.isdisjoint(c.games)]


def conflicts_of(game: Placed, others: Sequence[Placed], *, length: timedelta,
                 rest: timedelta = timedelta(0), names: dict[int, str] | None = None,
                 people: People = NOBODY, demands: Demands | None = None,
                 rink_hours: Mapping[str, RinkHours] | None = None,
                 travel: Travel = NO_TRAVEL) -> list[Conflict]:
    """The conflicts ``game`` makes with ``others`` (a game added or moved),
    and with its rink's hours."""
    names = names or {}
    rest_of = [other for other in others if other.key != game.key]
    found = rink_conflicts([game], length=length, hours=rink_hours or {})
    found += [c for other in rest_of
              for c in _pair(game, other, length, rest, names, people, travel)]
    if people:
        found += _referees(game, names, people)
    if demands:
        found += [c for c in request_conflicts([game, *rest_of], length=length,
                                               demands=demands, names=names)
                  if game.key in c.games]
    return found
