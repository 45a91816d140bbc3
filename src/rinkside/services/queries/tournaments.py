"""Tournaments and their divisions as the pages and commands list them,
down to each team's number of active players."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from sqlalchemy import func, select

from rinkside.services.errors import NotFound
from rinkside.store import models

if TYPE_CHECKING:
    from rinkside.services.tournaments import Tournaments


@dataclass(frozen=True, slots=True)
class DivisionRow:
    division_id: int
    name: str
    tournament_id: int
    tournament: str


@dataclass(frozen=True, slots=True)
class TeamCount:
    """A team and how many active players its roster has."""

    team_id: int
    name: str
    players: int


@dataclass(frozen=True, slots=True)
class DivisionTeams:
    division_id: int
    name: str
    teams: tuple[TeamCount, ...]


@dataclass(frozen=True, slots=True)
class TournamentTree:
    """A tournament, its divisions and their teams, each by id."""

    tournament_id: int
    name: str
    divisions: tuple[DivisionTeams, ...]


def divisions(service: Tournaments, tournament_id: int | None = None) -> list[DivisionRow]:
    """Every division (of one tournament when given), by tournament then id."""
    query = (select(models.Division.id, models.Division.name, models.Tournament.id,
                    models.Tournament.name)
             .join(models.Tournament, models.Division.tournament_id == models.Tournament.id)
             .order_by(models.Tournament.id, models.Division.id))
    if tournament_id is not None:
        query = query.where(models.Division.tournament_id == tournament_id)
    with service.read() as s:
        rows = s.execute(query).all()
    return [DivisionRow(r[0], r[1], r[2], r[3]) for r in rows]


def division(service: Tournaments, division_id: int) -> DivisionRow:
    """One division; :class:`NotFound` when there is no such division."""
    for row in divisions(service):
        if row.division_id == division_id:
            return row
    raise NotFound(f"There is no division {division_id}.")


def tournament_ids(service: Tournaments) -> list[int]:
    with service.read() as s:
        return list(s.scalars(select(models.Tournament.id).order_by(models.Tournament.id)))


def tournament_trees(service: Tournaments) -> list[TournamentTree]:
    """Every tournament with its divisions and teams (each by id), and how
    many active players each team has."""
    with service.read() as s:
        tournaments = s.execute(select(models.Tournament.id, models.Tournament.name)
                                .order_by(models.Tournament.id)).all()
        division_rows = s.execute(select(models.Division.id, models.Division.name,
                                         models.Division.tournament_id)
                                  .order_by(models.Division.id)).all()
        active = (select(models.Player.team_id, func.count().label("n"))
                  .where(models.Player.active.is_(True)).group_by(models.Player.team_id).subquery())
        team_rows = s.execute(select(models.Team.id, models.Team.name, models.Team.division_id,
                                     func.coalesce(active.c.n, 0))
                              .outerjoin(active, active.c.team_id == models.Team.id)
                              .order_by(models.Team.id)).all()
    teams: dict[int, list[TeamCount]] = {}
    for team_id, name, division_id, players in team_rows:
        teams.setdefault(division_id, []).append(TeamCount(team_id, name, players))
    by_tournament: dict[int, list[DivisionTeams]] = {}
    for division_id, name, tournament_id in division_rows:
        by_tournament.setdefault(tournament_id, []).append(
            DivisionTeams(division_id, name, tuple(teams.get(division_id, ()))))
    return [TournamentTree(tid, name, tuple(by_tournament.get(tid, ())))
            for tid, name in tournaments]
