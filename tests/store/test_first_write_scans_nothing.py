"""Issue 30: a game's first write finds what it reads by index, whatever the
size of the store and of its division: its teams' players (the rosters it
dresses, 203(a)), the other entries of their persons (Rule 410(c): a person
is his key, else his name) and its teams' games (634(e), casebook 27) are
looked up, never every player of the store nor every game of the division
(migration 0034)."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

from sqlalchemy import event
from suspensionkit import at, misconduct, roster

from rinkside.rules.events import FaceOff
from rinkside.services.tournaments import Tournaments
from rinkside.store.db import make_engine, migrate, session_factory


def test_the_first_write_reads_no_table_whole(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'store.sqlite'}")
    migrate(engine)
    service = Tournaments(session_factory(engine))
    tid = service.create_tournament("Index Cup", date(2026, 12, 5))
    u14, u16 = (service.add_division(tid, name) for name in ("14U", "16U"))
    teams = {}
    for did, names in ((u14, "ABC"), (u16, "DE")):
        for name in names:
            teams[name] = service.add_team(did, name)
            service.set_roster(teams[name], roster(name, {"A": 7, "D": 8}.get(name)))
    played = service.add_game(u16, teams["D"], teams["E"])  # Pat Twin's misconduct (410(c))
    service.record(played, 0, misconduct("home", 8), by="scorer")
    game = service.add_game(u14, teams["A"], teams["B"])

    statements: list[tuple[str, Any]] = []

    @event.listens_for(engine, "before_cursor_execute")
    def seen(conn: Any, cursor: Any, statement: str, parameters: Any, context: Any,
             executemany: bool) -> None:
        if statement.lstrip().upper().startswith("SELECT") and not executemany:
            statements.append((statement, parameters))

    service.record(game, 0, [FaceOff(at(1, 12))], by="scorer")
    event.remove(engine, "before_cursor_execute", seen)
    assert any("FROM players" in sql for sql, _ in statements)
    scanned = []
    with engine.connect() as connection:
        for sql, parameters in statements:
            for row in connection.exec_driver_sql(f"EXPLAIN QUERY PLAN {sql}", parameters):
                detail = str(row[-1])
                if detail.startswith("SCAN") and any(
                        f"SCAN {table}" in detail for table in ("players", "teams", "games")):
                    scanned.append((detail, sql))
                if "ix_games_division_id" in detail:  # the division's games, not its teams'
                    scanned.append((detail, sql))
    assert scanned == []
