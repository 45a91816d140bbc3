"""A transaction that writes only what can be computed again (a cold view's
state cache) commits without waiting for the disk on PostgreSQL, for that
transaction alone; SQLite is left as it is."""

from __future__ import annotations

from sqlalchemy import text
from sqlalchemy.orm import Session, sessionmaker

from rinkside.store.connections import recomputable_only


def durability(s: Session) -> object:
    if s.get_bind().dialect.name == "postgresql":
        return s.execute(text("SHOW synchronous_commit")).scalar_one()
    return s.execute(text("PRAGMA synchronous")).scalar_one()


def test_only_that_transaction_skips_waiting_for_the_disk(
        sessions: sessionmaker[Session]) -> None:
    with sessions.begin() as s:
        before = durability(s)
        recomputable_only(s)
        during = durability(s)
    with sessions.begin() as s:
        after = durability(s)
    if s.get_bind().dialect.name == "postgresql":
        assert (before, during, after) == ("on", "off", "on")
    else:
        assert during == before == after
