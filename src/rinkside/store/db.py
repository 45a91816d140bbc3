"""Where the tournament is stored and how to reach it.

One URL names the database: ``RINKSIDE_DATABASE_URL``, or a SQLite file
``rinkside.sqlite`` in the current directory when it is not set. SQLite is
the embedded default and needs no set-up; PostgreSQL (through psycopg 3,
``postgresql+psycopg://``) is the league server's choice.

Tables are made only by the Alembic migrations in ``migrations/``:
:func:`migrate` runs them from code (no ``alembic.ini``), so an installed
package can create or upgrade its own database.
"""

from __future__ import annotations

import os
import select
import time
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any, Final

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, exc
from sqlalchemy.engine import URL, make_url
from sqlalchemy.orm import Session, sessionmaker

__all__ = [
    "DATABASE_URL_VARIABLE",
    "DEFAULT_URL",
    "DatabaseURLError",
    "alembic_config",
    "database_url",
    "downgrade",
    "make_engine",
    "migrate",
    "migrations_directory",
    "session_factory",
]

DATABASE_URL_VARIABLE: Final = "RINKSIDE_DATABASE_URL"
DEFAULT_URL: Final = "sqlite:///rinkside.sqlite"

# How long a SQLite writer waits for another writer's transaction before it
# gives up with "database is locked". Appends are short; five seconds is long.
SQLITE_BUSY_TIMEOUT_MS: Final = 5000

_POSTGRES_DRIVER: Final = "postgresql+psycopg"

# A pooled PostgreSQL connection unused longer than this is pinged before it
# is handed out (one round trip); a younger one only if its socket has
# something to read (see _checkout_guard).
IDLE_PING_SECONDS: Final = 30.0
_IDLE_SINCE: Final = "rinkside_idle_since"


class DatabaseURLError(ValueError):
    """A database URL rinkside cannot use (a backend or driver it does not support)."""


def database_url(environ: Mapping[str, str] | None = None) -> str:
    """The database to use: ``RINKSIDE_DATABASE_URL``, else ``sqlite:///rinkside.sqlite``
    (a file in the current directory)."""
    env = os.environ if environ is None else environ
    return env.get(DATABASE_URL_VARIABLE, "").strip() or DEFAULT_URL


def _normalized(url: str | URL) -> URL:
    """The URL with PostgreSQL's driver made psycopg 3, or DatabaseURLError.

    ``postgresql://`` and ``postgres://`` would select psycopg2 by
    SQLAlchemy's default, which is not installed; they mean psycopg 3 here.
    """
    try:
        parsed = make_url(url)
    except Exception as exc:  # SQLAlchemy raises ArgumentError; say what was given
        raise DatabaseURLError(f"{str(url)!r} is not a database URL: {exc}") from None
    backend, _, driver = parsed.drivername.partition("+")
    if backend in ("postgresql", "postgres"):
        if driver not in ("", "psycopg"):
            raise DatabaseURLError(
                f"{parsed.drivername!r}: PostgreSQL is reached through psycopg 3; "
                f"write the URL as {_POSTGRES_DRIVER}://user:password@host/database"
            )
        return parsed.set(drivername=_POSTGRES_DRIVER)
    if backend == "sqlite":
        if driver not in ("", "pysqlite"):
            raise DatabaseURLError(
                f"{parsed.drivername!r}: SQLite is used through Python's sqlite3 (sqlite://)"
            )
        return parsed
    raise DatabaseURLError(
        f"{parsed.drivername!r}: rinkside stores tournaments in SQLite (sqlite:///FILE) "
        f"or PostgreSQL ({_POSTGRES_DRIVER}://...)"
    )


def _configure_sqlite(dbapi_connection: Any, _record: Any) -> None:
    """Per connection: WAL (readers never block the one writer, and a commit
    is one append to the log), foreign keys enforced (SQLite's default is
    off), synchronous=NORMAL (durable at every checkpoint; with WAL a power
    cut can lose only the last commits, never corrupt), and a busy timeout so
    a second writer waits instead of failing at once."""
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
    finally:
        cursor.close()


def _idle_from_now(_dbapi_connection: Any, record: Any) -> None:
    record.info[_IDLE_SINCE] = time.monotonic()


