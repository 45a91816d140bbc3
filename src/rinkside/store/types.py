"""Column types the store needs on both SQLite and PostgreSQL.

Every moment is stored in UTC and read back timezone-aware. PostgreSQL keeps
``timestamptz`` natively; SQLite has no time type and its driver returns
naive datetimes, so :class:`UTCDateTime` writes UTC and reads it back as UTC
on both, and refuses a naive datetime (whose zone nobody can know).
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import JSON, DateTime, Dialect
from sqlalchemy.types import TypeDecorator

__all__ = ["UTCDateTime", "json_document", "utc_now"]


def utc_now() -> datetime:
    """The current moment, timezone-aware in UTC (the default clock)."""
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator[datetime]):
    """A timezone-aware moment, stored in UTC."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None or value.utcoffset() is None:
            raise ValueError(
                f"{value.isoformat()} has no time zone; the store keeps moments in UTC "
                "and cannot tell which zone a naive time was in"
            )
        moment = value.astimezone(UTC)
        # SQLite stores text without an offset: write the UTC wall time.
        return moment.replace(tzinfo=None) if dialect.name == "sqlite" else moment

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


def json_document() -> JSON:
    """A JSON column where Python ``None`` is SQL ``NULL`` (not the JSON ``null``).

    PostgreSQL's ``json`` (not ``jsonb``) keeps the text as written, so a
    stored event comes back with its keys in the order they were written.
    """
    return JSON(none_as_null=True)

