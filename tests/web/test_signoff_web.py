"""Referee sign-off through the web (Rule 616(a)): who may sign and reopen,
and a signed game refusing the console's writes until it is reopened."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from webkit import Demo, logged_in, new_game, record, skaters

from rinkside.rules.events import FaceOff, Goal, PeriodEnd
from rinkside.rules.times import GameTime
from rinkside.web import auth


def finished_game(demo: Demo) -> int:
    game = new_game(demo)
    scorer = skaters(demo.service, game, "home")[0]
    record(demo.service, game, FaceOff(GameTime(1, 7200)), Goal(GameTime(1, 6000), "home",
                                                                  scorer),
           FaceOff(GameTime(1, 6000)), PeriodEnd(GameTime(1, 0)), FaceOff(GameTime(2, 7200)),
           PeriodEnd(GameTime(2, 0)))
    return game


@pytest.fixture(scope="module")
def game(demo: Demo) -> int:
    game = finished_game(demo)
    auth.create_user(demo.service, "rita", "whistle-2", "referee", games=[game])
    auth.create_user(demo.service, "roy", "whistle-3", "referee")
    auth.create_user(demo.service, "dana", "director-1", "director")
    auth.create_user(demo.service, "sam", "scores-4-all", "scorekeeper", games=[game])
    return game


@pytest.fixture
def rita(app: FastAPI, game: int) -> Iterator[tuple[TestClient, str]]:
    yield from logged_in(app, "rita", "whistle-2")


@pytest.fixture
def roy(app: FastAPI, game: int) -> Iterator[tuple[TestClient, str]]:
    yield from logged_in(app, "roy", "whistle-3")


@pytest.fixture
def dana(app: FastAPI, game: int) -> Iterator[tuple[TestClient, str]]:
    yield from logged_in(app, "dana", "director-1")


@pytest.fixture
def sam(app: FastAPI, game: int) -> Iterator[tuple[TestClient, str]]:
    yield from logged_in(app, "sam", "scores-4-all")


SIGN = {"confirm": "yes"}  # the confirmation the sign-off form's checkbox sends (616(a))


def post(who: tuple[TestClient, str], path: str, body: Any = None) -> Any:
    client, token = who
    return client.post(path, json=body, headers={auth.CSRF_HEADER: token})


def test_sign_lock_refuse_reopen_correct(demo: Demo, game: int, rita: tuple[TestClient, str],
                                         dana: tuple[TestClient, str],
                                         sam: tuple[TestClient, str],
                                         roy: tuple[TestClient, str]) -> None:
    assert post(roy, f"/api/games/{game}/sign", SIGN).json()["rule"] == "616(a)"  # not assigned
    signed = post(rita, f"/api/games/{game}/sign", SIGN)
    assert signed.status_code == 200, signed.text
    assert signed.json()["locked"] and signed.json()["signatures"][0]["username"] == "rita"
    page = sam[0].get(f"/games/{game}/signoff")
    assert "Signed and locked" in page.text

    before = demo.service.game_state(game)[0]
    refused = post(sam, f"/api/games/{game}/events", {"version": before, "events": [
        {"type": "goal", "at": "1 10:00", "team": "away",
         "scorer": skaters(demo.service, game, "away")[0]}]})
    assert refused.status_code == 422
    assert refused.json()["rule"] == "616(a)"
    assert demo.service.game_state(game)[0] == before  # nothing written

    assert post(sam, f"/api/games/{game}/reopen", {"reason": "x"}).status_code == 403
    assert post(dana, f"/api/games/{game}/reopen", {"reason": " "}).json()["rule"] == "616(a)"
    reopened = post(dana, f"/api/games/{game}/reopen",
                    {"reason": "scorer of the first goal was wrong"})
    assert reopened.status_code == 200
    assert not reopened.json()["locked"]
    assert reopened.json()["reopenings"][0]["reason"] == "scorer of the first goal was wrong"
    page = dana[0].get(f"/games/{game}/signoff")
    assert "scorer of the first goal was wrong" in page.text


def test_writes_need_a_login_and_the_csrf_token(app: FastAPI, game: int,
                                                rita: tuple[TestClient, str]) -> None:
    with TestClient(app) as anonymous:
        assert anonymous.post(f"/api/games/{game}/sign").status_code == 401
        assert anonymous.get(f"/api/games/{game}/signoff").status_code == 200  # public read
    client, _ = rita
    assert client.post(f"/api/games/{game}/sign").status_code == 403  # no CSRF token


def test_the_director_names_the_officials(demo: Demo, dana: tuple[TestClient, str],
                                          sam: tuple[TestClient, str]) -> None:
    game = finished_game(demo)
    body = {"referee": ["Rita Ray", "Roy Roe"], "game_timekeeper": ["Tim Keep"]}
    client, token = sam
    assert client.put(f"/api/games/{game}/officials", json=body,
                      headers={auth.CSRF_HEADER: token}).status_code == 403
    client, token = dana
    response = client.put(f"/api/games/{game}/officials", json=body,
                          headers={auth.CSRF_HEADER: token})
    assert response.status_code == 200
    assert response.json()["officials"]["referee"] == ["Rita Ray", "Roy Roe"]
    too_many = client.put(f"/api/games/{game}/officials",
                          json={"referee": ["A", "B", "C"]}, headers={auth.CSRF_HEADER: token})
    assert too_many.status_code == 422
    form = client.post(f"/games/{game}/officials",
                       data={"csrf_token": token, "official_scorer": "Sue Score"},
                       follow_redirects=False)
    assert form.status_code == 303
    assert "Sue Score" in client.get(f"/games/{game}/signoff").text
