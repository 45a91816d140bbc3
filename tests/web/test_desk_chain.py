"""The desk lists the games whose record was changed behind rinkside's back
(issue 29): the check runs when the director presses the button (never on
the page's load), names each broken game and the entry where its chain
breaks, and says so when every chain holds; nobody but the director sees or
runs it."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from webkit import Client, Demo, logged_in, new_game, record

from rinkside.rules.events import FaceOff, Stoppage
from rinkside.rules.times import GameTime
from rinkside.web import auth


@pytest.fixture(scope="module")
def game(demo: Demo) -> int:
    game = new_game(demo)
    record(demo.service, game, FaceOff(GameTime(1, 7200)), Stoppage(GameTime(1, 6000)))
    auth.create_user(demo.service, "dora", "director-7", "director")
    auth.create_user(demo.service, "vera", "whistle-7", "referee", games=[game])
    return game


@pytest.fixture(scope="module")
def dora(app: FastAPI, game: int) -> Iterator[Client]:
    yield from logged_in(app, "dora", "director-7")


@pytest.fixture(scope="module")
def vera(app: FastAPI, game: int) -> Iterator[Client]:
    yield from logged_in(app, "vera", "whistle-7")


def _check(who: Client, tournament: int) -> str:
    client, token = who
    answer = client.post(f"/desk/tournaments/{tournament}/chain", data={"csrf_token": token})
    assert answer.status_code == 200, answer.text
    return answer.text


def test_the_desk_checks_every_games_record_on_demand_and_names_the_broken_entry(
        demo: Demo, game: int, dora: Client) -> None:
    client, _ = dora
    path = f"/desk/tournaments/{demo.tournament_id}/chain"
    shown = client.get(path)
    assert shown.status_code == 200 and "Check every game's record now" in shown.text
    assert "records are intact" not in shown.text  # nothing checked on the page's load
    assert path in client.get(f"/desk/tournaments/{demo.tournament_id}").text  # in the nav
    assert "records are intact: every chain holds" in _check(dora, demo.tournament_id)

    with sqlite3.connect(demo.path) as db:  # an event's recorder changed behind its back
        db.execute("UPDATE event_revisions SET recorded_by = 'mallory' "
                   "WHERE game_id = ? AND revision = 2", (game,))
    said = _check(dora, demo.tournament_id)
    assert "1 of" in said and "records were changed outside rinkside" in said
    assert f'<a href="/games/{game}">Game {game}</a>' in said
    assert "event revision 2: its content and its link do not agree" in said


def test_nobody_but_the_director_sees_or_runs_the_check(
        demo: Demo, game: int, vera: Client, app: FastAPI) -> None:
    client, token = vera
    path = f"/desk/tournaments/{demo.tournament_id}/chain"
    assert client.get(path).status_code == 403
    assert client.post(path, data={"csrf_token": token}).status_code == 403
    with TestClient(app) as anonymous:
        assert anonymous.get(path, follow_redirects=False).status_code in (303, 401)
    assert client.get("/desk/tournaments/999999/chain").status_code == 403
