"""One person, one place and the requests on the desk: the builder keeps a
player on two teams out of two games at once, a team's blackout, an
official's hours and most games a day, and never gives a referee his own
team's game (Rule 501(a)); a move that breaks any of them is refused naming
who and why; the grid lists what is wrong and the wishes not kept."""

from __future__ import annotations

from datetime import datetime

import pytest
from deskkit import dora, new_tournament, people, post, put
from sqlalchemy import delete
from webkit import Client, Demo

from rinkside.services import (
    desk_rinks,
    desk_schedule,
    desk_teams,
    officiating,
    queries,
    schedule_requests,
    users,
)
from rinkside.store import models
from rinkside.tournament.schedule_values import Window

__all__ = ["dora", "people"]

RINK = {"width": 85, "length": 185, "corner_radius": 20, "goal_line_distance": 12}


def at(text: str) -> datetime:
    return datetime.fromisoformat(text).astimezone()


@pytest.fixture(scope="module")
def cup(demo: Demo, dora: Client) -> int:
    """Two divisions of four; Ann Lee plays for Bronze 1 and Silver 1, Rita Ref
    plays for Silver 2 and referees (08:00-14:00 on Saturday, two games a day
    at most); Bronze 2 arrives at 10:00 on Saturday; the round robin built."""
    tid = new_tournament(dora, "People Cup")
    service = demo.service
    for division in ("Bronze", "Silver"):
        did = desk_teams.add_division(service, tid, division, by="dora")
        for n in range(1, 5):
            desk_teams.add_team(service, did, f"{division} {n}", by="dora")
    for name in ("East", "West"):
        desk_rinks.add(service, tid, name, RINK, by="dora")
    teams = team_ids(demo, tid)
    for team in ("Bronze 1", "Silver 1"):
        desk_teams.add_player(service, teams[team], number=9, name="Ann Lee", goalie=False,
                              captain=None, by="dora")
    desk_teams.add_player(service, teams["Silver 2"], number=4, name="Rita Ref", goalie=False,
                          captain=None, by="dora")
    schedule_requests.add_team_request(service, tid, teams["Bronze 2"], "blackout",
                              start=at("2026-12-12T08:00"), end=at("2026-12-12T10:00"),
                              by="dora")
    schedule_requests.set_official_hours(service, tid, "Rita Ref",
                                [Window(at("2026-12-12T08:00"), at("2026-12-12T14:00"))],
                                most_a_day=2, by="dora")
    for name in ("Sam Stripes", "Tia Whistle", "Uma Line", "Vic Call"):
        schedule_requests.set_official_hours(service, tid, name, [], by="dora")
    response = post(dora, f"/desk/tournaments/{tid}/schedule/generate", {
        "windows": "2026-12-12 08:00-14:00\n2026-12-13 08:00-14:00", "game_minutes": "40",
        "rest_minutes": "20", "rounds": "1", "rink": ["East", "West"]})
    assert response.status_code == 303, response.text
    return tid


def team_ids(demo: Demo, tid: int) -> dict[str, int]:
    tree = next(t for t in queries.tournament_trees(demo.service) if t.tournament_id == tid)
    return {team.name: team.team_id for d in tree.divisions for team in d.teams}


def games_of(demo: Demo, tid: int) -> list[desk_schedule.GridGame]:
    grid = desk_schedule.grid(demo.service, tid)
    return sorted((g for day in grid.days for g in day.cells.values()),
                  key=lambda g: (g.start, g.rink))


def overlap(a: desk_schedule.GridGame, b: desk_schedule.GridGame, minutes: int) -> bool:
    return abs((a.start - b.start).total_seconds()) < minutes * 60


def test_the_builder_keeps_every_person_and_request(demo: Demo, cup: int) -> None:
    grid = desk_schedule.grid(demo.service, cup)
    assert grid.conflicts == [] and grid.wishes == []
    games = games_of(demo, cup)
    assert len(games) == 12
    ann = [g for g in games if {"Bronze 1", "Silver 1"} & {g.home, g.away}]
    assert all(not overlap(a, b, 60) for i, a in enumerate(ann) for b in ann[i + 1:])
    assert all(g.start >= at("2026-12-12T10:00") for g in games
               if "Bronze 2" in (g.home, g.away))
    # Two referees a game (Rule 501(a)); Rita within her hours, two at most,
    # never her own team's game.
    assert all(len(g.officials) == 2 for g in games)
    rita = [g for g in games if "Rita Ref" in g.officials]
    assert 1 <= len(rita) <= 2 and all(at("2026-12-12T08:00") <= g.start
                                       and g.start <= at("2026-12-12T13:20") for g in rita)
    assert all("Silver 2" not in (g.home, g.away) for g in rita)


