"""Opening the store: the database URL, the migrations, the service."""

from __future__ import annotations

from rinkside.services.tournaments import Tournaments
from rinkside.store.db import make_engine, migrate, session_factory


def open_tournaments(url: str | None = None) -> Tournaments:
    """The tournament service over the database at ``url`` (default:
    RINKSIDE_DATABASE_URL, else ``rinkside.sqlite`` here), migrated to the
    latest schema."""
    engine = make_engine(url)
    migrate(engine)
    return Tournaments(session_factory(engine))
