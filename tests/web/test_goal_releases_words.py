"""Rule 402(d): a power-play goal ends the short-handed team's minor, and
the live state's goal says who comes back on, in words, for the penalty
timekeeper's screen (which only saw the box entry go); an even-strength
goal releases nobody."""

from __future__ import annotations

from fastapi.testclient import TestClient
from webkit import Demo, game_in_play, new_game, record, skaters

from rinkside.rules.events import FaceOff, Goal
from rinkside.rules.times import GameTime


def test_a_power_play_goal_says_who_comes_back_on(client: TestClient, demo: Demo) -> None:
    game = game_in_play(demo)
    _, state = demo.service.game_state(game)
    [penalty] = state.penalties
    away = state.setup.away
    name = next(p.name for p in away.players if p.number == penalty.player)
    record(demo.service, game, Goal(GameTime(1, 5400), "home",
                                    skaters(demo.service, game, "home")[0]))
    [goal] = client.get(f"/api/games/{game}/state").json()["goals"]
    assert goal["tags"] == ["PP"]
    assert goal["released"] == [
        (f"#{penalty.player} {name} ({away.name}) comes back on: minor, a goal against the "
         "short-handed team ended it (Rule 402(d))")]


def test_an_even_strength_goal_releases_nobody(client: TestClient, demo: Demo) -> None:
    game = new_game(demo)
    record(demo.service, game, FaceOff(GameTime(1, 7200)),
           Goal(GameTime(1, 7000), "home", skaters(demo.service, game, "home")[0]))
    [goal] = client.get(f"/api/games/{game}/state").json()["goals"]
    assert goal["released"] == []
