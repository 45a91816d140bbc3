"""Helpers of the web tests: the demo tournament's handle and games put in
play through the service (the fixtures are in ``conftest``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import event
from sqlalchemy.engine import Engine

from rinkside.reports import signing
from rinkside.rules.events import Event, FaceOff, Penalty, PenaltyClass, Stoppage, Team
from rinkside.rules.times import GameTime
from rinkside.services.tournaments import Tournaments
from rinkside.store import models
from rinkside.web import auth


@dataclass(frozen=True)
class Demo:
    service: Tournaments
    tournament_id: int
    path: Path


def first_division(service: Tournaments, demo: Demo) -> int:
    with service.read() as s:
        tournament = s.get(models.Tournament, demo.tournament_id)
        assert tournament is not None
        return min(d.id for d in tournament.divisions)


def new_game(demo: Demo) -> int:
    """A new game between two teams of the first division still in the
    standings (a team removed by a forfeit may play no more, 634(e))."""
    service = demo.service
    division = first_division(service, demo)
    table = service.standings(division)
    return service.add_game(division, table[0].team_id, table[1].team_id)


def skaters(service: Tournaments, game_id: int, team: Team) -> list[int]:
    _, state = service.game_state(game_id)
    roster = state.setup.home if team == "home" else state.setup.away
    return [p.number for p in roster.players if not p.goalie]


def record(service: Tournaments, game_id: int, *events: Event) -> int:
    version, _ = service.game_state(game_id)
    version, _ = service.record(game_id, version, list(events), by="web test")
    return version


def game_in_play(demo: Demo) -> int:
    """A game in play at 1 10:00 with an away minor running (home on the power play)."""
    service = demo.service
    game_id = new_game(demo)
    culprit = skaters(service, game_id, "away")[0]
    record(service, game_id,
           FaceOff(GameTime(1, 7200)),
           Stoppage(GameTime(1, 6000)),
           Penalty(GameTime(1, 6000), "away", culprit, PenaltyClass.MINOR, "Tripping", "642(a)"),
           FaceOff(GameTime(1, 6000)))
    return game_id


Client = tuple[TestClient, str]  # a logged-in browser and its session's CSRF token


def logged_in(app: FastAPI, username: str, password: str) -> Iterator[Client]:
    """Log in through the form as a browser does; yields the client and the
    CSRF token its writes send back (for ``yield from`` in a fixture)."""
    with TestClient(app) as client:
        client.get("/login")
        response = client.post("/login", data={
            "username": username, "password": password,
            "csrf_token": client.cookies.get(auth.CSRF_COOKIE) or ""}, follow_redirects=False)
        assert response.status_code == 303
        yield client, client.get("/api/session").json()["csrf_token"]


@contextmanager
def statements_seen(wanted: Callable[[str], bool]) -> Iterator[list[tuple[str, Any]]]:
    """Every statement an engine runs meanwhile that ``wanted`` takes, with
    its parameters (to ask the store how it would run them)."""
    seen: list[tuple[str, Any]] = []

    def executed(conn: Any, cursor: Any, statement: str, parameters: Any, *args: Any) -> None:
        if wanted(statement):
            seen.append((statement, parameters))

    event.listen(Engine, "before_cursor_execute", executed)
    try:
        yield seen
    finally:
        event.remove(Engine, "before_cursor_execute", executed)


def sqlite_plans(service: Tournaments, statements: Sequence[tuple[str, Any]]) -> list[str]:
    """SQLite's plan of each statement (its ``EXPLAIN QUERY PLAN``'s steps in
    one line: ``SCAN users``, ``SEARCH games USING INDEX ...``); the test is
    skipped on another store."""
    with service.read() as s:
        connection = s.connection()
        if connection.dialect.name != "sqlite":
            pytest.skip("the plan is SQLite's")
        return [" ".join(str(row[-1]) for row in connection.exec_driver_sql(
            f"EXPLAIN QUERY PLAN {statement}", parameters)) for statement, parameters in statements]


@pytest.fixture(scope="module")
def keys(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The league's signing key and certificate (issue 29), made for the
    module and named by the environment as a server finds them."""
    folder = tmp_path_factory.mktemp("keys") / "league"
    signing.make_key(folder, "Metro Roller League")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(signing.KEYS_DIR_VARIABLE, str(folder))
        yield folder
