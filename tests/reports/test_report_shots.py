"""Shots on goal recorded from the console fill the report's SA and SV
columns (the engine's goaltending) and the live state's shots and saves."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient
from reportkit import Cup, make_cup, t

from rinkside.present.state import saves_made, shots_on_goal
from rinkside.reports.game_report import build_report
from rinkside.rules.events import FaceOff, Forfeit, Goal, Shot
from rinkside.services.open import open_tournaments
from rinkside.web.app import create_app


def test_shots_and_saves_reach_the_report_and_the_live_state(tmp_path: Path) -> None:
    cup: Cup = make_cup(open_tournaments(f"sqlite:///{tmp_path / 'shots.sqlite'}"))
    game = cup.service.add_game(cup.division, cup.home, cup.away)
    cup.service.record(game, 0, [FaceOff(t(1, "12:00")), Shot(t(1, "11:30"), "home", 4),
                                 Shot(t(1, "11:00"), "home", 5), Shot(t(1, "10:30"), "away", 4),
                                 Goal(t(1, "10:00"), "home", 6)], by="t")
    report = build_report(cup.service, game)
    away_goalie = next(g for g in report.goalies if g.team == "away")
    home_goalie = next(g for g in report.goalies if g.team == "home")
    assert (away_goalie.shots_against, away_goalie.saves, away_goalie.goals_against) == (3, 2, 1)
    assert (home_goalie.shots_against, home_goalie.saves) == (1, 1)
    _, state = cup.service.game_state(game)
    assert shots_on_goal(state) == {"home": 3, "away": 1}
    assert saves_made(state) == {"home": 1, "away": 2}


def test_a_forfeited_game_shows_no_shot_and_no_save(tmp_path: Path) -> None:
    """634(d) 3: the goalies of either team are assessed no shot, save or goal
    against in a forfeit, whether it comes before the opening face-off (the
    1-0 goal is no shot) or during the game (634(c) 3: shots recorded before)."""
    cup: Cup = make_cup(open_tournaments(f"sqlite:///{tmp_path / 'forfeit.sqlite'}"))
    at_start = cup.service.add_game(cup.division, cup.home, cup.away)
    cup.service.record(at_start, 0, [Forfeit(t(1, "12:00"), "away", "634(c) 1")], by="t")
    during = cup.service.add_game(cup.division, cup.home, cup.away)
    cup.service.record(during, 0, [FaceOff(t(1, "12:00")), Shot(t(1, "11:30"), "home", 4),
                                   Shot(t(1, "11:00"), "away", 5),
                                   Forfeit(t(1, "10:00"), "away", "634(c) 3")], by="t")
    with TestClient(create_app(cup.service)) as client:
        for game in (at_start, during):
            _, state = cup.service.game_state(game)
            assert state.score == {"home": 1, "away": 0}
            assert shots_on_goal(state) == {"home": 0, "away": 0}
            assert saves_made(state) == {"home": 0, "away": 0}
            page = client.get(f"/games/{game}").text
            assert "Shots on goal: Blades 0 shots, 0 saves; Storm 0 shots, 0 saves" in page
            assert all((g.goals_against, g.shots_against, g.saves) == (0, None, None)
                       for g in build_report(cup.service, game).goalies)


def test_goals_without_a_shot_recorded_read_alike_on_the_report_and_the_console(
        tmp_path: Path) -> None:
    """Two goals and no shot recorded: the engine charges no goaltender a
    shot or a save (the report's SA and SV empty), and the console and the
    game page say the shots were not recorded instead of "2 shots, 0 saves"."""
    cup: Cup = make_cup(open_tournaments(f"sqlite:///{tmp_path / 'goals.sqlite'}"))
    game = cup.service.add_game(cup.division, cup.home, cup.away)
    cup.service.record(game, 0, [FaceOff(t(1, "12:00")), Goal(t(1, "11:00"), "home", 6),
                                 FaceOff(t(1, "11:00")), Goal(t(1, "10:00"), "home", 6)],
                       by="t")
    away_goalie = next(g for g in build_report(cup.service, game).goalies if g.team == "away")
    assert (away_goalie.goals_against, away_goalie.shots_against, away_goalie.saves) == \
        (2, None, None)
    with TestClient(create_app(cup.service)) as client:
        live = client.get(f"/api/games/{game}/state").json()
        assert live["shots_text"] == {"home": "2 goals, shots not recorded",
                                      "away": "0 shots, 0 saves"}
        assert "Blades 2 goals, shots not recorded" in client.get(f"/games/{game}").text