def test_a_move_that_puts_a_player_in_two_games_at_once_is_refused_naming_her(
        demo: Demo, dora: Client, cup: int) -> None:
    games = games_of(demo, cup)
    bronze = next(g for g in games if "Bronze 1" in (g.home, g.away))
    silver = next(g for g in games if "Silver 1" in (g.home, g.away)
                  and not overlap(g, bronze, 60))
    # Other conflicts may come with it (the rink is taken); hers is named.
    free_rink = next((r for r in ("East", "West")
                      if not any(g.start == silver.start and g.rink == r for g in games)),
                     "East")
    refused = post(dora, f"/desk/games/{bronze.game_id}/move",
                   {"start": silver.start.strftime("%Y-%m-%dT%H:%M"), "rink": free_rink})
    assert refused.status_code == 422, refused.text
    assert "Ann Lee is due in two games at once" in refused.text
    api = put(dora, f"/api/desk/games/{bronze.game_id}/place",
              {"start": silver.start.isoformat(), "rink": free_rink})
    assert api.status_code == 422 and "Ann Lee" in api.json()["detail"]


def test_a_move_into_a_teams_blackout_is_refused(demo: Demo, dora: Client, cup: int) -> None:
    game = next(g for g in games_of(demo, cup) if "Bronze 2" in (g.home, g.away))
    refused = post(dora, f"/desk/games/{game.game_id}/move",
                   {"start": "2026-12-12T08:30", "rink": "East"})
    assert refused.status_code == 422 and "Bronze 2 asked: no game" in refused.text


def test_a_move_out_of_an_officials_hours_is_refused(demo: Demo, dora: Client,
                                                     cup: int) -> None:
    games = games_of(demo, cup)
    game = next(g for g in games if "Silver 2" not in (g.home, g.away)
                and g.start < at("2026-12-12T13:30") and not any(
                    ("Rita Ref" in o.officials and o.game_id != g.game_id and overlap(o, g, 40))
                    or ("Silver 2" in (o.home, o.away) and overlap(o, g, 60)) for o in games))
    partner = next(name for name in game.officials if name != "Rita Ref")
    officiating.set_officials(demo.service, game.game_id, {"referee": ["Rita Ref", partner]})
    assert desk_schedule.grid(demo.service, cup).conflicts == []
    refused = post(dora, f"/desk/games/{game.game_id}/move",
                   {"start": "2026-12-13T21:00", "rink": "West"})
    assert refused.status_code == 422
    assert "Rita Ref officiates at" in refused.text and "outside the hours" in refused.text
    officiating.set_officials(demo.service, game.game_id, {"referee": list(game.officials)})


def test_a_referee_is_never_named_to_his_own_teams_game(demo: Demo, dora: Client,
                                                         cup: int) -> None:
    """Rule 501(a): Rita Ref plays for Silver 2; naming her to its game is
    refused on the desk's form, the API and the service, naming her and why."""
    game = next(g for g in games_of(demo, cup) if "Silver 2" in (g.home, g.away))
    with pytest.raises(officiating.OwnTeamOfficial, match="Rita Ref is with Silver 2"):
        officiating.set_officials(demo.service, game.game_id,
                                  {"referee": ["Rita Ref", "Sam Stripes"]})
    form = dora[0].post(f"/games/{game.game_id}/officials",
                        data={"referee": ["Sam Stripes", "Rita Ref"], "csrf_token": dora[1]},
                        follow_redirects=False)
    assert form.status_code == 422 and "Rita Ref is with Silver 2" in form.text
    assert "Rule 501(a)" in form.text
    api = put(dora, f"/api/games/{game.game_id}/officials", {"referee": ["Rita Ref"]})
    assert api.status_code == 422 and "Rita Ref is with Silver 2" in api.json()["detail"]
    # Nothing was changed by the refusals.
    assert officiating.officials(demo.service, game.game_id)["referee"] == list(game.officials)


