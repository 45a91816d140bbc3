"""GET /api/games/{id}/serving: the engine says who serves a penalty
(402(c), 404(a)-(e), 405(a), 407(a)); the console's form only shows it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from webkit import Client, Demo, game_in_play, logged_in, skaters

from rinkside.web import auth


@pytest.fixture(scope="module")
def game(demo: Demo) -> int:
    game_id = game_in_play(demo)
    auth.create_user(demo.service, "sue", "serves-4-all", "scorekeeper", games=[game_id])
    return game_id


@pytest.fixture
def scorekeeper(app: FastAPI, game: int) -> Iterator[Client]:
    yield from logged_in(app, "sue", "serves-4-all")


def test_rule_402c_a_bench_minor_asks_who_serves_it(scorekeeper: Client, game: int) -> None:
    client, _ = scorekeeper
    answer = client.get(f"/api/games/{game}/serving",
                        params={"team": "home", "class": "bench_minor"}).json()
    assert answer["rule"] == "402(c)" and answer["name_server"] is True
    assert answer["class"] == "bench_minor" and answer["may_serve"]


def test_rule_404e_a_major_with_a_game_misconduct_is_served_by_a_substitute(
        demo: Demo, scorekeeper: Client, game: int) -> None:
    client, _ = scorekeeper
    player = skaters(demo.service, game, "home")[1]
    answer = client.get(f"/api/games/{game}/serving", params=[
        ("team", "home"), ("player", player), ("class", "major"),
        ("class", "game_misconduct")]).json()
    assert (answer["rule"], answer["name_server"]) == ("404(e)", True)
    assert player not in answer["may_serve"]
    alone = client.get(f"/api/games/{game}/serving",
                       params={"team": "home", "player": player, "class": "major"}).json()
    assert (alone["rule"], alone["name_server"]) == (None, False)


def test_rule_407a_a_goaltenders_minor_is_served_by_a_teammate(
        demo: Demo, scorekeeper: Client, game: int) -> None:
    client, _ = scorekeeper
    _, state = demo.service.game_state(game)
    goalie = state.goalie("away")
    answer = client.get(f"/api/games/{game}/serving",
                        params={"team": "away", "player": goalie, "class": "minor"}).json()
    assert (answer["rule"], answer["name_server"]) == ("407(a)", True)
    assert goalie not in answer["may_serve"]


def test_a_class_the_book_does_not_have_is_refused(scorekeeper: Client, game: int) -> None:
    client, _ = scorekeeper
    response = client.get(f"/api/games/{game}/serving",
                          params={"team": "home", "class": "tiny"})
    assert response.status_code == 422


def test_an_unknown_game_is_not_found(scorekeeper: Client) -> None:
    client, _ = scorekeeper
    response = client.get("/api/games/999999/serving",
                          params={"team": "home", "class": "minor"})
    assert response.status_code == 404


def test_rule_601a_the_catalog_offers_the_next_step_of_a_players_conduct(
        demo: Demo, scorekeeper: Client, game: int) -> None:
    client, _ = scorekeeper
    player = skaters(demo.service, game, "home")[2]
    answer = client.get(f"/api/games/{game}/escalation",
                        params={"team": "home", "player": player}).json()
    assert (answer["class"], answer["rule"], answer["earlier"]) == ("minor", "601(a)", 0)
    coach = client.get(f"/api/games/{game}/escalation",
                       params={"team": "away", "official": "Coach"}).json()
    assert coach["class"] == "bench_minor"
