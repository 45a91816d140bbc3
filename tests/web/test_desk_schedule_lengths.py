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


def test_the_grids_rows_follow_the_divisions_game_or_the_directors_step(
        demo: Demo, dora: Client) -> None:
    """A division of 51-minute games (the director's least is 30): its free
    rows come every 51 minutes, not 30; the director may choose 10, and a
    step that is no step is refused saying why."""
    tid = new_tournament(dora, "Step Cup")
    service = demo.service
    with service.write() as s:
        did = service.within(s).add_division(tid, "Long", settings={"period_length": "25:00"})
    for n in range(1, 4):
        desk_teams.add_team(service, did, f"T{n}", by="dora")
    desk_rinks.add(service, tid, "Main", RINK, by="dora")
    built = post(dora, f"/desk/tournaments/{tid}/schedule/generate", {
        "windows": "2026-12-12 08:00-16:00", "game_minutes": "30", "rest_minutes": "0",
        "rounds": "1", "rink": ["Main"]})
    assert built.status_code == 303, built.text

    def free_rows(step: int | None) -> list[timedelta]:
        """The free rows after the day's last game, from its start."""
        (day,) = desk_schedule.grid(service, tid, step_minutes=step).days
        last = max(start for start, _ in day.cells)
        return [t - last for t in day.times if t > last]

    assert free_rows(None) == [timedelta(minutes=51), timedelta(minutes=102)]
    # Every 10 minutes from the day's first game (08:00): the last starts at
    # 09:42, so 09:50 is too near it and 10:00 is the first free row; they
    # go on for two games after it (102 minutes).
    assert free_rows(10) == [timedelta(minutes=m) for m in range(18, 102, 10)]
    page = dora[0].get(f"/desk/tournaments/{tid}/schedule?step=10")
    assert page.status_code == 200 and '<option value="10" selected>10 min</option>' in page.text
    bad = dora[0].get(f"/desk/tournaments/{tid}/schedule?step=3")
    assert bad.status_code == 422 and "the grid&#39;s step is whole minutes" in bad.text
