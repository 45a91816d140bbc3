"""The schedule on the director's desk: pool play built by the solver
(:mod:`rinkside.tournament.schedule_solver`, CP-SAT) across the rinks within
each day's time windows, a game added, a game moved (time or rink) or
cancelled, and the whole schedule as a grid per rink and day with its
conflicts (:mod:`rinkside.tournament.schedule_check`: a team or an official
in two places at once, a team without its rest, a rink double-booked).

A game that has begun is neither moved nor cancelled: what was played stays
where it was played. Every change recorded.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from typing import Final

from sqlalchemy import (
    ColumnElement,
    ScalarSelect,
    Select,
    delete,
    func,
    select,
    union,
    update,
)
from sqlalchemy.orm import Session

from rinkside.present.counts import counted
from rinkside.services import officiating, rinks, schedule_progress, users
from rinkside.services.base import ServiceBase
from rinkside.services.changes import Clock, held, record
from rinkside.services.rinks import hours_in, travel_in
from rinkside.services.schedule import GAME_STAGES, refuse_one_team
from rinkside.services.schedule_requests import demands_in, people_in
from rinkside.services.tournaments import NotFound, Tournaments
from rinkside.store import models
from rinkside.tournament.schedule import matchdays
from rinkside.tournament.schedule_check import Conflict, Placed, Window, conflicts, conflicts_of
from rinkside.tournament.schedule_lengths import game_length
from rinkside.tournament.schedule_officials import assign_referees
from rinkside.tournament.schedule_people import People
from rinkside.tournament.schedule_requests import Demands
from rinkside.tournament.schedule_rinks import Travel
from rinkside.tournament.schedule_solver import Pairing, ScheduleInfeasible, solve
from rinkside.tournament.stage_settings import stage_settings

GAME_MINUTES: Final = 50  # a game's time on the rink when the director gave none
REST_MINUTES: Final = 0

__all__ = ["GAME_MINUTES", "REST_MINUTES", "STEPS", "DayNav", "Grid", "ScheduleConflict",
           "ScheduleInfeasible", "add_game", "cancel_game", "day_nav", "generate", "grid",
           "grid_step", "lock_game", "move_game", "parse_windows", "preview_move", "rebuild",
           "schedule_days", "swap_games"]


class ScheduleConflict(ValueError):
    """A game added or moved would make a conflict; ``conflicts`` says which."""

    def __init__(self, found: Sequence[Conflict]) -> None:
        self.conflicts = tuple(found)
        super().__init__("; ".join(c.message for c in found))


def parse_windows(text: str) -> list[Window]:
    """Time windows, one a line: ``2026-12-05 08:00-20:00``, in the server's
    zone as it is on that day."""
    out: list[Window] = []
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        try:
            day_text, span = line.split()
            first, last = span.split("-")
            day = date.fromisoformat(day_text)
            start = datetime.combine(day, time.fromisoformat(first)).astimezone()
            end = datetime.combine(day, time.fromisoformat(last)).astimezone()
        except ValueError:
            raise ValueError(f"time window {n} ({line!r}) is not like "
                             "'2026-12-05 08:00-20:00'") from None
        if end <= start:
            raise ValueError(f"time window {n} ({line!r}) ends before it starts")
        out.append(Window(start, end))
    if not out:
        raise ValueError("give at least one time window (e.g. '2026-12-05 08:00-20:00')")
    return out


def _lengths(t: models.Tournament) -> tuple[timedelta, timedelta]:
    return (timedelta(minutes=t.game_minutes or GAME_MINUTES),
            timedelta(minutes=t.rest_minutes if t.rest_minutes is not None else REST_MINUTES))


class _Lengths:
    """Each division's game length, pool and playoff, from the settings in
    force (Rules 639, 640(a): periods, intermissions, the overtime allowed),
    never less than the director's game minutes."""

    def __init__(self, t: models.Tournament, least: timedelta | None = None
                 ) -> None:
        self.least = least if least is not None else _lengths(t)[0]
        self.t = t
        self.division = {d.id: d.settings for d in t.divisions}
        self.known: dict[tuple[int, str], timedelta] = {}

    def of(self, division_id: int, stage: str, kept: dict[str, object] | None = None
           ) -> timedelta:
        if kept is not None:  # a game keeps the settings it began under
            return game_length(stage_settings(stage, None, None, None, kept), self.least)
        key = (division_id, stage)
        if key not in self.known:
            self.known[key] = game_length(stage_settings(
                stage, self.t.settings, self.division.get(division_id),
                self.t.playoff_settings), self.least)
        return self.known[key]


def _by_start(tournament_id: int) -> ColumnElement[bool]:
    """A game of the tournament, its division compared as an expression
    (``division_id + 0``) so that a query bounded by the start walks the
    start's index (migration 0035: what a day holds) rather than every game
    of the tournament's divisions, which SQLite's planner prefers without
    statistics."""
    return (models.Game.division_id + 0).in_(
        select(models.Division.id).where(models.Division.tournament_id == tournament_id))


