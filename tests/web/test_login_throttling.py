"""Login throttling: repeated failures per username and per client address
are slowed down, then locked out with a 429 on the login form that says
when to retry; during a lockout even the right password is refused; every
failure is logged; time comes from the app's clock."""

from __future__ import annotations

import logging
import threading
from itertools import count

import pytest
from authclockkit import Clock, clocked_app
from fastapi import FastAPI
from fastapi.testclient import TestClient
from webkit import Demo

from rinkside.services import users
from rinkside.services.throttle import ThrottlePolicy
from rinkside.web import auth

PASSWORD = "right-horse-9"
POLICY = ThrottlePolicy()


@pytest.fixture(scope="module")
def clock() -> Clock:
    return Clock()


@pytest.fixture(scope="module")
def app(demo: Demo, clock: Clock) -> FastAPI:
    return clocked_app(demo, clock)


_ids = count(1)


@pytest.fixture
def username(demo: Demo) -> str:
    name = f"sam{next(_ids)}"
    users.create_user(demo.service, name, PASSWORD, "director")
    return name


@pytest.fixture
def client(app: FastAPI) -> TestClient:
    """A browser at an address of its own (each test's address counts apart)."""
    client = TestClient(app, client=(f"10.0.0.{next(_ids)}", 50000))
    client.get("/login")
    return client


def attempt(client: TestClient, username: str, password: str) -> tuple[int, str, str]:
    """The status, the page and its Retry-After."""
    response = client.post("/login", data={
        "username": username, "password": password,
        "csrf_token": client.cookies.get(auth.CSRF_COOKIE) or ""}, follow_redirects=False)
    return response.status_code, response.text, response.headers.get("retry-after", "")


def test_failures_slow_down_then_lock_out_even_the_right_password(
        client: TestClient, clock: Clock, username: str) -> None:
    free, locks = POLICY.free["user"], POLICY.lock_after["user"]
    for _ in range(free):
        assert attempt(client, username, "wrong")[0] == 401
    delay = 1
    for failures in range(free, locks):
        status, page, retry = attempt(client, username, PASSWORD)  # too soon: refused
        assert (status, retry) == (429, str(delay))
        assert "Too many failed logins for this username" in page and "slowed down" in page
        clock.advance(seconds=delay)
        assert attempt(client, username, "wrong")[0] == 401, failures
        delay = min(delay * 2, 60)
    status, page, retry = attempt(client, username, PASSWORD)
    assert status == 429 and retry == str(15 * 60)
    until = clock.now + POLICY.lockout
    assert "locked out" in page and f"Try again after {until:%H:%M:%S} UTC" in page
    assert "in 15 minutes" in page
    assert 'name="password"' in page  # the form, to try again later
    clock.advance(seconds=POLICY.lockout.total_seconds() - 1)
    assert attempt(client, username, PASSWORD)[0] == 429  # the right password, still refused
    clock.advance(seconds=1)
    assert attempt(client, username, PASSWORD)[0] == 303


def test_sixty_wrong_passwords_at_full_speed(client: TestClient, username: str) -> None:
    """The issue's attack: 60 wrong passwords in a row, then the right one."""
    statuses = [attempt(client, username, f"guess-{i}")[0] for i in range(60)]
    assert statuses == [401] * POLICY.free["user"] + [429] * (60 - POLICY.free["user"])
    assert attempt(client, username, PASSWORD)[0] == 429


def test_one_address_trying_many_usernames_is_slowed_down(
        client: TestClient, clock: Clock, username: str) -> None:
    free = POLICY.free["address"]
    statuses = [attempt(client, f"guess{i}", "wrong")[0] for i in range(free + 1)]
    assert statuses == [401] * free + [429]
    status, page, _ = attempt(client, username, PASSWORD)
    assert status == 429 and "from this address" in page
    elsewhere = TestClient(client.app, client=("10.9.9.9", 50000))  # type: ignore[arg-type]
    elsewhere.get("/login")
    assert attempt(elsewhere, username, PASSWORD)[0] == 303  # the user is not locked


def test_a_success_clears_the_usernames_count(
        client: TestClient, clock: Clock, username: str) -> None:
    for _ in range(POLICY.free["user"] - 1):
        assert attempt(client, username, "wrong")[0] == 401
    assert attempt(client, username, PASSWORD)[0] == 303
    for _ in range(POLICY.free["user"]):
        assert attempt(client, username, "wrong")[0] == 401  # counted from zero again


def test_failures_are_forgotten_after_the_lockout_time(
        client: TestClient, clock: Clock, username: str) -> None:
    for _ in range(POLICY.free["user"]):
        assert attempt(client, username, "wrong")[0] == 401
    assert attempt(client, username, "wrong")[0] == 429
    clock.advance(seconds=POLICY.lockout.total_seconds())
    assert attempt(client, username, "wrong")[0] == 401


