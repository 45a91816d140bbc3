"""Many writes, whole or not at all (``rinkside demo`` builds so).

:func:`all_or_nothing` gives a service whose every write (each its own
``begin()`` in the service's code) is a savepoint inside one transaction of
one connection, committed when the block ends. An error rolls all of it
back, and so does a kill: the store is either as it was or holds everything.

:func:`new_store_file` builds a new SQLite store in a temporary file beside
the one named and moves it into place at the end: a kill leaves no file at
the name at all (so ``make run``'s ``test -f rinkside.sqlite`` builds again).
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, event, make_url
from sqlalchemy.exc import ArgumentError
from sqlalchemy.orm import sessionmaker

from rinkside.services.base import ServiceBase
from rinkside.services.open import open_tournaments
from rinkside.services.tournaments import Tournaments
from rinkside.store.db import database_url, make_engine


def _sqlite_engine(engine: Engine) -> Engine:
    """A new engine on the same SQLite file, able to nest savepoints (SQLite's
    driver opens and ends transactions itself unless told not to: the
    SQLAlchemy recipe is no driver transactions, and our own BEGIN, taking the
    write lock at once so that no other writer slips in between)."""
    sqlite = make_engine(engine.url)

    @event.listens_for(sqlite, "connect")
    def _no_driver_transactions(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None

    @event.listens_for(sqlite, "begin")
    def _begin(connection: Connection) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE")

    return sqlite


@contextmanager
def all_or_nothing(service: ServiceBase) -> Iterator[Tournaments]:
    """A service over the same store whose writes are committed together when
    the block ends without an error, and not at all otherwise."""
    bind = service.bind
    assert isinstance(bind, Engine)
    engine = _sqlite_engine(bind) if bind.dialect.name == "sqlite" else bind
    try:
        with engine.connect() as connection, connection.begin():
            yield Tournaments(sessionmaker(bind=connection, expire_on_commit=False,
                                           join_transaction_mode="create_savepoint"))
    finally:
        if engine is not bind:
            engine.dispose()


def new_sqlite_file(url: str | None) -> Path | None:
    """The file a SQLite URL names (None: the default store) when there is no
    such file yet; None for any other store."""
    try:
        parsed = make_url(database_url() if url is None else url)
    except ArgumentError:
        return None  # not a URL: opening the store says so
    name = parsed.database
    if parsed.get_backend_name() != "sqlite" or not name or name == ":memory:":
        return None
    path = Path(name)
    return None if path.exists() else path


def _files(path: Path) -> list[Path]:
    return [path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")]


@contextmanager
def new_store_file(path: Path) -> Iterator[Tournaments]:
    """A service over a new SQLite store in a temporary file beside ``path``,
    moved to ``path`` when the block ends without an error (never over a file
    that appeared there meanwhile: FileExistsError) and removed otherwise. A
    kill leaves ``path`` absent; the next call removes what it left."""
    building = path.with_name(path.name + ".building")
    for stale in _files(building):
        stale.unlink(missing_ok=True)
    service = open_tournaments(f"sqlite:///{building}")
    engine = service.bind
    assert isinstance(engine, Engine)
    try:
        yield service
        engine.dispose()
        # The write-ahead log folded into the file, so the one file is the store.
        connection = sqlite3.connect(building)
        try:
            connection.execute("PRAGMA journal_mode=DELETE")
        finally:
            connection.close()
        os.link(building, path)  # atomic, and never over a file there
    finally:
        engine.dispose()
        for left in _files(building):
            left.unlink(missing_ok=True)
