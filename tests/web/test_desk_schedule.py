"""The schedule on the desk: the solver's round robin within the windows with
no conflict, a game added, moved and cancelled (each refused when it would
put a team, a rink or an official in two places at once, or when the game
has begun), the grid per rink and day; the director's alone."""

from __future__ import annotations

from datetime import datetime

import pytest
from deskkit import dora, new_tournament, people, post, put, rick, skip
from webkit import Client, Demo

from rinkside.rules.events import FaceOff
from rinkside.rules.times import GameTime
from rinkside.services import (
    changes,
    desk_rinks,
    desk_schedule,
    desk_teams,
    officiating,
    queries,
    users,
)

__all__ = ["dora", "people", "rick", "skip"]

RINK = {"width": 85, "length": 185, "corner_radius": 20, "goal_line_distance": 12}


@pytest.fixture(scope="module")
def cup(demo: Demo, dora: Client) -> int:
    """Two divisions of four teams, two rinks, the round robin built."""
    tid = new_tournament(dora, "Schedule Cup")
    service = demo.service
    for division in ("Bronze", "Silver"):
        did = desk_teams.add_division(service, tid, division, by="dora")
        for n in range(1, 5):
            desk_teams.add_team(service, did, f"{division} {n}", by="dora")
    for name in ("East", "West"):
        desk_rinks.add(service, tid, name, RINK, by="dora")
    response = post(dora, f"/desk/tournaments/{tid}/schedule/generate", {
        "windows": "2026-12-12 08:00-12:00\n2026-12-13 08:00-12:00", "game_minutes": "40",
        "rest_minutes": "20", "rounds": "1", "rink": ["East", "West"]})
    assert response.status_code == 303, response.text
    return tid


def games_of(demo: Demo, tid: int) -> list[desk_schedule.GridGame]:
    grid = desk_schedule.grid(demo.service, tid)
    return sorted((g for day in grid.days for g in day.cells.values()),
                  key=lambda g: (g.start, g.rink))


def test_the_round_robin_is_built_with_no_conflict_and_shown_as_a_grid(
        demo: Demo, dora: Client, cup: int) -> None:
    games = games_of(demo, cup)
    assert len(games) == 12  # 6 a division
    assert desk_schedule.grid(demo.service, cup).conflicts == []
    page = dora[0].get(f"/desk/tournaments/{cup}/schedule")
    assert page.status_code == 200 and "No conflict" in page.text
    assert page.text.count('class="slot') == 12
    assert changes.changes(demo.service, cup)[0].action == "generated"


def test_a_second_build_over_the_same_divisions_is_refused(dora: Client, cup: int) -> None:
    again = post(dora, f"/desk/tournaments/{cup}/schedule/generate", {
        "windows": "2026-12-14 08:00-12:00", "game_minutes": "40", "rest_minutes": "0"})
    assert again.status_code == 422 and "pool games already" in again.text


def test_too_little_time_is_refused_saying_why(demo: Demo, dora: Client) -> None:
    tid = new_tournament(dora, "Tight Cup")
    did = desk_teams.add_division(demo.service, tid, "Open", by="dora")
    for n in range(1, 7):
        desk_teams.add_team(demo.service, did, f"T{n}", by="dora")
    desk_rinks.add(demo.service, tid, "Only", RINK, by="dora")
    refused = post(dora, f"/desk/tournaments/{tid}/schedule/generate", {
        "windows": "2026-12-12 08:00-10:00", "game_minutes": "40", "rest_minutes": "0"})
    assert refused.status_code == 422 and "15 games need 15 rink slots" in refused.text
    bad = post(dora, f"/desk/tournaments/{tid}/schedule/generate", {
        "windows": "Saturday morning", "game_minutes": "40", "rest_minutes": "0"})
    assert bad.status_code == 422 and "2026-12-05 08:00-20:00" in bad.text


def test_a_move_into_a_conflict_is_refused_and_a_free_one_is_recorded(
        demo: Demo, dora: Client, cup: int) -> None:
    first, *others = games_of(demo, cup)
    clash = next(g for g in others if g.start != first.start and (
        {g.home, g.away} & {first.home, first.away}))
    url = f"/desk/games/{first.game_id}/move"
    refused = post(dora, url, {"start": clash.start.strftime("%Y-%m-%dT%H:%M"),
                               "rink": "West" if clash.rink == "East" else "East"})
    assert refused.status_code == 422 and "two games at once" in refused.text
    late = datetime.fromisoformat("2026-12-13T18:00").astimezone()
    assert post(dora, url, {"start": "2026-12-13T18:00", "rink": "East",
                            "reason": "TV slot"}).status_code == 303
    moved = next(g for g in games_of(demo, cup) if g.game_id == first.game_id)
    assert (moved.start, moved.rink) == (late, "East")
    last = changes.changes(demo.service, cup)[0]
    assert (last.action, last.after["rink"], last.reason) == ("moved", "East", "TV slot")
    api = put(dora, f"/api/desk/games/{first.game_id}/place",
              {"start": "2026-12-13T19:00:00+00:00", "rink": "Nowhere"})
    assert api.status_code == 422 and "no rink named Nowhere" in api.json()["detail"]


def test_an_official_in_two_places_at_once_is_refused(demo: Demo, dora: Client,
                                                       cup: int) -> None:
    games = games_of(demo, cup)
    a = games[0]
    b = next(g for g in games if g.start != a.start and not (
        {g.home, g.away} & {a.home, a.away}))
    officiating.set_officials(demo.service, a.game_id, {"referee": ["Rita Ref"]})
    officiating.set_officials(demo.service, b.game_id, {"referee": ["Rita Ref"]})
    other_rink = "West" if a.rink == "East" else "East"
    refused = post(dora, f"/desk/games/{b.game_id}/move",
                   {"start": a.start.strftime("%Y-%m-%dT%H:%M"), "rink": other_rink})
    assert refused.status_code == 422 and "Rita Ref officiates two games at once" in refused.text


