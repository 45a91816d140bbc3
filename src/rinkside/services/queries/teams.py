"""Teams and players as the pages, exports and commands show them: a team's
page, its roster, the names by id, and each player's number and name."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

from sqlalchemy import select

from rinkside.services import records
from rinkside.services.base import ServiceBase
from rinkside.services.errors import NotFound
from rinkside.services.queries.tournaments import DivisionRow
from rinkside.store import models
from rinkside.tournament.model import RosterPlayer


@dataclass(frozen=True, slots=True)
class PlayerRow:
    player_id: int
    number: int
    name: str
    goalie: bool
    captain: str | None


@dataclass(frozen=True, slots=True)
class TeamPage:
    team_id: int
    name: str
    division: DivisionRow
    players: tuple[PlayerRow, ...]


@dataclass(frozen=True, slots=True)
class TeamRoster:
    """A team's active roster as roster import reads and export writes it
    (201-203: numbers, goaltenders, letters, playing coaches)."""

    team_id: int
    name: str
    division_id: int
    players: tuple[RosterPlayer, ...]


def team(service: ServiceBase, team_id: int) -> TeamPage:
    """A team and its active roster by number; :class:`NotFound` when unknown."""
    with service.read() as s:
        row = s.get(models.Team, team_id)
        if row is None:
            raise NotFound(f"There is no team {team_id}.")
        d = row.division
        players = tuple(PlayerRow(p.id, p.number, p.name, p.goalie, p.captain)
                        for p in sorted(row.players, key=lambda p: p.number) if p.active)
        return TeamPage(row.id, row.name,
                        DivisionRow(d.id, d.name, d.tournament.id, d.tournament.name), players)


def team_roster(service: ServiceBase, team_id: int) -> TeamRoster:
    """A team's active players; :class:`NotFound` when unknown."""
    with service.read() as s:
        row = s.get(models.Team, team_id)
        if row is None:
            raise NotFound(f"There is no team {team_id}.")
        return TeamRoster(row.id, row.name, row.division_id,
                          tuple(records.players_of(s, [team_id])))


def active_players(service: ServiceBase, team_ids: Iterable[int]) -> list[RosterPlayer]:
    """The active players of these teams (a team unknown has none)."""
    with service.read() as s:
        return records.players_of(s, list(team_ids))


def team_names(service: ServiceBase, division_id: int | None = None, *,
               team_ids: Collection[int] | None = None) -> dict[int, str]:
    """Team id -> name, of every team or of one division's (:class:`NotFound`
    when there is no such division), or of the teams ``team_ids``."""
    query = select(models.Team.id, models.Team.name)
    if team_ids is not None:
        if not team_ids:
            return {}
        query = query.where(models.Team.id.in_(sorted(team_ids)))
    with service.read() as s:
        if division_id is not None:
            if s.get(models.Division, division_id) is None:
                raise NotFound(f"There is no division {division_id}.")
            query = query.where(models.Team.division_id == division_id)
        return {r.id: r.name for r in s.execute(query)}


@dataclass(frozen=True, slots=True)
class TeamChoice:
    """A team as a filter lists it: its name, its division's and its
    tournament's."""

    team_id: int
    name: str
    division: str
    tournament: str


def team_choices(service: ServiceBase, tournament_id: int | None = None,
                 division_id: int | None = None, *, most: int) -> list[TeamChoice] | None:
    """The teams of one tournament or division (every team when neither is
    given), by name; None when there are more than ``most`` (a league's
    every team is no list for a phone: its division narrows it), read
    without reading them all."""
    query = (select(models.Team.id, models.Team.name, models.Division.name,
                    models.Tournament.name)
             .join(models.Division, models.Team.division_id == models.Division.id)
             .join(models.Tournament, models.Division.tournament_id == models.Tournament.id)
             .limit(most + 1))
    if tournament_id is not None:
        query = query.where(models.Division.tournament_id == tournament_id)
    if division_id is not None:
        query = query.where(models.Team.division_id == division_id)
    with service.read() as s:
        rows = s.execute(query).all()
    if len(rows) > most:
        return None
    return sorted((TeamChoice(*row) for row in rows), key=lambda t: (t.name, t.team_id))


def player_labels(service: ServiceBase, team_ids: Iterable[int] | None = None
                  ) -> dict[int, tuple[int, str]]:
    """Player id -> (number, name), of every player or of these teams',
    removed players included (their records stay, 203(b))."""
    query = select(models.Player.id, models.Player.number, models.Player.name)
    if team_ids is not None:
        query = query.where(models.Player.team_id.in_(list(team_ids)))
    with service.read() as s:
        return {r.id: (r.number, r.name) for r in s.execute(query)}
