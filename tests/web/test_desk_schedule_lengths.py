"""The desk's schedule gives each division's game its own time on the rink,
from the settings it plays under (Rules 639, 640(a)): the build spaces a
long division's games, and a move that runs into a long game is refused."""

from __future__ import annotations

from datetime import timedelta
from itertools import pairwise

import pytest
from deskkit import dora, new_tournament, people, post
from webkit import Client, Demo

from rinkside.services import desk_rinks, desk_schedule, desk_teams

__all__ = ["dora", "people"]

RINK = {"width": 85, "length": 185, "corner_radius": 20, "goal_line_distance": 12}


@pytest.fixture(scope="module")
def long_cup(demo: Demo, dora: Client) -> int:
    """A division of 2 x 25:00 periods (51 minutes) beside one of the book's
    (25 minutes, under the director's 30), one rink, the round robin built."""
    tid = new_tournament(dora, "Long Cup")
    service = demo.service
    with service.write() as s:
        long_id = service.within(s).add_division(
            tid, "Long", settings={"period_length": "25:00"})
    short_id = desk_teams.add_division(service, tid, "Short", by="dora")
    for division_id, prefix in ((long_id, "L"), (short_id, "S")):
        for n in range(1, 4):
            desk_teams.add_team(service, division_id, f"{prefix}{n}", by="dora")
    desk_rinks.add(service, tid, "Main", RINK, by="dora")
    response = post(dora, f"/desk/tournaments/{tid}/schedule/generate", {
        "windows": "2026-12-12 08:00-16:00", "game_minutes": "30", "rest_minutes": "0",
        "rounds": "1", "rink": ["Main"]})
    assert response.status_code == 303, response.text
    return tid


def _games(demo: Demo, tid: int) -> list[desk_schedule.GridGame]:
    grid = desk_schedule.grid(demo.service, tid)
    assert grid.conflicts == []
    return sorted((g for day in grid.days for g in day.cells.values()), key=lambda g: g.start)


def test_each_division_holds_the_rink_for_its_own_games_length(demo: Demo, long_cup: int
                                                               ) -> None:
    games = _games(demo, long_cup)
    assert len(games) == 6
    for game, after in pairwise(games):
        own = timedelta(minutes=51 if game.division == "Long" else 30)
        assert after.start - game.start >= own, (game, after)
    assert any(after.start - game.start < timedelta(minutes=51)
               for game, after in pairwise(games)
               if game.division == "Short")


def test_a_move_into_a_long_game_is_refused_and_after_it_is_free(demo: Demo, dora: Client,
                                                                 long_cup: int) -> None:
    games = _games(demo, long_cup)
    long_game = next(g for g in games if g.division == "Long")
    short_game = next(g for g in games if g.division == "Short")
    refused = post(dora, f"/desk/games/{short_game.game_id}/move", {
        "start": (long_game.start + timedelta(minutes=40)).strftime("%Y-%m-%dT%H:%M"),
        "rink": "Main"})
    assert refused.status_code == 422 and "Main holds two games at once" in refused.text
    # At the long game's end (its 51 minutes, not the director's 30) the
    # rink is free of it.
    for minutes, clash in ((40, True), (51, False)):
        found = desk_schedule.preview_move(
            demo.service, short_game.game_id, start=long_game.start + timedelta(minutes=minutes),
            rink="Main")
        assert any(c.kind == "rink" and long_game.game_id in c.games for c in found) is clash
