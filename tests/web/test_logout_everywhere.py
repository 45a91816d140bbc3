"""Issue 26: every page of a logged-in user (the desk, the sign-off pages,
the console and its game list) shows who is logged in and a way out (a POST
with the session's CSRF token, back to the login page), and the site's
header links to the desk for a director, on the public pages too."""

from __future__ import annotations

import re

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from webkit import Demo, game_in_play, logged_in

from rinkside.web import auth

LOGOUT = re.compile(r'<form method="post" action="/logout" class="logout">'
                    r'<input type="hidden" name="csrf_token" value="([^"]+)">')


@pytest.fixture(scope="module")
def game(demo: Demo) -> int:
    game_id = game_in_play(demo)
    auth.create_user(demo.service, "desk-dana", "director-out-1", "director")
    auth.create_user(demo.service, "ref-rory", "referee-out-1", "referee", games=[game_id])
    return game_id


@pytest.mark.parametrize(("who", "password", "path"), [
    ("desk-dana", "director-out-1", "/desk"),
    ("desk-dana", "director-out-1", "/console"),
    ("desk-dana", "director-out-1", "/console/games/{game}"),
    ("desk-dana", "director-out-1", "/games/{game}/signoff"),
    ("ref-rory", "referee-out-1", "/signoff"),
    ("ref-rory", "referee-out-1", "/games/{game}/signoff"),
    ("ref-rory", "referee-out-1", "/console"),
])
def test_each_page_shows_who_is_logged_in_and_logs_out(
        app: FastAPI, game: int, who: str, password: str, path: str) -> None:
    for client, csrf in logged_in(app, who, password):
        page = client.get(path.format(game=game))
        assert page.status_code == 200
        assert f"Logged in as {who}" in page.text
        found = LOGOUT.search(page.text)
        assert found is not None and found.group(1) == csrf
        out = client.post("/logout", data={"csrf_token": found.group(1)},
                          follow_redirects=False)
        assert out.status_code == 303 and out.headers["location"] == "/login"
        assert client.get("/api/session").status_code == 401
        assert client.get("/desk", follow_redirects=False).status_code in (303, 401)


def test_the_header_links_to_the_desk_for_a_director_only(app: FastAPI, game: int) -> None:
    for client, _ in logged_in(app, "desk-dana", "director-out-1"):
        for path in ("/", "/schedule", f"/games/{game}", "/rules", "/console",
                     "/signoff", f"/games/{game}/signoff", f"/console/games/{game}"):
            assert 'href="/desk"' in client.get(path).text, path
        assert "Logged in as desk-dana" in client.get("/").text
    for client, _ in logged_in(app, "ref-rory", "referee-out-1"):
        assert 'href="/desk"' not in client.get(f"/games/{game}/signoff").text
        assert "Logged in as ref-rory" in client.get("/schedule").text


def test_a_public_page_shows_no_one_to_the_public(client: TestClient, game: int) -> None:
    page = client.get("/").text
    assert "Logged in as" not in page and 'href="/desk"' not in page
