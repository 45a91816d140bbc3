"""Issue 30, migration 0040: what a console's write and the desk's webhooks
page read is found by index, whatever the size of the store: whether a
live webhook listens to the game's tournament (every write asks; it read
every webhook), each hook's latest deliveries (the outbox, a row an event a
hook, was read whole); and the finished games' states, the one reader of
the states' index, found in the index alone, which holds theirs alone: a
write of a game in play leaves it alone."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, event, text
from sqlalchemy.orm import Session, sessionmaker
from suspensionkit import at, roster

from rinkside.rules.events import FaceOff, Stoppage
from rinkside.services import desk_api, queries
from rinkside.services.tournaments import Tournaments
from rinkside.services.webhooks import EVENTS
from rinkside.store import webhook_key
from rinkside.store.db import make_engine, migrate, session_factory

STATES_INDEX = "ix_game_states_status_engine_game_id_version"


def _statements(engine: Engine, run: Any) -> list[tuple[str, Any]]:
    """The statements ``run()`` sends (one run each), in order."""
    seen: list[tuple[str, Any]] = []

    def heard(_c: Any, _cursor: Any, statement: str, parameters: Any, _x: Any, many: bool) -> None:
        if not many:
            seen.append((statement, parameters))

    event.listen(engine, "before_cursor_execute", heard)
    try:
        run()
    finally:
        event.remove(engine, "before_cursor_execute", heard)
    return seen


def _plans(engine: Engine, statements: list[tuple[str, Any]]) -> list[str]:
    """SQLite's plan of each statement, its steps on one line."""
    with engine.connect() as connection:
        return [
            " ; ".join(
                str(row[-1])
                for row in connection.exec_driver_sql(f"EXPLAIN QUERY PLAN {sql}", parameters)
            )
            for sql, parameters in statements
        ]


def _scans(engine: Engine, plans: list[str]) -> list[str]:
    """The steps that read a stored table whole."""
    with engine.connect() as connection:
        tables = set(
            connection.exec_driver_sql(
                "SELECT name FROM sqlite_master WHERE type = 'table'"
            ).scalars()
        )
    return [
        step
        for plan in plans
        for step in plan.split(" ; ")
        if step.startswith("SCAN ") and step.split()[1] in tables
    ]


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Engine, Tournaments, int, int]:
    """A SQLite store with a tournament that a webhook listens to and a
    begun game: the engine, the service, the tournament and the game."""
    monkeypatch.delenv(webhook_key.KEY_VARIABLE, raising=False)
    monkeypatch.setenv(webhook_key.KEYS_DIR_VARIABLE, str(tmp_path / "keys"))
    engine = make_engine(f"sqlite:///{tmp_path / 'store.sqlite'}")
    migrate(engine)
    service = Tournaments(session_factory(engine))
    tid = service.create_tournament("Index Cup", date(2026, 12, 5))
    division = service.add_division(tid, "14U")
    home, away = (service.add_team(division, name) for name in ("A", "B"))
    for team, name in ((home, "A"), (away, "B")):
        service.set_roster(team, roster(name))
    desk_api.register(service, tid, "http://receiver.example/hook", list(EVENTS), by="dora")
    game = service.add_game(division, home, away)
    service.record(game, 0, [FaceOff(at(1, 12))], by="scorer")
    return engine, service, tid, game


def test_a_console_write_reads_no_table_whole(
    store: tuple[Engine, Tournaments, int, int],
) -> None:
    engine, service, _, game = store
    read = _statements(engine, lambda: service.record(game, 1, [Stoppage(at(1, 11))], by="scorer"))
    plans = _plans(engine, [(sql, p) for sql, p in read if "webhooks" in sql])
    assert plans  # the write asks whether a webhook listens
    assert "ix_webhooks_tournament_id_removed_at" in " ".join(plans)
    assert _scans(engine, _plans(engine, read)) == []


def test_the_webhooks_page_reads_each_hooks_deliveries_by_its_key(
    store: tuple[Engine, Tournaments, int, int],
) -> None:
    engine, service, tid, _ = store
    read = _statements(engine, lambda: desk_api.webhooks(service, tid))
    plans = _plans(engine, read)
    assert any("webhook_deliveries" in plan for plan in plans)
    assert _scans(engine, plans) == []


def test_the_games_in_play_are_found_from_the_states_index_alone(
    store: tuple[Engine, Tournaments, int, int],
) -> None:
    engine, service, tid, game = store
    read = _statements(engine, lambda: queries.begun_not_over(service, tid))
    assert [g.game_id for g in queries.begun_not_over(service, tid)] == [game]
    assert f"USING COVERING INDEX {STATES_INDEX}" in " ".join(_plans(engine, read))


def test_the_states_index_holds_the_finished_games_alone(
    sessions: sessionmaker[Session],
) -> None:
    """Both stores: the index is partial, so a state written for a game in
    play (its version, most often its status, moved) has no entry to move."""
    with sessions() as s:
        if s.get_bind().dialect.name == "sqlite":
            made = s.scalar(
                text("SELECT sql FROM sqlite_master WHERE name = :name"), {"name": STATES_INDEX}
            )
            assert made is not None and made.endswith("WHERE status = 'final'")
        else:
            made = s.scalar(
                text(
                    "SELECT indexdef FROM pg_indexes WHERE indexname = :name "
                    "AND schemaname = current_schema()"
                ),
                {"name": STATES_INDEX},
            )
            assert made is not None and made.endswith("WHERE ((status)::text = 'final'::text)")
