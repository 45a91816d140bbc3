"""Consoles sending a game's first event at once, through the HTTP app, on
SQLite and on PostgreSQL: the game's first write dresses its lineups (203(a),
casebook 27: the roster less its suspended players), and of the consoles
that read version 0 one wins (200) and every other is told the game moved on
(409, with the version), never a 500; the log holds the winner's event once
and the lineup is entered once."""

from __future__ import annotations

import threading
from datetime import date
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session, sessionmaker

from rinkside.services.tournaments import Tournaments
from rinkside.store import models
from rinkside.store.eventlog import events_of
from rinkside.web import auth
from rinkside.web.app import create_app

CONSOLES = 4
ROUNDS = 3  # games, each begun by every console at once


def _games(service: Tournaments) -> list[int]:
    """Games whose home team has a suspended player: its first write enters
    the lineup without him."""
    tournament = service.create_tournament("Race Cup", date(2026, 12, 5), {})
    division = service.add_division(tournament, "Division 1")
    home, away = (service.add_team(division, name) for name in ("Blades", "Storm"))
    for team, prefix in ((home, "B"), (away, "S")):
        service.set_roster(team, [{"number": 1, "name": f"{prefix} Goalie", "goalie": True},
                                  {"number": 2, "name": f"{prefix} 2", "captain": "C"},
                                  *({"number": n, "name": f"{prefix} {n}"} for n in range(3, 9))])
    with service.read() as s:
        suspended = s.scalars(select(models.Player.id).where(models.Player.team_id == home,
                                                        models.Player.number == 8)).one()
    service.add_supplementary(suspended, 10 * ROUNDS, "fighting in the car park")
    return [service.add_game(division, home, away) for _ in range(ROUNDS)]


def _begin_at_once(clients: list[tuple[TestClient, str]], game: int
                   ) -> list[tuple[int, Any]]:
    """Every console sends the game's first face-off at version 0 at once
    (a barrier): their answers, status and body."""
    start = threading.Barrier(len(clients))
    answers: list[tuple[int, Any]] = []
    lock = threading.Lock()

    def console(client: TestClient, token: str) -> None:
        start.wait()
        answer = client.post(f"/api/games/{game}/events", headers={auth.CSRF_HEADER: token},
                             json={"version": 0, "events": [{"type": "faceoff", "at": "1 12:00"}]})
        with lock:
            answers.append((answer.status_code, answer.json()))

    threads = [threading.Thread(target=console, args=c) for c in clients]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def test_consoles_beginning_a_game_at_once_get_one_200_and_409s(
        sessions: sessionmaker[Session]) -> None:
    service = Tournaments(sessions)
    games = _games(service)
    auth.create_user(service, "racer", "race-password-1", "scorekeeper", games=games)
    app = create_app(service)
    clients: list[tuple[TestClient, str]] = []
    for _ in range(CONSOLES):
        client = TestClient(app, raise_server_exceptions=False)
        client.__enter__()
        client.get("/login")
        client.post("/login", data={"username": "racer", "password": "race-password-1",
                                    "csrf_token": client.cookies.get(auth.CSRF_COOKIE) or ""})
        clients.append((client, client.get("/api/session").json()["csrf_token"]))
    try:
        for game in games:
            answers = _begin_at_once(clients, game)
            codes = sorted(code for code, _ in answers)
            assert codes == [200] + [409] * (CONSOLES - 1), answers
            assert all(body["version"] == 1 for code, body in answers if code == 409)
            with sessions() as s:
                assert len(events_of(s, game)[1]) == 1
                home = s.get(models.Game, game)
                assert home is not None
                entered = s.scalar(select(func.count()).select_from(models.LineupEntry).where(
                    models.LineupEntry.game_id == game,
                    models.LineupEntry.team_id == home.home_team_id))
                assert entered == 7  # the roster less the suspended player, once
    finally:
        for client, _ in clients:
            client.__exit__(None, None, None)
