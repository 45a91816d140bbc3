"""Fixtures of the store tests: each test runs on SQLite and on PostgreSQL
(see ``storekit``), on an empty database or one migrated to head.

The migrations run from empty once per session and backend: a migrated
SQLite database is a copy of the session's migrated file, a migrated
PostgreSQL one is the session's migrated schema, emptied after each test
(``storekit.MigratedSchema``), reached through one engine whose connections
the tests reuse. The tests of the migrations themselves run
them on ``empty_engine``.
"""

from __future__ import annotations

import gc
import shutil
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine
from sqlalchemy.orm import Session, sessionmaker
from storekit import BACKENDS, MigratedSchema, new_game, postgres_schema_engine, postgres_url

from rinkside.store.db import make_engine, migrate, session_factory


@pytest.fixture(scope="session")
def sqlite_head(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file migrated to head, made once: each test gets a copy."""
    path = tmp_path_factory.mktemp("head") / "head.sqlite"
    engine = make_engine(f"sqlite:///{path}")
    migrate(engine)
    engine.dispose()  # the last connection closed: the WAL is in the file, and gone
    assert not path.with_name(f"{path.name}-wal").exists()
    return path


@pytest.fixture(scope="session")
def postgres_head() -> Iterator[MigratedSchema]:
    """A PostgreSQL schema migrated to head, made once: each test gets it empty."""
    schema = MigratedSchema(postgres_url())
    yield schema
    schema.close()


@pytest.fixture(params=BACKENDS)
def empty_engine(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Engine]:
    """An engine on an empty database: no tables yet."""
    if request.param == "sqlite":
        engine = make_engine(f"sqlite:///{tmp_path / 'rinkside.sqlite'}")
        yield engine
        engine.dispose()
        return
    with postgres_schema_engine(postgres_url()) as engine:
        yield engine


@pytest.fixture
def engine(empty_engine: Engine, request: pytest.FixtureRequest) -> Iterator[Engine]:
    """An engine on a database migrated to head, that no other test has written to."""
    if empty_engine.dialect.name == "sqlite":
        # The empty engine has not connected yet: its file is made here, migrated.
        assert empty_engine.url.database is not None
        shutil.copyfile(request.getfixturevalue("sqlite_head"), empty_engine.url.database)
        yield empty_engine
        return
    head: MigratedSchema = request.getfixturevalue("postgres_head")
    try:
        yield head.tests_engine()
    finally:
        head.reset()


@pytest.fixture(autouse=True)
def no_connection_left_open(request: pytest.FixtureRequest) -> Iterator[None]:
    """A PostgreSQL test fails when a connection is left open (an engine
    never disposed, a command's store never closed): found by the garbage
    collector right after the test, not in whatever test ran when it came
    by (psycopg's ResourceWarning, an "unraisable exception" in CI). One
    full collection a PostgreSQL test; what an earlier test of another
    folder left is found at the first store test after it."""
    yield
    if "postgresql" not in request.node.name:
        return
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ResourceWarning)
        gc.collect()
    left = [str(w.message) for w in caught if issubclass(w.category, ResourceWarning)]
    assert left == [], (f"connections left open by {request.node.nodeid} or a test before it "
                        f"on this worker: {left}")


@pytest.fixture
def sessions(engine: Engine) -> sessionmaker[Session]:
    return session_factory(engine)


@pytest.fixture
def session(sessions: sessionmaker[Session]) -> Iterator[Session]:
    with sessions() as session:
        yield session


@pytest.fixture
def game_id(session: Session) -> int:
    """A scheduled game with an empty log (version 0), committed."""
    return new_game(session)
