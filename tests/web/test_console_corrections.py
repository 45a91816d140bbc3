"""The console's corrections API and the log it reads: replace, insert and
delete a past event with who and why kept, the engine recomputing the game
after it; the rule of a correction the book refuses, the stale version, the
missing reason, and the roles and CSRF token a write needs."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from webkit import Client, Demo, game_in_play, logged_in, record, skaters

from rinkside.rules.events import Goal
from rinkside.rules.times import GameTime
from rinkside.web import auth


@pytest.fixture(scope="module")
def users(demo: Demo) -> dict[str, int]:
    """Each test gets its own game; ``sam`` may score every game made here
    (the list is filled as games are made), ``rita`` is a referee."""
    sam = auth.create_user(demo.service, "sam", "scores-4-all", "scorekeeper", games=[])
    auth.create_user(demo.service, "rita", "whistle-2", "referee")
    return {"sam": sam}


def assign(demo: Demo, user_id: int, game_id: int) -> None:
    from rinkside.store import models
    with demo.service.write() as s:
        user = s.get(models.User, user_id)
        assert user is not None
        user.games = sorted({*(user.games or []), game_id})


@pytest.fixture
def game(demo: Demo, users: dict[str, int]) -> int:
    """A game assigned to sam: in play at 1 10:00, an away minor running
    (events 0-3), then a home power-play goal at 1 9:00 (event 4)."""
    game_id = game_in_play(demo)
    record(demo.service, game_id,
           Goal(GameTime(1, 5400), "home", skaters(demo.service, game_id, "home")[0]))
    assign(demo, users["sam"], game_id)
    return game_id


@pytest.fixture
def scorekeeper(app: FastAPI, users: dict[str, int]) -> Iterator[Client]:
    yield from logged_in(app, "sam", "scores-4-all")


@pytest.fixture
def referee(app: FastAPI, users: dict[str, int]) -> Iterator[Client]:
    yield from logged_in(app, "rita", "whistle-2")


def version(demo: Demo, game_id: int) -> int:
    return demo.service.game_state(game_id)[0]


def fix(client: Client, game_id: int, body: dict[str, Any], *, token: bool = True) -> Any:
    http, csrf = client
    headers = {auth.CSRF_HEADER: csrf} if token else {}
    return http.post(f"/api/games/{game_id}/corrections", json=body, headers=headers)


def away_box(answer: dict[str, Any]) -> list[tuple[Any, str, str]]:
    return [(e["player"], e["class"], e["state"]) for e in answer["state"]["box"]["away"]]


class TestCorrections:
    def test_deleting_the_power_play_goal_puts_the_minor_back(
            self, demo: Demo, game: int, scorekeeper: Client) -> None:
        before = version(demo, game)
        culprit = skaters(demo.service, game, "away")[0]
        response = fix(scorekeeper, game, {"version": before, "op": "delete", "position": 4,
                                           "reason": "puck did not cross the line"})
        assert response.status_code == 200, response.text
        answer = response.json()
        assert answer["version"] == before + 1
        assert answer["state"]["score"] == {"home": 0, "away": 0}
        assert away_box(answer) == [(culprit, "minor", "running")]
        assert answer["state"]["strength"] == "4 on 3"

    def test_replacing_the_minor_with_a_major_keeps_it_after_the_goal(
            self, demo: Demo, game: int, scorekeeper: Client) -> None:
        """402(d): a power-play goal ends a minor, not a major; the engine
        replays the goal after the corrected penalty."""
        culprit = skaters(demo.service, game, "away")[0]
        event = {"type": "penalty", "at": "1 10:00", "team": "away", "player": culprit,
                 "class": "major", "infraction": "Boarding", "rule": "605(a)"}
        response = fix(scorekeeper, game, {"version": version(demo, game), "op": "replace",
                                           "position": 2, "event": event,
                                           "reason": "the referee signalled a major"})
        assert response.status_code == 200, response.text
        answer = response.json()
        assert answer["state"]["score"] == {"home": 1, "away": 0}
        assert away_box(answer) == [(culprit, "major", "running")]
        assert answer["state"]["goals"][0]["strength"] == "PP"

    def test_an_insert_and_the_log_and_history_that_show_it(
            self, demo: Demo, game: int, scorekeeper: Client) -> None:
        client, _ = scorekeeper
        before = version(demo, game)
        response = fix(scorekeeper, game, {
            "version": before, "op": "insert", "position": 2,
            "event": {"type": "timeout", "at": "1 10:00", "team": "home"},
            "reason": "forgotten time-out"})
        assert response.status_code == 200, response.text
        assert response.json()["state"]["timeouts_left"] == {"home": 0, "away": 1}

        log = client.get(f"/api/games/{game}/events").json()
        assert log["version"] == before + 1
        assert [e["position"] for e in log["events"]] == [0, 1, 2, 3, 4, 5]
        home = log["events"][2]
        assert home["event"] == {"type": "timeout", "at": "1 10:00", "team": "home"}
        _, state = demo.service.game_state(game)
        assert home["text"] == f"1 10:00 · Time-out {state.setup.home.name}"
        assert log["events"][5]["text"].startswith("1 9:00 · Goal ")

        history = client.get(f"/api/games/{game}/history").json()["revisions"]
        last = history[-1]
        assert (last["op"], last["position"], last["by"], last["reason"]) == (
            "insert", 2, "sam", "forgotten time-out")
        assert last["revision"] == before + 1
        assert [r["op"] for r in history[:-1]] == ["append"] * before

    def test_undo_deletes_the_last_event_with_the_reason_undo(
            self, demo: Demo, game: int, scorekeeper: Client) -> None:
        client, _ = scorekeeper
        response = fix(scorekeeper, game, {"version": version(demo, game), "op": "delete",
                                           "position": 4, "reason": "undo"})
        assert response.status_code == 200
        revisions = client.get(f"/api/games/{game}/history").json()["revisions"]
        assert revisions[-1]["previous"]["type"] == "goal"
        assert revisions[-1]["reason"] == "undo"

    def test_a_correction_that_makes_a_later_event_illegal_names_the_rule(
            self, demo: Demo, game: int, scorekeeper: Client) -> None:
        """Deleting the whistle leaves the penalty assessed during play (409(b))."""
        before = version(demo, game)
        response = fix(scorekeeper, game, {"version": before, "op": "delete", "position": 1,
                                           "reason": "no whistle"})
        assert response.status_code == 422
        answer = response.json()
        assert answer["rule"] == "409(b)"
        assert "Rule 409(b)" in answer["detail"] and "stoppage" in answer["detail"]
        assert version(demo, game) == before

    def test_an_inserted_second_timeout_is_refused_with_641(
            self, demo: Demo, game: int, scorekeeper: Client) -> None:
        timeout = {"type": "timeout", "at": "1 10:00", "team": "away"}
        first = fix(scorekeeper, game, {"version": version(demo, game), "op": "insert",
                                        "position": 2, "event": timeout, "reason": "late"})
        assert first.status_code == 200
        before = version(demo, game)
        second = fix(scorekeeper, game, {"version": before, "op": "insert", "position": 3,
                                         "event": timeout, "reason": "late again"})
        assert second.status_code == 422
        assert second.json()["rule"].startswith("641")
        assert version(demo, game) == before

    def test_a_correction_says_why(self, demo: Demo, game: int, scorekeeper: Client) -> None:
        before = version(demo, game)
        for reason in ("", "   "):
            response = fix(scorekeeper, game, {"version": before, "op": "delete", "position": 4,
                                               "reason": reason})
            assert response.status_code == 422
            assert response.json()["field"] == "reason"
        assert version(demo, game) == before

    def test_refused_shapes_name_the_field(self, demo: Demo, game: int,
                                           scorekeeper: Client) -> None:
        before = version(demo, game)
        nowhere = fix(scorekeeper, game, {"version": before, "op": "delete", "position": 99,
                                          "reason": "typo"})
        assert nowhere.status_code == 422 and nowhere.json()["field"] == "position"
        no_event = fix(scorekeeper, game, {"version": before, "op": "replace", "position": 4,
                                           "reason": "typo"})
        assert no_event.status_code == 422 and no_event.json()["field"] == "event"
        broken = fix(scorekeeper, game, {"version": before, "op": "replace", "position": 4,
                                         "event": {"type": "goal", "at": "1 9:00",
                                                   "team": "home"}, "reason": "typo"})
        assert broken.status_code == 422 and broken.json()["field"] == "scorer"
        unknown_op = fix(scorekeeper, game, {"version": before, "op": "move", "position": 4,
                                             "reason": "typo"})
        assert unknown_op.status_code == 422
        assert version(demo, game) == before

    def test_a_stale_version_is_409(self, demo: Demo, game: int, scorekeeper: Client) -> None:
        before = version(demo, game)
        response = fix(scorekeeper, game, {"version": before - 1, "op": "delete", "position": 4,
                                           "reason": "undo"})
        assert response.status_code == 409
        assert response.json()["version"] == before
        assert "changed since you loaded it" in response.json()["detail"]
        assert version(demo, game) == before


    def test_two_corrections_of_one_event_the_second_is_409_with_both_sides(
            self, demo: Demo, game: int, scorekeeper: Client) -> None:
        read = version(demo, game)
        scorer = skaters(demo.service, game, "home")[1]
        first = fix(scorekeeper, game, {"version": read, "op": "replace", "position": 4,
                                        "event": {"type": "goal", "at": "1 9:00", "team": "home",
                                                  "scorer": scorer}, "reason": "wrong number"})
        assert first.status_code == 200
        second = fix(scorekeeper, game, {"version": read, "op": "delete", "position": 4,
                                         "reason": "no goal"})
        assert second.status_code == 409
        answer = second.json()
        assert "corrected meanwhile" in answer["detail"]
        assert answer["yours"].startswith("Event 5 deleted (goal, ")
        assert answer["theirs"].startswith(f"goal, {self.home(demo, game)} scorer #{scorer}")
        assert answer["theirs"].endswith("(corrected by sam: wrong number)")
        assert version(demo, game) == read + 1

    def test_a_correction_of_an_event_untouched_since_lands_where_it_now_stands(
            self, demo: Demo, game: int, scorekeeper: Client) -> None:
        read = version(demo, game)
        timeout = {"type": "timeout", "at": "1 10:00", "team": "away"}
        inserted = fix(scorekeeper, game, {"version": read, "op": "insert", "position": 2,
                                           "event": timeout, "reason": "late"})
        assert inserted.status_code == 200
        # Made on the version before the insert: the goal (event 4 then) is event 5 now.
        deleted = fix(scorekeeper, game, {"version": read, "op": "delete", "position": 4,
                                          "reason": "no goal"})
        assert deleted.status_code == 200, deleted.text
        assert deleted.json()["merged"]["applied_on"] == read + 1
        assert deleted.json()["state"]["score"] == {"home": 0, "away": 0}  # the goal, not another
        assert version(demo, game) == read + 2

    @staticmethod
    def home(demo: Demo, game: int) -> str:
        return demo.service.game_state(game)[1].setup.home.name


class TestWhoMayCorrect:
    def body(self, demo: Demo, game: int) -> dict[str, Any]:
        return {"version": version(demo, game), "op": "delete", "position": 4, "reason": "undo"}

    def test_nobody_logged_in_gets_401(self, demo: Demo, game: int, app: FastAPI) -> None:
        before = version(demo, game)
        with TestClient(app) as client:
            response = client.post(f"/api/games/{game}/corrections", json=self.body(demo, game))
            assert response.status_code == 401
            assert client.get(f"/api/games/{game}/events").status_code == 401
            assert client.get(f"/api/games/{game}/history").status_code == 401
        assert version(demo, game) == before

    def test_a_referee_reads_but_may_not_correct(self, demo: Demo, game: int,
                                                 referee: Client) -> None:
        client, _ = referee
        before = version(demo, game)
        response = fix(referee, game, self.body(demo, game))
        assert response.status_code == 403
        assert "rita (referee)" in response.json()["detail"]
        assert len(client.get(f"/api/games/{game}/events").json()["events"]) == 5
        assert version(demo, game) == before

    def test_an_unassigned_scorekeeper_may_not_correct(
            self, demo: Demo, scorekeeper: Client) -> None:
        elsewhere = game_in_play(demo)  # not assigned to sam
        before = version(demo, elsewhere)
        response = fix(scorekeeper, elsewhere, {"version": before, "op": "delete",
                                                "position": 3, "reason": "undo"})
        assert response.status_code == 403
        assert f"game {elsewhere}" in response.json()["detail"]
        assert version(demo, elsewhere) == before

    def test_a_correction_without_the_csrf_token_is_refused(
            self, demo: Demo, game: int, scorekeeper: Client) -> None:
        before = version(demo, game)
        response = fix(scorekeeper, game, self.body(demo, game), token=False)
        assert response.status_code == 403
        assert "CSRF token" in response.json()["detail"]
        assert version(demo, game) == before


def test_the_catalog_offers_each_rules_classes_and_companions(scorekeeper: Client) -> None:
    client, _ = scorekeeper
    catalog = client.get("/api/infractions").json()
    by_key = {e["key"]: e for e in catalog["infractions"]}
    assert by_key["tripping"]["rule"] == "642(a)"
    assert by_key["tripping"]["classes"] == ["minor"]
    assert by_key["fighting"]["companions"] == ["game_misconduct"]
    assert by_key["dropping_gloves_punch"]["suspension_games"] == 3
    assert catalog["served_by"]["any"]["bench_minor"] == "402(c)"
    assert catalog["served_by"]["goaltender"]["minor"] == "407(a)"
    assert catalog["served_with"]["major"] == {
        "with": ["misconduct", "game_ejection", "game_misconduct"], "rule": "404(e)"}
