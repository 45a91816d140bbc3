"""The desk's schedule and people pages read one day (issue 30): the grid of
a day is found among the games from the day before to the day after, and its
conflicts are exactly the whole tournament's conflicts of that day's games
(a rest broken across midnight, a player on two teams: Rules 203(a), 501(a));
a game four days away is not read."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime, timedelta
from typing import Any

import pytest
from deskkit import dora, new_tournament, people
from sqlalchemy import event
from sqlalchemy.engine import Engine
from webkit import Client, Demo, sqlite_plans, statements_seen

from rinkside.services import desk_people, desk_schedule, desk_teams, schedule_requests
from rinkside.store import models
from rinkside.tournament.schedule_check import Conflict, Placed
from rinkside.tournament.schedule_people import People
from rinkside.tournament.schedule_requests import Demands

__all__ = ["dora", "people"]

DAYS = [date(2026, 12, 12), date(2026, 12, 13), date(2026, 12, 14)]
FAR = date(2026, 12, 17)


def at(text: str) -> datetime:
    return datetime.fromisoformat(text).astimezone()


@pytest.fixture(scope="module")
def night_cup(demo: Demo, dora: Client) -> int:
    """One division of North, South, East, West; Ann Lee plays for North and
    East; 120 min of rest. North plays at 23:00 on the 12th and South at
    00:30 on the 13th (its rest broken across midnight), East at 00:30 too
    (Ann Lee's rest broken), South again at 10:00 on the 14th and 10:30
    (two games at once on one rink), West alone on the 17th."""
    service = demo.service
    tid = new_tournament(dora, "Night Cup")
    did = desk_teams.add_division(service, tid, "Open", by="dora")
    teams = {name: desk_teams.add_team(service, did, name, by="dora")
             for name in ("North", "South", "East", "West")}
    for team in ("North", "East"):
        desk_teams.add_player(service, teams[team], number=9, name="Ann Lee", goalie=False,
                              captain=None, by="dora")
    games = [("North", "West", "2026-12-12T10:00", "A"),
             ("North", "South", "2026-12-12T23:00", "A"),
             ("South", "West", "2026-12-13T00:30", "A"),
             ("East", "West", "2026-12-13T00:30", "B"),
             ("North", "East", "2026-12-13T12:00", "A"),
             ("South", "East", "2026-12-14T10:00", "A"),
             ("South", "West", "2026-12-14T10:30", "A"),
             ("West", "East", "2026-12-17T10:00", "A")]
    with service.write() as s:
        tournament = s.get(models.Tournament, tid)
        assert tournament is not None
        tournament.game_minutes, tournament.rest_minutes = 50, 120
        s.add_all(models.Game(division_id=did, home_team_id=teams[home],
                              away_team_id=teams[away], start=at(start), rink=rink,
                              stage="pool", schedule_order=n)
                  for n, (home, away, start, rink) in enumerate(games, start=1))
    return tid


def _key(c: Conflict) -> tuple[str, tuple[int, ...], str, bool]:
    return (c.kind, c.games, c.message, c.soft)


def test_a_days_grid_has_the_whole_tournaments_conflicts_of_that_day(
        demo: Demo, night_cup: int) -> None:
    whole = desk_schedule.grid(demo.service, night_cup)
    assert [d.day for d in whole.days] == [*DAYS, FAR]
    assert desk_schedule.schedule_days(demo.service, night_cup) == [*DAYS, FAR]
    kinds = set()
    for shown in [*DAYS, FAR]:
        day_grid = desk_schedule.grid(demo.service, night_cup, shown)
        (expected_day,) = [d for d in whole.days if d.day == shown]
        keys = {g.game_id for g in expected_day.cells.values()}
        expected = [c for c in whole.conflicts if keys.intersection(c.games)]
        assert sorted(map(_key, day_grid.conflicts)) == sorted(map(_key, expected))
        assert day_grid.days == [expected_day]  # each game with all its conflicts
        kinds |= {(shown, c.kind) for c in day_grid.conflicts}
    # the rests broken across midnight are the 12th's and the 13th's
    assert {(DAYS[0], "rest"), (DAYS[1], "rest"), (DAYS[0], "person"),
            (DAYS[1], "person"), (DAYS[2], "rink")} <= kinds
    assert not {k for k in kinds if k[0] == FAR}


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many games each grid checks for conflicts."""
    seen: list[int] = []
    check = desk_schedule.conflicts

    def counted(games: Sequence[Placed], **kwargs: Any) -> list[Conflict]:
        seen.append(len(games))
        return check(games, **kwargs)

    monkeypatch.setattr(desk_schedule, "conflicts", counted)
    return seen


@pytest.mark.parametrize("page", ["schedule", "people"])
def test_a_desk_page_reads_its_day_and_the_days_either_side(
        dora: Client, night_cup: int, monkeypatch: pytest.MonkeyPatch, page: str) -> None:
    seen = _counting(monkeypatch)
    client, _ = dora
    response = client.get(f"/desk/tournaments/{night_cup}/{page}?day=2026-12-13")
    assert response.status_code == 200
    assert seen == [7]  # the 12th, 13th and 14th: not the 17th's game
    for other in (DAYS[0], DAYS[2], FAR):  # every day still offered
        assert f'href="?day={other}' in response.text
    if page == "schedule":
        assert 'Sun 13 Dec: <span class="conflict">' in response.text


def test_the_staff_of_a_days_games_is_each_games_staff(demo: Demo, night_cup: int) -> None:
    ids = [g.game_id for day in desk_schedule.grid(demo.service, night_cup).days
           for g in day.cells.values()]
    demo_ids = [g.game_id for day in desk_schedule.grid(demo.service, demo.tournament_id).days
                for g in day.cells.values()]
    together = desk_people.staffs(demo.service, [*ids, *demo_ids])
    assert together == {g: desk_people.staff(demo.service, g) for g in [*ids, *demo_ids]}
    assert any(s.referees or s.scorekeepers for s in together.values())


def test_the_people_page_reads_as_much_for_one_game_as_for_three(
        dora: Client, night_cup: int) -> None:
    client, _ = dora
    counts = {}
    for day, games in (("2026-12-17", 1), ("2026-12-13", 3)):
        statements: list[str] = []

        def seen(*args: Any, statements: list[str] = statements) -> None:
            statements.append(args[2])

        event.listen(Engine, "before_cursor_execute", seen)
        try:
            assert client.get(f"/desk/tournaments/{night_cup}/people?day={day}"
                              ).text.count('<tr data-game=') == games
        finally:
            event.remove(Engine, "before_cursor_execute", seen)
        counts[games] = len(statements)
    assert counts[1] == counts[3]


def test_a_days_grid_reads_the_rosters_names_and_requests_of_its_days_teams_alone(
        demo: Demo, dora: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two divisions, one playing on the 13th and one on the 17th, each with a
    player on two of its teams (Rule 203(a)) and a request broken: the 13th's
    grid reads the 13th's teams' rosters, names and requests, not the 17th's
    (issue 30: a day costs what the day holds, not the season), and each
    day's conflicts are still found."""
    service = demo.service
    tid = new_tournament(dora, "Two Days Cup")
    teams: dict[str, int] = {}
    for division, names, twin, start in (("Near", ("Near A", "Near B"), "Near Twin",
                                          "2026-12-13T09:00"),
                                         ("Far", ("Far A", "Far B"), "Far Twin",
                                          "2026-12-17T09:00")):
        did = desk_teams.add_division(service, tid, division, by="dora")
        for name in names:
            teams[name] = desk_teams.add_team(service, did, name, by="dora")
            desk_teams.add_player(service, teams[name], number=7, name=twin, goalie=False,
                                  captain=None, by="dora")
        schedule_requests.add_team_request(service, tid, teams[names[0]], "not_before",
                                           start=at(start) + timedelta(hours=3), by="dora")
        with service.write() as s:
            s.add(models.Game(division_id=did, home_team_id=teams[names[0]],
                              away_team_id=teams[names[1]], start=at(start), rink="A",
                              stage="pool", schedule_order=1))
    read: list[tuple[People, Demands]] = []
    people_in, demands_in = desk_schedule.people_in, desk_schedule.demands_in

    def people(*args: Any, **kwargs: Any) -> People:
        read.append((people_in(*args, **kwargs), Demands()))
        return read[-1][0]

    def demands(*args: Any, **kwargs: Any) -> Demands:
        read[-1] = (read[-1][0], demands_in(*args, **kwargs))
        return read[-1][1]

    monkeypatch.setattr(desk_schedule, "people_in", people)
    monkeypatch.setattr(desk_schedule, "demands_in", demands)
    grids = [desk_schedule.grid(service, tid, day) for day in (DAYS[1], FAR)]
    for (found, asked), grid, mine, other in zip(read, grids, ("Near", "Far"), ("Far", "Near"),
                                                 strict=True):
        assert set(found.teams_of) == {f"{mine} Twin"}
        assert found.teams_of[f"{mine} Twin"] == {teams[f"{mine} A"], teams[f"{mine} B"]}
        assert [r.team for r in asked.teams] == [teams[f"{mine} A"]]
        ((game,),) = [list(d.cells.values()) for d in grid.days]
        assert (game.home, game.away) == (f"{mine} A", f"{mine} B")
        assert any("not before" in c or "before" in c for c in game.conflicts), game
        assert not any(other in c.message for c in grid.conflicts)


def test_a_desk_page_links_the_days_around_its_own_read_in_one_statement(
        demo: Demo, dora: Client, night_cup: int) -> None:
    """Issue 30: the days offered are the first, the one before, the one
    after and the last (and any day by its date), read in one statement,
    never a link for each day of a season; a day without a game is shown
    empty between its neighbours."""
    nav = desk_schedule.day_nav
    statements: list[str] = []

    def seen(*args: Any) -> None:
        statements.append(args[2])

    event.listen(Engine, "before_cursor_execute", seen)
    try:
        around = nav(demo.service, night_cup, DAYS[1])
    finally:
        event.remove(Engine, "before_cursor_execute", seen)
    assert len(statements) == 1
    assert around == desk_schedule.DayNav(DAYS[1], DAYS[0], DAYS[0], DAYS[2], FAR)
    assert nav(demo.service, night_cup) == desk_schedule.DayNav(DAYS[0], DAYS[0], None,
                                                                 DAYS[1], FAR)
    gap = date(2026, 12, 15)
    assert nav(demo.service, night_cup, gap) == desk_schedule.DayNav(gap, DAYS[0], DAYS[2],
                                                                      FAR, FAR)
    assert nav(demo.service, night_cup, today=DAYS[2]).day == DAYS[2]
    assert nav(demo.service, night_cup, today=gap).day == DAYS[0]  # no game today: the first
    client, _ = dora
    first = client.get(f"/desk/tournaments/{night_cup}/schedule").text
    assert f'href="?day={DAYS[1]}' in first and f'href="?day={FAR}' in first
    assert f'href="?day={DAYS[2]}' not in first  # neither around the 12th nor the last
    empty = client.get(f"/desk/tournaments/{night_cup}/people?day={gap}").text
    assert f'href="?day={DAYS[2]}"' in empty and f'href="?day={FAR}"' in empty
    assert "No game on the schedule yet." in empty
    assert "No game on Tuesday 15 December 2026." in client.get(
        f"/desk/tournaments/{night_cup}/schedule?day={gap}").text


def test_a_days_games_are_found_along_the_start_index(demo: Demo, night_cup: int) -> None:
    """Issue 30: the day's games, the days around it and the days before and
    after it are read along the start's index (migration 0034), not by
    scanning every game of the tournament's divisions (SQLite's planner's
    choice without statistics)."""
    with statements_seen(lambda statement: "FROM games" in statement
                         and "games.start >=" in statement) as bounded:
        desk_schedule.day_nav(demo.service, night_cup, DAYS[1])
        desk_schedule.grid(demo.service, night_cup, DAYS[1])
    assert len(bounded) >= 3  # the days around, the window of games, the day's games
    for (statement, _), plan in zip(bounded, sqlite_plans(demo.service, bounded), strict=True):
        assert "ix_games_start" in plan, (statement, plan)
