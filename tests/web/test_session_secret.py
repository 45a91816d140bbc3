"""A secret that survives a restart: with no RINKSIDE_SECRET the cookies are
signed by a secret generated once and kept in the store, so a restarted
server, or a second process on the same store, accepts the first one's
cookies; a weak RINKSIDE_SECRET is refused with a clear message."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner
from webkit import Demo

from rinkside.cli import app
from rinkside.services import users
from rinkside.services.open import open_tournaments
from rinkside.services.store_meta import WeakSecret
from rinkside.web import auth
from rinkside.web.app import create_app

# A fresh interpreter (a restarted server): the app over the same store asked
# who holds the session cookie given on the command line.
RESTARTED = """
import sys
from fastapi.testclient import TestClient
from rinkside.web.app import create_app
client = TestClient(create_app(database_url=sys.argv[1]))
client.cookies.set("rinkside_session", sys.argv[2])
answer = client.get("/api/session")
print(answer.status_code, answer.json().get("username"))
"""


@pytest.fixture(scope="module")
def director(demo: Demo) -> str:
    users.create_user(demo.service, "rhea", "puck-drop-7", "director")
    return "rhea"


def _log_in(client: TestClient, username: str) -> str:
    client.get("/login")
    response = client.post("/login", data={
        "username": username, "password": "puck-drop-7",
        "csrf_token": client.cookies.get(auth.CSRF_COOKIE) or ""}, follow_redirects=False)
    assert response.status_code == 303
    return client.cookies[auth.SESSION_COOKIE]


@pytest.fixture(autouse=True)
def no_secret_given(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RINKSIDE_SECRET", raising=False)


def test_a_second_process_on_the_store_accepts_the_cookie(demo: Demo, director: str) -> None:
    first = TestClient(create_app(demo.service))
    cookie = _log_in(first, director)
    second = TestClient(create_app(open_tournaments(f"sqlite:///{demo.path}")))
    second.cookies.set(auth.SESSION_COOKIE, cookie)
    answer = second.get("/api/session")
    assert answer.status_code == 200 and answer.json()["username"] == director


def test_a_restarted_server_accepts_the_cookie(demo: Demo, director: str) -> None:
    cookie = _log_in(TestClient(create_app(demo.service)), director)
    env = {k: v for k, v in os.environ.items() if k != "RINKSIDE_SECRET"}
    run = subprocess.run([sys.executable, "-c", RESTARTED, f"sqlite:///{demo.path}", cookie],
                         capture_output=True, text=True, env=env, check=True)
    assert run.stdout.split() == ["200", director]


def test_a_cookie_signed_by_another_secret_is_nobody(demo: Demo, director: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    cookie = _log_in(TestClient(create_app(demo.service)), director)
    monkeypatch.setenv("RINKSIDE_SECRET", "another-secret-" + "s" * 32)
    other = TestClient(create_app(demo.service))
    other.cookies.set(auth.SESSION_COOKIE, cookie)
    assert other.get("/api/session").status_code == 401


def test_a_weak_secret_is_refused_with_a_clear_message(demo: Demo,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RINKSIDE_SECRET", "short")
    with pytest.raises(WeakSecret, match=r"RINKSIDE_SECRET is 5 bytes.*at least 32"):
        create_app(demo.service)
    served = CliRunner().invoke(app, ["serve", "--port", "0", "--db", f"sqlite:///{demo.path}"])
    assert served.exit_code == 2
    assert "RINKSIDE_SECRET is 5 bytes" in served.output
    assert "Traceback" not in served.output
