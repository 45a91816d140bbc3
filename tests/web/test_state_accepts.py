"""The state JSON says which kinds of event the game takes now and why not
the others (rules/accepts.py), so that the console disables what the engine
would refuse instead of asking first and being refused after."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from webkit import Client, Demo, game_in_play, logged_in, new_game, record, skaters

from rinkside.rules.events import FaceOff, Goal, PeriodEnd
from rinkside.rules.times import GameTime
from rinkside.services import officiating
from rinkside.web import auth


@pytest.fixture(scope="module")
def dana(app: FastAPI, demo: Demo) -> Iterator[Client]:
    auth.create_user(demo.service, "dana", "director-pass-1", "director")
    yield from logged_in(app, "dana", "director-pass-1")


def played(demo: Demo) -> int:
    """A new game played to its end, won 1-0 by the home team."""
    game = new_game(demo)
    scorer = skaters(demo.service, game, "home")[0]
    record(demo.service, game, FaceOff(GameTime(1, 7200)), Goal(GameTime(1, 6000), "home", scorer),
           FaceOff(GameTime(1, 6000)), PeriodEnd(GameTime(1, 0)), FaceOff(GameTime(2, 7200)),
           PeriodEnd(GameTime(2, 0)))
    return game


def refusals(data: dict[str, Any]) -> dict[str, tuple[str, str]]:
    return {r["kind"]: (r["rule"], r["text"]) for r in data["refused"]}


def test_in_play_a_period_end_waits_for_zero_640a(client: TestClient, demo: Demo) -> None:
    data = client.get(f"/api/games/{game_in_play(demo)}/state").json()
    assert "period_end" not in data["accepts"] and "goal" in data["accepts"]
    rule, text = refusals(data)["period_end"]
    assert rule == "640(a)"
    assert text.startswith("Rule 640(a): a period ends when the clock reaches 0:00")
    assert "rink's clock" in text and "Rule 507(a)" in text
    *before, zero = data["coming"]
    assert zero["period_over"] and zero["at_tenths"] == 0
    assert "period_end" in zero["accepts"] and zero["refused"] == []
    # the minor's end changes nothing the game takes: the moment says so by None
    assert before and all(m["accepts"] is None and m["refused"] is None for m in before)


def test_a_final_game_takes_a_penalty_and_refuses_the_rest_with_the_rule(
        demo: Demo, client: TestClient, dana: Client) -> None:
    game = played(demo)
    data = client.get(f"/api/games/{game}/state").json()
    assert data["status"] == "final"
    assert data["accepts"] == ["penalty", "penalty_shot", "goalie"]  # 406(i), 406(e)
    assert {rule for rule, _ in refusals(data).values()} == {"640(a)"}
    browser, csrf = dana
    answer = browser.post(f"/api/games/{game}/events", headers={"X-CSRF-Token": csrf},
                          json={"version": data["version"],
                                "events": [{"type": "faceoff", "at": "2 0:00"}]})
    assert answer.status_code == 422
    assert answer.json()["rule"] == refusals(data)["faceoff"][0]


def test_a_signed_game_takes_nothing_616a(demo: Demo, client: TestClient) -> None:
    game = played(demo)
    auth.create_user(demo.service, f"ref{game}", "referee-pass-9", "referee", games=[game])
    assert officiating.sign(demo.service, game, f"ref{game}").locked
    data = client.get(f"/api/games/{game}/state").json()
    assert data["locked"] and data["accepts"] == []
    assert {rule for rule, _ in refusals(data).values()} == {"616(a)"}
    assert "signed" in refusals(data)["penalty"][1]
