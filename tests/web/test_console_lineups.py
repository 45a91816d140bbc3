"""The console's lineups API: a team dressed for a game (201(a), 202, 203(a),
204), a suspended player shown and refused with the rule that suspended him
(casebook 27), a lineup the recorded log contradicts refused by the engine's
replay, and the roles and CSRF token a write needs."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import closing
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from webkit import Client, Demo, logged_in, new_game, record

from rinkside.rules.events import FaceOff, Goal
from rinkside.rules.times import GameTime
from rinkside.services import queries
from rinkside.web import auth, views


@pytest.fixture(scope="module")
def setup(demo: Demo) -> dict[str, Any]:
    """Two new games (the first assigned to sam) and an away player of the
    first suspended for one game by the director after his team's last
    game (410(a)): he may not dress for the new game."""
    service = demo.service
    mine = new_game(demo)
    row = queries.game(service, mine)
    team = queries.team(service, row.away_team_id)
    suspended = next(p for p in team.players if not p.goalie and p.captain is None)
    played = [g.game_id for g in queries.games(service) if g.version
              and row.away_team_id in (g.home_team_id, g.away_team_id)]
    service.add_supplementary(suspended.player_id, 1, "fighting after the game",
                              after_game_id=played[-1])
    other = new_game(demo)
    auth.create_user(service, "sam", "scores-4-all", "scorekeeper", games=[mine])
    auth.create_user(service, "rita", "whistle-2", "referee")
    return {"game": mine, "other": other, "row": row, "team": team, "suspended": suspended,
            "status": lambda: service.suspensions(demo.tournament_id)}


@pytest.fixture
def scorekeeper(app: FastAPI, setup: dict[str, Any]) -> Iterator[Client]:
    yield from logged_in(app, "sam", "scores-4-all")


@pytest.fixture
def referee(app: FastAPI, setup: dict[str, Any]) -> Iterator[Client]:
    yield from logged_in(app, "rita", "whistle-2")


def put(client: Client, game_id: int, team: str, body: dict[str, Any], *,
        token: bool = True) -> Any:
    http, csrf = client
    headers = {auth.CSRF_HEADER: csrf} if token else {}
    return http.put(f"/api/games/{game_id}/lineups/{team}", json=body, headers=headers)


def lineup_body(setup: dict[str, Any], *, skip: int = 0, with_suspended: bool = False
                ) -> dict[str, Any]:
    """Every away player but the suspended one (and ``skip`` more skaters),
    the goaltenders apart, the roster's captain and alternates."""
    players = setup["team"].players
    suspended = setup["suspended"].player_id
    skaters = [p for p in players if not p.goalie and p.captain is None
               and p.player_id != suspended][skip:]
    lettered = [p for p in players if p.captain]
    return {
        "players": [p.player_id for p in skaters + lettered]
                   + ([suspended] if with_suspended else []),
        "goaltenders": [p.player_id for p in players if p.goalie],
        "captain": next(p.player_id for p in lettered if p.captain == "C"),
        "alternates": [p.player_id for p in lettered if p.captain == "A"],
    }


def dressed_numbers(demo: Demo, game_id: int) -> list[int]:
    _, state = demo.service.game_state(game_id)
    return [p.number for p in state.setup.away.players]


