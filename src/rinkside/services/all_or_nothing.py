"""Many writes as one transaction: :func:`all_or_nothing` gives a service
whose every write (each its own ``begin()`` in the service's code) is a
savepoint inside one transaction of one connection, committed when the block
ends. An error rolls all of it back, and so does a kill: the store is either
as it was or holds everything (``rinkside demo`` builds so)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Connection, Engine, event
from sqlalchemy.orm import sessionmaker

from rinkside.services.tournaments import Tournaments
from rinkside.store import make_engine


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
def all_or_nothing(service: Tournaments) -> Iterator[Tournaments]:
    """A service over the same store whose writes are committed together when
    the block ends without an error, and not at all otherwise."""
    bind = service._sessions.kw["bind"]
    assert isinstance(bind, Engine)
    engine = _sqlite_engine(bind) if bind.dialect.name == "sqlite" else bind
    try:
        with engine.connect() as connection, connection.begin():
            yield Tournaments(sessionmaker(bind=connection, expire_on_commit=False,
                                           join_transaction_mode="create_savepoint"))
    finally:
        if engine is not bind:
            engine.dispose()