def _placed(s: Session, tournament_id: int, between: tuple[datetime, datetime] | None = None
            ) -> list[Placed]:
    """Every game on the schedule, each its own length (its division's);
    with ``between``, only those starting from its first moment to before its
    second."""
    lengths = _Lengths(_tournament(s, tournament_id))
    query = select(models.Game.id, models.Game.start, models.Game.rink,
                   models.Game.home_team_id, models.Game.away_team_id,
                   models.Game.division_id, models.Game.stage,
                   models.Game.settings).where(models.Game.start.is_not(None))
    if between is None:
        query = query.join(models.Division).where(models.Division.tournament_id == tournament_id)
    else:
        query = query.where(_by_start(tournament_id), models.Game.start >= between[0],
                            models.Game.start < between[1])
    games = s.execute(query).all()
    officials: dict[int, set[str]] = {}
    for game_id, name in s.execute(select(models.GameOfficial.game_id, models.GameOfficial.name)
                                   .where(models.GameOfficial.game_id.in_([g[0] for g in games]))):
        officials.setdefault(game_id, set()).add(name)
    placed = [Placed(gid, start, rink or "", (home, away), frozenset(officials.get(gid, ())),
                     lengths.of(division_id, stage, kept))
              for gid, start, rink, home, away, division_id, stage, kept in games
              if start is not None]
    return placed + _placeholders(s, tournament_id, lengths, between)


def overlapping(s: Session, game: models.Game) -> list[Placed]:
    """The tournament's other games whose time on the rink overlaps
    ``game``'s (none when it has no start), each judged by its own length as
    the grid judges it (its division's and stage's settings, or those it
    began under: Rules 639, 640(a); never less than the director's game
    minutes), not by one length for all: a long game overlaps a game that
    starts after the director's minutes are over. A game that ends as the
    other begins does not overlap it. Read by the start's index, from as
    long before ``game`` as the tournament's longest game (a begun game
    longer than any division's settings now is missed: they were shortened
    since it began)."""
    if game.start is None:
        return []
    t = game.division.tournament
    lengths = _Lengths(t)
    own = lengths.of(game.division_id, game.stage, game.settings)
    longest = max([own, *(lengths.of(d.id, stage) for d in t.divisions for stage in GAME_STAGES)])
    end = game.start + own
    return [p for p in _placed(s, t.id, (game.start - longest, end))
            if p.key > 0 and p.key != game.id and p.start < end and p.end(own) > game.start]


def _placeholders(s: Session, tournament_id: int, lengths: _Lengths,
                  between: tuple[datetime, datetime] | None = None) -> list[Placed]:
    """The playoff games on a rink and a time before their teams are known
    ("Winner of SF1"): they hold their rink like any game (a negative key,
    teams of their own that no one else plays for); once known, a game."""
    query = (select(models.PlayoffPlace.division_id, models.PlayoffPlace.bracket_game,
                    models.PlayoffPlace.start, models.PlayoffPlace.rink)
             .join(models.Division)
             .where(models.Division.tournament_id == tournament_id,
                    models.PlayoffPlace.game_id.is_(None),
                    models.PlayoffPlace.start.is_not(None)))
    if between is not None:
        query = query.where(models.PlayoffPlace.start >= between[0],
                            models.PlayoffPlace.start < between[1])
    rows = s.execute(query).all()
    out: list[Placed] = []
    for division_id, bracket_game, start, rink in rows:
        if start is None:
            continue
        key = -(division_id * 1000 + bracket_game)
        out.append(Placed(key, start, rink or "", (2 * key, 2 * key - 1),
                          length=lengths.of(division_id, "playoff")))
    return out


def _referees(s: Session, tournament_id: int, game_ids: Sequence[int] | None = None
              ) -> dict[int, list[str]]:
    """The referees named to each game of the tournament (Rule 501(a)), or
    of the games ``game_ids``."""
    found: dict[int, list[str]] = {}
    query = (select(models.GameOfficial.game_id, models.GameOfficial.name)
             .where(models.GameOfficial.role == "referee")
             .order_by(models.GameOfficial.position))
    if game_ids is None:
        query = query.join(models.Game).join(models.Division).where(
            models.Division.tournament_id == tournament_id)
    else:  # the games' own (their index), not a scan of the tournament's
        query = query.where(models.GameOfficial.game_id.in_(game_ids))
    for game_id, name in s.execute(query):
        found.setdefault(game_id, []).append(name)
    return found


def _names(s: Session, tournament_id: int, teams: Collection[int] | None = None
           ) -> dict[int, str]:
    """The tournament's team names, or those of ``teams`` (a day's)."""
    query = (select(models.Team.id, models.Team.name) if teams is not None else
             select(models.Team.id, models.Team.name).join(models.Division)
             .where(models.Division.tournament_id == tournament_id))
    if teams is not None:
        query = query.where(models.Team.id.in_(sorted(teams)))
    return {team_id: name for team_id, name in s.execute(query)}


