"""Issue 30, a console write's round trips on PostgreSQL: a pooled
connection is not pinged at every checkout (SQLAlchemy's ``pool_pre_ping``
cost a round trip per write), only when it sat unused long or its socket
has something to read; a connection whose backend was terminated (a
restarted server) is replaced before anything is sent on it, so the next
write does not fail (rinkside.store.db._checkout_guard)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from sqlalchemy import Engine
from storekit import postgres_schema_engine, postgres_url

from rinkside.store import db


@pytest.fixture
def engine() -> Iterator[Engine]:
    """A PostgreSQL engine of its own: its pool holds the one connection the test uses."""
    with postgres_schema_engine(postgres_url()) as made:
        yield made


def _pid(engine: Engine) -> int:
    with engine.connect() as connection:
        pid = connection.exec_driver_sql("SELECT pg_backend_pid()").scalar()
    assert isinstance(pid, int)
    return pid


def _pings(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    pinged: list[Any] = []
    ping = engine.dialect.do_ping

    def counted(dbapi_connection: Any) -> bool:
        pinged.append(dbapi_connection)
        return ping(dbapi_connection)

    monkeypatch.setattr(engine.dialect, "do_ping", counted)
    return pinged


def test_a_connection_used_a_moment_ago_is_handed_out_without_a_ping(
        engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    first = _pid(engine)
    pinged = _pings(engine, monkeypatch)
    assert [_pid(engine) for _ in range(3)] == [first] * 3  # the same connection, reused
    assert pinged == []


def test_a_connection_idle_longer_than_the_limit_is_pinged(
        engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    first = _pid(engine)
    pinged = _pings(engine, monkeypatch)
    monkeypatch.setattr(db, "IDLE_PING_SECONDS", 0.0)
    assert _pid(engine) == first  # pinged, alive, kept
    assert len(pinged) == 1


def test_a_terminated_backend_costs_a_reconnect_not_an_error(
        engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    killed = _pid(engine)
    with psycopg.connect(postgres_url().replace("postgresql+psycopg", "postgresql"),
                         autocommit=True) as admin:
        row = admin.execute("SELECT pg_terminate_backend(%s, 10000)", (killed,)).fetchone()
    assert row is not None and row[0] is True
    pinged = _pings(engine, monkeypatch)
    # Used a moment ago, but its socket reads the server's goodbye: pinged, replaced.
    after = _pid(engine)
    assert after != killed
    assert len(pinged) == 1