def test_a_coach_is_never_named_to_his_own_teams_game(demo: Demo, dora: Client,
                                                      cup: int) -> None:
    """A team official (a coach user of Silver 3) is with the team too."""
    teams = team_ids(demo, cup)
    users.create_user(demo.service, "coachcal", "coach-desk-31", "coach",
                     teams=[teams["Silver 3"]], full_name="Cal Bench")
    game = next(g for g in games_of(demo, cup) if "Silver 3" in (g.home, g.away))
    for named in ("Cal Bench", "coachcal"):
        api = put(dora, f"/api/games/{game.game_id}/officials", {"goal_judge": [named]})
        assert api.status_code == 422, api.text
        assert "is with Silver 3" in api.json()["detail"] and named in api.json()["detail"]
    other = next(g for g in games_of(demo, cup) if "Silver 3" not in (g.home, g.away))
    assert put(dora, f"/api/games/{other.game_id}/officials",
               {"goal_judge": ["Cal Bench"]}).status_code == 200
    assert put(dora, f"/api/games/{other.game_id}/officials",
               {"goal_judge": []}).status_code == 200


def test_a_referee_who_joins_his_teams_roster_after_is_a_conflict_on_the_grid(
        demo: Demo, dora: Client, cup: int) -> None:
    """Named while not on its roster, then added to it: the grid shows it."""
    game = next(g for g in games_of(demo, cup) if "Silver 2" in (g.home, g.away))
    before = list(game.officials)
    officiating.set_officials(demo.service, game.game_id,
                              {"referee": ["Nell New", before[0]]})
    desk_teams.add_player(demo.service, team_ids(demo, cup)["Silver 2"], number=5,
                          name="Nell New", goalie=False, captain=None, by="dora")
    found = [c for c in desk_schedule.grid(demo.service, cup).conflicts
             if c.kind == "referee"]
    assert [c.games for c in found] == [(game.game_id,)]
    assert "Rule 501(a)" in found[0].message
    page = dora[0].get(f"/desk/tournaments/{cup}/schedule")
    assert "Nell New officiates the game" in page.text
    officiating.set_officials(demo.service, game.game_id, {"referee": before})
    assert desk_schedule.grid(demo.service, cup).conflicts == []


def test_a_wish_not_kept_is_shown_not_refused(demo: Demo, dora: Client, cup: int) -> None:
    teams = team_ids(demo, cup)
    game = next(g for g in games_of(demo, cup) if "Bronze 3" in (g.home, g.away))
    rid = schedule_requests.add_team_request(demo.service, cup, teams["Bronze 3"], "not_after",
                                    end=game.start, hard=False, by="dora")
    wishes = desk_schedule.grid(demo.service, cup).wishes
    assert wishes and all(w.soft for w in wishes)
    assert any("Bronze 3 asked: done by" in w.message and "(a wish)" in w.message
               for w in wishes)
    schedule_requests.remove_team_request(demo.service, cup, rid, by="dora")
    assert desk_schedule.grid(demo.service, cup).wishes == []


def test_the_grid_asks_the_server_before_a_drop(demo: Demo, dora: Client, cup: int) -> None:
    games = games_of(demo, cup)
    bronze = next(g for g in games if "Bronze 1" in (g.home, g.away)
                  and "Rita Ref" not in g.officials)
    silver = next(g for g in games if "Silver 1" in (g.home, g.away)
                  and not overlap(g, bronze, 60))
    url = f"/api/desk/games/{bronze.game_id}/preview"
    clash = dora[0].post(url, json={"start": silver.start.isoformat(), "rink": "East"},
                         headers={"X-CSRF-Token": dora[1]})
    assert clash.status_code == 200, clash.text
    assert any("Ann Lee is due in two games at once" in c for c in clash.json()["conflicts"])
    free = dora[0].post(url, json={"start": "2026-12-13T18:00:00+00:00", "rink": "East"},
                        headers={"X-CSRF-Token": dora[1]})
    assert free.json()["conflicts"] == []
    # Nothing moved: a preview is only a question.
    assert next(g for g in games_of(demo, cup) if g.game_id == bronze.game_id) == bronze


