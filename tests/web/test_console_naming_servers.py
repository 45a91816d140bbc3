"""The servers still to name at a stoppage, asked at the table: the state
lists them (``servers_needed``), a tournament game's face-off waits for them,
and POST /api/games/{id}/servers names one (402(c), 404(b), 404(e), 405(a),
407(a))."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from webkit import Client, Demo, game_in_play, logged_in, record, skaters

from rinkside.rules.events import Penalty, PenaltyClass, Stoppage
from rinkside.rules.times import GameTime
from rinkside.web import auth

WHISTLE = GameTime(1, 5400)


@pytest.fixture(scope="module")
def sam(demo: Demo) -> int:
    return auth.create_user(demo.service, "sam-servers", "serves-4-all", "scorekeeper",
                            games=[])


@pytest.fixture
def game(demo: Demo, sam: int) -> int:
    """In play at 1 10:00; at the 1 9:00 whistle home's second skater is
    given a major for checking from behind, and the game misconduct comes
    with it (604(e), casebook 42): a substitute serves the major (404(e))."""
    game_id = game_in_play(demo)
    player = skaters(demo.service, game_id, "home")[1]
    record(demo.service, game_id, Stoppage(WHISTLE),
           Penalty(WHISTLE, "home", player, PenaltyClass.MAJOR, "Checking from behind",
                   "604(e)"))
    from rinkside.store import models
    with demo.service.write() as s:
        user = s.get(models.User, sam)
        assert user is not None
        user.games = sorted({*(user.games or []), game_id})
    return game_id


@pytest.fixture
def scorekeeper(app: FastAPI, sam: int) -> Iterator[Client]:
    yield from logged_in(app, "sam-servers", "serves-4-all")


def post(client: Client, path: str, body: dict[str, Any]) -> Any:
    http, csrf = client
    return http.post(path, json=body, headers={auth.CSRF_HEADER: csrf})


def test_rule_404e_the_state_asks_for_the_substitute_and_the_face_off_waits(
        demo: Demo, game: int, scorekeeper: Client) -> None:
    http, _ = scorekeeper
    state = http.get(f"/api/games/{game}/state").json()
    player = skaters(demo.service, game, "home")[1]
    [need] = state["servers_needed"]
    assert (need["team"], need["player"], need["class"], need["rule"]) == (
        "home", player, "major", "404(e)")
    assert need["text"].startswith("Rule 404(e): ")
    assert player not in [p["number"] for p in need["may_serve"]]
    faceoff = next(r for r in state["refused"] if r["kind"] == "faceoff")
    assert faceoff["rule"] == "404(e)"
    answer = post(scorekeeper, f"/api/games/{game}/events", {
        "version": state["version"], "events": [{"type": "faceoff", "at": "1 9:00"}]})
    assert answer.status_code == 422 and answer.json()["rule"] == "404(e)"


def test_naming_the_substitute_puts_him_in_the_box_and_the_record(
        demo: Demo, game: int, scorekeeper: Client) -> None:
    http, _ = scorekeeper
    state = http.get(f"/api/games/{game}/state").json()
    [need] = state["servers_needed"]
    server = need["may_serve"][0]["number"]
    answer = post(scorekeeper, f"/api/games/{game}/servers", {
        "version": state["version"], "penalty": need["penalty_id"], "served_by": server})
    assert answer.status_code == 200, answer.json()
    after = answer.json()["state"]
    assert after["servers_needed"] == []
    assert [(e["player"], e["served_by"]) for e in after["box"]["home"]] == [
        (need["player"], server)]
    assert "faceoff" in after["accepts"]
    _, game_state = demo.service.game_state(game)
    [major] = [p for p in game_state.penalties if p.penalty_class == PenaltyClass.MAJOR]
    assert major.served_by == server
    history = http.get(f"/api/games/{game}/history").json()["revisions"]
    assert "Rule 404(e)" in history[-1]["reason"] and history[-1]["by"] == "sam-servers"


def test_a_player_the_engine_does_not_list_is_refused_with_the_rule(
        game: int, scorekeeper: Client) -> None:
    http, _ = scorekeeper
    state = http.get(f"/api/games/{game}/state").json()
    [need] = state["servers_needed"]
    answer = post(scorekeeper, f"/api/games/{game}/servers", {
        "version": state["version"], "penalty": need["penalty_id"],
        "served_by": need["player"]})
    assert answer.status_code == 422 and answer.json()["rule"] == "404(e)"
    answer = post(scorekeeper, f"/api/games/{game}/servers", {
        "version": state["version"], "penalty": need["penalty_id"] + 100, "served_by": 2})
    assert answer.status_code == 422 and answer.json()["field"] == "penalty"
    answer = post(scorekeeper, f"/api/games/{game}/servers", {
        "version": state["version"] - 1, "penalty": need["penalty_id"], "served_by": 2})
    assert answer.status_code == 409


def test_the_form_is_told_before_the_major_is_recorded(
        demo: Demo, game: int, scorekeeper: Client) -> None:
    http, _ = scorekeeper
    player = skaters(demo.service, game, "away")[2]
    answer = http.get(f"/api/games/{game}/serving", params={
        "team": "away", "player": player, "class": "major",
        "infraction": "Checking from behind", "rule": "604(e)"}).json()
    assert (answer["rule"], answer["name_server"]) == ("404(e)", True)
    assert answer["text"].startswith("Rule 404(e): ")
    minor = http.get(f"/api/games/{game}/serving", params={
        "team": "away", "player": player, "class": "minor"}).json()
    assert minor["name_server"] is False and minor["offer"]["rule"] == "206(d)"