def _tournament(s: Session, tournament_id: int) -> models.Tournament:
    t = s.get(models.Tournament, tournament_id)
    if t is None:
        raise NotFound(f"There is no tournament {tournament_id}.")
    return t


def _known_rinks(service: ServiceBase, tournament_id: int, wanted: Sequence[str]) -> list[str]:
    known = [r.name for r in rinks.rinks(service, tournament_id)]
    names = [r.strip() for r in wanted if r.strip()] or known
    if not names:
        raise ValueError("the tournament has no rink yet: add one (or name them)")
    unknown = [r for r in names if known and r not in known]
    if unknown:
        raise ValueError(f"no rink named {', '.join(unknown)}; the rinks are {', '.join(known)}")
    return names


def generate(service: ServiceBase, tournament_id: int, *, windows: Sequence[Window],
             game_minutes: int, rest_minutes: int, rinks: Sequence[str] = (),
             division_ids: Sequence[int] | None = None, rounds: int = 1, by: str,
             seconds: float = 4.0) -> list[int]:
    """Every division's round robin (``rounds`` times, home and away swapped
    in the return round) placed by the solver around the games already on
    the schedule. A division with pool games already is refused."""
    if game_minutes <= 0 or rest_minutes < 0:
        raise ValueError("a game lasts at least a minute and the rest is never negative")
    if rounds < 1:
        raise ValueError("rounds must be at least 1")
    names = _known_rinks(service, tournament_id, rinks)
    with service.write() as s:
        t = _tournament(s, tournament_id)
        lengths = _Lengths(t, timedelta(minutes=game_minutes))
        divisions = [d for d in t.divisions if division_ids is None or d.id in division_ids]
        pairings: list[Pairing] = []
        division_of: dict[int, int] = {}
        for d in divisions:
            if s.scalar(select(func.count()).select_from(models.Game).where(
                    models.Game.division_id == d.id, models.Game.stage == "pool")):
                raise ValueError(f"{d.name} has pool games already: cancel them, or add "
                                 "games one at a time")
            teams = [team.id for team in sorted(d.teams, key=lambda team: team.id)]
            if len(teams) < 2:
                raise ValueError(f"{d.name} has {counted(len(teams), 'team')}; a round robin "
                                 "needs two")
            days = matchdays(teams)
            for r in range(rounds):
                for n, pairs in enumerate(days):
                    for home, away in pairs:
                        key = len(pairings) + 1
                        first, second = (away, home) if r % 2 else (home, away)
                        pairings.append(Pairing(key, first, second, r * len(days) + n + 1,
                                                lengths.of(d.id, "pool")))
                        division_of[key] = d.id
        length, rest = timedelta(minutes=game_minutes), timedelta(minutes=rest_minutes)
        fixed = _placed(s, tournament_id)
        people, demands = people_in(s, tournament_id), demands_in(s, tournament_id)
        with schedule_progress.watching(tournament_id) as progress:
            slots = solve(pairings, windows=windows, rinks=names, length=length, rest=rest,
                          fixed=fixed, seconds=seconds, people=people, demands=demands,
                          rink_hours=hours_in(s, tournament_id),
                          travel=travel_in(s, tournament_id), progress=progress)
        by_key = {p.key: p for p in pairings}
        order: dict[int, int] = {}
        rows = []
        for slot in slots:
            did = division_of[slot.key]
            order[did] = order.get(did, 0) + 1
            p = by_key[slot.key]
            rows.append(models.Game(division_id=did, home_team_id=p.home, away_team_id=p.away,
                                    start=slot.start, rink=slot.rink, stage="pool",
                                    schedule_order=order[did]))
        s.add_all(rows)
        t.game_minutes, t.rest_minutes = game_minutes, rest_minutes
        s.flush()
        short = _referee(s, rows, fixed, demands, people, length, rest, lengths,
                         travel_in(s, tournament_id))
        record(s, tournament_id, "schedule", "generated", None, {
            "games": len(rows), **({"referees_short": short} if short else {}),
            "divisions": [d.name for d in divisions], "rinks": names,
            "game_minutes": game_minutes, "rest_minutes": rest_minutes,
            "division_minutes": {d.name: int(lengths.of(d.id, "pool").total_seconds() // 60)
                                 for d in divisions},
            "windows": [f"{w.start.isoformat()} - {w.end.isoformat()}" for w in windows]},
            by=by, clock=service.now)
        return [r.id for r in rows]


def _referee(s: Session, rows: Sequence[models.Game], fixed: Sequence[Placed],
             demands: Demands, people: People, length: timedelta, rest: timedelta,
             lengths: _Lengths, travel: Travel) -> list[str]:
    """Two referees for each new game (Rule 501(a)) from the officials whose
    hours the desk keeps, within those hours and their most a day, never in
    two places, never their own team's game; what is short, said."""
    pool = sorted(demands.officials)
    if not pool:
        return []
    new = [Placed(r.id, r.start, r.rink or "", (r.home_team_id, r.away_team_id),
                  length=lengths.of(r.division_id, r.stage, r.settings))
           for r in rows if r.start is not None]
    # Officials already named keep their games: only the new ones are given.
    done = assign_referees([*fixed, *new], pool, length=length, rest=rest,
                           hours=demands.officials, people=people, travel=travel)
    taken = {(g.key, name) for g in fixed for name in g.officials}
    keys = {g.key for g in new}
    for key in keys:
        for position, name in enumerate(done.referees.get(key, ())):
            if (key, name) not in taken:
                s.add(models.GameOfficial(game_id=key, role="referee", position=position,
                                          name=name))
    return [why for key, why in done.short.items() if key in keys]


def _refuse_conflicts(s: Session, t: models.Tournament, game: Placed) -> None:
    """A game added or moved: refused when it puts a team, a rink, an official
    or a person (on two teams, or playing and officiating: Rules 203(a),
    501(a)) in two places, or breaks a hard request; wishes are not refused."""
    length, rest = _lengths(t)
    found = [c for c in conflicts_of(game, _placed(s, t.id), length=length, rest=rest,
                                     names=_names(s, t.id), people=people_in(s, t.id),
                                     demands=demands_in(s, t.id),
                                     rink_hours=hours_in(s, t.id),
                                     travel=travel_in(s, t.id)) if not c.soft]
    if found:
        raise ScheduleConflict(found)


def add_game(service: Tournaments, division_id: int, home: int, away: int, *,
             start: datetime, rink: str, by: str, stage: str = "pool",
             round_name: str = "") -> int:
    """One game, refused if it is not between two different teams, or if it
    puts a team or a rink in two places at once or a team without its rest."""
    refuse_one_team(home, away)
    if stage not in GAME_STAGES:
        raise ValueError(f"a game's stage is pool or playoff, not {stage!r}")
    if start.tzinfo is None:
        raise ValueError("the start needs its time zone")
    with service.read() as s:
        d = s.get(models.Division, division_id)
        if d is None:
            raise NotFound(f"There is no division {division_id}.")
        tournament_id = d.tournament_id
    (rink,) = _known_rinks(service, tournament_id, [rink])
    with service.read() as s:
        t = _tournament(s, tournament_id)
        _refuse_conflicts(s, t, Placed(0, start, rink, (home, away),
                                       length=_Lengths(t).of(division_id, stage)))
    with service.write() as s:  # the game and its record: one commit
        game_id = service.within(s).add_game(division_id, home, away, start=start, rink=rink,
                                             stage=stage, round_name=round_name)
        record(s, tournament_id, f"game {game_id}", "added", None,
               {"home": home, "away": away, "start": start.isoformat(), "rink": rink,
                "stage": stage, **({"round": round_name} if round_name else {})},
               by=by, clock=service.now)
    return game_id


def _unplayed(s: Session, game_id: int, doing: str) -> models.Game:
    game = s.get(models.Game, game_id)
    if game is None:
        raise NotFound(f"There is no game {game_id}.")
    if game.version > 0:
        raise ValueError(f"game {game_id} has begun (its record has "
                         f"{counted(game.event_count, 'event')}): a game already played is "
                         f"not {doing}")
    return game


def move_game(service: ServiceBase, game_id: int, *, start: datetime, rink: str, by: str,
              reason: str = "") -> None:
    """A game not yet begun moved to another time or rink, if nothing conflicts."""
    if start.tzinfo is None:
        raise ValueError("the start needs its time zone")
    with service.read() as s:
        tournament_id = _unplayed(s, game_id, "moved").division.tournament_id
    (rink,) = _known_rinks(service, tournament_id, [rink])
    with service.write() as s:
        game = _unplayed(s, game_id, "moved")
        t = _tournament(s, tournament_id)
        officials = frozenset(s.scalars(select(models.GameOfficial.name)
                                        .where(models.GameOfficial.game_id == game_id)))
        _refuse_conflicts(s, t, Placed(game_id, start, rink,
                                       (game.home_team_id, game.away_team_id), officials,
                                       _Lengths(t).of(game.division_id, game.stage,
                                                         game.settings)))
        before = {"start": game.start.isoformat() if game.start else None, "rink": game.rink}
        game.start, game.rink = start, rink
        record(s, tournament_id, f"game {game_id}", "moved", before,
               {"start": start.isoformat(), "rink": rink}, by=by, clock=service.now,
               reason=reason.strip())


def preview_move(service: ServiceBase, game_id: int, *, start: datetime, rink: str
                 ) -> list[Conflict]:
    """What moving the game there would make, hard conflicts and wishes not
    kept (``soft``), without moving it: the grid asks before a drop."""
    if start.tzinfo is None:
        raise ValueError("the start needs its time zone")
    with service.read() as s:
        game = _unplayed(s, game_id, "moved")
        tournament_id = game.division.tournament_id
    (rink,) = _known_rinks(service, tournament_id, [rink])
    with service.read() as s:
        t = _tournament(s, tournament_id)
        game = _unplayed(s, game_id, "moved")
        officials = frozenset(s.scalars(select(models.GameOfficial.name)
                                        .where(models.GameOfficial.game_id == game_id)))
        length, rest = _lengths(t)
        own = _Lengths(t).of(game.division_id, game.stage, game.settings)
        return conflicts_of(Placed(game_id, start, rink, (game.home_team_id, game.away_team_id),
                                   officials, own), _placed(s, t.id), length=length, rest=rest,
                            names=_names(s, t.id), people=people_in(s, t.id),
                            demands=demands_in(s, t.id), rink_hours=hours_in(s, t.id),
                            travel=travel_in(s, t.id))


def swap_games(service: ServiceBase, first_id: int, second_id: int, *, by: str,
               reason: str = "") -> None:
    """Two games not yet begun trade times and rinks, if neither then
    conflicts (with the others or with each other); both recorded."""
    if first_id == second_id:
        raise ValueError("pick two different games to swap")
    with service.write() as s:
        a, b = _unplayed(s, first_id, "moved"), _unplayed(s, second_id, "moved")
        tournament_id = a.division.tournament_id
        if b.division.tournament_id != tournament_id:
            raise ValueError("the two games are in different tournaments")
        if a.start is None or b.start is None or not a.rink or not b.rink:
            raise ValueError("both games need a time and a rink to swap them")
        t = _tournament(s, tournament_id)
        length, rest = _lengths(t)
        others = [p for p in _placed(s, tournament_id) if p.key not in (a.id, b.id)]
        by_key = {p.key: p for p in _placed(s, tournament_id)}
        new_a = Placed(a.id, b.start, b.rink, (a.home_team_id, a.away_team_id),
                       by_key[a.id].officials, by_key[a.id].length)
        new_b = Placed(b.id, a.start, a.rink, (b.home_team_id, b.away_team_id),
                       by_key[b.id].officials, by_key[b.id].length)
        people, demands, names = people_in(s, t.id), demands_in(s, t.id), _names(s, t.id)
        found = [c for g in (new_a, new_b) for c in conflicts_of(
            g, [*others, new_b if g is new_a else new_a], length=length, rest=rest,
            names=names, people=people, demands=demands,
            rink_hours=hours_in(s, t.id), travel=travel_in(s, t.id)) if not c.soft]
        if found:
            raise ScheduleConflict(list(dict.fromkeys(found)))
        for game, (start, rink) in ((a, (b.start, b.rink)), (b, (a.start, a.rink))):
            before = {"start": game.start.isoformat() if game.start else None,
                      "rink": game.rink}
            game.start, game.rink = start, rink
            record(s, tournament_id, f"game {game.id}", "moved", before,
                   {"start": start.isoformat(), "rink": rink,
                    "swapped with": b.id if game is a else a.id},
                   by=by, clock=service.now, reason=reason.strip())


def lock_game(service: ServiceBase, game_id: int, *, locked: bool, by: str) -> None:
    """Lock a game where it is (a rebuild keeps it), or unlock it. The game's
    row is held first: a second lock at once waits and finds it locked (read
    before the hold, both added the lock: a duplicate key, a 500)."""
    with service.write() as s:
        game = held(s, models.Game, game_id, "game")
        was = s.get(models.ScheduleLock, game_id) is not None
        if was == locked:
            return
        if locked:
            s.add(models.ScheduleLock(game_id=game_id))
        else:
            s.execute(delete(models.ScheduleLock).where(models.ScheduleLock.game_id == game_id))
        record(s, game.division.tournament_id, f"game {game_id}",
               "locked" if locked else "unlocked", None, None, by=by, clock=service.now)


def rebuild(service: ServiceBase, tournament_id: int, *, windows: Sequence[Window],
            rinks: Sequence[str] = (), by: str, seconds: float = 4.0) -> int:
    """Every pool game not begun and not locked placed again by the solver
    within ``windows``, around the locked ones, those begun and the playoff
    games (their teams, people and requests kept as in :func:`generate`);
    the games keep their ids, officials and teams. How many moved."""
    names = _known_rinks(service, tournament_id, rinks)
    with service.write() as s:
        t = _tournament(s, tournament_id)
        length, rest = _lengths(t)
        locked = set(s.scalars(select(models.ScheduleLock.game_id).join(models.Game)
                               .join(models.Division)
                               .where(models.Division.tournament_id == tournament_id)))
        movable = [g for g in s.scalars(
            select(models.Game).join(models.Division)
            .where(models.Division.tournament_id == tournament_id, models.Game.stage == "pool")
            .order_by(models.Game.schedule_order, models.Game.id))
            if g.version == 0 and g.id not in locked]
        moving = {g.id: g for g in movable}
        fixed = [p for p in _placed(s, tournament_id) if p.key not in moving]
        lengths = _Lengths(t)
        pairings = [Pairing(g.id, g.home_team_id, g.away_team_id, n,
                            lengths.of(g.division_id, g.stage, g.settings))
                    for n, g in enumerate(movable)]
        with schedule_progress.watching(tournament_id) as progress:
            slots = solve(pairings, windows=windows, rinks=names, length=length, rest=rest,
                          fixed=fixed, seconds=seconds, people=people_in(s, tournament_id),
                          demands=demands_in(s, tournament_id),
                          rink_hours=hours_in(s, tournament_id),
                          travel=travel_in(s, tournament_id), progress=progress)
        for slot in slots:
            game = moving[slot.key]
            game.start, game.rink = slot.start, slot.rink
        demands = demands_in(s, tournament_id)
        if demands.officials:
            # Their referees given again from those with hours (Rule 501(a)),
            # the games held first as a save of one game's officials holds it
            # (ServiceBase.hold_game): a save at once waits, not a duplicate key.
            s.execute(update(models.Game).where(models.Game.id.in_(list(moving)))
                      .values(version=models.Game.version)
                      .execution_options(synchronize_session=False))
            s.execute(delete(models.GameOfficial).where(
                models.GameOfficial.game_id.in_(list(moving)),
                models.GameOfficial.role == "referee"))
            s.flush()
            _referee(s, movable, fixed, demands, people_in(s, tournament_id),
                     length, rest, lengths, travel_in(s, tournament_id))
        record(s, tournament_id, "schedule", "rebuilt", None,
               {"games": len(slots), "locked": sorted(locked), "rinks": names,
                "windows": [f"{w.start.isoformat()} - {w.end.isoformat()}" for w in windows]},
               by=by, clock=service.now)
        return len(slots)


def cancel_game(service: ServiceBase, game_id: int, *, by: str, reason: str) -> None:
    """A game not yet begun taken off the schedule (its officials and lineups
    with it, kept in the record), with a reason."""
    if not reason.strip():
        raise ValueError("cancelling a game needs a reason (it is kept in the desk's record)")
    with service.write() as s:
        remove_unplayed(s, _unplayed(s, game_id, "cancelled"), by=by, clock=service.now,
                        reason=reason.strip())


def remove_unplayed(s: Session, game: models.Game, *, by: str, clock: Clock, reason: str) -> None:
    """Take a game not yet begun off the schedule, in the caller's transaction."""
    game_id = game.id
    if s.scalar(select(models.SupplementaryDiscipline.id)
                .where(models.SupplementaryDiscipline.after_game_id == game_id)):
        raise ValueError(f"a suspension is counted from game {game_id} (Rule 410(a)); "
                         "change it before cancelling the game")
    filed = s.scalar(select(models.WrittenReport.username)
                     .where(models.WrittenReport.game_id == game_id).limit(1))
    if filed is not None:
        raise ValueError(f"{filed} filed a written report on game {game_id}: a report stays "
                         "on the record with its game, so the game is not taken off the "
                         "schedule (a game not played is forfeited, Rule 634)")
    officials = list(s.scalars(select(models.GameOfficial.name)
                               .where(models.GameOfficial.game_id == game_id)))
    before = {"home": game.home_team_id, "away": game.away_team_id,
              "start": game.start.isoformat() if game.start else None, "rink": game.rink,
              "officials": officials}
    tournament_id = game.division.tournament_id
    for table in (models.GameOfficial, models.LineupEntry, models.SignOffEntry,
                  models.TeamSignature, models.GameStateCache, models.ScheduleLock):
        s.execute(delete(table).where(table.game_id == game_id))
    for user in s.scalars(select(models.User).join(
            models.UserGame, models.UserGame.user_id == models.User.id)
            .where(models.UserGame.game_id == game_id)  # its logins alone (issue 30)
            .order_by(models.User.id).with_for_update(of=models.User)
            .execution_options(populate_existing=True)):  # held as set_staff holds them
        users.set_games(s, user, [g for g in user.games if g != game_id])
    s.delete(game)
    record(s, tournament_id, f"game {game_id}", "cancelled", before, None, by=by,
           clock=clock, reason=reason)


# --------------------------------------------------------------------------- the grid


@dataclass(frozen=True, slots=True)
class GridGame:
    game_id: int
    division: str
    home: str
    away: str
    start: datetime
    rink: str
    begun: bool
    officials: tuple[str, ...]
    conflicts: tuple[str, ...]
    warnings: tuple[str, ...] = ()  # Rule 501(a): fewer than two referees named
    locked: bool = False  # a rebuild keeps it where it is


@dataclass(frozen=True, slots=True)
class GridDay:
    day: date
    rinks: list[str]
    times: list[datetime]
    cells: dict[tuple[datetime, str], GridGame]


@dataclass(frozen=True, slots=True)
class Grid:
    days: list[GridDay]
    unplaced: list[GridGame]  # no time or no rink yet
    conflicts: list[Conflict]
    game_minutes: int
    rest_minutes: int
    wishes: list[Conflict] = field(default_factory=list)  # soft requests not kept, and why
    step_minutes: int | None = None  # the director's step between the rows (None: the games')


STEPS: Final = (5, 10, 15, 20, 25, 30, 40, 45, 50, 60)  # the steps the desk offers


def grid_step(text: str) -> int | None:
    """The director's step between the grid's rows, in minutes ('' : the
    games' own length), 5 to 240."""
    text = text.strip()
    if not text:
        return None
    if not text.isdigit() or not 5 <= int(text) <= 240:
        raise ValueError(f"the grid's step is whole minutes from 5 to 240, not {text!r}")
    return int(text)


def schedule_days(service: ServiceBase, tournament_id: int) -> list[date]:
    """The days (the server's zone) with a game on a time and a rink, from the
    games' distinct start times: the grid's days without reading every game."""
    with service.read() as s:
        starts = s.scalars(select(models.Game.start).distinct().join(models.Division)
                           .where(models.Division.tournament_id == tournament_id,
                                  models.Game.start.is_not(None), models.Game.rink.is_not(None),
                                  models.Game.rink != ""))
        return sorted({start.astimezone().date() for start in starts if start is not None})


@dataclass(frozen=True, slots=True)
class DayNav:
    """The day a desk page shows and the days with a game (on a time and a
    rink) around it: the first, the one before, the one after, the last
    (None: there is none). Read in one statement whatever the season holds."""

    day: date | None
    first: date | None
    previous: date | None
    next: date | None
    last: date | None


def day_nav(service: ServiceBase, tournament_id: int, wanted: date | None = None, *,
            today: date | None = None) -> DayNav:
    """The day ``wanted`` (a game on it or not), else ``today`` when a game is
    on it, else the first day with a game; and the days with a game around it
    (:class:`DayNav`), the days in the server's zone."""
    shown = wanted or today
    span = _day_span(shown) if shown is not None else None
    start = models.Game.start

    def one(*where: ColumnElement[bool], last: bool = False) -> ScalarSelect[datetime | None]:
        """The first (or last) start of a game on a rink that ``where``
        holds: walked along the start's index from that end (migration 0035)."""
        return (select(start).where(_by_start(tournament_id), start.is_not(None),
                                    models.Game.rink.is_not(None), models.Game.rink != "",
                                    *where)
                .order_by(start.desc() if last else start).limit(1).scalar_subquery())

    columns = [one(), one(last=True)]
    if span is not None:
        columns += [one(start < span[0], last=True), one(start >= span[1]),
                    one(start >= span[0], start < span[1])]
    with service.read() as s:
        row = s.execute(select(*columns)).one()

    def local(moment: datetime | None) -> date | None:
        return None if moment is None else moment.astimezone().date()

    first, last = local(row[0]), local(row[1])
    if span is not None and (wanted is not None or row[4] is not None):
        return DayNav(shown, first, local(row[2]), local(row[3]), last)
    if first is None:
        return DayNav(None, None, None, None, None)
    return day_nav(service, tournament_id, first)


def _unplaced(tournament_id: int) -> Select[models.Game, str]:
    """The tournament's games not placed yet (no time, or no rink) and their
    divisions' names, each kind found by its index (the start's, a division's
    rinks', migrations 0035 and 0036): one condition of three ORed together
    walked every game of the tournament's divisions (50,000 steps of SQLite's
    at 5,000 games for none found)."""
    game = models.Game
    divisions = select(models.Division.id).where(models.Division.tournament_id == tournament_id)
    ids = union(select(game.id).where(game.start.is_(None), (game.division_id + 0).in_(divisions)),
                select(game.id).where(game.division_id.in_(divisions), game.rink.is_(None)),
                select(game.id).where(game.division_id.in_(divisions), game.rink == ""))
    return (select(game, models.Division.name)
            .join(models.Division, models.Division.id == game.division_id + 0)
            .where(game.id.in_(ids))
            .order_by(game.start, game.rink, game.id))


def _day_span(day: date) -> tuple[datetime, datetime]:
    """A day in the server's zone, from its midnight to the next."""
    return (datetime.combine(day, time()).astimezone(),
            datetime.combine(day + timedelta(days=1), time()).astimezone())


def grid(service: ServiceBase, tournament_id: int, shown_day: date | None = None, *,
         step_minutes: int | None = None) -> Grid:
    """The schedule per day, a column per rink and a row per start time, each
    game with what conflicts with it. Between the games, a free row every
    ``step_minutes`` (the director's), else every shortest game of the day
    (its division's length, Rules 639, 640(a)), up to two such games after
    the last: a game can be dropped there. With ``shown_day``, that day alone (the desk's
    pages show one): its games and the conflicts they are in, found among the
    games from a day before it to a day after it, widened by the rest and the
    travel. That is every game one of them can conflict with: two games
    conflict only when the second starts before the first's end (a game is
    shorter than a day) plus the rest and the travel (rink, team, official,
    person, an "apart" request: at once), an official's most a day counts
    one calendar day, the others are of one game (hours, requests, rink hours)."""
    with service.read() as s:
        t = _tournament(s, tournament_id)
        length, rest = _lengths(t)
        travel = travel_in(s, tournament_id)
        shown = None if shown_day is None else _day_span(shown_day)
        around = None if shown is None else (
            shown[0] - timedelta(days=1) - rest - travel.longest(),
            shown[1] + timedelta(days=1) + rest + travel.longest())
        placed = _placed(s, tournament_id, around)
        query = (select(models.Game, models.Division.name).join(models.Division)
                 .where(models.Division.tournament_id == tournament_id)
                 .order_by(models.Game.start, models.Game.rink, models.Game.id))
        if shown is not None:
            # the day's games (along the start's index), then those not placed yet
            day_query = (select(models.Game, models.Division.name)
                         .join(models.Division, models.Division.id == models.Game.division_id + 0)
                         .where(models.Division.tournament_id == tournament_id,
                                models.Game.start >= shown[0], models.Game.start < shown[1])
                         .order_by(models.Game.start, models.Game.rink, models.Game.id))
            rows = [*s.execute(_unplaced(tournament_id)).all(), *s.execute(day_query).all()]
        else:
            rows = list(s.execute(query).all())
        # With a day, what the conflicts need is read for the games around it
        # alone: their teams' names, rosters and requests, their officials.
        teams = None if shown is None else (
            {team for p in placed for team in p.teams if team > 0}
            | {team for game, _ in rows for team in (game.home_team_id, game.away_team_id)})
        names = _names(s, tournament_id, teams)
        # with a day, the conflicts its games are in (those around it compared
        # with them, not with each other)
        on_day = None if shown is None else {p.key for p in placed
                                             if shown[0] <= p.start < shown[1]}
        every = conflicts(placed, length=length, rest=rest, names=names,
                          people=people_in(s, tournament_id, teams=teams, officials=None
                                           if teams is None else
                                           {name for p in placed for name in p.officials}),
                          demands=demands_in(s, tournament_id, teams),
                          rink_hours=hours_in(s, tournament_id), travel=travel, about=on_day)
        found = [c for c in every if not c.soft]
        wishes = [c for c in every if c.soft]
        about: dict[int, list[str]] = {}
        for c in found:
            for key in c.games:
                about.setdefault(key, []).append(c.message)
        wished: dict[int, list[str]] = {}
        for c in wishes:
            for key in c.games:
                wished.setdefault(key, []).append(f"not kept: {c.message}")
        officials = {p.key: tuple(sorted(p.officials)) for p in placed}
        own = {p.key: p.length or length for p in placed}
        ids = [game.id for game, _ in rows]
        locks = set(s.scalars(select(models.ScheduleLock.game_id).join(models.Game)
                              .join(models.Division)
                              .where(models.Division.tournament_id == tournament_id)
                              if shown is None else
                              select(models.ScheduleLock.game_id)
                              .where(models.ScheduleLock.game_id.in_(ids))))
        referees = _referees(s, tournament_id, None if shown is None else ids)
        rink_names = [r.name for r in rinks.rinks(service, tournament_id)]
        days: dict[date, GridDay] = {}
        unplaced: list[GridGame] = []
        for game, division in rows:
            cell = GridGame(game.id, division, names.get(game.home_team_id, "?"),
                            names.get(game.away_team_id, "?"),
                            game.start.astimezone() if game.start else datetime.min,
                            game.rink or "", game.version > 0, officials.get(game.id, ()),
                            tuple(about.get(game.id, ())),
                            tuple(w for w in [officiating.referee_shortfall(
                                referees.get(game.id, []))] if w)
                            + tuple(wished.get(game.id, ())), game.id in locks)
            if game.start is None or not game.rink:
                unplaced.append(cell)
                continue
            local = game.start.astimezone()
            day = days.setdefault(local.date(), GridDay(local.date(), list(rink_names), [], {}))
            if game.rink not in day.rinks:
                day.rinks.append(game.rink)
            if local not in day.times:
                day.times.append(local)
            day.cells[(local, game.rink)] = cell
        for day in days.values():
            # Every slot of the day, free ones too, and two after the last game:
            # a game can be dropped there.
            shortest = min(own.get(g.game_id, length) for g in day.cells.values())
            step = timedelta(minutes=step_minutes) if step_minutes is not None else shortest
            moment, last = min(day.times), max(day.times) + 2 * shortest
            while moment + step <= last:
                moment += step
                if not any(abs(moment - x) < step for x in day.times):
                    day.times.append(moment)
            day.times.sort()
        return Grid(sorted(days.values(), key=lambda d: d.day), unplaced, found,
                    int(length.total_seconds() // 60), int(rest.total_seconds() // 60),
                    wishes, step_minutes)
