"""The state JSON (one function for the scoreboard, the stream and the API)
says what the engine computed, formatted for a screen."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from webkit import Demo, game_in_play, new_game, record, skaters

from rinkside.present.state import LiveState, box_line
from rinkside.rules.events import FaceOff, Goal, PenaltyShot, PeriodEnd, ShootoutAttempt
from rinkside.rules.game import GameState
from rinkside.rules.times import GameTime
from rinkside.services import queries
from rinkside.web import views


class TestFormatting:
    def test_clock_shows_tenths_only_in_the_last_minute(self) -> None:
        assert views.clock_text(7020) == "11:42"
        assert views.clock_text(7025) == "11:42"
        assert views.clock_text(600) == "1:00"
        assert views.clock_text(599) == "0:59.9"
        assert views.clock_text(425) == "0:42.5"
        assert views.clock_text(0) == "0:00.0"

    def test_penalty_timers_in_whole_seconds(self) -> None:
        assert views.timer_text(1200) == "2:00"
        assert views.timer_text(1195) == "1:59"
        assert views.timer_text(-3) == "0:00"


def test_a_game_not_started(client: TestClient, demo: Demo) -> None:
    game = new_game(demo)
    data = client.get(f"/api/games/{game}/state").json()
    assert data["version"] == 0 and data["status"] == "not_started"
    assert data["status_text"] == "Not started" and data["running"] is False
    assert data["clock"] == "12:00" and data["period"] == "1"
    assert data["penalty_shots"] == [] and data["penalty_shot"] is None
    assert client.get(f"/games/{game}").status_code == 200
    assert client.get(f"/scoreboard/{game}").status_code == 200


class TestStateOfAGameInPlay:
    def test_api_matches_the_engine(self, client: TestClient, demo: Demo) -> None:
        game = game_in_play(demo)
        version, state = demo.service.game_state(game)
        data = client.get(f"/api/games/{game}/state").json()
        assert data["game_id"] == game and data["version"] == version
        row = queries.game(demo.service, game)
        assert data["teams"]["home"] == {"id": row.home_team_id, "name": row.home,
                                         "colour": None, "logo": None}
        assert data["score"] == state.score == {"home": 0, "away": 0}
        assert data["status"] == state.status == "in_play"
        assert data["running"] is state.running is True
        assert data["period"] == "1"
        assert data["clock"] == "10:00" and data["clock_tenths"] == state.left == 6000
        assert data["timeouts_left"] == state.timeouts_left
        assert data["skaters"] == {"home": state.skaters("home"), "away": state.skaters("away")}
        assert data["strength"] == state.strength() == "4 on 3"
        assert data["box"]["home"] == []
        [entry] = state.box("away")
        assert data["box"]["away"] == [{
            "player": entry.player, "served_by": None, "state": "running",
            "left_tenths": entry.left, "left": "2:00", "ticking": True, "class": "minor",
            "class_text": "minor", "infraction": "Tripping", "may_return": False,
            "reasons": ["the team plays short while it runs: 402(b)"]}]
        assert data["goals"] == [] and data["result"] is None and data["shootout"] is None
        assert data["status_text"] == "P1 10:00"
        assert data == views.state_json(demo.service, game) | {"version": version}

    def test_the_json_is_the_documented_model_key_for_key(self, client: TestClient,
                                                          demo: Demo) -> None:
        """static/live.js reads LiveState: every key, in its order, and nothing else."""
        game = game_in_play(demo)
        data = client.get(f"/api/games/{game}/state").json()
        model = LiveState.model_validate(data)
        assert model.as_json() == data
        assert list(data) == list(LiveState.model_fields)
        assert list(data["box"]["away"][0]) == [
            "player", "served_by", "state", "left_tenths", "left", "ticking", "class",
            "class_text", "infraction", "may_return", "reasons"]

    def test_a_power_play_goal_is_tagged_and_ends_the_minor(self, client: TestClient,
                                                           demo: Demo) -> None:
        game = game_in_play(demo)
        scorer = skaters(demo.service, game, "home")[0]
        record(demo.service, game, Goal(GameTime(1, 5400), "home", scorer))
        _, state = demo.service.game_state(game)
        data = client.get(f"/api/games/{game}/state").json()
        assert data["score"] == {"home": 1, "away": 0}
        [goal] = data["goals"]
        assert goal["tags"] == ["PP"] and goal["strength"] == state.goals[0].strength
        assert goal["scorer"] == scorer and goal["period"] == "1" and goal["time"] == "9:00"
        assert data["box"]["away"] == [box_line(e).model_dump(mode="json", by_alias=True)
                                       for e in state.box("away")]
        assert data["strength"] == views.strength_text(state)

    def test_a_penalty_shot_is_shown_until_the_next_event(self, client: TestClient,
                                                          demo: Demo) -> None:
        game = game_in_play(demo)
        shooter = skaters(demo.service, game, "home")[1]
        record(demo.service, game, PenaltyShot(GameTime(1, 5000), "home", shooter, False))
        data = client.get(f"/api/games/{game}/state").json()
        assert data["penalty_shot"]["shooter"] == shooter
        assert data["penalty_shot"]["scored"] is False
        assert data["score"] == {"home": 0, "away": 0}
        record(demo.service, game, FaceOff(GameTime(1, 5000)))
        data = client.get(f"/api/games/{game}/state").json()
        assert data["penalty_shot"] is None and len(data["penalty_shots"]) == 1


class TestOvertimeAndShootout:
    def test_a_final_game_shows_the_engines_result(self, client: TestClient,
                                                   demo: Demo) -> None:
        for row in queries.games(demo.service):
            _, state = demo.service.game_state(row.game_id)
            if state.result is None:
                continue
            data = client.get(f"/api/games/{row.game_id}/state").json()
            assert data["score"] == state.result.score
            assert data["result"]["winner"] == state.result.winner
            assert data["result"]["decided_by"] == state.result.decided_by
            assert data["running"] is False and data["status"] == "final"
            assert len(data["goals"]) == len(state.goals)
            if state.result.decided_by == "overtime":
                assert data["period"] == "OT" and data["status_text"] == "Final (OT)"

    def test_shootout_state(self, client: TestClient, demo: Demo) -> None:
        game = new_game(demo)
        record(demo.service, game,
               FaceOff(GameTime(1, 7200)), PeriodEnd(GameTime(1, 0)),
               FaceOff(GameTime(2, 7200)), PeriodEnd(GameTime(2, 0)),
               FaceOff(GameTime(3, 3000)), PeriodEnd(GameTime(3, 0)))
        data = client.get(f"/api/games/{game}/state").json()
        assert data["status"] == "shootout" and data["period"] == "SO"
        assert data["shootout"] == {"shots": [], "goals": {"home": 0, "away": 0},
                                    "next": "away"}
        shooter = skaters(demo.service, game, "away")[0]
        record(demo.service, game, ShootoutAttempt("away", shooter, True))
        data = client.get(f"/api/games/{game}/state").json()
        assert data["shootout"]["goals"] == {"home": 0, "away": 1}
        assert data["shootout"]["next"] == "home"
        assert data["shootout"]["shots"][0]["shooter"] == shooter
        assert data["status_text"] == "Shootout" and data["strength"] is None


def test_a_write_landing_between_the_clocks_and_the_state_is_read_again(
        demo: Demo, monkeypatch: pytest.MonkeyPatch) -> None:
    """The live state read from the store reads the clocks, then the state: a
    period's end committed between the two would show the intermission with
    no countdown (640(a)), kept for every page joining at that version. The
    game row's version tells it, and both are read again."""
    service = demo.service
    game = game_in_play(demo)
    read = service.game_state
    landed: list[int] = []

    def state_after_a_write(game_id: int) -> tuple[int, GameState]:
        if not landed:  # the timekeeper's period end commits now
            version, _ = service.record(game_id, read(game_id)[0], [PeriodEnd(GameTime(1, 0))],
                                        by="web test")
            landed.append(version)
        return read(game_id)

    monkeypatch.setattr(service, "game_state", state_after_a_write)
    data = views.state_json(service, game)
    assert data["version"] == landed[0] and data["status"] == "intermission"
    assert data["countdown"] is not None and data["countdown"]["label"] == "Intermission"


def test_a_write_landing_after_the_committed_one_is_not_shown_beside_its_state(
        demo: Demo, monkeypatch: pytest.MonkeyPatch) -> None:
    """A change that carries its state but not its clocks (a correction's, a
    synced log's) is built from that state and the clocks read now: a
    face-off of the next period committed in between would show the
    intermission (640(a)) beside the clocks of the period that began, with
    no countdown, kept for every page at that version. The clocks read are
    of a newer version: the state, the clocks and the version are read
    again together."""
    service = demo.service
    game = game_in_play(demo)
    ended, intermission = service.record(game, service.game_state(game)[0],
                                         [PeriodEnd(GameTime(1, 0))], by="web test")
    read = queries.live
    landed: list[int] = []

    def live_after_a_write(service_: object, game_id: int) -> queries.LiveView:
        if not landed:  # the next period's face-off commits now
            landed.append(record(service, game_id, FaceOff(GameTime(2, 7200))))
        return read(service, game_id)

    monkeypatch.setattr(queries, "live", live_after_a_write)
    data = views.state_json(service, game, committed=ended, state=intermission)
    assert data["version"] == landed[0] and data["status"] == "in_play"
    assert data["countdown"] is None and data["clock_anchor"] is not None
