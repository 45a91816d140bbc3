"""A division's playoff bracket as the public page and the desk read it: each
game's places filled or still waiting (the tournament's rule,
:mod:`rinkside.tournament.placeholders`: a game decided when signed, 616(a),
or forfeited, 634; the first round once the pool is final), the stored game
of each bracket game, and where and when the desk put those whose teams are
not known yet."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from sqlalchemy import select

from rinkside.services.errors import NotFound
from rinkside.services.queries.teams import team_names
from rinkside.services.queries.tournaments import DivisionRow, division
from rinkside.store import models, signoffs
from rinkside.tournament import placeholders, playoffs
from rinkside.tournament.placeholders import PlacedGame
from rinkside.tournament.standings import SeedingUndecided

if TYPE_CHECKING:
    from rinkside.services.tournaments import Tournaments


@dataclass(frozen=True, slots=True)
class PlaceTime:
    """Where and when the desk put a bracket game before its teams were known,
    and the game made for it once they filled (None until then)."""

    start: datetime | None
    rink: str | None
    game_id: int | None


@dataclass(frozen=True, slots=True)
class BracketView:
    division: DivisionRow
    teams: int | None  # None: the desk has drawn no bracket yet
    rounds: list[list[PlacedGame]]
    games: dict[int, int]  # bracket game -> its stored game
    times: dict[int, PlaceTime]  # bracket game -> scheduled before its teams
    names: dict[int, str]
    pool_final: bool  # the seeds are known: the pool decided, no tie left for a seed
    waiting: str  # why the seeds are not shown yet ("" once they are)
    pool_decided: bool = False  # every pool game decided (a tie may still wait for its toss)

    @property
    def champion(self) -> int | None:
        return self.rounds[-1][0].winner if self.rounds else None


def playoff_teams(service: Tournaments, division_id: int) -> int | None:
    """How many teams the division's bracket seeds (None: none drawn yet)."""
    with service.read() as s:
        row = s.get(models.Division, division_id)
        if row is None:
            raise NotFound(f"There is no division {division_id}.")
        return row.playoff_teams


def place_times(service: Tournaments, division_id: int) -> dict[int, PlaceTime]:
    with service.read() as s:
        rows = s.scalars(select(models.PlayoffPlace)
                         .where(models.PlayoffPlace.division_id == division_id)).all()
        return {r.bracket_game: PlaceTime(r.start, r.rink, r.game_id) for r in rows}


def bracket_view(service: Tournaments, division_id: int,
                 teams: int | None = None) -> BracketView:
    """The division's bracket with its places as they stand; before the pool
    is final every first-round place says its seed ("2nd of 16U").
    ``teams``: the bracket's size, for one not drawn yet (the desk's)."""
    shown = division(service, division_id)
    teams = playoff_teams(service, division_id) or teams
    times = place_times(service, division_id)
    names = team_names(service, division_id)
    if teams is None:
        return BracketView(shown, None, [], {}, times, names, False, "")
    view = service.division_view(division_id)
    with service.read() as s:
        signed = {p.game.game_id for p in view.played if signoffs.is_locked(s, p.game.game_id)}
    decided = placeholders.decided(view.played, signed)
    final = placeholders.pool_final(view.schedule, decided, view.removed)
    pool_decided = final
    waiting = "" if final else "The seeds are known once every pool game is decided."
    mapping: dict[int, int] = {}
    bracket = playoffs.bracket([-seed for seed in range(1, teams + 1)])  # places only
    if final:
        try:
            bracket, mapping = service.playoffs(division_id, teams)
        except SeedingUndecided:
            final = False
            waiting = ("Teams are still tied for a seed: the seeds are known once the "
                       "coin toss is drawn (casebook 24).")
    decided_bracket = {b for b, real in mapping.items() if real in decided}
    rounds = placeholders.places(bracket, pool=shown.name, pool_final=final,
                                 decided=decided_bracket)
    games = {**{b: t.game_id for b, t in times.items() if t.game_id is not None}, **mapping}
    return BracketView(shown, teams, rounds, games, times, names, final, waiting, pool_decided)


@dataclass(frozen=True, slots=True)
class WaitingGame:
    """A bracket game on the schedule whose game is not made yet: each side
    its team's name once its place filled, else what it waits for."""

    tournament_id: int
    tournament: str
    division_id: int
    division: str
    code: str
    round_name: str
    home: str
    away: str
    start: datetime | None
    rink: str | None


def waiting_games(service: Tournaments, tournament_id: int | None = None,
                  division_id: int | None = None) -> list[WaitingGame]:
    """The bracket games the desk put on the schedule before their teams were
    known and not made yet (of one tournament or division when given)."""
    query = (select(models.PlayoffPlace.division_id).distinct()
             .join(models.Division, models.Division.id == models.PlayoffPlace.division_id)
             .where(models.PlayoffPlace.game_id.is_(None)))
    if tournament_id is not None:
        query = query.where(models.Division.tournament_id == tournament_id)
    if division_id is not None:
        query = query.where(models.PlayoffPlace.division_id == division_id)
    with service.read() as s:
        divisions = sorted(s.scalars(query))
    out: list[WaitingGame] = []
    for did in divisions:
        view = bracket_view(service, did)
        for games in view.rounds:
            for g in games:
                time = view.times.get(g.bracket_game) if g.bracket_game is not None else None
                if time is None or time.game_id is not None or g.bottom is None:
                    continue
                home, away = (view.names.get(p.team_id, p.waiting_for)
                              if p.team_id is not None else p.waiting_for
                              for p in (g.top, g.bottom))
                d = view.division
                out.append(WaitingGame(d.tournament_id, d.tournament, d.division_id, d.name,
                                       g.code, g.round_name, home, away, time.start, time.rink))
    return out
