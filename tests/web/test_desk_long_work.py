"""The desk's writes run off the event loop: while one is held (the solver
building a schedule, a store slow to answer), a scorer's write on the same
server (the same event loop) is answered at once. The desk's work is held
on an event until the scorer's answer came (or a timeout, which fails the
test), never a sleep."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from webkit import Demo, game_in_play, logged_in

from rinkside.services import desk_rinks, desk_schedule, desk_teams, desk_tournament, officiating
from rinkside.web import auth

WAIT = 30.0  # seconds anything may take on a loaded machine before the test fails
RINK = {"width": 85, "length": 185, "corner_radius": 20, "goal_line_distance": 12}


@dataclass(frozen=True)
class DeskWrite:
    """A desk form whose work (``module.name``) is held while it runs."""

    module: ModuleType
    name: str
    path: str  # {tid} the tournament, {game} a game
    data: dict[str, Any]
    answer: int  # what the form answers once released


WRITES = {
    "schedule": DeskWrite(desk_schedule, "solve", "/desk/tournaments/{tid}/schedule/generate",
                          {"windows": "2026-12-12 08:00-18:00", "game_minutes": "40",
                           "rest_minutes": "0", "rounds": "1", "rink": ["North"]}, 303),
    "details": DeskWrite(desk_tournament, "set_details", "/desk/tournaments/{tid}/details",
                         {"name": "Long Cup renamed", "starts_on": "2026-12-12"}, 303),
    "rink": DeskWrite(desk_rinks, "add", "/desk/tournaments/{tid}/rinks",
                      {"name": "South", **{k: str(v) for k, v in RINK.items()}}, 303),
    "officials": DeskWrite(officiating, "set_officials", "/games/{game}/officials",
                           {"referee": ["Rita Ray"]}, 303),
}


def _cookie(client: TestClient) -> str:
    return "; ".join(f"{name}={value}" for name, value in client.cookies.items())


def _held(monkeypatch: pytest.MonkeyPatch, write: DeskWrite
          ) -> tuple[threading.Event, threading.Event]:
    """The desk's work, started (first event) and held until released (second)."""
    started, release = threading.Event(), threading.Event()
    work: Callable[..., Any] = getattr(write.module, write.name)

    def held(*args: Any, **kwargs: Any) -> Any:
        started.set()
        release.wait(WAIT)
        return work(*args, **kwargs)

    monkeypatch.setattr(write.module, write.name, held)
    return started, release


@pytest.mark.parametrize("which", list(WRITES))
def test_a_scorers_write_is_answered_while_a_desk_write_is_at_work(
        demo: Demo, app: FastAPI, monkeypatch: pytest.MonkeyPatch, which: str) -> None:
    write = WRITES[which]
    service = demo.service
    game = game_in_play(demo)
    director, scorer = f"long-director-{which}", f"long-scorer-{which}"
    auth.create_user(service, director, "director-long-1", "director")
    auth.create_user(service, scorer, "scorer-long-1", "scorekeeper", games=[game])
    tid = service.create_tournament(f"Long Cup {which}", demo.service.now().date(), {})
    division = desk_teams.add_division(service, tid, "Open", by=director)
    for n in range(1, 5):
        desk_teams.add_team(service, division, f"Long {which} {n}", by=director)
    desk_rinks.add(service, tid, "North", RINK, by=director)
    logins = {}
    for username, password in ((director, "director-long-1"), (scorer, "scorer-long-1")):
        for client, csrf in logged_in(app, username, password):
            logins[username] = (_cookie(client), csrf)
    started, release = _held(monkeypatch, write)

    answers: dict[str, int] = {}
    scored = threading.Event()
    with TestClient(app) as server:  # one event loop answers both
        def desk() -> None:
            cookie, csrf = logins[director]
            answers["desk"] = server.post(
                write.path.format(tid=tid, game=game), headers={"Cookie": cookie},
                data={**write.data, "csrf_token": csrf}, follow_redirects=False).status_code

        def scoring() -> None:
            cookie, csrf = logins[scorer]
            version = service.game_state(game)[0]
            answers["scorer"] = server.post(
                f"/api/games/{game}/events", headers={"Cookie": cookie, auth.CSRF_HEADER: csrf},
                json={"version": version, "events": [
                    {"type": "stoppage", "at": "1 9:00"}]}).status_code
            scored.set()

        working, scorer_writing = threading.Thread(target=desk), threading.Thread(target=scoring)
        working.start()
        try:
            assert started.wait(WAIT), f"the desk's {write.name} never started"
            scorer_writing.start()
            answered_while_held = scored.wait(WAIT)
        finally:
            release.set()
            working.join(WAIT)
            if scorer_writing.ident is not None:
                scorer_writing.join(WAIT)
    assert answered_while_held, f"the scorer's write waited for the desk's {write.name}"
    assert answers == {"desk": write.answer, "scorer": 200}
