"""The solver's progress on the desk while a build runs: each schedule its
callback reports is kept for the tournament and answered as JSON to the
page's poll (desk_busy.js), marked done when the build ends."""

from __future__ import annotations

from deskkit import dora, new_tournament, people, post
from fastapi.testclient import TestClient
from webkit import Client, Demo

from rinkside.services import desk_rinks, desk_teams, schedule_progress
from rinkside.tournament.schedule_solver import Progress

__all__ = ["dora", "people"]

RINK = {"width": 85, "length": 185, "corner_radius": 20, "goal_line_distance": 12}


def test_the_builds_progress_is_answered_while_it_runs_and_after(demo: Demo,
                                                                  dora: Client) -> None:
    tid = new_tournament(dora, "Progress Cup")
    did = desk_teams.add_division(demo.service, tid, "Open", by="dora")
    for n in range(1, 5):
        desk_teams.add_team(demo.service, did, f"P{n}", by="dora")
    desk_rinks.add(demo.service, tid, "Main", RINK, by="dora")
    url = f"/desk/tournaments/{tid}/schedule/progress"
    with schedule_progress.watching(tid):
        pass  # (another test module's store may have had a tournament of this id)
    assert dora[0].get(url).json()["solutions"] == 0
    built = post(dora, f"/desk/tournaments/{tid}/schedule/generate", {
        "windows": "2026-12-12 08:00-14:00", "game_minutes": "30", "rest_minutes": "0",
        "rounds": "1", "rink": ["Main"]})
    assert built.status_code == 303, built.text
    done = dora[0].get(url).json()
    assert done["running"] is False and done["solutions"] >= 1
    assert 0 <= done["gap_percent"] <= 100
    # While a build runs: what the solver's callback last told.
    with schedule_progress.watching(tid) as report:
        assert dora[0].get(url).json()["running"] is True
        report(Progress(1.5, 3, objective=110.0, bound=100.0))
        midway = dora[0].get(url).json()
        assert midway == {"running": True, "solutions": 3, "seconds": 1.5,
                          "gap_percent": 9.1}
    assert dora[0].get(url).json()["running"] is False


def test_only_the_director_reads_the_progress(demo: Demo, dora: Client) -> None:
    tid = new_tournament(dora, "Progress Door Cup")
    anonymous = TestClient(dora[0].app)
    assert anonymous.get(f"/desk/tournaments/{tid}/schedule/progress",
                         follow_redirects=False).status_code in (303, 401, 403)
