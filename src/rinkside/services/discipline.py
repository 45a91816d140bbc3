"""Discipline across the tournament: every suspension and how much of it is
served (casebook 27; 410(c) across divisions), and the director's
supplementary discipline (410(a))."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from rinkside.services import records as rec
from rinkside.services.base import ServiceBase
from rinkside.store import models as m
from rinkside.tournament import forfeits
from rinkside.tournament import suspensions as tsusp
from rinkside.tournament.model import PlayedGame, ScheduledGame, SupplementaryDiscipline
from rinkside.tournament.suspension_status import SuspensionStatus


class Discipline(ServiceBase):
    """Suspensions and supplementary discipline."""

    def suspensions(self, tournament_id: int) -> dict[int, SuspensionStatus]:
        """Every suspension of the tournament and how much of it is served
        (casebook 27; 410(c) across divisions)."""
        with self._sessions.begin() as s:
            return self._suspension_status(s, self._get(s, m.Tournament, tournament_id))

    def _suspension_status(self, s: Session, t: m.Tournament
                           ) -> dict[int, SuspensionStatus]:
        schedule_all: list[ScheduledGame] = []
        played_all: list[PlayedGame] = []
        team_ids: list[int] = []
        for division in t.divisions:
            view = self._division_view(s, division.id)
            schedule_all += view.schedule
            played_all += view.played
            team_ids += [team.id for team in view.teams]
        players = rec.players_of(s, team_ids)
        supplementary = _supplementary(s, [p.player_id for p in players])
        played_all.sort(key=lambda p: forfeits.schedule_key(p.game))
        return tsusp.status(schedule_all, played_all, players, supplementary)

    def add_supplementary(self, player_id: int, games: int | str, reason: str, *,
                          after_game_id: int | None = None, by: str = "tournament director"
                          ) -> int:
        """Rule 410(a): discipline added by the director after a game."""
        with self._sessions.begin() as s:
            self._get(s, m.Player, player_id)
            row = m.SupplementaryDiscipline(
                player_id=player_id, games=games if isinstance(games, int) else None,
                extent=None if isinstance(games, int) else games, reason=reason,
                after_game_id=after_game_id, by=by, at=datetime.now().astimezone())
            s.add(row)
            s.flush()
            return row.id


def _supplementary(s: Session, player_ids: list[int]) -> list[SupplementaryDiscipline]:
    rows = s.scalars(select(m.SupplementaryDiscipline)
                     .where(m.SupplementaryDiscipline.player_id.in_(player_ids))).all()
    return [rec.supplementary(r) for r in rows]
