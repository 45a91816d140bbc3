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
Each name is imported from its own module (``rinkside.store.db.make_engine``,
``rinkside.store.eventlog.events_of``): the package re-exports nothing.
"""
