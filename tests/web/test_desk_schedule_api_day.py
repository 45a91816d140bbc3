"""The desk's schedule API answers one day, as the desk's schedule page
shows it (issue 30: a league's season is thousands of games, and the API
answered every one): the first day with a game unless ``day=`` names
another, the days around it to ask for next, a day that is no date a 422
saying why, and each parameter and refusal in the OpenAPI."""

from __future__ import annotations

from datetime import date, datetime

import pytest
from deskkit import dora, new_tournament, people
from webkit import Client, Demo, sqlite_plans, statements_seen

from rinkside.services import desk_schedule, desk_teams
from rinkside.store import models

__all__ = ["dora", "people"]

DAYS = [date(2026, 12, 12), date(2026, 12, 13), date(2026, 12, 15)]


@pytest.fixture(scope="module")
def three_days(demo: Demo, dora: Client) -> int:
    """North, South, East, West: two games on the 12th, one on the 13th (on
    rink B), two on the 15th at once on rink A (a rink double-booked), one
    with no rink yet."""
    service = demo.service
    tid = new_tournament(dora, "Three Days Cup")
    did = desk_teams.add_division(service, tid, "Open", by="dora")
    teams = {name: desk_teams.add_team(service, did, name, by="dora")
             for name in ("North", "South", "East", "West")}
    games = [("North", "South", "2026-12-12T10:00", "A"),
             ("East", "West", "2026-12-12T11:00", "A"),
             ("North", "East", "2026-12-13T10:00", "B"),
             ("South", "West", "2026-12-15T10:00", "A"),
             ("North", "West", "2026-12-15T10:30", "A"),
             ("South", "East", "2026-12-16T10:00", "")]  # no rink yet: not on a day
    with service.write() as s:
        s.add_all(models.Game(division_id=did, home_team_id=teams[home],
                              away_team_id=teams[away],
                              start=datetime.fromisoformat(start).astimezone(), rink=rink,
                              stage="pool", schedule_order=n)
                  for n, (home, away, start, rink) in enumerate(games, start=1))
    return tid


def test_the_schedule_api_answers_one_day_and_names_the_days_around_it(
        dora: Client, three_days: int) -> None:
    client, _ = dora
    url = f"/api/desk/tournaments/{three_days}/schedule"
    first = client.get(url)
    assert first.status_code == 200, first.text
    answer = first.json()
    assert answer["day"] == DAYS[0].isoformat()
    assert [(g["home"], g["away"]) for g in answer["games"]] == [("North", "South"),
                                                                  ("East", "West")]
    assert answer["days"] == {"first": "2026-12-12", "previous": None,
                              "next": "2026-12-13", "last": "2026-12-15"}
    assert answer["conflicts"] == []
    # the cursor walks the season a day at a time
    second = client.get(url, params={"day": answer["days"]["next"]}).json()
    assert [(g["home"], g["away"], g["rink"]) for g in second["games"]] == [
        ("North", "East", "B")]
    assert second["days"]["previous"] == "2026-12-12"
    assert second["days"]["next"] == "2026-12-15"
    last = client.get(url, params={"day": second["days"]["next"]}).json()
    assert [(g["home"], g["away"]) for g in last["games"]] == [("South", "West"),
                                                                ("North", "West")]
    assert last["conflicts"] and all(g["conflicts"] for g in last["games"])
    assert last["days"]["next"] is None
    empty = client.get(url, params={"day": "2026-12-14"}).json()
    assert empty["day"] == "2026-12-14" and empty["games"] == []
    assert (empty["days"]["previous"], empty["days"]["next"]) == ("2026-12-13", "2026-12-15")


@pytest.mark.parametrize("day", ["tomorrow", "2026-13-01", "0001-01-01", "9999-12-31"])
def test_a_day_that_is_not_a_tournaments_day_is_a_422_saying_why(
        dora: Client, three_days: int, day: str) -> None:
    client, _ = dora
    answer = client.get(f"/api/desk/tournaments/{three_days}/schedule", params={"day": day})
    assert answer.status_code == 422, answer.text
    detail = answer.json()["detail"]
    if isinstance(detail, str):
        assert detail.startswith(day) and "from 2000-01-01 to 2099-12-31" in detail
        assert answer.json()["field"] == "day"
    else:
        assert detail[0]["loc"] == ["query", "day"]


def test_the_day_and_its_refusal_are_in_the_openapi(dora: Client) -> None:
    client, _ = dora
    schema = client.get("/openapi.json").json()
    operation = schema["paths"]["/api/desk/tournaments/{tournament_id}/schedule"]["get"]
    (day,) = [p for p in operation["parameters"] if p["name"] == "day"]
    assert day["in"] == "query" and not day["required"]
    assert "YYYY-MM-DD" in day["description"] and "days" in day["description"]
    assert "2000 to 2099" in operation["responses"]["422"]["description"]
    answer = operation["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
    fields = schema["components"]["schemas"][answer.rsplit("/", 1)[1]]["properties"]
    assert {"day", "days", "games", "conflicts"} <= set(fields)


def test_a_days_grid_reads_no_game_by_its_division_alone(demo: Demo, three_days: int) -> None:
    """Issue 30: the games not placed yet (no time, or no rink) are found by
    the start's index and a division's rinks' (0035, 0036), not by walking
    every game of the tournament's divisions; those of the day and the days
    around by the start's."""
    with statements_seen(lambda statement: "FROM games" in statement) as read:
        shown = desk_schedule.grid(demo.service, three_days, DAYS[0])
    assert [g.home for g in shown.unplaced] == ["South"]
    plans = sqlite_plans(demo.service, read)
    assert plans and not [p for p in plans if "SCAN games" in p or "(division_id=?)" in p], plans
