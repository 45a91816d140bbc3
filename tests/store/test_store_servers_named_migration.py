"""0015: the tournaments stored before the setting ``servers_named`` (402(c),
404(b), 404(e), 405(a), 407(a)) keep playing without it, so the games they
stored with nobody named to serve such a penalty still replay; a tournament
made after it has the setting on; the downgrade takes the key out again."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import Engine, text
from sqlalchemy.orm import Session
from storekit import new_game

from rinkside.store.db import downgrade, migrate
from rinkside.tournament.stage_settings import pool_settings


def _settings(engine: Engine, table: str) -> list[dict[str, Any]]:
    with engine.connect() as c:
        rows = c.execute(text(f"SELECT settings FROM {table} ORDER BY id")).scalars().all()
    return [json.loads(r) if isinstance(r, str) else r for r in rows]


def test_the_tournaments_already_stored_keep_playing_without_it(engine: Engine) -> None:
    with Session(engine) as s:
        new_game(s)
    downgrade(engine, "0014")
    migrate(engine)
    [stored] = _settings(engine, "tournaments")
    assert stored == {"minor": "1:30", "servers_named": False}
    assert pool_settings(stored, None).servers_named is False
    assert pool_settings({"minor": "1:30"}, None).servers_named is True  # one made now


def test_the_downgrade_takes_the_key_out_of_every_settings_document(engine: Engine) -> None:
    with Session(engine) as s:
        game = new_game(s)
    with engine.begin() as c:
        c.execute(text("UPDATE games SET settings = :s WHERE id = :g"),
                  {"s": json.dumps({"minor": "1:30", "servers_named": True}), "g": game})
        c.execute(text("UPDATE divisions SET settings = :s"),
                  {"s": json.dumps({"servers_named": True})})
    downgrade(engine, "0014")
    assert _settings(engine, "tournaments") == [{"minor": "1:30"}]
    assert _settings(engine, "divisions") == [{}]
    assert _settings(engine, "games") == [{"minor": "1:30"}]
    migrate(engine)
