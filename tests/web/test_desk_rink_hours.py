"""Each rink's opening hours and closed slots on the desk: edited on the
rinks page (bad lines refused saying which), kept by the build, and a move
into a closed slot or outside the hours refused with the reason."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from deskkit import dora, new_tournament, people, post
from webkit import Client, Demo

from rinkside.services import (
    changes,
    desk_rinks,
    desk_schedule,
    desk_teams,
    officiating,
    rinks,
)

__all__ = ["dora", "people"]

RINK = {"width": 85, "length": 185, "corner_radius": 20, "goal_line_distance": 12}


def at(hhmm: str) -> datetime:
    return datetime.fromisoformat(f"2026-12-12 {hhmm}").astimezone()


@pytest.fixture(scope="module")
def hours_cup(demo: Demo, dora: Client) -> tuple[int, int]:
    """Four teams, two rinks; East open 10:00-14:00 and closed 11:00-12:00."""
    tid = new_tournament(dora, "Hours Cup")
    did = desk_teams.add_division(demo.service, tid, "Open", by="dora")
    for n in range(1, 5):
        desk_teams.add_team(demo.service, did, f"H{n}", by="dora")
    east = desk_rinks.add(demo.service, tid, "East", RINK, by="dora")
    desk_rinks.add(demo.service, tid, "West", RINK, by="dora")
    saved = post(dora, f"/desk/rinks/{east}/hours", {
        "opening_hours": "2026-12-12 10:00-14:00", "closed_slots": "2026-12-12 11:00-12:00\n"})
    assert saved.status_code == 303, saved.text
    built = post(dora, f"/desk/tournaments/{tid}/schedule/generate", {
        "windows": "2026-12-12 08:00-14:00", "game_minutes": "30", "rest_minutes": "0",
        "rounds": "2", "rink": ["East", "West"]})
    assert built.status_code == 303, built.text
    return tid, east


def test_the_hours_are_kept_shown_and_recorded(demo: Demo, dora: Client,
                                               hours_cup: tuple[int, int]) -> None:
    tid, east = hours_cup
    hours = rinks.rink(demo.service, east).hours
    assert [(w.start, w.end) for w in hours.open] == [(at("10:00"), at("14:00"))]
    assert [(w.start, w.end) for w in hours.closed] == [(at("11:00"), at("12:00"))]
    page = dora[0].get(f"/desk/tournaments/{tid}/rinks")
    assert "2026-12-12 11:00-12:00" in page.text and "East opening hours" in page.text
    assert any(c.action == "hours changed" for c in changes.changes(demo.service, tid))


def test_a_bad_line_is_refused_saying_which_and_nothing_is_lost(
        demo: Demo, dora: Client, hours_cup: tuple[int, int]) -> None:
    _, east = hours_cup
    refused = post(dora, f"/desk/rinks/{east}/hours", {"opening_hours": "Saturday morning",
                                                        "closed_slots": ""})
    assert refused.status_code == 422 and "opening hours" in refused.text
    assert "Saturday morning" in refused.text
    assert rinks.rink(demo.service, east).hours.closed  # kept as it was


def test_the_build_keeps_every_game_within_its_rinks_hours(
        demo: Demo, hours_cup: tuple[int, int]) -> None:
    tid, east = hours_cup
    hours = rinks.rink(demo.service, east).hours
    grid = desk_schedule.grid(demo.service, tid)
    games = [g for day in grid.days for g in day.cells.values()]
    assert len(games) == 12 and grid.conflicts == []
    on_east = [g for g in games if g.rink == "East"]
    assert on_east, "East takes games in its hours"
    for g in on_east:
        assert hours.holds(g.start, g.start + timedelta(minutes=30)), g


def test_a_move_into_a_closed_slot_or_out_of_hours_is_refused_with_the_reason(
        demo: Demo, dora: Client, hours_cup: tuple[int, int]) -> None:
    tid, _ = hours_cup
    grid = desk_schedule.grid(demo.service, tid)
    game = min((g for day in grid.days for g in day.cells.values()), key=lambda g: g.start)
    url = f"/desk/games/{game.game_id}/move"
    closed = post(dora, url, {"start": "2026-12-12T11:30", "rink": "East"})
    assert closed.status_code == 422
    assert "East is closed Sat 11:00-12:00" in closed.text
    early = post(dora, url, {"start": "2026-12-12T08:00", "rink": "East"})
    assert early.status_code == 422 and "East is not open" in early.text
    found = desk_schedule.preview_move(demo.service, game.game_id, start=at("11:30"),
                                       rink="East")
    assert [c.kind for c in found if c.kind == "rink hours"] == ["rink hours"]


def test_a_move_that_leaves_no_time_to_travel_between_venues_is_refused(
        demo: Demo, dora: Client) -> None:
    tid = new_tournament(dora, "Two Halls Cup")
    did = desk_teams.add_division(demo.service, tid, "Open", by="dora")
    v1, v2, v3 = (desk_teams.add_team(demo.service, did, f"V{n}", by="dora")
                  for n in range(1, 4))
    arena = desk_rinks.add(demo.service, tid, "Arena 1", RINK, by="dora")
    park = desk_rinks.add(demo.service, tid, "Park", RINK, by="dora")
    for rink_id, venue in ((arena, "Arena"), (park, "Parkhall")):
        assert post(dora, f"/desk/rinks/{rink_id}/hours", {
            "opening_hours": "", "closed_slots": "", "venue": venue}).status_code == 303
    bad = post(dora, f"/desk/tournaments/{tid}/travel", {"travel_minutes": "half an hour"})
    assert bad.status_code == 422 and "whole number of minutes" in bad.text
    assert post(dora, f"/desk/tournaments/{tid}/travel",
                {"travel_minutes": "30"}).status_code == 303
    page = dora[0].get(f"/desk/tournaments/{tid}/rinks")
    assert 'value="Parkhall"' in page.text and 'value="30"' in page.text
    first = desk_schedule.add_game(demo.service, did, v1, v2, start=at("10:00"), rink="Arena 1",
                                   by="dora")
    assert first
    # The game lasts 50 minutes (the desk's least); 10 minutes later at the
    # other venue leaves V1 no time for the 30 minutes between the two.
    with pytest.raises(desk_schedule.ScheduleConflict,
                       match="at Arena and Parkhall, 30 min apart"):
        desk_schedule.add_game(demo.service, did, v1, v3, start=at("11:00"), rink="Park",
                               by="dora")
    assert desk_schedule.add_game(demo.service, did, v1, v3, start=at("11:20"), rink="Park",
                                  by="dora")


def test_travel_is_given_pair_by_pair_and_kept_for_teams_and_referees(
        demo: Demo, dora: Client) -> None:
    """North-South 20 min, North-Civic 45 min, South-Civic the default 30:
    set on the rinks page (a bad line refused saying which), kept by a
    team's games and by a referee's on a desk move."""
    tid = new_tournament(dora, "Three Halls Cup")
    did = desk_teams.add_division(demo.service, tid, "Open", by="dora")
    t1, t2, t3, t5, t6 = (desk_teams.add_team(demo.service, did, f"P{n}", by="dora")
                          for n in (1, 2, 3, 5, 6))
    for venue in ("North", "South", "Civic"):
        rink_id = desk_rinks.add(demo.service, tid, f"{venue} 1", RINK, by="dora")
        assert post(dora, f"/desk/rinks/{rink_id}/hours", {
            "opening_hours": "", "closed_slots": "", "venue": venue}).status_code == 303
    url = f"/desk/tournaments/{tid}/travel"
    for line, why in (("North / Harbour: 10", "no rink is at Harbour"),
                      ("North - South: 20", "is not like"),
                      ("North / North: 5", "a venue is no travel from itself"),
                      ("North / South: 20\nSouth / North: 25", "are given twice")):
        bad = post(dora, url, {"travel_minutes": "30", "travel_pairs": line})
        assert bad.status_code == 422 and why in bad.text, bad.text
    assert desk_rinks.travel_pairs(demo.service, tid) == []
    saved = post(dora, url, {"travel_minutes": "30",
                             "travel_pairs": "North / South: 20\nCivic / North: 45\n"})
    assert saved.status_code == 303, saved.text
    assert desk_rinks.travel_pairs(demo.service, tid) == [("Civic", "North", 45),
                                                          ("North", "South", 20)]
    page = dora[0].get(f"/desk/tournaments/{tid}/rinks").text
    assert "Civic / North: 45" in page and "North / South: 20" in page
    # P1 at North 10:00-10:50, then 30 min later: at South (20 away) fine, at
    # Civic (45 away) refused.
    desk_schedule.add_game(demo.service, did, t1, t2, start=at("10:00"), rink="North 1",
                           by="dora")
    with pytest.raises(desk_schedule.ScheduleConflict, match="at North and Civic, 45 min"):
        desk_schedule.add_game(demo.service, did, t1, t3, start=at("11:20"), rink="Civic 1",
                               by="dora")
    desk_schedule.add_game(demo.service, did, t1, t3, start=at("11:20"), rink="South 1",
                           by="dora")
    # A referee: Sam at North 10:00; a game of other teams he officiates moved
    # to Civic 30 min after is refused (the default 30 would have let it).
    north = next(g for day in desk_schedule.grid(demo.service, tid).days
                 for g in day.cells.values() if g.rink == "North 1")
    officiating.set_officials(demo.service, north.game_id, {"referee": ["Sam Stripes"]})
    other = desk_schedule.add_game(demo.service, did, t5, t6, start=at("13:00"),
                                   rink="Civic 1", by="dora")
    officiating.set_officials(demo.service, other, {"referee": ["Sam Stripes"]})
    refused = post(dora, f"/desk/games/{other}/move", {"start": "2026-12-12T11:20",
                                                       "rink": "Civic 1"})
    assert refused.status_code == 422
    assert "Sam Stripes has 30 min between games to travel" in refused.text
    # 50 min after Sam's first game ends: more than North-Civic's 45.
    moved = post(dora, f"/desk/games/{other}/move", {"start": "2026-12-12T11:40",
                                                     "rink": "Civic 1"})
    assert moved.status_code == 303, moved.text
