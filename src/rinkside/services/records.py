"""Reading the store into the tournament's plain values (load, no rules)."""

from __future__ import annotations

from typing import Any, Final

from sqlalchemy import (
    ColumnElement,
    Select,
    Text,
    bindparam,
    case,
    cast,
    func,
    literal_column,
    select,
)
from sqlalchemy.orm import InstrumentedAttribute, Session

from rinkside.store import models
from rinkside.store.connections import connection_of
from rinkside.tournament.model import (
    LETTERS,
    DivisionInfo,
    Lineup,
    RosterPlayer,
    ScheduledGame,
    Stage,
    SupplementaryDiscipline,
    TeamInfo,
)


def division_info(row: models.Division) -> DivisionInfo:
    return DivisionInfo(row.id, row.name, row.player_coaches_allowed)


def team_info(row: models.Team) -> TeamInfo:
    return TeamInfo(row.id, row.name, row.division_id)


def roster_player(row: models.Player) -> RosterPlayer:
    captain = row.captain if row.captain in LETTERS else None
    return RosterPlayer(row.id, row.team_id, row.number, row.name, row.goalie, captain,
                        row.playing_coach, row.birth_date, row.person_key or row.name)


def scheduled_game(row: models.Game) -> ScheduledGame:
    stage: Stage = "playoff" if row.stage == "playoff" else "pool"
    return ScheduledGame(row.id, row.division_id, stage, row.home_team_id, row.away_team_id,
                         row.start, row.rink, row.schedule_order, row.round_name)


def supplementary(row: models.SupplementaryDiscipline) -> SupplementaryDiscipline:
    return SupplementaryDiscipline(row.player_id, row.length, row.reason,
                                   row.after_game_id, row.organisation)


# The reads of a division's view (and of every console write's setup),
# built once: a reused statement skips SQLAlchemy's construction and finds
# its compiled form cached.
_P = models.Player
_PLAYERS: Final = (
    select(_P.id, _P.team_id, _P.number, _P.name, _P.goalie, _P.captain, _P.playing_coach,
           _P.birth_date, _P.person_key)
    .where(_P.team_id.in_(bindparam("teams", expanding=True)), _P.active.is_(True)))


def players_of(session: Session, team_ids: list[int]) -> list[RosterPlayer]:
    """The active players of these teams. Read as plain rows on the session's
    connection (its pending objects flushed), not through the ORM: every write
    builds a game's setup from them, and rows cost a fraction."""
    rows = connection_of(session).execute(_PLAYERS, {"teams": team_ids}).all()
    return [RosterPlayer(pid, team, number, name, goalie,
                         captain if captain in LETTERS else None,
                         coach, born, key or name)
            for pid, team, number, name, goalie, captain, coach, born, key in rows]


def _lineups_statement(dialect: str) -> Select[*tuple[Any, ...]]:
    """Each (game, team)'s lineup as one row: its players' ids, its captain
    and its alternates (202(c)), aggregated by the database (a division's
    view reads some 7,000 dressed players, one row each before)."""
    e = models.LineupEntry

    def joined(value: ColumnElement[int] | InstrumentedAttribute[int]) -> ColumnElement[str]:
        if dialect == "postgresql":
            return func.string_agg(cast(value, Text), literal_column("','"))
        return func.group_concat(value)

    return (select(e.game_id, e.team_id, joined(e.player_id),
                   func.min(case((e.letter == "C", e.player_id))),
                   joined(case((e.letter == "A", e.player_id))))
            .where(e.game_id.in_(bindparam("games", expanding=True)))
            .group_by(e.game_id, e.team_id))


_LINEUPS: Final = {dialect: _lineups_statement(dialect) for dialect in ("sqlite", "postgresql")}


def _ids(joined: str | None) -> tuple[int, ...]:
    return tuple(sorted(map(int, joined.split(",")))) if joined else ()


def lineups_of(session: Session, game_ids: list[int]) -> dict[int, dict[int, Lineup]]:
    """game id -> team id -> lineup (only games where a lineup was handed in)."""
    connection = connection_of(session)
    out: dict[int, dict[int, Lineup]] = {}
    for game_id, team_id, players, captain, alternates in connection.execute(
            _LINEUPS[connection.dialect.name], {"games": game_ids}).all():
        out.setdefault(game_id, {})[team_id] = Lineup(team_id, _ids(players), captain,
                                                      _ids(alternates))
    return out
