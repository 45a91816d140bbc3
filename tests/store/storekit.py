"""Databases and games for the store tests.

Every store test runs on SQLite (a file in the test's tmp dir) and on
PostgreSQL when ``RINKSIDE_TEST_POSTGRES_URL`` names a server (``.ci/run``
and ``make postgres`` start one with ``scripts/postgres-up.sh``). A test of
an empty database gets a new schema of its own, dropped after; a test of a
migrated one gets the session's :class:`MigratedSchema`, emptied after it.
Without the variable the PostgreSQL variants are skipped, except under CI
(``CI=true``), where a missing server is a failure: CI promises both.
"""

from __future__ import annotations

import os
import tempfile
import uuid
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any, Final

import pytest
from sqlalchemy import Engine, MetaData, event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session

from rinkside.services.tournaments import Tournaments
from rinkside.store.db import make_engine, migrate
from rinkside.store.models import Division, Game, Team, Tournament

POSTGRES_URL_VARIABLE: Final = "RINKSIDE_TEST_POSTGRES_URL"
BACKENDS: Final = ("sqlite", "postgresql")

# A realistic stretch of a game in FORMAT.md's form, as encode_event writes it.
EVENTS: Final[tuple[dict[str, Any], ...]] = (
    {"type": "faceoff", "at": "1 12:00", "spot": "center"},
    {"type": "penalty_signal", "at": "1 10:41", "team": "away", "player": 7,
     "class": "minor", "infraction": "hooking", "rule": "623"},
    {"type": "stoppage", "at": "1 10:30", "reason": "delayed penalty"},
    {"type": "penalty", "at": "1 10:30", "team": "away", "player": 7,
     "class": "minor", "infraction": "hooking", "rule": "623"},
    {"type": "faceoff", "at": "1 10:30"},
    {"type": "goal", "at": "1 9:02", "team": "home", "scorer": 11, "assist": 4},
    {"type": "faceoff", "at": "1 9:02", "spot": "center"},
    {"type": "goalie", "at": "1 1:10", "team": "away", "in": None},
)
GOAL: Final[dict[str, Any]] = {"type": "goal", "at": "1 9:02", "team": "home", "scorer": 11,
                               "assist": 4}
WHEN: Final = datetime(2025, 3, 8, 14, 30, tzinfo=UTC)


def in_ci(environ: Mapping[str, str] | None = None) -> bool:
    env = os.environ if environ is None else environ
    return env.get("CI", "").strip().lower() in {"1", "true", "yes"}


def postgres_url(environ: Mapping[str, str] | None = None) -> str:
    """The test server's URL; skips the test without one, fails it under CI."""
    env = os.environ if environ is None else environ
    url = env.get(POSTGRES_URL_VARIABLE, "").strip()
    if url:
        return url
    if in_ci(env):
        pytest.fail(
            f"CI=true but {POSTGRES_URL_VARIABLE} is not set: the store must be tested on "
            "PostgreSQL in CI (.ci/run starts it with scripts/postgres-up.sh)",
            pytrace=False,
        )
    pytest.skip(
        f"PostgreSQL not tested: set {POSTGRES_URL_VARIABLE} (e.g. "
        f'export {POSTGRES_URL_VARIABLE}="$(scripts/postgres-up.sh)")'
    )


def schema_url(url: str, schema: str) -> URL:
    """``url`` with its connections working in ``schema`` (their ``search_path``)."""
    return make_url(url).update_query_dict({"options": f"-csearch_path={schema}"})


def _create_schema(admin: Engine, schema: str) -> None:
    """``CREATE SCHEMA``; fails the test when the server is out of reach."""
    try:
        with admin.begin() as connection:
            connection.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
    except OperationalError as exc:
        shown = admin.url.render_as_string(hide_password=True)
        pytest.fail(f"cannot reach PostgreSQL at {shown}: {exc.orig}", pytrace=False)


def _new_schema_name() -> str:
    return f"rinkside_test_{uuid.uuid4().hex[:16]}"


