"""Sessions that end: kept in the store, revoked on logout, on a password
change and when a director disables the user, expired after their idle and
absolute lifetimes (time from the clock the app is given); cookies HttpOnly,
SameSite, Secure over HTTPS; a non-ASCII token, header or cookie is a
401/403, never a 500."""

from __future__ import annotations

from datetime import timedelta
from itertools import count

import pytest
from authclockkit import Clock, clocked_app
from fastapi import FastAPI
from fastapi.testclient import TestClient
from typer.testing import CliRunner
from webkit import Demo, new_game

from rinkside import cli
from rinkside.services import users
from rinkside.services.sessions import SessionPolicy
from rinkside.store import models
from rinkside.web import auth


@pytest.fixture(scope="module")
def clock() -> Clock:
    return Clock()


@pytest.fixture(scope="module")
def app(demo: Demo, clock: Clock) -> FastAPI:
    return clocked_app(demo, clock)


_names = count(1)


@pytest.fixture
def director(demo: Demo) -> str:
    name = f"dana{next(_names)}"
    users.create_user(demo.service, name, "puck-drop-7", "director")
    return name


def log_in(app: FastAPI, username: str, password: str = "puck-drop-7",
           base_url: str = "http://testserver") -> tuple[TestClient, str]:
    client = TestClient(app, base_url=base_url)
    client.get("/login")
    response = client.post("/login", data={
        "username": username, "password": password,
        "csrf_token": client.cookies.get(auth.CSRF_COOKIE) or ""}, follow_redirects=False)
    assert response.status_code == 303, response.text
    return client, client.get("/api/session").json()["csrf_token"]


def write(client: TestClient, demo: Demo, game: int, token: str) -> int:
    """A face-off recorded through the API: the status code."""
    version = demo.service.game_state(game)[0]
    return client.post(f"/api/games/{game}/events", headers={auth.CSRF_HEADER: token}, json={
        "version": version, "events": [{"type": "faceoff", "at": "1 12:00"}]}).status_code


@pytest.fixture
def game(demo: Demo) -> int:
    return new_game(demo)


def _stolen(app: FastAPI, client: TestClient) -> TestClient:
    """Another browser holding a copy of ``client``'s session cookie."""
    thief = TestClient(app)
    thief.cookies.set(auth.SESSION_COOKIE, client.cookies[auth.SESSION_COOKIE])
    return thief


def test_a_session_lives_in_the_store_not_in_the_cookie(
        app: FastAPI, demo: Demo, director: str) -> None:
    client, token = log_in(app, director)
    cookie = client.cookies[auth.SESSION_COOKIE]
    with demo.service.read() as s:
        rows = (s.query(models.SessionRow).join(models.User)
                .filter(models.User.username == director).all())
    assert len(rows) == 1 and rows[0].csrf == token
    assert rows[0].id not in cookie  # the store keeps a hash of the token, never the token


def test_after_logout_the_old_cookie_writes_nothing(
        app: FastAPI, demo: Demo, director: str, game: int) -> None:
    client, token = log_in(app, director)
    thief = _stolen(app, client)
    assert thief.get("/api/session").status_code == 200
    assert client.post("/logout", data={"csrf_token": token},
                       follow_redirects=False).status_code == 303
    assert thief.get("/api/session").status_code == 401
    assert write(thief, demo, game, token) == 401
    assert demo.service.game_state(game)[0] == 0  # nothing was recorded


def test_a_password_change_ends_every_session(
        app: FastAPI, demo: Demo, director: str, game: int) -> None:
    first, token = log_in(app, director)
    second, _ = log_in(app, director)
    users.set_password(demo.service, director, "new-secret-9")
    assert first.get("/api/session").status_code == 401
    assert second.get("/api/session").status_code == 401
    assert write(first, demo, game, token) == 401
    log_in(app, director, "new-secret-9")  # the new password works


def test_a_disabled_user_is_logged_out_and_cannot_log_in(
        app: FastAPI, demo: Demo, director: str) -> None:
    client, _ = log_in(app, director)
    users.set_active(demo.service, director, False)
    assert client.get("/api/session").status_code == 401
    again = TestClient(app)
    again.get("/login")
    refused = again.post("/login", data={"username": director, "password": "puck-drop-7",
                                         "csrf_token": again.cookies[auth.CSRF_COOKIE]},
                         follow_redirects=False)
    assert refused.status_code == 401
    users.set_active(demo.service, director, True)
    log_in(app, director)


def test_the_cli_disables_and_enables_a_user(app: FastAPI, demo: Demo, director: str) -> None:
    client, _ = log_in(app, director)
    db = f"sqlite:///{demo.path}"
    out = CliRunner().invoke(cli.app, ["user", "disable", director, "--db", db])
    assert out.exit_code == 0 and "disabled" in out.output
    assert client.get("/api/session").status_code == 401
    listed = CliRunner().invoke(cli.app, ["user", "list", "--db", db])
    assert "no (disabled)" in listed.output
    assert CliRunner().invoke(cli.app, ["user", "enable", director, "--db", db]).exit_code == 0
    log_in(app, director)
    unknown = CliRunner().invoke(cli.app, ["user", "disable", "nobody", "--db", db])
    assert unknown.exit_code == 2 and "no user 'nobody'" in unknown.output


