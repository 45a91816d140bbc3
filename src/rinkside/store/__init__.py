"""The tournament store: SQLAlchemy 2 tables made by Alembic migrations,
SQLite by default and PostgreSQL by URL.

- :mod:`~rinkside.store.db`: the database URL, engines, sessions, migrations;
- :mod:`~rinkside.store.models`: the tables;
- :mod:`~rinkside.store.eventlog`: each game's append-only event log, its
  versions (a stale write is refused) and its corrections as revisions;
- :mod:`~rinkside.store.codec`: the store's own versioned form of an engine
  event (integer tenths, period index: no settings needed to read it);
- :mod:`~rinkside.store.revisions`: revisions replayed into the log (pure);
- :mod:`~rinkside.store.errors`: why a write was refused;
- :mod:`~rinkside.store.types`: UTC moments and JSON columns on both databases.

The store keeps what was recorded; it holds no rules and no computed state.
"""

from rinkside.store.db import (
    DatabaseURLError,
    alembic_config,
    database_url,
    downgrade,
    make_engine,
    migrate,
    session_factory,
)
from rinkside.store.eventlog import (
    EventLogError,
    LogCorrupted,
    LoggedEvent,
    NoSuchPosition,
    RevisionInfo,
    StaleWrite,
    StoredLog,
    UnknownGame,
    append,
    correct,
    events_of,
    history,
    load,
    logs_of,
)

__all__ = [
    "DatabaseURLError",
    "EventLogError",
    "LogCorrupted",
    "LoggedEvent",
    "NoSuchPosition",
    "RevisionInfo",
    "StaleWrite",
    "StoredLog",
    "UnknownGame",
    "alembic_config",
    "append",
    "correct",
    "database_url",
    "downgrade",
    "events_of",
    "history",
    "load",
    "logs_of",
    "make_engine",
    "migrate",
    "session_factory",
]
