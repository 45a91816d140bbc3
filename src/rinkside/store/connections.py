"""The connection the event log's statements run on, given a session (as
the services use it) or a connection (a console's hot path), a session's
loaded game kept true after a write that bypassed it, and a transaction that
writes only what can be computed again."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import inspect
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import set_committed_value

from rinkside.store.models import Game


def connection_of(session: Session | Connection) -> Connection:
    """The connection to run statements on: a session's, in its transaction,
    after flushing its pending objects (statements here bypass its autoflush)."""
    if isinstance(session, Session):
        session.flush()
        return session.connection()
    return session


def recomputable_only(session: Session) -> None:
    """The session's transaction writes nothing but what can be computed
    again (the state cache, from the log): on PostgreSQL its commit need not
    wait for the write-ahead log to reach the disk (``synchronous_commit``
    off, for this transaction alone). A crash may lose what it wrote, never
    anything recorded; SQLite is left as it is."""
    connection = session.connection()
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql("SET LOCAL synchronous_commit TO OFF")


@contextmanager
def own_transaction(session: Session | Connection, commit: bool) -> Iterator[Connection]:
    """The connection to write on; with ``commit``, commit at the end or roll
    back on any error."""
    connection = connection_of(session)
    if not commit:
        yield connection
        return
    try:
        yield connection
    except BaseException:
        session.rollback()
        raise
    session.commit()


def sync_identity_map(
    session: Session | Connection, game_id: int, read_version: int, change: int
) -> None:
    """A Game loaded in the session shows the new version and length (or
    reloads them, if it was loaded at another version than the one written)."""
    if not isinstance(session, Session) or not session.identity_map:
        return
    game = session.identity_map.get(session.identity_key(Game, game_id))
    if not isinstance(game, Game):
        return
    loaded = inspect(game).dict
    if loaded.get("version") == read_version and "event_count" in loaded:
        set_committed_value(game, "version", read_version + 1)
        set_committed_value(game, "event_count", loaded["event_count"] + change)
    else:
        session.expire(game, ["version", "event_count"])