class TestLineups:
    def test_the_roster_shows_who_is_suspended_and_why(
            self, setup: dict[str, Any], scorekeeper: Client) -> None:
        client, _ = scorekeeper
        answer = client.get(f"/api/games/{setup['game']}/lineups").json()
        away = answer["away"]
        assert away["team_id"] == setup["row"].away_team_id
        rows = {p["id"]: p for p in away["players"]}
        barred = rows[setup["suspended"].player_id]
        assert barred["suspension_rule"] == "410(a)"
        assert "Rule 410(a)" in barred["suspended"]
        assert barred["dressed"] is False
        assert sum(1 for p in away["players"] if p["suspended"]) == 1
        barred_here = {pid for pid, found in setup["status"]().items()
                       if found.rule_for(setup["game"])}
        assert all((p["suspended"] is None) == (p["id"] not in barred_here)
                   for p in answer["home"]["players"])

    def test_a_suspended_player_is_refused_with_his_rule(
            self, demo: Demo, setup: dict[str, Any], scorekeeper: Client) -> None:
        before = dressed_numbers(demo, setup["game"])
        response = put(scorekeeper, setup["game"], "away",
                       lineup_body(setup, with_suspended=True))
        assert response.status_code == 422
        answer = response.json()
        assert answer["rule"] == "410(a)"
        assert f"#{setup['suspended'].number}" in answer["detail"]
        assert [p["player_id"] for p in answer["problems"]] == [setup["suspended"].player_id]
        assert dressed_numbers(demo, setup["game"]) == before

    def test_a_captain_not_dressed_is_refused_with_202c(
            self, demo: Demo, setup: dict[str, Any], scorekeeper: Client) -> None:
        body = lineup_body(setup)
        body["players"].remove(body["captain"])
        response = put(scorekeeper, setup["game"], "away", body)
        assert response.status_code == 422
        assert response.json()["rule"] == "202(c)"

    def test_a_lineup_is_dressed_with_its_goaltenders(
            self, demo: Demo, setup: dict[str, Any], scorekeeper: Client) -> None:
        body = lineup_body(setup, skip=1)
        response = put(scorekeeper, setup["game"], str(setup["row"].away_team_id), body)
        assert response.status_code == 200, response.text
        answer = response.json()
        assert answer["goaltenders"] == 2
        assert answer["skaters"] == len(body["players"])
        assert answer["forfeit_candidate"] is False
        by_id = {p.player_id: p.number for p in setup["team"].players}
        expected = sorted(by_id[i] for i in body["players"] + body["goaltenders"])
        assert dressed_numbers(demo, setup["game"]) == expected
        assert setup["suspended"].number not in expected

    def test_a_short_lineup_is_dressed_with_the_forfeit_warning(
            self, demo: Demo, setup: dict[str, Any], scorekeeper: Client) -> None:
        players = setup["team"].players
        goalie = next(p for p in players if p.goalie)
        two = [p for p in players if not p.goalie and p.captain is None
               and p.player_id != setup["suspended"].player_id][:2]
        response = put(scorekeeper, setup["game"], "away",
                       {"players": [p.player_id for p in two], "goaltenders": [goalie.player_id]})
        assert response.status_code == 200, response.text
        answer = response.json()
        assert answer["forfeit_candidate"] is True
        assert "634(c) 1" in answer["forfeit_reason"]
        assert [w["rule"] for w in answer["warnings"]] == ["202(c)"]  # no captain named

    def test_a_lineup_the_log_contradicts_is_refused_by_the_engine(
            self, demo: Demo, setup: dict[str, Any], scorekeeper: Client) -> None:
        """The log names an away scorer: a lineup without him does not stand (203(a))."""
        game = setup["game"]
        assert put(scorekeeper, game, "away", lineup_body(setup)).status_code == 200
        scorer = lineup_body(setup)["players"][0]
        number = {p.player_id: p.number for p in setup["team"].players}[scorer]
        record(demo.service, game, FaceOff(GameTime(1, 7200)),
               Goal(GameTime(1, 7000), "away", number))
        before = dressed_numbers(demo, game)
        response = put(scorekeeper, game, "away", lineup_body(setup, skip=1))
        assert response.status_code == 422
        answer = response.json()
        assert answer["rule"] == "203(a)"
        assert "does not stand with this lineup" in answer["detail"]
        assert dressed_numbers(demo, game) == before
        assert demo.service.game_state(game)[1].score == {"home": 0, "away": 1}

    def test_the_answers_version_is_its_states_when_a_write_lands_between(
            self, app: FastAPI, demo: Demo, setup: dict[str, Any],
            monkeypatch: pytest.MonkeyPatch) -> None:
        """A lineup's answer gives the console the version to write after and
        the state it shows: a face-off committed as the answer is made gives
        both of one version (the console writes after what it shows)."""
        game = new_game(demo)  # the same teams as the setup's
        auth.create_user(demo.service, "sue", "dresses-2", "scorekeeper", games=[game])
        team = str(setup["row"].away_team_id)
        built = views.state_json
        landed: list[int] = []

        def state_after_a_write(*args: Any, **kwargs: Any) -> dict[str, Any]:
            if not landed:  # another console's face-off commits now
                landed.append(record(demo.service, game, FaceOff(GameTime(1, 7200))))
            return built(*args, **kwargs)

        monkeypatch.setattr(views, "state_json", state_after_a_write)
        with closing(logged_in(app, "sue", "dresses-2")) as login:
            response = put(next(login), game, team, lineup_body(setup))
        assert response.status_code == 200, response.text
        answer = response.json()
        assert answer["version"] == answer["state"]["version"] == landed[0]

    def test_a_team_that_does_not_play_the_game_is_404(
            self, setup: dict[str, Any], scorekeeper: Client) -> None:
        response = put(scorekeeper, setup["game"], "visitors", lineup_body(setup))
        assert response.status_code == 404


class TestWhoMayDress:
    def test_nobody_logged_in_gets_401(self, setup: dict[str, Any], app: FastAPI) -> None:
        with TestClient(app) as client:
            assert client.put(f"/api/games/{setup['game']}/lineups/away",
                              json=lineup_body(setup)).status_code == 401
            assert client.get(f"/api/games/{setup['game']}/lineups").status_code == 401

    def test_a_referee_reads_but_may_not_dress(self, setup: dict[str, Any],
                                               referee: Client) -> None:
        client, _ = referee
        assert client.get(f"/api/games/{setup['game']}/lineups").status_code == 200
        response = put(referee, setup["game"], "away", lineup_body(setup))
        assert response.status_code == 403

    def test_an_unassigned_scorekeeper_may_not_dress(
            self, setup: dict[str, Any], scorekeeper: Client) -> None:
        response = put(scorekeeper, setup["other"], "away", lineup_body(setup))
        assert response.status_code == 403
        assert f"game {setup['other']}" in response.json()["detail"]

    def test_a_lineup_without_the_csrf_token_is_refused(
            self, setup: dict[str, Any], scorekeeper: Client) -> None:
        response = put(scorekeeper, setup["game"], "away", lineup_body(setup), token=False)
        assert response.status_code == 403
        assert "CSRF token" in response.json()["detail"]
