"""The running clock anchored in wall-clock time (Rule 507(a)): written when
an event starts the clock, kept whatever is entered, corrected or undone
while it runs, stored with the game (a new service over the same file reads
it), set by the game timekeeper without an event in the log; the coming
moments the live state carries; a suspended player's goal refused."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from clockkit import Wall, with_wall
from fastapi import FastAPI
from gamekit import faceoff, play, t, whistle
from webkit import Client, Demo, game_in_play, logged_in, record, skaters

from rinkside.present.clock import RunningClock
from rinkside.rules.events import Shot, TimeOut
from rinkside.rules.times import GameTime
from rinkside.services.game_clock import shown_countdown
from rinkside.services.open import open_tournaments
from rinkside.web import auth

START_MS = 1_800_000_000_000


@pytest.fixture
def wall(demo: Demo) -> Iterator[Wall]:
    yield from with_wall(demo.service, START_MS)


@pytest.fixture(scope="module")
def scorekeeper(app: FastAPI, demo: Demo) -> Iterator[Client]:
    auth.create_user(demo.service, "tk", "keeps-time-1", "director")
    yield from logged_in(app, "tk", "keeps-time-1")


def _state(client: Client, game_id: int) -> dict:  # type: ignore[type-arg]
    response = client[0].get(f"/api/games/{game_id}/state")
    assert response.status_code == 200
    data: dict = response.json()  # type: ignore[type-arg]
    return data


def test_the_faceoff_anchors_the_clock_and_entries_leave_it_alone(
        demo: Demo, wall: Wall, scorekeeper: Client) -> None:
    game_id = game_in_play(demo)  # face-off at 1 10:00 written at START_MS
    anchor = _state(scorekeeper, game_id)["clock_anchor"]
    assert (anchor["left_tenths"], anchor["wall_ms"], anchor["kind"]) == (6000, START_MS, "play")
    wall.ms += 30_000  # 30 s later a shot is entered at 9:30
    shooter = skaters(demo.service, game_id, "home")[0]
    record(demo.service, game_id, Shot(GameTime(1, 5700), "home", shooter))
    assert _state(scorekeeper, game_id)["clock_anchor"] == anchor
    # and an undo of it (a correction) leaves the anchor as well
    version = _state(scorekeeper, game_id)["version"]
    demo.service.correct(game_id, version, "delete", version - 1, None, by="t", reason="undo")
    assert _state(scorekeeper, game_id)["clock_anchor"] == anchor


def test_the_anchor_is_stored_with_the_game(demo: Demo, wall: Wall) -> None:
    game_id = game_in_play(demo)
    again = open_tournaments(f"sqlite:///{demo.path}")
    stored = again.running_clock(game_id)
    assert stored is not None and (stored.left, stored.wall_ms) == (6000, START_MS)


def test_the_timekeeper_sets_the_running_clock_without_an_event(
        demo: Demo, wall: Wall, scorekeeper: Client) -> None:
    game_id = game_in_play(demo)
    before = _state(scorekeeper, game_id)
    wall.ms += 12_000
    client, csrf = scorekeeper
    answer = client.put(f"/api/games/{game_id}/clock", json={"left": "9:50"},
                        headers={"X-CSRF-Token": csrf})
    assert answer.status_code == 200, answer.text
    state = answer.json()["state"]
    assert state["version"] == before["version"]  # no event in the log
    anchor = state["clock_anchor"]
    assert (anchor["left_tenths"], anchor["wall_ms"], anchor["kind"]) == (
        5900, START_MS + 12_000, "timekeeper")
    assert anchor["seq"] > before["clock_anchor"]["seq"]


def test_the_clock_cannot_be_set_while_stopped(demo: Demo, wall: Wall,
                                               scorekeeper: Client) -> None:
    from rinkside.rules.events import Stoppage
    game_id = game_in_play(demo)
    record(demo.service, game_id, Stoppage(GameTime(1, 5000)))
    client, csrf = scorekeeper
    answer = client.put(f"/api/games/{game_id}/clock", json={"left": "8:00"},
                        headers={"X-CSRF-Token": csrf})
    assert answer.status_code == 422 and answer.json()["rule"] == "507(a)"
    assert _state(scorekeeper, game_id)["clock_anchor"] is None


def test_the_live_state_carries_the_minor_ending_with_no_event(
        demo: Demo, wall: Wall, scorekeeper: Client) -> None:
    game_id = game_in_play(demo)  # the away minor runs from 1 10:00
    state = _state(scorekeeper, game_id)
    first = state["coming"][0]
    assert first["at_tenths"] == 4800 and first["strength"] is None
    assert first["box"]["away"] == [] and state["strength"] == "4 on 3"
    assert "back on the floor (Rule 402(b))" in first["texts"][0]
    assert state["coming"][-1]["period_over"] is True


def test_the_time_out_countdown_shows_until_the_faceoff_under_running_time() -> None:
    # Casebook 64: the running clock runs through a team's time-out (the
    # state says running), yet its thirty seconds (641 note 1) are shown
    # until the face-off of that stoppage, as under stop time.
    countdown = RunningClock(1, 1, 300, START_MS, "timeout")
    for clock in ("running", "stop"):
        s = play([faceoff("1 15:00"), whistle("1 10:00"), TimeOut(t("1 10:00"), "home")],
                 clock=clock, period_length="15:00")
        assert s.running == (clock == "running")
        assert shown_countdown(s, countdown) == countdown
        assert shown_countdown(play([faceoff("1 15:00"), whistle("1 10:00")], clock=clock,
                                    period_length="15:00"), countdown) is None
