"""The console's API takes a penalty marked as the foul a penalty shot was
awarded for (FORMAT.md second edition, casebook 62): stored with its mark,
written back in the game's log, its minor neither served nor charged."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from webkit import Demo, game_in_play, logged_in, skaters

from rinkside.web import auth


@pytest.fixture
def game(demo: Demo) -> int:
    return game_in_play(demo)


@pytest.fixture
def scorer(app: FastAPI, demo: Demo, game: int) -> Iterator[tuple[TestClient, str]]:
    name = f"ps{game}"
    auth.create_user(demo.service, name, "shoots-4-all", "scorekeeper", games=[game])
    yield from logged_in(app, name, "shoots-4-all")


def _write(client: TestClient, token: str, game: int, *events: dict[str, object]) -> Any:
    version = client.get(f"/api/games/{game}/state").json()["version"]
    return client.post(f"/api/games/{game}/events", json={"version": version,
                       "events": list(events)}, headers={auth.CSRF_HEADER: token})


def test_a_marked_minor_is_stored_with_its_mark_and_makes_the_shot_due(
        demo: Demo, game: int, scorer: tuple[TestClient, str]) -> None:
    client, token = scorer
    home, away = skaters(demo.service, game, "home")[2], skaters(demo.service, game, "away")[2]
    foul = {"type": "penalty", "at": "1 9:00", "team": "away", "player": away,
            "class": "minor", "infraction": "Tripping from behind on a breakaway",
            "rule": "642(e)", "penalty_shot": True}
    answer = _write(client, token, game, {"type": "stoppage", "at": "1 9:00"}, foul)
    assert answer.status_code == 200, answer.text
    assert [w["rule"] for w in answer.json()["state"]["warnings"]] == ["406(h)"]
    refused = _write(client, token, game, {"type": "faceoff", "at": "1 9:00"})
    assert refused.status_code == 422 and "406" in refused.text
    answer = _write(client, token, game, {"type": "penalty_shot", "at": "1 9:00", "team": "home",
                                          "shooter": home, "result": "no_goal"})
    assert answer.status_code == 200, answer.text
    _, state = demo.service.game_state(game)
    assert str(away) not in state.pim()["away"]
    logged = client.get(f"/games/{game}/log.json").json()["events"]
    assert foul in logged


def test_a_penalty_shot_mark_other_than_true_is_refused_naming_the_field(
        demo: Demo, game: int, scorer: tuple[TestClient, str]) -> None:
    client, token = scorer
    away = skaters(demo.service, game, "away")[2]
    answer = _write(client, token, game, {"type": "stoppage", "at": "1 9:00"},
                    {"type": "penalty", "at": "1 9:00", "team": "away", "player": away,
                     "class": "minor", "infraction": "Tripping", "penalty_shot": "yes"})
    assert answer.status_code == 422 and "penalty_shot" in answer.text
