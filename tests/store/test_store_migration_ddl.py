"""The migrations are history: each revision sends the database, to the byte,
the SQL it sent when it was written, up and down, on SQLite and PostgreSQL.

Every statement a revision executes on an empty database (its DDL, the
reads and writes of the migrations that rewrite data, SQLite's batch-mode
reflection, Alembic's own bookkeeping) is recorded, upgrading from base to
head one revision at a time and then downgrading back one at a time, and
compared with ``fixtures/migration_sql/<backend>.sql``. The statements are
recorded on live databases rather than with Alembic's ``--sql`` (offline)
mode because that mode can run neither the revisions that read rows
(0007, 0012, 0014, 0015, 0016, 0022) nor SQLite's batch copies.

A helper of ``rinkside/store/migrations/ddl.py`` changed, or a past version
edited, fails here with the revision it rewrote. A new revision has no
section yet: run this file once with ``RINKSIDE_MIGRATION_SQL=write`` to add
it, and read the diff of the snapshot (only the new sections may appear).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, event

from rinkside.store.db import alembic_config, downgrade, migrate

SNAPSHOTS = Path(__file__).parent / "fixtures" / "migration_sql"
WRITE_VARIABLE = "RINKSIDE_MIGRATION_SQL"
SECTION = re.compile(r"^-- (upgrade|downgrade) (\S+)$", re.MULTILINE)
# How SQLAlchemy's inspector reads a table (SQLite's batch mode reflects the table
# it copies, and the tables its foreign keys name, in no fixed order): not sent by
# the migration, so not recorded.
REFLECTION = re.compile(r"^(PRAGMA (main|temp)\.|SELECT sql FROM .*sqlite_master|"
                        r"SELECT pg_catalog\.)")
BATCH_COPY = "CREATE TABLE _alembic_tmp_"
CONSTRAINTS = ("CONSTRAINT", "UNIQUE", "FOREIGN KEY", "CHECK", "PRIMARY KEY")


def _canonical(statement: str) -> str:
    """``statement`` as recorded: a batch copy's constraints sorted.

    SQLite's batch mode writes the copy's constraints in the order of a set,
    which changes from run to run; its columns keep their order.
    """
    if not statement.lstrip().startswith(BATCH_COPY):
        return statement
    start, end = statement.index("(\n") + 2, statement.rindex("\n)")
    rows = statement[start:end].split(", \n")
    columns = [row for row in rows if not row.lstrip().startswith(CONSTRAINTS)]
    constraints = sorted(row for row in rows if row.lstrip().startswith(CONSTRAINTS))
    return statement[:start] + ", \n".join(columns + constraints) + statement[end:]


def _plain(parameters: Any) -> Any:
    """``parameters`` as plain dicts, tuples and lists, whatever types the
    driver was handed them in (a list: executemany's rows)."""
    if isinstance(parameters, Mapping):
        return dict(parameters)
    if isinstance(parameters, list):
        return [_plain(row) for row in parameters]
    return tuple(parameters)


def _parameters(parameters: Any) -> str:
    """A statement's parameters as a line; none, no line."""
    return f"-- parameters: {_plain(parameters)!r}\n" if parameters else ""


def _revisions(engine: Engine) -> list[tuple[str, str]]:
    """Each revision and the one before it (``base`` for the first), oldest first."""
    scripts = ScriptDirectory.from_config(alembic_config(engine))
    return [(script.revision, str(script.down_revision or "base"))
            for script in reversed(list(scripts.walk_revisions()))]


@contextmanager
def _recording(engine: Engine) -> Iterator[list[str]]:
    """The statements ``engine`` executes in the block, with their parameters."""
    statements: list[str] = []

    def record(_connection: object, _cursor: object, statement: str, parameters: Any,
               _context: object, _executemany: bool) -> None:
        if not REFLECTION.match(statement):
            statements.append(f"{_canonical(statement)}\n{_parameters(parameters)}")

    event.listen(engine, "before_cursor_execute", record)
    try:
        yield statements
    finally:
        event.remove(engine, "before_cursor_execute", record)


def _emitted(engine: Engine) -> dict[str, str]:
    """Every revision's statements, keyed ``upgrade 0001`` ... ``downgrade 0001``."""
    sections: dict[str, str] = {}
    revisions = _revisions(engine)
    steps = [("upgrade", revision, revision) for revision, _ in revisions]
    steps += [("downgrade", revision, before) for revision, before in reversed(revisions)]
    for direction, revision, target in steps:
        with _recording(engine) as statements:
            (migrate if direction == "upgrade" else downgrade)(engine, target)
        sections[f"{direction} {revision}"] = "".join(statements)
    return sections


def _text(sections: dict[str, str]) -> str:
    return "".join(f"-- {key}\n{statements}" for key, statements in sections.items())


def _sections(text: str) -> dict[str, str]:
    parts = SECTION.split(text)
    return {f"{direction} {revision}": body.removeprefix("\n")
            for direction, revision, body in zip(parts[1::3], parts[2::3], parts[3::3],
                                                 strict=True)}


def test_every_revision_sends_the_sql_it_always_sent(empty_engine: Engine) -> None:
    snapshot = SNAPSHOTS / f"{empty_engine.dialect.name}.sql"
    emitted = _emitted(empty_engine)
    if os.environ.get(WRITE_VARIABLE) == "write":
        snapshot.parent.mkdir(parents=True, exist_ok=True)
        snapshot.write_text(_text(emitted), encoding="utf-8")
    recorded = _sections(snapshot.read_text(encoding="utf-8"))
    new = [key for key in emitted if key not in recorded]
    assert not new, (f"{new} have no recorded SQL in {snapshot.name}: run this test with "
                     f"{WRITE_VARIABLE}=write once, and check that only these sections appear")
    rewritten = [key for key in emitted if emitted[key] != recorded[key]]
    if rewritten:  # the first one's difference shown
        assert emitted[rewritten[0]] == recorded[rewritten[0]], (
            f"past migrations now send other SQL: {rewritten}")
    assert list(emitted) == list(recorded), "a recorded revision is gone from the history"


def test_the_snapshot_reads_back_as_written() -> None:
    sections = {"upgrade 0001": "CREATE TABLE a (id INTEGER)\n",
                "upgrade 0002": "",
                "downgrade 0001": "SELECT 1 FROM a WHERE id = ?\n-- parameters: (1,)\n"}
    assert _sections(_text(sections)) == sections


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_the_snapshot_holds_the_triggers_ddl(backend: str) -> None:
    """0003 made the append-only trigger, 0022 remade it: DDL is what is recorded."""
    recorded = _sections((SNAPSHOTS / f"{backend}.sql").read_text(encoding="utf-8"))
    for key in ("upgrade 0003", "upgrade 0022", "downgrade 0022", "downgrade 0003"):
        assert "event_revisions_advance_game" in recorded[key], key
