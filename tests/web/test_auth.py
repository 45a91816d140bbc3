"""Logging in and out: argon2 passwords, the session cookie, CSRF on the forms,
and the public pages that need no login."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from webkit import Demo

from rinkside.store import models
from rinkside.web import auth


@pytest.fixture(scope="module")
def director(demo: Demo) -> str:
    auth.create_user(demo.service, "dana", "puck-drop-7", "director")
    return "dana"


@pytest.fixture
def browser(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as client:
        yield client


def log_in(client: TestClient, username: str, password: str) -> tuple[int, str]:
    """POST the login form as a browser would; the status and the page."""
    client.get("/login")
    token = client.cookies.get(auth.CSRF_COOKIE)
    response = client.post("/login", data={"username": username, "password": password,
                                           "csrf_token": token or ""},
                           follow_redirects=False)
    return response.status_code, response.text


def test_the_password_is_stored_as_an_argon2_hash(demo: Demo, director: str) -> None:
    with demo.service.read() as s:
        user = s.query(models.User).filter_by(username=director).one()
        assert user.password_hash.startswith("$argon2")
        assert "puck-drop-7" not in user.password_hash


def test_a_user_logs_in_and_out(browser: TestClient, director: str) -> None:
    form = browser.get("/login")
    assert form.status_code == 200
    assert 'name="csrf_token"' in form.text
    status, _ = log_in(browser, director, "puck-drop-7")
    assert status == 303
    assert browser.cookies.get(auth.SESSION_COOKIE)
    me = browser.get("/api/session")
    assert me.status_code == 200
    assert me.json()["username"] == director
    assert me.json()["role"] == "director"
    token = me.json()["csrf_token"]
    assert browser.post("/logout", follow_redirects=False).status_code == 403  # no token
    out = browser.post("/logout", data={"csrf_token": token}, follow_redirects=False)
    assert out.status_code == 303
    assert browser.get("/api/session").status_code == 401


def test_a_wrong_password_shows_the_form_again(browser: TestClient, director: str) -> None:
    status, page = log_in(browser, director, "wrong")
    assert status == 401
    assert "wrong username or password" in page
    assert 'name="password"' in page
    assert not browser.cookies.get(auth.SESSION_COOKIE)
    status, page = log_in(browser, "nobody", "puck-drop-7")
    assert status == 401
    assert "wrong username or password" in page


def test_the_login_form_needs_its_csrf_token(browser: TestClient, director: str) -> None:
    browser.get("/login")
    response = browser.post("/login", data={"username": director, "password": "puck-drop-7"},
                            follow_redirects=False)
    assert response.status_code == 403
    assert "CSRF" in response.text
    assert not browser.cookies.get(auth.SESSION_COOKIE)


def test_a_forged_session_cookie_is_nobody(browser: TestClient, director: str) -> None:
    browser.cookies.set(auth.SESSION_COOKIE, "1:token.forged")
    assert browser.get("/api/session").status_code == 401


def test_an_unknown_role_is_refused(demo: Demo) -> None:
    with pytest.raises(ValueError, match="not a role"):
        auth.create_user(demo.service, "zed", "pw", "owner")  # a coach is a role now


@pytest.mark.parametrize("path", ["/", "/schedule", "/suspensions"])
def test_the_public_pages_need_no_login(browser: TestClient, path: str) -> None:
    assert browser.get(path).status_code == 200


@pytest.mark.parametrize(("target", "lands"), [("/console/games/3", "/console/games/3"),
                                               ("https://evil.example/", "/"),
                                               ("//evil.example/", "/")])
def test_login_returns_to_a_page_of_this_site_only(browser: TestClient, director: str,
                                                   target: str, lands: str) -> None:
    browser.get("/login", params={"next": target})
    token = browser.cookies.get(auth.CSRF_COOKIE)
    response = browser.post("/login", data={"username": director, "password": "puck-drop-7",
                                            "csrf_token": token or "", "next": target},
                            follow_redirects=False)
    assert response.status_code == 303
    assert response.headers["location"] == lands


def test_the_console_page_carries_its_sessions_token(browser: TestClient,
                                                      director: str) -> None:
    """A write from the first tap: the console need not ask for the token
    first (a face-off tapped before that answer came was refused)."""
    log_in(browser, director, "puck-drop-7")
    token = browser.get("/api/session").json()["csrf_token"]
    page = browser.get("/console/games/3")
    assert page.status_code == 200
    assert f'data-csrf="{token}"' in page.text