@contextmanager
def postgres_schema_engine(url: str) -> Iterator[Engine]:
    """An engine whose connections work in a new, empty schema (dropped after).

    The schema is made when the engine first connects: a test that never
    connects costs the server nothing.
    """
    schema = _new_schema_name()
    admin = make_engine(url)
    made: list[str] = []

    def make_schema(*_: object) -> None:
        if not made:
            _create_schema(admin, schema)
            made.append(schema)

    engine = make_engine(schema_url(url, schema))
    event.listen(engine, "do_connect", make_schema)
    try:
        yield engine
    finally:
        engine.dispose()
        if made:
            with admin.begin() as connection:
                connection.exec_driver_sql(f'DROP SCHEMA "{schema}" CASCADE')
        admin.dispose()


# Every relation, column, default, constraint, index, trigger and function of the
# current schema, and its Alembic revision: equal fingerprints, equal schemas.
_FINGERPRINT: Final = """
SELECT md5(coalesce(string_agg(item, E'\\n' ORDER BY item), '')) FROM (
    SELECT 'rel ' || c.relname || ' ' || c.relkind::text AS item
      FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace
    UNION ALL
    SELECT 'col ' || c.relname || '.' || a.attname || ' '
           || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull::text || ' '
           || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
     WHERE c.relnamespace = current_schema()::regnamespace
       AND a.attnum > 0 AND NOT a.attisdropped
    UNION ALL
    SELECT 'con ' || conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
      FROM pg_constraint WHERE connamespace = current_schema()::regnamespace
    UNION ALL
    SELECT 'idx ' || indexdef FROM pg_indexes WHERE schemaname = current_schema()
    UNION ALL
    SELECT 'trg ' || pg_get_triggerdef(t.oid)
      FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
     WHERE c.relnamespace = current_schema()::regnamespace AND NOT t.tgisinternal
    UNION ALL
    SELECT 'fun ' || p.oid::regprocedure::text || ' ' || md5(p.prosrc)
      FROM pg_proc p WHERE p.pronamespace = current_schema()::regnamespace
) AS catalog
"""


class MigratedSchema:
    """One PostgreSQL schema migrated to head once per test session (per
    xdist worker), handed to each test empty.

    The role the tests log in as may not create databases (no
    ``CREATE DATABASE ... TEMPLATE``), and copying a schema is its DDL over
    again, which costs the server as much as the migrations themselves. So
    the schema is kept: after each test every row is deleted and every
    sequence starts at 1 again, which is the migrated schema as it was made.
    A test that changed the schema itself (a downgrade left behind, a table
    made) is caught by the catalog's fingerprint, and the schema is made
    again from empty by the migrations.
    """

    def __init__(self, url: str) -> None:
        self._url = url
        self._admin = make_engine(url)
        self._build()

    def _build(self) -> None:
        self.schema = _new_schema_name()
        _create_schema(self._admin, self.schema)
        self._keeper = self.engine()
        self._tests: Engine | None = None
        try:
            self._learn()
        except BaseException:
            self._drop()
            raise

    def _learn(self) -> None:
        """Migrate the new schema; note its fingerprint and how to empty it."""
        migrate(self._keeper)
        tables = MetaData()
        with self._keeper.connect() as connection:
            tables.reflect(connection)
            self._fingerprint = connection.exec_driver_sql(_FINGERPRINT).scalar()
            sequences = list(connection.exec_driver_sql(
                "SELECT sequence_name FROM information_schema.sequences "
                "WHERE sequence_schema = current_schema() ORDER BY sequence_name").scalars())
        # Children before parents, so that no foreign key refuses a delete.
        deletes = [f'DELETE FROM "{table.name}"' for table in reversed(tables.sorted_tables)
                   if table.name != "alembic_version"]
        restarts = [f"SELECT setval('\"{name}\"', 1, false)" for name in sequences]
        self._empty = ";\n".join(["SET LOCAL lock_timeout = '10s'", *deletes, *restarts])

    def engine(self) -> Engine:
        """A new engine on the schema (the caller disposes of it)."""
        return make_engine(schema_url(self._url, self.schema))

    def tests_engine(self) -> Engine:
        """The engine the tests share on the schema: its pooled connections
        are reused from test to test (a connection to PostgreSQL costs more
        than most tests), each handed back idle, its transaction ended."""
        if self._tests is None:
            self._tests = self.engine()
        return self._tests

    def reset(self) -> None:
        """The schema as the migrations made it: empty, each sequence at 1;
        made again when a test changed more than rows (or left it so that
        it cannot be emptied: that test then fails in its teardown)."""
        try:
            with self._keeper.begin() as connection:
                same = connection.exec_driver_sql(_FINGERPRINT).scalar() == self._fingerprint
                if same:
                    connection.exec_driver_sql(self._empty)
        except Exception:
            self._drop()
            self._build()
            raise
        if not same:
            self._drop()
            self._build()

    def _drop(self) -> None:
        if self._tests is not None:
            self._tests.dispose()
        self._keeper.dispose()
        with self._admin.begin() as connection:
            connection.exec_driver_sql(f'DROP SCHEMA "{self.schema}" CASCADE')

    def close(self) -> None:
        self._drop()
        self._admin.dispose()


