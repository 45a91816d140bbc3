"""Reading the store into the tournament's plain values (load, no rules)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from rinkside.store import models as m
from rinkside.store.connections import connection_of
from rinkside.tournament.model import (
    DivisionInfo,
    Lineup,
    RosterPlayer,
    ScheduledGame,
    Stage,
    SupplementaryDiscipline,
    TeamInfo,
)


def division_info(row: m.Division) -> DivisionInfo:
    return DivisionInfo(row.id, row.name, row.player_coaches_allowed)


def team_info(row: m.Team) -> TeamInfo:
    return TeamInfo(row.id, row.name, row.division_id)


def roster_player(row: m.Player) -> RosterPlayer:
    captain = row.captain if row.captain in ("C", "A") else None
    return RosterPlayer(row.id, row.team_id, row.number, row.name, row.goalie,
                        captain,  # type: ignore[arg-type]
                        row.playing_coach, row.birth_date, row.person_key or row.name)


def scheduled_game(row: m.Game) -> ScheduledGame:
    stage: Stage = "playoff" if row.stage == "playoff" else "pool"
    return ScheduledGame(row.id, row.division_id, stage, row.home_team_id, row.away_team_id,
                         row.start, row.rink, row.schedule_order, row.round_name)


def supplementary(row: m.SupplementaryDiscipline) -> SupplementaryDiscipline:
    games: int | str = row.games if row.games is not None else (row.extent or "pending_review")
    return SupplementaryDiscipline(row.player_id, games,  # type: ignore[arg-type]
                                   row.reason, row.after_game_id, row.organisation)


def players_of(session: Session, team_ids: list[int]) -> list[RosterPlayer]:
    """The active players of these teams. Read as plain rows on the session's
    connection (its pending objects flushed), not through the ORM: every write
    builds a game's setup from them, and rows cost a fraction."""
    p = m.Player
    rows = connection_of(session).execute(
        select(p.id, p.team_id, p.number, p.name, p.goalie, p.captain, p.playing_coach,
               p.birth_date, p.person_key)
        .where(p.team_id.in_(team_ids), p.active.is_(True))).all()
    return [RosterPlayer(pid, team, number, name, goalie,
                         captain if captain in ("C", "A") else None,  # type: ignore[arg-type]
                         coach, born, key or name)
            for pid, team, number, name, goalie, captain, coach, born, key in rows]


def lineups_of(session: Session, game_ids: list[int]) -> dict[int, dict[int, Lineup]]:
    """game id -> team id -> lineup (only games where a lineup was handed in),
    read as plain rows (a division's view reads every dressed player of it)."""
    e = m.LineupEntry
    out: dict[int, dict[int, list[tuple[int, str | None]]]] = {}
    for game_id, team_id, player_id, letter in connection_of(session).execute(
            select(e.game_id, e.team_id, e.player_id, e.letter)
            .where(e.game_id.in_(game_ids))).all():  # fetched at once, not row by row
        out.setdefault(game_id, {}).setdefault(team_id, []).append((player_id, letter))
    return {g: {t: _lineup(t, entries) for t, entries in per.items()} for g, per in out.items()}


def _lineup(team_id: int, entries: list[tuple[int, str | None]]) -> Lineup:
    captain = next((pid for pid, letter in entries if letter == "C"), None)
    alternates = tuple(sorted(pid for pid, letter in entries if letter == "A"))
    return Lineup(team_id, tuple(sorted(pid for pid, _ in entries)), captain, alternates)