def test_two_games_swap_unless_one_would_then_conflict(demo: Demo, dora: Client,
                                                        cup: int) -> None:
    games = games_of(demo, cup)
    # Two games at one time trade rinks: nothing can conflict.
    a, b = next((a, b) for a in games for b in games
                if a.start == b.start and a.game_id < b.game_id)
    swapped = dora[0].post(f"/api/desk/games/{a.game_id}/swap", json={"other": b.game_id},
                           headers={"X-CSRF-Token": dora[1]})
    assert swapped.status_code == 200, swapped.text
    after = {g.game_id: (g.start, g.rink) for g in games_of(demo, cup)}
    assert after[a.game_id] == (b.start, b.rink) and after[b.game_id] == (a.start, a.rink)
    # A Bronze 1 game to the time Silver 1 plays: Ann Lee would be in both.
    games = games_of(demo, cup)
    mine = next(g for g in games if "Bronze 1" in (g.home, g.away))
    hers = next(g for g in games if "Silver 1" in (g.home, g.away)
                and not overlap(g, mine, 60))
    other = next(g for g in games if g.start == hers.start and g.game_id != hers.game_id
                 and not {"Bronze 1", "Silver 1"} & {g.home, g.away})
    refused = dora[0].post(f"/api/desk/games/{mine.game_id}/swap",
                           json={"other": other.game_id}, headers={"X-CSRF-Token": dora[1]})
    assert refused.status_code == 422
    assert "Ann Lee is due in two games at once" in refused.json()["detail"]
    assert desk_schedule.grid(demo.service, cup).conflicts == []


def test_requests_and_hours_are_kept_from_the_desks_forms(demo: Demo, dora: Client,
                                                          cup: int) -> None:
    teams = team_ids(demo, cup)
    page = f"/desk/tournaments/{cup}/schedule"
    added = post(dora, f"{page}/requests", {"team": str(teams["Silver 4"]), "kind": "apart",
                                            "other": str(teams["Bronze 4"]), "wish": "1"})
    assert added.status_code == 303, added.text
    bad = post(dora, f"{page}/requests", {"team": str(teams["Silver 4"]), "kind": "blackout",
                                          "start": "2026-12-12T10:00"})
    assert bad.status_code == 422 and "a blackout needs a start and a later end" in bad.text
    hours = post(dora, f"{page}/officials", {"name": "Wes Flag", "most": "3",
                                             "hours": "2026-12-13 08:00-12:00\n"})
    assert hours.status_code == 303, hours.text
    text = dora[0].get(page).text
    assert "Silver 4: never at the same time as Bronze 4 (a wish)" in text
    assert "Wes Flag: Sun 08:00-12:00, at most 3 a day" in text


def test_a_playoff_game_not_yet_known_holds_its_rink(demo: Demo, dora: Client,
                                                     cup: int) -> None:
    """A bracket game placed before its teams are known ("Winner of SF1")
    takes part like any game: nothing else goes on its rink at its time."""
    game = games_of(demo, cup)[0]
    division = next(d for d in queries.divisions(demo.service, cup) if d.name == "Bronze")
    with demo.service.write() as s:
        s.add(models.PlayoffPlace(division_id=division.division_id, bracket_game=1,
                                  start=at("2026-12-13T17:00"), rink="West"))
    refused = post(dora, f"/desk/games/{game.game_id}/move",
                   {"start": "2026-12-13T17:20", "rink": "West"})
    assert refused.status_code == 422 and "West holds two games at once" in refused.text
    assert desk_schedule.grid(demo.service, cup).conflicts == []
    with demo.service.write() as s:
        s.execute(delete(models.PlayoffPlace).where(
            models.PlayoffPlace.division_id == division.division_id))


def test_a_rebuild_keeps_the_locked_games_and_places_the_rest_again(
        demo: Demo, dora: Client, cup: int) -> None:
    before = games_of(demo, cup)
    kept = before[0]
    page = f"/desk/tournaments/{cup}/schedule"
    assert post(dora, f"/desk/games/{kept.game_id}/lock", {"locked": "1"}).status_code == 303
    rebuilt = post(dora, f"{page}/rebuild", {
        "rebuild_windows": "2026-12-12 08:00-14:00\n2026-12-13 08:00-14:00",
        "rink": ["East", "West"]})
    assert rebuilt.status_code == 303, rebuilt.text
    after = {g.game_id: g for g in games_of(demo, cup)}
    assert (after[kept.game_id].start, after[kept.game_id].rink) == (kept.start, kept.rink)
    assert after[kept.game_id].locked and sorted(after) == sorted(g.game_id for g in before)
    grid = desk_schedule.grid(demo.service, cup)
    assert grid.conflicts == []
    assert all(len(g.officials) == 2 for g in after.values())
    assert post(dora, f"/desk/games/{kept.game_id}/lock", {}).status_code == 303
    assert not next(g for g in games_of(demo, cup) if g.game_id == kept.game_id).locked
