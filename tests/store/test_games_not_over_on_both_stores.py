"""Issue 30: the tournament page's games not over are found in the index on
the stored states' status (migration 0036), on SQLite and PostgreSQL alike:
a game finished at its log's version by this engine is not among them; one
in play, one whose state is of an older version and one whose state another
engine stored are."""

from __future__ import annotations

from datetime import UTC, date, datetime

from inplaykit import begun, four_teams, played
from sqlalchemy import update
from sqlalchemy.orm import Session, sessionmaker

from rinkside.services import queries
from rinkside.services.tournaments import Tournaments
from rinkside.store import models


def test_the_games_not_over_by_their_stored_status(sessions: sessionmaker[Session]) -> None:
    service = Tournaments(sessions)
    tid, ids = four_teams(service, "Status Cup", date(2026, 12, 5),
                          datetime(2026, 12, 5, 8, tzinfo=UTC))
    played(service, ids[:4], seed=34)
    begun(service, ids[4])
    assert [g.game_id for g in queries.begun_not_over(service, tid)] == [ids[4]]
    with service.write() as s:
        s.execute(update(models.GameStateCache).where(models.GameStateCache.game_id == ids[0])
                  .values(version=models.GameStateCache.version - 1))
        s.execute(update(models.GameStateCache).where(models.GameStateCache.game_id == ids[1])
                  .values(engine="an older engine"))
    assert [g.game_id for g in queries.begun_not_over(service, tid)] == [ids[0], ids[1], ids[4]]
