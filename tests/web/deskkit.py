"""Helpers of the desk's web tests: a director, a scorekeeper and a referee
logged in (module fixtures), and their writes with the session's CSRF token."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from webkit import Client, Demo, logged_in

from rinkside.services import desk_rinks, desk_schedule, desk_teams
from rinkside.web import auth

RINK: dict[str, Any] = {"width": 85, "length": 185, "corner_radius": 20,
                        "goal_line_distance": 12}


@pytest.fixture(scope="module")
def people(demo: Demo) -> None:
    auth.create_user(demo.service, "dora", "director-desk-1", "director")
    auth.create_user(demo.service, "skip", "scorer-desk-1", "scorekeeper")
    auth.create_user(demo.service, "rick", "referee-desk-1", "referee")


@pytest.fixture(scope="module")
def dora(app: FastAPI, people: None) -> Iterator[Client]:
    yield from logged_in(app, "dora", "director-desk-1")


@pytest.fixture(scope="module")
def skip(app: FastAPI, people: None) -> Iterator[Client]:
    yield from logged_in(app, "skip", "scorer-desk-1")


@pytest.fixture(scope="module")
def rick(app: FastAPI, people: None) -> Iterator[Client]:
    yield from logged_in(app, "rick", "referee-desk-1")


def post(who: Client, path: str, data: dict[str, Any]) -> Any:
    client, token = who
    return client.post(path, data={**data, "csrf_token": token}, follow_redirects=False)


def put(who: Client, path: str, body: Any) -> Any:
    client, token = who
    return client.put(path, json=body, headers={auth.CSRF_HEADER: token})


def new_tournament(dora: Client, name: str) -> int:
    response = post(dora, "/desk/tournaments", {"name": name, "starts_on": "2026-12-12"})
    assert response.status_code == 303
    return int(response.headers["location"].rsplit("/", 1)[1])


def small_cup(demo: Demo, dora: Client, name: str, teams: tuple[str, ...]) -> tuple[int, int]:
    """A new tournament of one division of ``teams`` (a keeper and four
    skaters each, #9 the captain), one rink, its round robin scheduled:
    (tournament id, division id)."""
    tid = new_tournament(dora, name)
    did = desk_teams.add_division(demo.service, tid, "Open", by="dora")
    lines = ["team,number,name,goalie,captain"]
    for team in teams:
        lines += [f"{team},1,{team} Keeper,yes,"]
        lines += [f"{team},{n},{team} {n},no,{'C' if n == 9 else ''}" for n in (9, 10, 11, 12)]
    desk_teams.import_roster_file(demo.service, did, "r.csv", ("\n".join(lines) + "\n").encode(),
                                  by="dora")
    desk_rinks.add(demo.service, tid, "Main", RINK, by="dora")
    desk_schedule.generate(demo.service, tid, windows=desk_schedule.parse_windows(
        "2026-12-12 08:00-16:00"), game_minutes=50, rest_minutes=0, by="dora")
    return tid, did
