"""The schedule: one game added, or a division's round robin generated."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Final

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from rinkside.present.counts import counted
from rinkside.rules.settings import Settings
from rinkside.services.base import ServiceBase
from rinkside.services.errors import NotFound
from rinkside.store import models
from rinkside.tournament import schedule
from rinkside.tournament.stage_settings import stage_settings


def game_settings_in(s: Session, game_id: int) -> Settings:
    """The settings game ``game_id`` plays under (Rule 639: a playoff game
    under the playoff settings; a game keeps those it began under), read in
    ``s`` in one statement: what a write needs to read the times it is sent
    (``OT 3:00``) before the engine judges it (:class:`NotFound` for an
    unknown game)."""
    g, d, t = models.Game, models.Division, models.Tournament
    row = s.execute(select(g.stage, t.settings, d.settings, t.playoff_settings, g.settings)
                    .join(d, g.division_id == d.id).join(t, d.tournament_id == t.id)
                    .where(g.id == game_id)).first()
    if row is None:
        raise NotFound(f"There is no game {game_id}.")
    return stage_settings(*row)


GAME_STAGES: Final = ("pool", "playoff")  # the games table's check (ck_games_stage)


def refuse_one_team(home_team_id: int, away_team_id: int) -> None:
    """A game is played between two different teams: a team is not its own
    opponent (the games table's check ``two_teams``, refused here first)."""
    if home_team_id == away_team_id:
        raise ValueError(f"a game is between two different teams: team {home_team_id} "
                         "cannot play itself (pick another team for home or away)")


class Schedule(ServiceBase):
    """Schedule writes."""

    def settings_of(self, division_id: int, stage: str) -> Settings:
        """The settings a new game of ``stage`` in the division plays under
        (Rule 639: playoff games under the playoff settings)."""
        with self.read() as s:
            d = self.existing_row(s, models.Division, division_id)
            return stage_settings(stage, d.tournament.settings, d.settings,
                                  d.tournament.playoff_settings)

    def game_settings(self, game_id: int) -> Settings:
        """The settings game ``game_id`` plays under (:func:`game_settings_in`)."""
        with self.read() as s:
            return game_settings_in(s, game_id)

    def add_game(self, division_id: int, home_team_id: int, away_team_id: int, *,
                 start: datetime | None = None, rink: str | None = None, stage: str = "pool",
                 round_name: str = "") -> int:
        refuse_one_team(home_team_id, away_team_id)
        if stage not in GAME_STAGES:
            raise ValueError(f"a game's stage is pool or playoff, not {stage!r}")
        with self.write() as s:
            self.existing_row(s, models.Division, division_id)
            for team_id in (home_team_id, away_team_id):
                if self.existing_row(s, models.Team, team_id).division_id != division_id:
                    raise ValueError(f"team {team_id} is not in division {division_id}")
            row = models.Game(division_id=division_id, home_team_id=home_team_id,
                              away_team_id=away_team_id, start=start, rink=rink, stage=stage,
                              schedule_order=_next_order(s, division_id), round_name=round_name)
            s.add(row)
            s.flush()
            return row.id

    def generate_round_robin(self, division_id: int, *, start: datetime, slot_minutes: int,
                             rinks: Sequence[str], rounds: int = 1) -> list[int]:
        with self.write() as s:
            teams = s.scalars(select(models.Team.id).where(models.Team.division_id == division_id)
                              .order_by(models.Team.id)).all()
            if len(teams) < 2:
                raise ValueError(f"division {division_id} has {counted(len(teams), 'team')}; "
                                 "a round robin needs two or more")
            planned = schedule.round_robin(list(teams), start=start, slot_minutes=slot_minutes,
                                           rinks=rinks, rounds=rounds,
                                           first_order=_next_order(s, division_id))
            rows = [models.Game(division_id=division_id, home_team_id=p.home_team_id,
                                away_team_id=p.away_team_id, start=p.start, rink=p.rink,
                                stage="pool", schedule_order=p.order) for p in planned]
            s.add_all(rows)
            s.flush()
            return [r.id for r in rows]


def _next_order(s: Session, division_id: int) -> int:
    """The place after the division's last scheduled game."""
    return (s.scalar(select(func.max(models.Game.schedule_order))
                     .where(models.Game.division_id == division_id)) or 0) + 1