def new_game(session: Session, *, suffix: str = "") -> int:
    """A tournament, a division, two teams and one pool game between them; committed."""
    tournament = Tournament(name=f"Spring Classic{suffix}", settings={"minor": "1:30"},
                            tiebreaks=["head_to_head", "goal_difference", "coin_toss"])
    division = Division(tournament=tournament, name="Bronze")
    home = Team(division=division, name="Ice Cats")
    away = Team(division=division, name="Rink Rats")
    game = Game(division=division, stage="pool", home_team=home, away_team=away, start=WHEN,
                rink="Rink 1", schedule_order=1)
    session.add(game)
    session.commit()
    return game.id


def two_team_game(service: Tournaments, name: str, *, settings: dict[str, Any] | None = None,
                  skaters: int = 7, start: datetime | None = None, rink: str | None = None
                  ) -> tuple[int, list[int]]:
    """A tournament ``name``, one division, the Blades and the Storm, each a
    goaltender (#1) and ``skaters`` skaters from #2 (the captain), and one
    game between them; the game and the two teams."""
    tournament = service.create_tournament(name, date(2026, 12, 5), settings or {})
    division = service.add_division(tournament, "Division 1")
    teams = [service.add_team(division, team) for team in ("Blades", "Storm")]
    for team in teams:
        service.set_roster(team, [{"number": 1, "name": f"{team} Goalie", "goalie": True}]
                           + [{"number": n, "name": f"{team} Skater {n}",
                              "captain": "C" if n == 2 else None}
                              for n in range(2, 2 + skaters)])
    return service.add_game(division, *teams, start=start, rink=rink), teams


@contextmanager
def statements(engine: Engine) -> Iterator[list[str]]:
    """Every statement sent to the database meanwhile."""
    sent: list[str] = []

    def seen(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        sent.append(statement)

    event.listen(engine, "before_cursor_execute", seen)
    try:
        yield sent
    finally:
        event.remove(engine, "before_cursor_execute", seen)


@contextmanager
def round_trips(engine: Engine) -> Iterator[list[int]]:
    """The round trips made meanwhile on the engine's PostgreSQL connections,
    counted from libpq's trace (a message from the server after one from the
    client is one round trip) into the list when the block ends; left empty
    on SQLite, which has none."""
    from psycopg import pq

    counted: list[int] = []
    if engine.dialect.name != "postgresql":
        yield counted
        return
    fd, name = tempfile.mkstemp(prefix="rinkside-trace-")
    traced: list[pq.abc.PGconn] = []

    def trace(dbapi_connection: Any, *_: Any) -> None:
        pgconn: pq.abc.PGconn = dbapi_connection.pgconn
        pgconn.trace(fd)
        pgconn.set_trace_flags(pq.Trace.SUPPRESS_TIMESTAMPS)
        traced.append(pgconn)

    event.listen(engine, "checkout", trace)
    try:
        yield counted
    finally:
        event.remove(engine, "checkout", trace)
        for pgconn in traced:
            pgconn.untrace()
        os.close(fd)
        trips, last = 0, ""
        for line in Path(name).read_text().splitlines():
            side = line.split("\t", 1)[0]
            trips += side == "B" and last == "F"
            last = side if side in ("F", "B") else last
        os.unlink(name)
        counted.append(trips)
