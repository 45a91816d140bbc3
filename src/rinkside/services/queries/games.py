"""What the pages list from the store: tournaments, divisions, teams, players
and the schedule, read through the service's sessions.

Only stored facts are read here (names, numbers, the schedule, the recorded
events); everything the engine computes comes from the service. Each
function opens one short session and returns plain values, so that no
lazy load happens after the session is closed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Row, Select, select
from sqlalchemy.orm import aliased

from rinkside.services.tournaments import NotFound, Tournaments
from rinkside.store import models as m


@dataclass(frozen=True, slots=True)
class GameRow:
    """One scheduled game with the names a page shows."""

    game_id: int
    tournament_id: int
    tournament: str
    division_id: int
    division: str
    home_team_id: int
    home: str
    away_team_id: int
    away: str
    start: datetime | None
    rink: str | None
    stage: str
    round_name: str
    version: int


@dataclass(frozen=True, slots=True)
class DivisionRow:
    division_id: int
    name: str
    tournament_id: int
    tournament: str


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


def _games_query() -> Select[*tuple[Any, ...]]:
    home, away = aliased(m.Team), aliased(m.Team)
    return (select(m.Game.id, m.Tournament.id.label("tid"), m.Tournament.name.label("tname"),
                   m.Division.id.label("did"), m.Division.name.label("dname"),
                   home.id.label("hid"), home.name.label("hname"),
                   away.id.label("aid"), away.name.label("aname"),
                   m.Game.start, m.Game.rink, m.Game.stage, m.Game.round_name, m.Game.version)
            .join(m.Division, m.Game.division_id == m.Division.id)
            .join(m.Tournament, m.Division.tournament_id == m.Tournament.id)
            .join(home, m.Game.home_team_id == home.id)
            .join(away, m.Game.away_team_id == away.id)
            .order_by(m.Tournament.id, m.Division.id, m.Game.schedule_order, m.Game.id))


def _game_row(r: Row[Any]) -> GameRow:
    g = r._mapping
    return GameRow(g["id"], g["tid"], g["tname"], g["did"], g["dname"], g["hid"], g["hname"],
                   g["aid"], g["aname"], g["start"], g["rink"], g["stage"], g["round_name"],
                   g["version"])


def games(service: Tournaments) -> list[GameRow]:
    """Every scheduled game, in schedule order within its division."""
    with service.sessions() as s:
        return [_game_row(r) for r in s.execute(_games_query())]


def game(service: Tournaments, game_id: int) -> GameRow:
    """One game; :class:`NotFound` when there is no such game."""
    with service.sessions() as s:
        row = s.execute(_games_query().where(m.Game.id == game_id)).first()
    if row is None:
        raise NotFound(f"There is no game {game_id}.")
    return _game_row(row)


def versions(service: Tournaments, game_ids: Iterable[int] | None = None) -> dict[int, int]:
    """Each game's log version (of every game when ``game_ids`` is None): a
    cheap look for changes written by another process (the CLI, another
    server on the same database), which no ``on_change`` hook here hears."""
    query = select(m.Game.id, m.Game.version)
    if game_ids is not None:
        query = query.where(m.Game.id.in_(list(game_ids)))
    with service.sessions() as s:
        return {r.id: r.version for r in s.execute(query)}


def divisions(service: Tournaments) -> list[DivisionRow]:
    with service.sessions() as s:
        rows = s.execute(select(m.Division.id, m.Division.name, m.Tournament.id,
                                m.Tournament.name)
                         .join(m.Tournament, m.Division.tournament_id == m.Tournament.id)
                         .order_by(m.Tournament.id, m.Division.id)).all()
    return [DivisionRow(r[0], r[1], r[2], r[3]) for r in rows]


def division(service: Tournaments, division_id: int) -> DivisionRow:
    """One division; :class:`NotFound` when there is no such division."""
    for row in divisions(service):
        if row.division_id == division_id:
            return row
    raise NotFound(f"There is no division {division_id}.")


def tournament_ids(service: Tournaments) -> list[int]:
    with service.sessions() as s:
        return list(s.scalars(select(m.Tournament.id).order_by(m.Tournament.id)))


def team_names(service: Tournaments) -> dict[int, str]:
    with service.sessions() as s:
        return {r.id: r.name for r in s.execute(select(m.Team.id, m.Team.name))}


def player_labels(service: Tournaments) -> dict[int, tuple[int, str]]:
    """Player id -> (number, name), removed players included (their records stay)."""
    with service.sessions() as s:
        rows = s.execute(select(m.Player.id, m.Player.number, m.Player.name))
        return {r.id: (r.number, r.name) for r in rows}


def team(service: Tournaments, team_id: int) -> TeamPage:
    """A team and its active roster by number; :class:`NotFound` when unknown."""
    with service.sessions() as s:
        row = s.get(m.Team, team_id)
        if row is None:
            raise NotFound(f"There is no team {team_id}.")
        d = row.division
        players = tuple(PlayerRow(p.id, p.number, p.name, p.goalie, p.captain)
                        for p in sorted(row.players, key=lambda p: p.number) if p.active)
        return TeamPage(row.id, row.name,
                        DivisionRow(d.id, d.name, d.tournament.id, d.tournament.name), players)