def _has_input(dbapi_connection: Any) -> bool:
    """Whether an idle connection's socket has something to read (without
    waiting): the server closed it (a terminated backend, a restart sends its
    FATAL notice and hangs up, a dead server's socket reads its end), or a
    message came unasked. Also True when the connection is closed."""
    try:
        fileno = dbapi_connection.fileno()
    except Exception:  # psycopg's error for a closed connection
        return True
    if hasattr(select, "poll"):
        poll = select.poll()
        poll.register(fileno, select.POLLIN)
        return bool(poll.poll(0))
    readable, _, _ = select.select([fileno], [], [], 0)
    return bool(readable)


def _checkout_guard(engine: Engine) -> None:
    """On each checkout of a pooled PostgreSQL connection: pinged (``;``, one
    round trip) only when it sat unused longer than :data:`IDLE_PING_SECONDS`
    or its socket has input (:func:`_has_input`); a connection that fails is
    replaced by a new one before anything is sent on it
    (:class:`sqlalchemy.exc.DisconnectionError`: the pool connects again).
    SQLAlchemy's ``pool_pre_ping`` pinged every checkout: a console write's
    round trips went from seven to six for it (issue 30), and a restarted
    server still costs a reconnect, not an error."""
    dialect = engine.dialect

    def guard(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        since = record.info.get(_IDLE_SINCE)
        if (since is not None and time.monotonic() - since < IDLE_PING_SECONDS
                and not _has_input(dbapi_connection)):
            return
        try:
            dialect.do_ping(dbapi_connection)
        except dialect.loaded_dbapi.Error as error:
            raise exc.DisconnectionError(f"the pooled connection failed its ping: {error}"
                                         ) from error

    event.listen(engine, "connect", _idle_from_now)
    event.listen(engine, "checkin", _idle_from_now)
    event.listen(engine, "checkout", guard)


def make_engine(url: str | URL | None = None, *, echo: bool = False) -> Engine:
    """An engine for ``url`` (default: :func:`database_url`).

    SQLite connections are set up by :func:`_configure_sqlite`; PostgreSQL
    goes through psycopg 3, each pooled connection checked as it is handed
    out (:func:`_checkout_guard`), so a server restart between requests
    costs a reconnect, not an error.
    """
    target = _normalized(database_url() if url is None else url)
    if target.get_backend_name() == "sqlite":
        engine = create_engine(target, echo=echo)
        event.listen(engine, "connect", _configure_sqlite)
        return engine
    engine = create_engine(target, echo=echo)
    _checkout_guard(engine)
    return engine


def session_factory(engine: Engine) -> sessionmaker[Session]:
    """Sessions bound to ``engine``. Objects stay readable after commit
    (``expire_on_commit=False``): services return them to the web and CLI."""
    return sessionmaker(bind=engine, expire_on_commit=False)


# --------------------------------------------------------------------------- migrations


def migrations_directory() -> Path:
    """The Alembic script directory shipped inside this package."""
    folder = resources.files("rinkside.store").joinpath("migrations")
    path = Path(str(folder))
    if not (path / "env.py").is_file():
        raise FileNotFoundError(
            f"the store's migrations are not on disk at {path} (is rinkside installed "
            "from a zip? install it as files so Alembic can read its migrations)"
        )
    return path


def alembic_config(engine: Engine) -> Config:
    """An Alembic configuration for ``engine`` built in code (no ``alembic.ini``).

    ``env.py`` runs the migrations on a connection of this engine, so they
    see exactly the engine's settings (SQLite pragmas, PostgreSQL
    ``search_path``). Use it with ``alembic.command`` for anything beyond
    :func:`migrate` and :func:`downgrade` (``current``, ``history``).
    """
    config = Config()
    config.set_main_option("script_location", str(migrations_directory()))
    config.attributes["engine"] = engine
    return config


def migrate(engine: Engine, revision: str = "head") -> None:
    """Create or upgrade the schema to ``revision`` (``alembic upgrade head``)."""
    command.upgrade(alembic_config(engine), revision)


def downgrade(engine: Engine, revision: str) -> None:
    """Take the schema down to ``revision`` (``"base"``: no tables at all).

    Dropping tables drops what they hold: this is for tests and for undoing
    a migration on an empty database, never for a tournament in use.
    """
    command.downgrade(alembic_config(engine), revision)
