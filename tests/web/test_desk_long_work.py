"""The desk's long work runs off the event loop: while the solver builds a
schedule, a scorer's write on the same server (the same event loop) is
answered at once. The solver is held on an event until the scorer's answer
came (or a timeout, which fails the test), never a sleep."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from webkit import Demo, game_in_play, logged_in

from rinkside.services import desk_rinks, desk_schedule, desk_teams
from rinkside.web import auth

WAIT = 30.0  # seconds anything may take on a loaded machine before the test fails
RINK = {"width": 85, "length": 185, "corner_radius": 20, "goal_line_distance": 12}


def _cookie(client: TestClient) -> str:
    return "; ".join(f"{name}={value}" for name, value in client.cookies.items())


@pytest.fixture
def held_solver(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[threading.Event,
                                                                   threading.Event]]:
    """The solver, started (first event) and held until released (second)."""
    started, release = threading.Event(), threading.Event()
    solve: Callable[..., Any] = desk_schedule.solve

    def held(*args: Any, **kwargs: Any) -> Any:
        started.set()
        release.wait(WAIT)
        return solve(*args, **kwargs)

    monkeypatch.setattr(desk_schedule, "solve", held)
    yield started, release
    release.set()


def test_a_scorers_write_is_answered_while_the_solver_builds_a_schedule(
        demo: Demo, app: FastAPI, held_solver: tuple[threading.Event, threading.Event]
        ) -> None:
    started, release = held_solver
    service = demo.service
    game = game_in_play(demo)
    auth.create_user(service, "long-director", "director-long-1", "director")
    auth.create_user(service, "long-scorer", "scorer-long-1", "scorekeeper", games=[game])
    tid = service.create_tournament("Long Cup", demo.service.now().date(), {})
    division = desk_teams.add_division(service, tid, "Open", by="long-director")
    for n in range(1, 5):
        desk_teams.add_team(service, division, f"Long {n}", by="long-director")
    desk_rinks.add(service, tid, "North", RINK, by="long-director")
    logins = {}
    for username, password in (("long-director", "director-long-1"),
                               ("long-scorer", "scorer-long-1")):
        for client, csrf in logged_in(app, username, password):
            logins[username] = (_cookie(client), csrf)

    answers: dict[str, int] = {}
    scored = threading.Event()
    with TestClient(app) as server:  # one event loop answers both
        def director() -> None:
            cookie, csrf = logins["long-director"]
            answers["director"] = server.post(
                f"/desk/tournaments/{tid}/schedule/generate", headers={"Cookie": cookie},
                data={"windows": "2026-12-12 08:00-18:00", "game_minutes": "40",
                      "rest_minutes": "0", "rounds": "1", "rink": ["North"],
                      "csrf_token": csrf}, follow_redirects=False).status_code

        def scorer() -> None:
            cookie, csrf = logins["long-scorer"]
            version = service.game_state(game)[0]
            answers["scorer"] = server.post(
                f"/api/games/{game}/events", headers={"Cookie": cookie, auth.CSRF_HEADER: csrf},
                json={"version": version, "events": [
                    {"type": "stoppage", "at": "1 9:00"}]}).status_code
            scored.set()

        building = threading.Thread(target=director)
        building.start()
        assert started.wait(WAIT), "the solver never started"
        scoring = threading.Thread(target=scorer)
        scoring.start()
        answered_while_solving = scored.wait(WAIT)
        release.set()
        building.join(WAIT)
        scoring.join(WAIT)
    assert answered_while_solving, "the scorer's write waited for the solver"
    assert answers == {"director": 303, "scorer": 200}
    assert len([g for day in desk_schedule.grid(service, tid).days
                for g in day.cells.values()]) == 6  # the round robin of four teams
