"""Discipline across the tournament: every suspension and how much of it is
served (casebook 27; 410(c) across divisions), the director's
supplementary discipline (410(a)), and the Event Directors' decisions on
the cases reported to them (404(h) gross misconduct, 405(b) match penalty).

A decision is kept as a supplementary-discipline row whose reason opens
with :data:`REVIEW_MARK` (``[review 404(h) game 12: 2]``): the store has no
table of its own for it (no migration), and such a row is read back as a
:class:`~rinkside.tournament.suspensions.Review`, not as added games."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Literal

from sqlalchemy import select
from sqlalchemy.orm import Session

from rinkside.services import records as rec
from rinkside.services.base import ServiceBase
from rinkside.store import models as m
from rinkside.tournament import forfeits
from rinkside.tournament import suspensions as tsusp
from rinkside.tournament.model import PlayedGame, ScheduledGame, SupplementaryDiscipline
from rinkside.tournament.suspension_status import Sanction, SuspensionStatus


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
        supplementary, reviews = _supplementary(s, [p.player_id for p in players])
        played_all.sort(key=lambda p: forfeits.schedule_key(p.game))
        return tsusp.status(schedule_all, played_all, players, supplementary, reviews)

    def pending_reviews(self, tournament_id: int) -> list[Sanction]:
        """The cases reported to the Event Directors still awaiting their
        decision (404(h), 405(b))."""
        return tsusp.pending_reviews(self.suspensions(tournament_id))

    def resolve_review(self, player_id: int, game_id: int, rule: str,
                       games: int | Literal["rest_of_tournament"], decision: str, *,
                       by: str = "event directors") -> int:
        """Record the Event Directors' decision on a reported case: 404(h)
        (the games the gross misconduct now carries from that game on, 0 for
        none more) or 405(b) (the match penalty's report; within the
        tournament the player stays disqualified, 405(e))."""
        if rule not in ("404(h)", "405(b)"):
            raise ValueError(f"Rule {rule} reports no case to the Event Directors: 404(h) "
                             "(gross misconduct) or 405(b) (match penalty)")
        if isinstance(games, int) and games < 0:
            raise ValueError(f"{games} is not a number of games (0 or more)")
        with self._sessions.begin() as s:
            self._get(s, m.Player, player_id)
            self._get(s, m.Game, game_id)
            stored = max(games, 1) if isinstance(games, int) else None
            row = m.SupplementaryDiscipline(
                player_id=player_id, games=stored,
                extent=None if isinstance(games, int) else games,
                reason=f"{REVIEW_MARK}{rule} game {game_id}: {games}] {decision}",
                after_game_id=game_id, by=by, at=datetime.now().astimezone())
            s.add(row)
            s.flush()
            return row.id

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


REVIEW_MARK = "[review "
_REVIEW = re.compile(r"\[review (404\(h\)|405\(b\)) game (\d+): (\d+|rest_of_tournament)\] ?(.*)",
                     re.DOTALL)


def _supplementary(s: Session, player_ids: list[int]
                   ) -> tuple[list[SupplementaryDiscipline], list[tsusp.Review]]:
    rows = s.scalars(select(m.SupplementaryDiscipline)
                     .where(m.SupplementaryDiscipline.player_id.in_(player_ids))
                     .order_by(m.SupplementaryDiscipline.id)).all()
    extra: list[SupplementaryDiscipline] = []
    reviews: list[tsusp.Review] = []
    for r in rows:
        found = _REVIEW.fullmatch(r.reason)
        if found is None:
            extra.append(rec.supplementary(r))
            continue
        rule, game, games, words = found.groups()
        reviews.append(tsusp.Review(r.player_id, int(game), rule,
                                    int(games) if games.isdigit() else "rest_of_tournament",
                                    words))
    return extra, reviews
