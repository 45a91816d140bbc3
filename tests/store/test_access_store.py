"""What keeps strangers out, on SQLite and PostgreSQL: the session secret
kept once in the store, login throttling counted one attempt at a time,
sessions revoked with their user, and writes that are all or nothing."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session, sessionmaker

from rinkside.services import store_meta, throttle, users
from rinkside.services.all_or_nothing import all_or_nothing
from rinkside.services.sessions import SessionPolicy, live_session, open_session
from rinkside.services.tournaments import Tournaments
from rinkside.store import models

NOW = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)


@pytest.fixture
def service(sessions: sessionmaker[Session]) -> Tournaments:
    return Tournaments(sessions)


def _count(service: Tournaments, model: type[models.Base]) -> int:
    with service.read() as s:
        return s.scalar(select(func.count()).select_from(model)) or 0


def test_the_secret_is_generated_once_and_kept(service: Tournaments,
                                               sessions: sessionmaker[Session]) -> None:
    first = store_meta.session_secret(service, {})
    assert len(first) == 64 and int(first, 16)  # 256 random bits, hex
    again = store_meta.session_secret(Tournaments(sessions), {})  # another process, restarted
    assert again == first


def test_two_processes_racing_keep_one_secret(service: Tournaments,
                                              sessions: sessionmaker[Session]) -> None:
    got: list[bytes] = []
    start = threading.Barrier(4)

    def run() -> None:
        start.wait()
        got.append(store_meta.session_secret(Tournaments(sessions), {}))

    threads = [threading.Thread(target=run) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(got) == 4 and len(set(got)) == 1
    assert _count(service, models.StoreMeta) == 1


def test_a_weak_secret_from_the_environment_is_refused(service: Tournaments) -> None:
    with pytest.raises(store_meta.WeakSecret, match="at least 32"):
        store_meta.session_secret(service, {"RINKSIDE_SECRET": "hunter2"})
    strong = "x" * 32
    assert store_meta.session_secret(service, {"RINKSIDE_SECRET": strong}) == strong.encode()
    assert _count(service, models.StoreMeta) == 0  # nothing generated when one is given


def test_login_attempts_at_once_are_counted_one_by_one(service: Tournaments) -> None:
    policy = throttle.ThrottlePolicy()
    admitted: list[bool] = []
    start = threading.Barrier(8)

    def run() -> None:
        start.wait()
        admitted.append(throttle.admit(service, "dana", "10.0.0.1", NOW, policy) is None)

    threads = [threading.Thread(target=run) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(admitted) == [False] * 5 + [True] * 3  # the three free attempts only


def test_a_user_disabled_loses_every_session(service: Tournaments) -> None:
    uid = users.create_user(service, "sam", "pw-1", "scorekeeper")
    policy = SessionPolicy()
    tokens = [open_session(service, uid, NOW, policy)[0] for _ in range(3)]
    assert all(live_session(service, t, NOW, policy) for t in tokens)
    users.set_active(service, "sam", False)
    assert _count(service, models.SessionRow) == 0
    assert users.authenticate(service, "sam", "pw-1") is None
    users.set_active(service, "sam", True)
    assert users.authenticate(service, "sam", "pw-1") == uid
    later = NOW + policy.absolute + timedelta(seconds=1)
    token, _ = open_session(service, uid, NOW, policy)
    assert live_session(service, token, later, policy) is None
    assert _count(service, models.SessionRow) == 0  # the expired one is deleted


def test_all_or_nothing_writes_nothing_when_it_fails(service: Tournaments) -> None:
    with pytest.raises(RuntimeError), all_or_nothing(service) as building:
        tournament = building.create_tournament("Half", None, {})
        building.add_division(tournament, "Open")
        users.create_user(building, "director", "pw", "director")
        assert store_meta.contents(building) == (1, 1)  # seen inside
        raise RuntimeError("killed")
    assert store_meta.contents(service) == (0, 0)
    with all_or_nothing(service) as building:
        building.create_tournament("Whole", None, {})
        users.create_user(building, "director", "pw", "director")
    assert store_meta.contents(service) == (1, 1)
