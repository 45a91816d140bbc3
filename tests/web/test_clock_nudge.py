"""The game timekeeper's ±1 s nudge (Rule 507(a), issue 26): with the clock
stopped the stop moves, with every event recorded at it, each a correction
carrying the reason; with the clock running its anchor moves, the reason in
the desk's record; a nudge with no reason, or one the engine refuses, is
refused with what and why, and nothing is lost."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from clockkit import Wall, with_wall
from fastapi import FastAPI
from webkit import Client, Demo, logged_in, new_game, record, skaters

from rinkside.rules.errors import RuleViolation
from rinkside.rules.events import FaceOff, Goal, Penalty, PenaltyClass, Shot, Stoppage
from rinkside.rules.times import GameTime
from rinkside.services import changes, clock_nudge, logs
from rinkside.services.errors import StaleWrite
from rinkside.web import auth

START_MS = 1_850_000_000_000


@pytest.fixture
def wall(demo: Demo) -> Iterator[Wall]:
    yield from with_wall(demo.service, START_MS)


@pytest.fixture(scope="module")
def timekeeper(app: FastAPI, demo: Demo) -> Iterator[Client]:
    auth.create_user(demo.service, "gtk", "keeps-time-2", "director")
    yield from logged_in(app, "gtk", "keeps-time-2")


def stopped_with_a_penalty(demo: Demo) -> tuple[int, int]:
    """A game stopped at 1 11:24 with an away minor assessed at the stoppage."""
    game_id = new_game(demo)
    culprit = skaters(demo.service, game_id, "away")[0]
    record(demo.service, game_id, FaceOff(GameTime(1, 7200)), Stoppage(GameTime(1, 6840)),
           Penalty(GameTime(1, 6840), "away", culprit, PenaltyClass.MINOR, "Tripping",
                   "642(a)"))
    return game_id, culprit


def test_a_nudge_moves_the_stop_and_what_was_recorded_at_it(demo: Demo) -> None:
    service = demo.service
    game_id, _ = stopped_with_a_penalty(demo)
    version, _ = service.game_state(game_id)
    version, state = clock_nudge.nudge(service, game_id, version, -10, by="gtk",
                                       reason="the rink's clock read 11:25")
    assert state.left == 6850 and not state.running
    record_ = logs.game_record(service, game_id)
    assert [e.at for e in record_.events] == [GameTime(1, 7200), GameTime(1, 6850),
                                             GameTime(1, 6850)]
    said = "Rule 507(a): clock nudged a second back: the rink's clock read 11:25"
    assert [(r.op, r.position, r.reason) for r in record_.revisions[-2:]] == [
        ("replace", 1, said), ("replace", 2, said)]
    # and on again: back where it was
    _, state = clock_nudge.nudge(service, game_id, version, 10, by="gtk", reason="no, 11:24")
    assert state.left == 6840


def test_a_goal_that_stopped_play_moves_with_the_nudge(demo: Demo) -> None:
    service = demo.service
    game_id = new_game(demo)
    scorer = skaters(service, game_id, "home")[0]
    version = record(service, game_id, FaceOff(GameTime(1, 7200)),
                     Goal(GameTime(1, 7000), "home", scorer))
    _, state = clock_nudge.nudge(service, game_id, version, 10, by="gtk", reason="late key")
    assert state.left == 6990 and state.score == {"home": 1, "away": 0}


def test_the_engine_refuses_a_stop_moved_past_the_play_before_it(demo: Demo) -> None:
    service = demo.service
    game_id = new_game(demo)
    version = record(service, game_id, FaceOff(GameTime(1, 7200)), Stoppage(GameTime(1, 6600)),
                     FaceOff(GameTime(1, 6600)), Stoppage(GameTime(1, 6595)))
    with pytest.raises(RuleViolation, match="cannot run backwards") as refused:
        clock_nudge.nudge(service, game_id, version, -10, by="gtk", reason="x")
    assert refused.value.rule == "507(a)"
    game_id = new_game(demo)
    version = record(service, game_id, FaceOff(GameTime(1, 7200)), Stoppage(GameTime(1, 7195)))
    with pytest.raises(RuleViolation, match="period's length"):
        clock_nudge.nudge(service, game_id, version, -10, by="gtk", reason="x")

    assert service.game_state(game_id)[0] == version  # nothing written


def test_no_nudge_before_the_period_starts_nor_without_a_reason_nor_stale(demo: Demo) -> None:
    service = demo.service
    game_id = new_game(demo)
    with pytest.raises(RuleViolation, match="not started"):
        clock_nudge.nudge(service, game_id, 0, 10, by="gtk", reason="x")
    with pytest.raises(ValueError, match="reason"):
        clock_nudge.nudge(service, game_id, 0, 10, by="gtk", reason="  ")
    with pytest.raises(ValueError, match="one second"):
        clock_nudge.nudge(service, game_id, 0, 20, by="gtk", reason="x")
    game_id, _ = stopped_with_a_penalty(demo)
    with pytest.raises(StaleWrite):
        clock_nudge.nudge(service, game_id, 1, 10, by="gtk", reason="x")


def test_a_running_clock_is_nudged_by_its_anchor_the_reason_kept(demo: Demo,
                                                                  wall: Wall) -> None:
    service = demo.service
    game_id = new_game(demo)
    version = record(service, game_id, FaceOff(GameTime(1, 7200)))
    wall.ms += 30_000  # it reads 11:30
    after, _ = clock_nudge.nudge(service, game_id, version, 10, by="gtk",
                                 reason="rink clock ahead")
    assert after == version  # no event changed
    anchor = service.running_clock(game_id)
    assert anchor is not None and (anchor.left, anchor.wall_ms, anchor.kind) == (
        6890, START_MS + 30_000, "timekeeper")
    change = changes.changes(service)[0]
    assert (change.subject, change.action, change.before, change.after, change.reason,
            change.by) == (f"game {game_id}", "clock nudged", {"left": 6900}, {"left": 6890},
                           "Rule 507(a): clock nudged a second on: rink clock ahead", "gtk")


def test_the_console_api_nudges_with_a_reason_or_says_why_not(
        demo: Demo, timekeeper: Client) -> None:
    client, csrf = timekeeper
    game_id, _ = stopped_with_a_penalty(demo)
    version, _ = demo.service.game_state(game_id)
    url = f"/api/games/{game_id}/clock/nudge"
    headers = {"X-CSRF-Token": csrf}
    answer = client.post(url, json={"version": version, "seconds": 1, "reason": ""},
                         headers=headers)
    assert answer.status_code == 422 and answer.json()["field"] == "reason"
    assert "Rule 507(a)" in answer.json()["detail"]
    answer = client.post(url, json={"version": version, "seconds": 1, "reason": "x" * 401},
                         headers=headers)
    assert answer.status_code == 422 and answer.json()["field"] == "reason"
    answer = client.post(url, json={"version": version, "seconds": 2, "reason": "x"},
                         headers=headers)
    assert answer.status_code == 422  # one second, on or back
    answer = client.post(url, json={"version": version - 1, "seconds": 1, "reason": "x"},
                         headers=headers)
    assert answer.status_code == 409
    answer = client.post(url, json={"version": version, "seconds": 1, "reason": "late whistle"},
                         headers=headers)
    assert answer.status_code == 200, answer.text
    state = answer.json()["state"]
    assert (state["version"], state["clock_tenths"], state["running"]) == (version + 2, 6830,
                                                                          False)
    history = client.get(f"/api/games/{game_id}/history").json()["revisions"]
    assert history[-1]["reason"] == "Rule 507(a): clock nudged a second on: late whistle"


def test_the_log_shows_each_event_with_the_reason_it_was_corrected(
        demo: Demo, timekeeper: Client) -> None:
    client = timekeeper[0]
    service = demo.service
    game_id, _ = stopped_with_a_penalty(demo)
    version, _ = service.game_state(game_id)
    clock_nudge.nudge(service, game_id, version, 10, by="gtk", reason="late whistle")
    lines = client.get(f"/api/games/{game_id}/console").json()["events"]
    said = "Rule 507(a): clock nudged a second on: late whistle"
    assert [(line["event"]["at"], line["corrected"]) for line in lines] == [
        ("1 12:00", None), ("1 11:23", said), ("1 11:23", said)]
    # an insert before them, then a delete: each reason stays with its event
    version, _ = service.game_state(game_id)
    shooter = skaters(service, game_id, "home")[0]
    service.correct(game_id, version, "insert", 1, Shot(GameTime(1, 7000), "home", shooter),
                    by="gtk", reason="forgotten shot")
    lines = client.get(f"/api/games/{game_id}/console").json()["events"]
    assert [line["corrected"] for line in lines] == [None, "forgotten shot", said, said]
    version, _ = service.game_state(game_id)
    service.correct(game_id, version, "delete", 1, None, by="gtk", reason="no, it was not")
    lines = client.get(f"/api/games/{game_id}/console").json()["events"]
    assert [line["corrected"] for line in lines] == [None, said, said]
