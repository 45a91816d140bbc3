"""Games stored as an older schema stored them: rows inserted with the
columns that schema had (the models may have more since), for the payload
migrations' tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.orm import Session

from rinkside.store.models import Division, EventRevision, Game, Team, Tournament

WHEN = datetime(2026, 11, 30, 18, 0, tzinfo=UTC)


def old_payloads(session: Session, game_id: int) -> list[tuple[Any, Any]]:
    rows = session.execute(select(EventRevision.payload, EventRevision.previous)
                           .where(EventRevision.game_id == game_id)
                           .order_by(EventRevision.revision)).all()
    return [(row[0], row[1]) for row in rows]


def game_at_0006(session: Session, number: int, settings: dict[str, Any],
                  raws: list[dict[str, Any]]) -> int:
    """A game whose log is ``raws`` as 0006 stored it (FORMAT.md), with a
    replace of its first event and an insert and delete at its end."""
    # Core inserts naming the columns 0006 had: the models may have more since.
    def add(table: Any, **values: Any) -> int:
        return int(session.execute(insert(table).values(**values)
                                   .returning(table.id)).scalar_one())

    tournament = add(Tournament, name=f"Old Cup {number}", settings=settings,
                     tiebreaks=["head_to_head", "coin_toss"], started=False)
    division = add(Division, tournament_id=tournament, name="Gold", settings={},
                   player_coaches_allowed=False)
    home, away = (add(Team, division_id=division, name=name) for name in ("A", "B"))
    game_id = add(Game, division_id=division, home_team_id=home, away_team_id=away,
                  schedule_order=1, stage="pool", round_name="", version=0, event_count=0)
    rows = [{"op": "append", "position": i, "payload": raw, "previous": None}
            for i, raw in enumerate(raws)]
    rows += [{"op": "replace", "position": 0, "payload": raws[0], "previous": raws[0]},
             {"op": "insert", "position": len(raws), "payload": raws[-1], "previous": None},
             {"op": "delete", "position": len(raws), "payload": None, "previous": raws[-1]}]
    for revision, row in enumerate(rows, start=1):
        session.execute(insert(EventRevision).values(
            game_id=game_id, revision=revision, by="old console",
            at=WHEN + timedelta(seconds=revision), reason="" if row["op"] == "append" else "r",
            **row))
    session.commit()
    return game_id
