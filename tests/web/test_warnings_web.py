"""The engine's warnings on the game's record: the console API's answer to a
write and the live state JSON carry each with its rule."""

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
    """A game of its own for each test, in play at 1 10:00."""
    return game_in_play(demo)


@pytest.fixture
def scorer(app: FastAPI, demo: Demo, game: int) -> Iterator[tuple[TestClient, str]]:
    name = f"wil{game}"
    auth.create_user(demo.service, name, "warns-4-all", "scorekeeper", games=[game])
    yield from logged_in(app, name, "warns-4-all")


def _write(client: TestClient, token: str, game: int, *events: dict[str, object]
           ) -> dict[str, Any]:
    version = client.get(f"/api/games/{game}/state").json()["version"]
    answer = client.post(f"/api/games/{game}/events", json={"version": version,
                         "events": list(events)}, headers={auth.CSRF_HEADER: token})
    assert answer.status_code == 200, answer.text
    state: dict[str, Any] = answer.json()["state"]
    return state


def _misconduct(demo: Demo, game: int) -> list[dict[str, object]]:
    player = skaters(demo.service, game, "home")[1]
    return [{"type": "stoppage", "at": "1 9:00"},
            {"type": "penalty", "at": "1 9:00", "team": "home", "player": player,
             "class": "misconduct", "infraction": "Hooking", "rule": "622(a)"}]


def test_a_write_is_answered_with_the_warning_it_gave_and_its_rule(
        demo: Demo, game: int, scorer: tuple[TestClient, str]) -> None:
    client, token = scorer
    state = _write(client, token, game, *_misconduct(demo, game))
    [warning] = state["warnings"]
    assert warning["rule"] == "622(a)"
    assert warning["text"].startswith("Rule 622(a): Hooking allows minor; a misconduct was "
                                      "assessed")
    assert client.get(f"/api/games/{game}/state").json()["warnings"] == [warning]


def test_the_next_write_without_a_warning_brings_no_new_one(
        demo: Demo, game: int, scorer: tuple[TestClient, str]) -> None:
    """What the console's banner compares: the warnings the write was sent
    from and those it was answered with."""
    client, token = scorer
    warned = _write(client, token, game, *_misconduct(demo, game))
    after = _write(client, token, game, {"type": "faceoff", "at": "1 9:00"})
    assert [w for w in after["warnings"] if w not in warned["warnings"]] == []