def test_a_session_ends_after_its_idle_time(app: FastAPI, clock: Clock, director: str) -> None:
    idle = SessionPolicy().idle
    client, _ = log_in(app, director)
    clock.advance(seconds=idle.total_seconds() - 60)
    assert client.get("/api/session").status_code == 200  # seen: the idle time starts again
    clock.advance(seconds=idle.total_seconds() - 60)
    assert client.get("/api/session").status_code == 200
    clock.advance(seconds=idle.total_seconds() + 1)
    assert client.get("/api/session").status_code == 401


def test_a_session_ends_after_its_absolute_lifetime(
        app: FastAPI, clock: Clock, director: str) -> None:
    policy = SessionPolicy()
    client, _ = log_in(app, director)
    lived = timedelta()
    step = policy.idle - timedelta(minutes=5)
    while lived + step < policy.absolute:
        clock.advance(seconds=step.total_seconds())
        lived += step
        assert client.get("/api/session").status_code == 200  # never idle for long
    clock.advance(seconds=(policy.absolute - lived).total_seconds() + 1)
    assert client.get("/api/session").status_code == 401


def test_lifetimes_come_from_settings_with_sane_bounds() -> None:
    assert SessionPolicy.from_environ({}) == SessionPolicy()
    read = SessionPolicy.from_environ({"RINKSIDE_SESSION_IDLE_MINUTES": "30",
                                       "RINKSIDE_SESSION_HOURS": "8"})
    assert read == SessionPolicy(timedelta(minutes=30), timedelta(hours=8))
    for bad in ("0", "100000", "-5", "²", "ten"):
        with pytest.raises(ValueError, match="RINKSIDE_SESSION_IDLE_MINUTES"):
            SessionPolicy.from_environ({"RINKSIDE_SESSION_IDLE_MINUTES": bad})


def _cookie_headers(client: TestClient, username: str) -> list[str]:
    client.get("/login")
    response = client.post("/login", data={
        "username": username, "password": "puck-drop-7",
        "csrf_token": client.cookies.get(auth.CSRF_COOKIE) or ""}, follow_redirects=False)
    assert response.status_code == 303
    return response.headers.get_list("set-cookie")


def test_the_session_cookie_is_httponly_and_samesite(app: FastAPI, director: str) -> None:
    cookies = _cookie_headers(TestClient(app), director)
    session = next(c for c in cookies if c.startswith(auth.SESSION_COOKIE + "="))
    assert "HttpOnly" in session and "SameSite=lax" in session
    assert "Secure" not in session  # plain HTTP on the rink's LAN: a Secure cookie never returns
    csrf = next(c for c in cookies if c.startswith(auth.CSRF_COOKIE + "="))
    assert "HttpOnly" not in csrf  # the console's scripts read it


def test_over_https_the_cookies_are_secure(app: FastAPI, director: str) -> None:
    cookies = _cookie_headers(TestClient(app, base_url="https://testserver"), director)
    assert all("Secure" in c for c in cookies if c.startswith(("rinkside_session=",
                                                                 "rinkside_csrf=")))


def _raw(client: TestClient, method: str, path: str, cookie: str,
         **kwargs: object) -> int:
    """A request carrying exactly this Cookie header (UTF-8 bytes, as a
    careless or hostile client may send them)."""
    client.cookies.clear()
    response = client.request(method, path, headers={"cookie": cookie.encode()},
                              **kwargs)  # type: ignore[arg-type]
    return response.status_code


@pytest.mark.parametrize("token", ["é" * 43, "tokén", "\u00ff"])
def test_a_non_ascii_csrf_token_on_login_is_a_403(app: FastAPI, token: str) -> None:
    """compare_digest refuses non-ASCII text with an error: once a 500, even
    on an anonymous POST /login."""
    client = TestClient(app)
    login = {"username": "x", "password": "y"}
    assert _raw(client, "POST", "/login", f"{auth.CSRF_COOKIE}=abc",
                data={**login, "csrf_token": token}) == 403
    assert _raw(client, "POST", "/login", f"{auth.CSRF_COOKIE}={token}",
                data={**login, "csrf_token": "abc"}) == 403
    assert _raw(client, "POST", "/login", f"{auth.CSRF_COOKIE}={token}",
                data={**login, "csrf_token": token}) == 403
    assert _raw(client, "GET", "/login", f"{auth.CSRF_COOKIE}={token}") == 200


def test_a_non_ascii_session_cookie_is_nobody(app: FastAPI) -> None:
    client = TestClient(app)
    assert _raw(client, "GET", "/api/session", f"{auth.SESSION_COOKIE}=tökén.mäc") == 401
    assert _raw(client, "GET", "/api/session", f"{auth.SESSION_COOKIE}=token.mäc") == 401
    assert _raw(client, "POST", "/logout", f"{auth.SESSION_COOKIE}=tökén.mäc",
                follow_redirects=False) == 303


def test_a_non_ascii_csrf_header_is_a_403(app: FastAPI, demo: Demo, director: str,
                                          game: int) -> None:
    client, _ = log_in(app, director)
    response = client.post(f"/api/games/{game}/events",
                           headers={auth.CSRF_HEADER: "tökén".encode()},
                           json={"version": 0, "events": []})
    assert response.status_code == 403
    assert demo.service.game_state(game)[0] == 0