def test_a_game_is_added_unless_it_conflicts_and_cancelled_only_with_a_reason(
        demo: Demo, dora: Client, cup: int) -> None:
    games = games_of(demo, cup)
    busy = games[0]
    teams = {t.name: t.team_id for t in _teams(demo, cup)}
    add = f"/desk/tournaments/{cup}/games"
    clash = post(dora, add, {"home": teams[busy.home], "away": teams[busy.away],
                             "start": busy.start.strftime("%Y-%m-%dT%H:%M"),
                             "rink": "West" if busy.rink == "East" else "East"})
    assert clash.status_code == 422
    mixed = post(dora, add, {"home": teams["Bronze 1"], "away": teams["Silver 1"],
                             "start": "2026-12-14T09:00", "rink": "East"})
    assert mixed.status_code == 422 and "different divisions" in mixed.text
    assert post(dora, add, {"home": teams["Bronze 1"], "away": teams["Bronze 2"],
                            "start": "2026-12-14T09:00", "rink": "East"}).status_code == 303
    added = next(g for g in games_of(demo, cup) if g.start.day == 14)
    cancel = f"/desk/games/{added.game_id}/cancel"
    assert post(dora, cancel, {"reason": ""}).status_code == 422
    assert post(dora, cancel, {"reason": "added by mistake"}).status_code == 303
    assert all(g.game_id != added.game_id for g in games_of(demo, cup))
    assert changes.changes(demo.service, cup)[0].action == "cancelled"


def test_a_game_that_has_begun_is_neither_moved_nor_cancelled(demo: Demo, dora: Client,
                                                              cup: int) -> None:
    game = games_of(demo, cup)[-1]
    demo.service.record(game.game_id, 0, [FaceOff(GameTime(1, 7200))], by="test")
    moved = post(dora, f"/desk/games/{game.game_id}/move",
                 {"start": "2026-12-14T07:00", "rink": "East"})
    assert moved.status_code == 422 and "has begun" in moved.text
    cancelled = post(dora, f"/desk/games/{game.game_id}/cancel", {"reason": "rain"})
    assert cancelled.status_code == 422 and "has begun" in cancelled.text


def _teams(demo: Demo, tid: int) -> list[queries.TeamCount]:
    tree = next(t for t in queries.tournament_trees(demo.service) if t.tournament_id == tid)
    return [team for d in tree.divisions for team in d.teams]


def test_a_game_of_a_team_against_itself_is_refused_and_away_starts_on_another_team(
        demo: Demo, dora: Client, cup: int) -> None:
    teams = {t.name: t.team_id for t in _teams(demo, cup)}
    before = len(games_of(demo, cup))
    same = post(dora, f"/desk/tournaments/{cup}/games",
                {"home": teams["Bronze 3"], "away": teams["Bronze 3"],
                 "start": "2026-12-15T09:00", "rink": "East"})
    assert same.status_code == 422, same.text
    assert "two different teams" in same.text
    assert len(games_of(demo, cup)) == before
    page = dora[0].get(f"/desk/tournaments/{cup}/schedule").text
    form = page[page.index('class="desk-form add-game"'):]
    home = form[form.index('name="home"'):form.index('name="away"')]
    away = form[form.index('name="away"'):form.index("</select>", form.index('name="away"'))]
    assert " selected" not in home and away.count(" selected") == 1
    first = home.split('<option value="')[1].split('"')[0]
    chosen = away.split(" selected")[0].rsplit('<option value="', 1)[1].split('"')[0]
    assert chosen != first


@pytest.mark.parametrize("path", ["/desk/tournaments/{tid}/schedule/generate",
                                  "/desk/tournaments/{tid}/games", "/desk/games/{game}/move",
                                  "/desk/games/{game}/cancel"])
def test_only_the_director_changes_the_schedule(demo: Demo, dora: Client, skip: Client,
                                                rick: Client, cup: int, path: str) -> None:
    game = games_of(demo, cup)[0]
    url = path.format(tid=cup, game=game.game_id)
    body = {"windows": "2026-12-20 08:00-12:00", "game_minutes": "40", "home": "1",
            "away": "2", "start": "2026-12-20T08:00", "rink": "East", "reason": "x"}
    before = changes.changes(demo.service)
    for who in (skip, rick):
        assert post(who, url, body).status_code == 403
    assert dora[0].post(url, data=body).status_code == 403
    assert skip[0].get(f"/desk/tournaments/{cup}/schedule").status_code == 403
    assert changes.changes(demo.service) == before


def test_a_game_with_a_written_report_is_not_cancelled_and_the_report_is_kept(
        demo: Demo, dora: Client, rick: Client, cup: int) -> None:
    game = games_of(demo, cup)[0]
    users.assign(demo.service, "rick", [game.game_id])  # 502(l): the game's own referee
    client, token = rick
    filed = client.post(f"/games/{game.game_id}/reports", data={
        "csrf_token": token, "text": "a spectator threw a bottle at warm-up"},
        follow_redirects=False)
    assert filed.status_code == 303
    before = changes.changes(demo.service, cup)
    refused = post(dora, f"/desk/games/{game.game_id}/cancel", {"reason": "rain"})
    assert refused.status_code == 422
    assert "rick filed a written report" in refused.text
    assert any(g.game_id == game.game_id for g in games_of(demo, cup))
    assert [r.text for r in officiating.written_reports(demo.service, game.game_id)] == [
        "a spectator threw a bottle at warm-up"]
    assert changes.changes(demo.service, cup) == before
