"""Alembic's entry point for the store's migrations.

:func:`rinkside.store.db.alembic_config` puts the engine to migrate in
``config.attributes["engine"]``; without one (the ``alembic`` command run by
hand with a config naming this folder) the engine is made from
``sqlalchemy.url`` or ``RINKSIDE_DATABASE_URL``.

All migrations run in one transaction on both databases. PostgreSQL has
transactional DDL; Python's sqlite3 begins transactions only before
INSERT/UPDATE/DELETE, so on SQLite an explicit ``BEGIN IMMEDIATE`` is
issued first, and a migration that fails leaves no half-made schema.

SQLite alters a table by copying it (batch mode): dropping the old copy
would cascade to every row that refers to it (``ON DELETE CASCADE``: a
laptop's officials would lose their credentials when ``users`` is copied).
So foreign keys are off while migrations run, as SQLite's own procedure
for altering tables says, and ``PRAGMA foreign_key_check`` must find
nothing dangling before the commit.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, Engine

from rinkside.store.db import database_url, make_engine
from rinkside.store.models import Base

config = context.config
target_metadata = Base.metadata


def _engine() -> Engine:
    engine = config.attributes.get("engine")
    if isinstance(engine, Engine):
        return engine
    return make_engine(config.get_main_option("sqlalchemy.url") or database_url())


def run_migrations_offline() -> None:
    """``alembic upgrade --sql``: write the SQL instead of running it."""
    context.configure(
        url=config.get_main_option("sqlalchemy.url") or database_url(),
        target_metadata=target_metadata,
        literal_binds=True,
        sqlalchemy_module_prefix="sqlalchemy.",  # as the migrations import it (no alias)
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    with _engine().connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        if sqlite:
            connection.exec_driver_sql("PRAGMA foreign_keys=OFF")  # outside a transaction
            connection.exec_driver_sql("BEGIN IMMEDIATE")
        context.configure(
            connection=connection,
            target_metadata=target_metadata,
            render_as_batch=sqlite,  # SQLite alters tables by copying them
            compare_type=True,
            sqlalchemy_module_prefix="sqlalchemy.",  # as the migrations import it (no alias)
        )
        try:
            with context.begin_transaction():
                context.run_migrations()
                if sqlite:
                    _refuse_dangling(connection)
            connection.commit()
        finally:
            if sqlite:
                connection.rollback()  # nothing open: the pragma acts outside a transaction
                connection.exec_driver_sql("PRAGMA foreign_keys=ON")


def _refuse_dangling(connection: Connection) -> None:
    """The migrations left no row referring to one that is gone."""
    dangling = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
    if dangling:
        raise RuntimeError(f"the migration would leave rows referring to rows that are gone: "
                           f"{dangling[:5]} (table, row, referred table, key); nothing changed")


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
