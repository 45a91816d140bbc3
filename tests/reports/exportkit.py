"""Helpers of the export tests: the demo tournament in a SQLite file, an empty
copy of its league (same settings, teams and rosters, no games) to import
game logs into, and small readers of what the exports wrote."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from demokit import copy_demo
from sqlalchemy import select

from rinkside.rules.events import Event, FaceOff, Forfeit
from rinkside.rules.times import GameTime
from rinkside.services.open import open_tournaments
from rinkside.services.tournaments import Tournaments
from rinkside.store import models


@dataclass(frozen=True)
class Demo:
    service: Tournaments
    tournament_id: int
    path: Path

    @property
    def url(self) -> str:
        return f"sqlite:///{self.path}"

    def divisions(self) -> list[int]:
        with self.service.read() as s:
            return list(s.scalars(select(models.Division.id).where(
                models.Division.tournament_id == self.tournament_id).order_by(models.Division.id)))


def build(path: Path) -> Demo:
    """The demo tournament (played games) in a new SQLite file at ``path``: a
    copy of the one built once (``demokit``)."""
    service, tournament_id = copy_demo(path)
    return Demo(service, tournament_id, path)


def copy_league(source: Demo, path: Path) -> tuple[Tournaments, dict[int, int]]:
    """A new store at ``path`` with the source tournament's settings,
    divisions, teams and active rosters but no game; returns the service and
    source team id -> copied team id."""
    target = open_tournaments(f"sqlite:///{path}")
    with source.service.read() as s:
        tournament = s.get(models.Tournament, source.tournament_id)
        assert tournament is not None
        tid = target.create_tournament(tournament.name, tournament.starts_on,
                                       tournament.settings, tournament.tiebreaks)
        teams: dict[int, int] = {}
        for division in sorted(tournament.divisions, key=lambda d: d.id):
            did = target.add_division(tid, division.name, division.settings,
                                      division.player_coaches_allowed)
            for team in sorted(division.teams, key=lambda t: t.id):
                teams[team.id] = target.add_team(did, team.name)
                target.set_roster(teams[team.id], [
                    {"number": p.number, "name": p.name, "goalie": p.goalie,
                     "captain": p.captain, "playing_coach": p.playing_coach,
                     "birth_date": p.birth_date} for p in team.players if p.active])
    return target, teams


def game_teams(service: Tournaments, game_id: int) -> tuple[int, int, int]:
    """(division, home team, away team) of a game."""
    with service.read() as s:
        game = s.get(models.Game, game_id)
        assert game is not None
        return game.division_id, game.home_team_id, game.away_team_id


def played_games(demo: Demo) -> list[int]:
    """Every game of the demo with events recorded, in id order."""
    with demo.service.read() as s:
        return list(s.scalars(select(models.Game.id).where(models.Game.version > 0)
                              .order_by(models.Game.id)))


def record(service: Tournaments, game_id: int, *events: Event) -> int:
    version, _ = service.game_state(game_id)
    version, _ = service.record(game_id, version, list(events), by="export test")
    return version


def forfeit(service: Tournaments, game_id: int, team: str = "away") -> None:
    """Rule 634(c)2: the team forfeits before the game starts."""
    _, state = service.game_state(game_id)
    record(service, game_id, Forfeit(GameTime(1, state.setup.settings.period_length),
                                     "away" if team == "away" else "home", "did not come"))


def faceoff(service: Tournaments, game_id: int) -> None:
    _, state = service.game_state(game_id)
    record(service, game_id, FaceOff(GameTime(1, state.setup.settings.period_length)))


def small_league(path: Path, teams: int = 4, settings: dict[str, Any] | None = None
                 ) -> tuple[Tournaments, int, list[int]]:
    """A one-division tournament of ``teams`` teams with full rosters and
    no game; returns the service, the division and the team ids."""
    service = open_tournaments(f"sqlite:///{path}")
    tid = service.create_tournament("Cup", datetime(2026, 6, 1, tzinfo=UTC).date(), settings)
    division = service.add_division(tid, "Open")
    ids = []
    for i in range(teams):
        team = service.add_team(division, f"Team {chr(ord('A') + i)}")
        service.set_roster(team, [{"number": 1, "name": "Goalie", "goalie": True}] + [
            {"number": n, "name": f"Skater {n}", "captain": "C" if n == 2 else None}
            for n in range(2, 11)])
        ids.append(team)
    return service, division, ids


def player_ids(service: Tournaments, team_id: int) -> dict[int, int]:
    """Jersey number -> player id of a team's active roster."""
    with service.read() as s:
        return {p.number: p.id for p in s.scalars(select(models.Player).where(
            models.Player.team_id == team_id, models.Player.active.is_(True)))}


def read_csv(data: bytes | str) -> list[dict[str, str]]:
    """CSV written by the exports (with or without the byte order mark)."""
    text = data.decode("utf-8-sig") if isinstance(data, bytes) else data.removeprefix("\ufeff")
    return list(csv.DictReader(io.StringIO(text, newline="")))


def read_xlsx(data: bytes) -> dict[str, list[list[Any]]]:
    """Sheet title -> rows (header first) of an XLSX workbook."""
    from openpyxl import load_workbook  # type: ignore[import-untyped]

    book = load_workbook(io.BytesIO(data))
    return {sheet.title: [list(r) for r in sheet.iter_rows(values_only=True)]
            for sheet in book.worksheets}
