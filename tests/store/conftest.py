"""Fixtures of the store tests: each test runs on SQLite and on PostgreSQL
(see ``storekit``), on an empty database or one migrated to head."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine
from sqlalchemy.orm import Session, sessionmaker
from storekit import BACKENDS, new_game, postgres_schema_engine, postgres_url

from rinkside.store.db import make_engine, migrate, session_factory


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
def engine(empty_engine: Engine) -> Engine:
    """An engine on a database migrated to head."""
    migrate(empty_engine)
    return empty_engine


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
