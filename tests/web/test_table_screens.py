"""The table officials' screens (Rules 505-507): each official opens their
own at /games/{id}/console/{timekeeper|penalties|scorer}, with only their
own controls; another's screen is a 403 page naming theirs; the full
console sends them to theirs; the game list offers each the screen of their
role, a scorekeeper all three beside the full console."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from webkit import Client, Demo, logged_in, new_game

from rinkside.services import users

PASSWORD = "table-screens-1"


@pytest.fixture(scope="module")
def game(demo: Demo) -> int:
    return new_game(demo)


@pytest.fixture(scope="module")
def people(app: FastAPI, demo: Demo, game: int) -> Iterator[dict[str, Client]]:
    made: dict[str, Client] = {}
    sessions = []
    for role in ("game_timekeeper", "penalty_timekeeper", "official_scorer", "scorekeeper"):
        users.create_user(demo.service, f"s-{role}", PASSWORD, role, [game])
        sessions.append(logged_in(app, f"s-{role}", PASSWORD))
        made[role] = next(sessions[-1])
    yield made
    for session in sessions:
        next(session, None)


OWN = {"game_timekeeper": ("timekeeper", 'data-action="call-timeout"', 'data-form="goal"'),
       "penalty_timekeeper": ("penalties", 'data-bind="announcement-list"', 'data-form="goal"'),
       "official_scorer": ("scorer", 'data-form="goal"', 'data-action="call-timeout"')}


@pytest.mark.parametrize("role", OWN)
def test_each_official_sees_only_their_own_controls(people: dict[str, Client], game: int,
                                                    role: str) -> None:
    client, _ = people[role]
    screen, theirs, not_theirs = OWN[role]
    page = client.get(f"/games/{game}/console/{screen}")
    assert page.status_code == 200
    assert theirs in page.text and not_theirs not in page.text
    for other, (other_screen, _, _) in OWN.items():
        if other != role:
            refused = client.get(f"/games/{game}/console/{other_screen}")
            assert refused.status_code == 403
            assert f"/games/{game}/console/{screen}" in refused.text
    full = client.get(f"/console/games/{game}", follow_redirects=False)
    assert full.status_code == 303 and full.headers["location"] == f"/games/{game}/console/{screen}"
    listed = client.get("/console")
    assert f'href="/games/{game}/console/{screen}"' in listed.text


def test_a_scorekeeper_opens_every_screen_and_the_full_console(people: dict[str, Client],
                                                               game: int) -> None:
    client, _ = people["scorekeeper"]
    for screen in ("timekeeper", "penalties", "scorer"):
        page = client.get(f"/games/{game}/console/{screen}")
        assert page.status_code == 200 and f'href="/console/games/{game}">Full console' in page.text
    listed = client.get("/console").text
    assert f'href="/console/games/{game}"' in listed
    assert f'href="/games/{game}/console/penalties">Penalty timekeeper' in listed


def test_an_official_not_assigned_to_the_game_is_refused(app: FastAPI, demo: Demo) -> None:
    other = new_game(demo)
    users.create_user(demo.service, "s-elsewhere", PASSWORD, "penalty_timekeeper", [])
    for client, _ in logged_in(app, "s-elsewhere", PASSWORD):
        page = client.get(f"/games/{other}/console/penalties")
        assert page.status_code == 403 and "not assigned" in page.text


def test_nobody_logged_in_is_sent_to_log_in(client: object, game: int) -> None:
    from fastapi.testclient import TestClient
    assert isinstance(client, TestClient)
    answer = client.get(f"/games/{game}/console/scorer", follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"].startswith("/login?next=")
