"""Issue 27, what a newcomer sees first: the demo's schedule, as the desk's
schedule page checks it (a rink with two games at once, a team or an
official in two games at once), has no conflict, its game day included; and
the demo's Blades, who forfeited their 4th of 5 pool games, take the last
playoff seed (634(e)1, casebook 25) and the public standings say why while
they still head the table."""

from __future__ import annotations

from datetime import timedelta

import pytest
from fastapi.testclient import TestClient

from rinkside.demo import DemoStore, build_demo_store
from rinkside.services import (
    desk_playoffs,
    desk_rinks,
    desk_schedule,
    officiating,
    queries,
    rinks,
    schedule_requests,
)
from rinkside.services.open import open_tournaments
from rinkside.services.tournaments import Tournaments
from rinkside.web.app import create_app


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Tournaments, DemoStore]:
    path = tmp_path_factory.mktemp("demo") / "demo.sqlite"
    service = open_tournaments(f"sqlite:///{path}")
    return service, build_demo_store(service)


def test_the_demo_schedule_has_no_conflict_on_the_desk(
        built: tuple[Tournaments, DemoStore]) -> None:
    service, demo = built
    grid = desk_schedule.grid(service, demo.tournament)
    assert [c.message for c in grid.conflicts] == []
    placed = [g for day in grid.days for g in day.cells.values()]
    # the pools, Division 1's final and 14U's two semi-finals (one played; the
    # final waits for its teams as a place)
    assert len(placed) == 15 + 10 + 1 + 2 and not grid.unplaced
    assert all(g.officials for g in placed)


def test_the_blades_late_forfeit_takes_the_last_seed_and_the_standings_say_so(
        built: tuple[Tournaments, DemoStore]) -> None:
    service, demo = built
    division = next(d.division_id for d in queries.divisions(service, demo.tournament)
                    if d.name == "Division 1")
    names = queries.team_names(service, division)
    blades = next(t for t, n in names.items() if n == "Blades")
    pool = sorted((g for g in queries.games(service, division) if g.stage == "pool"
                   and blades in (g.home_team_id, g.away_team_id)), key=lambda g: g.start)
    results = [service.game_state(g.game_id)[1].result for g in pool]
    forfeited = [i for i, r in enumerate(results, start=1)
                 if r is not None and r.decided_by == "forfeit"]
    assert (forfeited, len(pool)) == ([4], 5)  # the game day's final is no pool game
    assert service.standings(division)[0].team_id == blades  # the table is unchanged
    desk = desk_playoffs.playoff_desk(service, division, 4)
    assert desk.seeds[-1].team_id == blades and "634(e)1" in desk.seeds[-1].reason
    assert service.seeds(division, 4)[-1] == blades
    final = next(g for g in queries.games(service, division) if g.game_id in demo.games)
    assert final.stage == "playoff" and blades in (final.home_team_id, final.away_team_id)
    with TestClient(create_app(service)) as client:
        page = client.get(f"/divisions/{division}/standings").text
    note = page.split("<h2>Playoff seeds</h2>")[1].split("</ul>")[0]
    assert "Blades</a> forfeited one of its last two pool games" in note
    assert "Rule 634(e)1" in note and "Storm</a>" not in note


def test_the_demo_shows_a_player_on_two_teams_a_blackout_and_an_official_with_hours(
        built: tuple[Tournaments, DemoStore]) -> None:
    """Issue 31: the demo's schedule keeps a person on two teams in one place,
    a team's blackout and the 14U referees' hours, with no conflict."""
    service, demo = built
    with service.read() as s:
        people = schedule_requests.people_in(s, demo.tournament)
        demands = schedule_requests.demands_in(s, demo.tournament)
    two = [name for name, teams in people.teams_of.items() if len(teams) == 2]
    assert len(two) == 1
    assert [r.kind for r in demands.teams] == ["blackout"]
    assert demands.officials and all(h.windows for h in demands.officials.values())
    grid = desk_schedule.grid(service, demo.tournament)
    assert grid.conflicts == [] and grid.wishes == []


def test_the_demo_has_a_referee_who_plays_never_given_his_teams_game_and_travel_by_pair(
        built: tuple[Tournaments, DemoStore]) -> None:
    """Issue 31: a Rockets skater referees 14U games, never one of his team's
    (Rule 501(a)) nor while it plays; naming him to one is refused. The
    venues' travel is given pair by pair, the rest taking the default; the
    schedule still has no conflict."""
    service, demo = built
    grid = desk_schedule.grid(service, demo.tournament)
    assert grid.conflicts == []
    games = [g for day in grid.days for g in day.cells.values()]
    with service.read() as s:
        people = schedule_requests.people_in(s, demo.tournament)
    rockets = next(d.teams for d in queries.tournament_trees(service)[0].divisions
                   if d.name == "Division 1")
    rockets_id = next(t.team_id for t in rockets if t.name == "Rockets")
    (him,) = [name for name, teams in people.teams_of.items() if teams == {rockets_id}
              and any(name in g.officials for g in games)]
    his = [g for g in games if him in g.officials]
    theirs = [g for g in games if "Rockets" in (g.home, g.away)]
    assert len(his) >= 2 and all(g.division == "14U" for g in his)
    assert all(abs(a.start - b.start).total_seconds() >= 50 * 60 for a in his for b in theirs)
    own = theirs[0]
    with pytest.raises(officiating.OwnTeamOfficial, match=f"{him} is with Rockets"):
        officiating.set_officials(service, own.game_id, {"referee": [him]})
    assert him not in officiating.officials(service, own.game_id)["referee"]
    assert desk_rinks.travel_pairs(service, demo.tournament) == [
        ("Civic Centre", "Main Arena", 20), ("Main Arena", "Northside", 45)]
    with service.read() as s:
        travel = rinks.travel_in(s, demo.tournament)
    assert travel.between("Rink 3", "Rink 4") == timedelta(minutes=30)  # the default
    assert travel.between("Rink 1", "Rink 2") == timedelta(0)  # one building
