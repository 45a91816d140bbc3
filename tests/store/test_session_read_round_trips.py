"""Issue 30, the login's read of every request: a session cookie's session
and its user are read in one statement that stands alone (a join, no
transaction of its own), one round trip on PostgreSQL where a read session
made four (its ``BEGIN``, the session, the user, its ``ROLLBACK``); its
last-seen time, once a minute, one statement more. On SQLite and
PostgreSQL alike, what it refuses it still refuses at every request: a
disabled user, a session ended by a new password, one idle or alive too
long (each deleted as it is found)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session, sessionmaker
from storekit import round_trips, statements

from rinkside.services import api_tokens, users
from rinkside.services.sessions import (
    SEEN_EVERY,
    SessionPolicy,
    live_session,
    open_session,
)
from rinkside.services.tournaments import Tournaments
from rinkside.store import models

NOW = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)
POLICY = SessionPolicy()


def _seen_at(service: Tournaments) -> list[datetime]:
    with service.read() as s:
        return list(s.scalars(select(models.SessionRow.seen_at)))


def _count(service: Tournaments) -> int:
    with service.read() as s:
        return s.scalar(select(func.count()).select_from(models.SessionRow)) or 0


@pytest.fixture
def service(sessions: sessionmaker[Session]) -> Tournaments:
    return Tournaments(sessions)


def test_a_session_and_its_user_are_one_statement(service: Tournaments, engine: Engine) -> None:
    uid = users.create_user(service, "sam", "pw-1", "scorekeeper", [7, 3], full_name="Sam Table")
    token, csrf = open_session(service, uid, NOW, POLICY)
    with statements(engine) as sent:
        live = live_session(service, token, NOW + SEEN_EVERY / 2, POLICY)
    assert live is not None
    assert (
        live.user_id,
        live.username,
        live.role,
        live.games,
        live.csrf,
        live.full_name,
        live.teams,
    ) == (uid, "sam", "scorekeeper", (3, 7), csrf, "Sam Table", ())
    assert len(sent) == 1, "\n".join(sent)
    assert _seen_at(service) == [NOW]  # seen less than a minute ago: not written
    with statements(engine) as sent:
        assert live_session(service, token, NOW + SEEN_EVERY, POLICY) == live
    assert len(sent) == 2, "\n".join(sent)  # and its last-seen time moved on
    assert _seen_at(service) == [NOW + SEEN_EVERY]


def test_on_postgresql_the_read_is_one_round_trip(
    service: Tournaments, engine: Engine, sessions: sessionmaker[Session]
) -> None:
    if engine.dialect.name != "postgresql":
        pytest.skip("round trips are PostgreSQL's")
    uid = users.create_user(service, "dana", "pw-1", "director")
    token, _ = open_session(service, uid, NOW, POLICY)
    live_session(service, token, NOW, POLICY)  # the pool's connection made
    with round_trips(engine) as read:
        assert live_session(service, token, NOW + SEEN_EVERY / 2, POLICY) is not None
    with round_trips(engine) as touched:
        assert live_session(service, token, NOW + SEEN_EVERY, POLICY) is not None
    assert (read, touched) == ([1], [2])
    # The connection went back to the pool out of autocommit: a session's rollback undoes.
    with sessions() as s:
        s.add(models.Tournament(name="Never"))
        s.flush()
        s.rollback()
        assert s.scalar(select(func.count()).select_from(models.Tournament)) == 0


def test_what_the_read_refuses_it_refuses_at_every_request(service: Tournaments) -> None:
    uid = users.create_user(service, "lee", "pw-1", "scorekeeper")

    def fresh() -> str:
        return open_session(service, uid, NOW, POLICY)[0]

    token = fresh()
    users.set_active(service, "lee", False)  # a disabled user's sessions are gone
    assert live_session(service, token, NOW, POLICY) is None
    users.set_active(service, "lee", True)
    token = fresh()
    users.set_password(service, "lee", "pw-2")  # a new password ends every session
    assert live_session(service, token, NOW, POLICY) is None
    idle, old = fresh(), fresh()
    assert live_session(service, idle, NOW + POLICY.idle + timedelta(seconds=1), POLICY) is None
    assert _count(service) == 1  # the idle one is deleted as it is found
    with service.write() as s:  # seen lately, but logged in too long ago
        s.execute(models.SessionRow.__table__.update().values(seen_at=NOW + POLICY.absolute))
    assert live_session(service, old, NOW + POLICY.absolute + timedelta(seconds=1), POLICY) is None
    assert _count(service) == 0
    assert live_session(service, "never-issued", NOW, POLICY) is None


def test_a_user_disabled_behind_a_live_session_is_refused(service: Tournaments) -> None:
    """A user row made inactive without its sessions deleted (a store written
    by hand, an older version): the read still refuses it, and ends it."""
    uid = users.create_user(service, "kim", "pw-1", "director")
    token, _ = open_session(service, uid, NOW, POLICY)
    with service.write() as s:
        s.execute(models.User.__table__.update().values(active=False))
    assert live_session(service, token, NOW, POLICY) is None
    assert _count(service) == 0


def test_an_api_token_is_read_in_one_statement(service: Tournaments, engine: Engine) -> None:
    """The public API's read token, looked up at each request that sends one:
    one statement (one round trip on PostgreSQL, where a read session made
    three); a revoked one is refused from the next request."""
    token = api_tokens.issue(service, "Club site", by="director")
    api_tokens.holder(service, token)  # the pool's connection made
    with statements(engine) as sent, round_trips(engine) as trips:
        found = api_tokens.holder(service, token)
    assert (found.label, found.issued_by, found.live) == ("Club site", "director", True)
    assert len(sent) == 1, "\n".join(sent)
    if engine.dialect.name == "postgresql":
        assert trips == [1]
    api_tokens.revoke(service, found.token_id, by="director")
    with pytest.raises(api_tokens.TokenRefused, match="revoked"):
        api_tokens.holder(service, token)
    with pytest.raises(api_tokens.TokenRefused, match="not one the director issued"):
        api_tokens.holder(service, api_tokens.PREFIX + "never-issued")
