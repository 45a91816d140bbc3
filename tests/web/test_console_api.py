"""The console API: recording events as a logged-in scorekeeper, all or none,
with the rule of a refused event, the stale version, the malformed field,
and the roles and CSRF token a write needs."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from webkit import Demo, game_in_play, logged_in, skaters

from rinkside.web import auth


@pytest.fixture(scope="module")
def games(demo: Demo) -> tuple[int, int, int]:
    """A game assigned to the scorekeeper, one that is not, and a spare one
    assigned, untouched by the other tests (in play at 1 10:00)."""
    mine, other, spare = game_in_play(demo), game_in_play(demo), game_in_play(demo)
    auth.create_user(demo.service, "sam", "scores-4-all", "scorekeeper", games=[mine, spare])
    auth.create_user(demo.service, "rita", "whistle-2", "referee")
    return mine, other, spare


@pytest.fixture
def scorekeeper(app: FastAPI, games: tuple[int, int, int]) -> Iterator[tuple[TestClient, str]]:
    yield from logged_in(app, "sam", "scores-4-all")


@pytest.fixture
def referee(app: FastAPI, games: tuple[int, int, int]) -> Iterator[tuple[TestClient, str]]:
    yield from logged_in(app, "rita", "whistle-2")


def goal(demo: Demo, game_id: int, at: str = "1 9:00") -> dict[str, Any]:
    return {"type": "goal", "at": at, "team": "home",
            "scorer": skaters(demo.service, game_id, "home")[0]}


def post(client: TestClient, game_id: int, body: dict[str, Any],
         token: str | None) -> Any:
    headers = {auth.CSRF_HEADER: token} if token else {}
    return client.post(f"/api/games/{game_id}/events", json=body, headers=headers)


def version(demo: Demo, game_id: int) -> int:
    return demo.service.game_state(game_id)[0]


def test_a_scorekeeper_records_a_goal_in_an_assigned_game(
        demo: Demo, games: tuple[int, int, int], scorekeeper: tuple[TestClient, str]) -> None:
    client, token = scorekeeper
    mine, _, _ = games
    before = version(demo, mine)
    response = post(client, mine, {"version": before, "events": [goal(demo, mine)]}, token)
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["version"] == before + 1
    assert answer["state"]["version"] == before + 1
    assert answer["state"]["score"] == {"home": 1, "away": 0}
    assert version(demo, mine) == before + 1


def test_a_scorekeeper_may_not_write_in_another_game(
        demo: Demo, games: tuple[int, int, int], scorekeeper: tuple[TestClient, str]) -> None:
    client, token = scorekeeper
    _, other, _ = games
    before = version(demo, other)
    response = post(client, other, {"version": before, "events": [goal(demo, other)]}, token)
    assert response.status_code == 403
    assert f"game {other}" in response.json()["detail"]
    assert version(demo, other) == before


def test_a_referee_may_not_write(demo: Demo, games: tuple[int, int, int],
                                 referee: tuple[TestClient, str]) -> None:
    client, token = referee
    mine, _, _ = games
    before = version(demo, mine)
    response = post(client, mine, {"version": before, "events": [goal(demo, mine)]}, token)
    assert response.status_code == 403
    assert version(demo, mine) == before


def test_nobody_logged_in_gets_401(demo: Demo, games: tuple[int, int, int], app: FastAPI) -> None:
    mine, _, _ = games
    with TestClient(app) as client:
        response = post(client, mine, {"version": 0, "events": []}, None)
    assert response.status_code == 401


def test_a_write_without_the_csrf_token_is_refused(
        demo: Demo, games: tuple[int, int, int], scorekeeper: tuple[TestClient, str]) -> None:
    client, token = scorekeeper
    mine, _, _ = games
    before = version(demo, mine)
    body = {"version": before, "events": [goal(demo, mine, "1 8:00")]}
    for sent in (None, token + "x"):
        response = post(client, mine, body, sent)
        assert response.status_code == 403
        assert "CSRF token" in response.json()["detail"]
    assert version(demo, mine) == before


def test_a_refused_event_names_the_rule_and_writes_nothing(
        demo: Demo, games: tuple[int, int, int], scorekeeper: tuple[TestClient, str]) -> None:
    client, token = scorekeeper
    _, _, spare = games
    before = version(demo, spare)
    batch = [goal(demo, spare, "1 9:00"), {"type": "faceoff", "at": "1 9:00"},
             goal(demo, spare, "1 9:30")]
    response = post(client, spare, {"version": before, "events": batch}, token)
    assert response.status_code == 422
    answer = response.json()
    assert answer["rule"] == "507(a)"
    assert "the game clock cannot run backwards" in answer["detail"]
    assert version(demo, spare) == before  # not even the goal and face-off before it


def test_a_write_made_on_an_older_version_lands_on_the_newest_and_says_so(
        demo: Demo, games: tuple[int, int, int], scorekeeper: tuple[TestClient, str]) -> None:
    client, token = scorekeeper
    mine, _, _ = games
    assert not demo.service.game_state(mine)[1].running  # stopped by the goal at 1 9:00
    read = version(demo, mine)
    faceoff = {"type": "faceoff", "at": "1 9:00"}
    first = post(client, mine, {"version": read, "events": [faceoff]}, token)
    assert first.status_code == 200 and "merged" not in first.json()
    # A second screen, still at the version it read, records a shot: it lands after the face-off.
    shot = {"type": "shot", "at": "1 8:30", "team": "away"}
    second = post(client, mine, {"version": read, "events": [shot]}, token)
    assert second.status_code == 200, second.text
    merged = second.json()["merged"]
    assert merged["read_version"] == read and merged["applied_on"] == read + 1
    assert merged["landed"] == ["face-off, at P1 9:00 (recorded by sam)"]
    assert version(demo, mine) == read + 2


def test_the_same_entry_made_twice_is_409_with_both_sides(
        demo: Demo, games: tuple[int, int, int], scorekeeper: tuple[TestClient, str]) -> None:
    client, token = scorekeeper
    mine, _, _ = games
    before = version(demo, mine)
    same = {"type": "shot", "at": "1 4:00", "team": "home"}
    assert post(client, mine, {"version": before, "events": [same]}, token).status_code == 200
    response = post(client, mine, {"version": before, "events": [same]}, token)
    assert response.status_code == 409
    answer = response.json()
    assert "changed since you loaded it" in answer["detail"] and "same entry" in answer["detail"]
    assert answer["version"] == before + 1
    assert answer["yours"].startswith("shot on goal, ") and "at P1 4:00" in answer["yours"]
    assert answer["theirs"] == answer["yours"] + " (recorded by sam)"
    assert version(demo, mine) == before + 1


def test_a_malformed_event_names_the_index_and_field(
        demo: Demo, games: tuple[int, int, int], scorekeeper: tuple[TestClient, str]) -> None:
    client, token = scorekeeper
    mine, _, _ = games
    before = version(demo, mine)
    batch = [goal(demo, mine, "1 5:00"), {"type": "goal", "at": "1 4:00", "team": "home"}]
    response = post(client, mine, {"version": before, "events": batch}, token)
    assert response.status_code == 422
    answer = response.json()
    assert (answer["index"], answer["field"]) == (1, "scorer")
    assert "event 1" in answer["detail"] and "scorer" in answer["detail"]
    assert version(demo, mine) == before