def test_failures_and_lockouts_are_logged(client: TestClient, username: str,
                                          caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="rinkside.login"):
        for _ in range(POLICY.free["user"] + 1):
            attempt(client, username, "wrong")
    messages = [r.getMessage() for r in caplog.records if r.name == "rinkside.login"]
    assert sum(f"failed login for {username!r} from 10.0.0." in m for m in messages) == \
        POLICY.free["user"]
    assert any(m.startswith(f"login slowed down for {username!r}") for m in messages)


def test_attempts_sent_at_once_are_counted_one_by_one(
        app: FastAPI, username: str) -> None:
    """Eight wrong passwords at the same moment: only the free ones are
    checked; the others wait their turn and are refused."""
    clients = [TestClient(app, client=("10.1.1.1", 50000 + i)) for i in range(8)]
    for c in clients:
        c.get("/login")
    start = threading.Barrier(len(clients))
    statuses: list[int] = []

    def run(c: TestClient) -> None:
        start.wait()
        statuses.append(attempt(c, username, "wrong")[0])

    threads = [threading.Thread(target=run, args=(c,)) for c in clients]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(statuses) == [401] * POLICY.free["user"] + [429] * (8 - POLICY.free["user"])


def test_wrong_passwords_from_elsewhere_do_not_lock_out_the_users_own_browser(
        app: FastAPI, clock: Clock, username: str, caplog: pytest.LogCaptureFixture) -> None:
    """The issue's attack: 18 wrong passwords for the director, each sent
    when Retry-After says. Browsers that never logged in as the director are
    locked out (and the lockout is logged when it begins); the director's own
    browser, logged in there before and now at another address, gets in."""
    own = TestClient(app, client=("10.7.0.1", 50000))
    own.get("/login")
    assert attempt(own, username, PASSWORD)[0] == 303
    own.post("/logout", data={"csrf_token": own.cookies.get(auth.CSRF_COOKIE) or ""})
    attacker = TestClient(app, client=("10.7.6.6", 50000))
    attacker.get("/login")
    with caplog.at_level(logging.WARNING, logger="rinkside.login"):
        for _ in range(18):
            status, _, retry = attempt(attacker, username, "guess")
            if status == 429:
                clock.advance(seconds=int(retry))
                status = attempt(attacker, username, "guess")[0]
            assert status in (401, 429)
    locked = [r.getMessage() for r in caplog.records
              if r.getMessage().startswith(f"login locked out for username {username!r}")]
    assert locked and "10 failed logins (the last from 10.7.6.6)" in locked[0]
    stranger = TestClient(app, client=("10.7.9.9", 50000))
    stranger.get("/login")
    status, page, _ = attempt(stranger, username, PASSWORD)
    assert status == 429 and "for this username" in page  # a browser never logged in
    own_elsewhere = TestClient(app, client=("10.7.0.2", 50000), cookies=own.cookies)
    assert attempt(own_elsewhere, username, PASSWORD)[0] == 303
    assert attempt(attacker, username, PASSWORD)[0] == 429  # no device of the user's


def test_a_forged_or_another_users_device_cookie_is_no_way_in(
        app: FastAPI, username: str, demo: Demo) -> None:
    other = f"{username}-other"
    users.create_user(demo.service, other, PASSWORD, "scorekeeper")
    browser = TestClient(app, client=("10.8.0.1", 50000))
    browser.get("/login")
    assert attempt(browser, other, PASSWORD)[0] == 303  # a device of the other user's
    for _ in range(POLICY.free["user"]):
        assert attempt(browser, username, "wrong")[0] == 401
    assert attempt(browser, username, PASSWORD)[0] == 429
    browser.cookies.set(auth.DEVICE_COOKIE, "device:forged.AAAA")
    assert attempt(browser, username, PASSWORD)[0] == 429


def test_the_command_line_lifts_a_lockout(
        client: TestClient, username: str, demo: Demo, caplog: pytest.LogCaptureFixture) -> None:
    """The way back for a browser that never logged in as the user."""
    from typer.testing import CliRunner

    from rinkside import cli

    for _ in range(POLICY.lock_after["user"] + 5):
        attempt(client, username, "wrong")
    fresh = TestClient(client.app, client=("10.6.6.1", 50000))  # type: ignore[arg-type]
    fresh.get("/login")
    assert attempt(fresh, username, PASSWORD)[0] == 429
    with caplog.at_level(logging.WARNING, logger="rinkside.login"):
        result = CliRunner().invoke(cli.app, ["user", "unlock", username,
                                          "--db", f"sqlite:///{demo.path}"])
    assert result.exit_code == 0 and "unlocked" in result.output, result.output
    assert any("unlocked from the command line" in r.getMessage() for r in caplog.records)
    assert attempt(fresh, username, PASSWORD)[0] == 303
