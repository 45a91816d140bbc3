"""``make soak``: SIGKILL the server at random moments during a scorer's
writes, N times, on SQLite and on PostgreSQL, and count what survived.

    python benchmarks/soak.py [--kills 40] [--seed 1] [--postgres URL]

Each round starts the real server (``rinkside serve`` in a subprocess, on a
free port of 127.0.0.1), logs in as a scorekeeper, and records a legal game
one event per POST (``benchmarks/livekit.event_script``) until a timer,
set at random between 0.2 and 1.5 s after the first write, SIGKILLs the
server. The store is then opened as the next server will open it, and the
round's game is read back:

- acknowledged: events whose POST answered 200 before the kill;
- stored: the events the store holds for the game;
- lost: acknowledged but not stored (must be 0);
- unacknowledged but stored: the write in flight when the kill came,
  committed before its answer went out (allowed: the scorer saw no answer,
  and the next write's stale version tells the console so);
- half-written: a game whose log does not load, whose replay is refused,
  or whose version, log and revisions disagree (must be 0).

PostgreSQL runs in a schema of its own (dropped after) when ``--postgres``
or RINKSIDE_TEST_POSTGRES_URL names a server; otherwise it is skipped.
Sends traffic to 127.0.0.1 only; bounded by ``--kills`` and a 60 s start-up
limit per round. Not part of the tests: it prints its figures.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from bench_live import free_port, wait_until_up
from livekit import event_script
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from rinkside.services import logs
from rinkside.services.open import open_tournaments
from rinkside.services.tournaments import Tournaments
from rinkside.web import auth

USER, PASSWORD = "soak-scorer", "soak-scorer-password"


@dataclass
class Figures:
    backend: str
    kills: int = 0
    acknowledged: int = 0
    stored: int = 0
    lost: int = 0
    unacknowledged_stored: int = 0
    half_written: int = 0
    problems: list[str] = field(default_factory=list)

    def line(self) -> str:
        return (f"{self.backend:<10} kills {self.kills:>3}  acknowledged {self.acknowledged:>5}  "
                f"stored {self.stored:>5}  lost {self.lost}  "
                f"unacknowledged-but-stored {self.unacknowledged_stored}  "
                f"half-written {self.half_written}")


def start_server(url: str, port: int) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "rinkside", "serve", "--port", str(port), "--db", url],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def log_in(base: str) -> tuple[httpx.Client, str]:
    client = httpx.Client(base_url=base, timeout=10)
    client.get("/login").raise_for_status()
    answer = client.post("/login", data={"username": USER, "password": PASSWORD,
                                         "csrf_token": client.cookies[auth.CSRF_COOKIE]})
    if answer.status_code != 303:
        raise RuntimeError(f"login failed: {answer.status_code} {answer.text[:200]}")
    token: str = client.get("/api/session").raise_for_status().json()["csrf_token"]
    return client, token


def prepare(service: Tournaments) -> tuple[int, list[int]]:
    """A tournament of one division and two teams of ten, and the scorer;
    the division and the teams' ids."""
    tournament = service.create_tournament("Soak Cup", None)
    division = service.add_division(tournament, "Soak")
    teams = [service.add_team(division, name) for name in ("Blades", "Storm")]
    for team in teams:
        service.add_player(team, 1, "Goalie", goalie=True)
        for number in range(2, 11):
            service.add_player(team, number, f"Skater {number}")
    auth.create_user(service, USER, PASSWORD, "director")
    return division, teams


def new_game(service: Tournaments, division: int, teams: list[int]
             ) -> tuple[int, list[dict[str, Any]]]:
    game = service.add_game(division, teams[0], teams[1])
    _, state = service.game_state(game)
    home = [p.number for p in state.setup.home.players if not p.goalie]
    away = [p.number for p in state.setup.away.players if not p.goalie]
    return game, event_script(home, away, 400)


def check_game(service: Tournaments, game: int) -> tuple[int, str | None]:
    """The events stored for ``game``, and why it is half-written (None: whole)."""
    try:
        record = logs.game_record(service, game)
        version, _ = service.game_state(game)
    except Exception as exc:  # any failure to read the record back is the finding
        return -1, f"game {game} does not load: {type(exc).__name__}: {exc}"
    stored = len(record.events)
    if version != record.version or len(record.revisions) != record.version:
        return stored, (f"game {game}: version {version}, log version {record.version}, "
                        f"{len(record.revisions)} revisions")
    if stored != len(logs.log_lines(record)):
        return stored, f"game {game}: the log and its lines disagree"
    return stored, None


def one_round(url: str, service: Tournaments, game: int, script: list[dict[str, Any]],
              rng: random.Random) -> tuple[int, bool]:
    """Write ``script`` to ``game`` until the server is killed; the events
    acknowledged, and whether a write was in flight at the kill."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_server(url, port)
    acknowledged, in_flight = 0, False
    try:
        wait_until_up(base, game, server)
        client, token = log_in(base)
        version = service.game_state(game)[0]
        timer = threading.Timer(rng.uniform(0.2, 1.5), server.send_signal, (signal.SIGKILL,))
        for event in script:
            try:
                answer = client.post(f"/api/games/{game}/events",
                                     json={"version": version, "events": [event]},
                                     headers={auth.CSRF_HEADER: token})
            except httpx.TransportError:
                in_flight = True
                break
            if answer.status_code != 200:
                raise RuntimeError(f"write refused: {answer.status_code} {answer.text[:200]}")
            version = answer.json()["version"]
            acknowledged += 1
            if acknowledged == 1:
                timer.start()
        else:
            raise RuntimeError("the script ended before the kill: lengthen it")
        client.close()
    finally:
        if server.poll() is None:
            server.send_signal(signal.SIGKILL)
        server.wait(timeout=30)
    return acknowledged, in_flight


def soak(backend: str, url: str, kills: int, rng: random.Random) -> Figures:
    figures = Figures(backend)
    service = open_tournaments(url)
    division, teams = prepare(service)
    for _ in range(kills):
        game, script = new_game(service, division, teams)
        acknowledged, in_flight = one_round(url, service, game, script, rng)
        stored, problem = check_game(open_tournaments(url), game)
        figures.kills += 1
        figures.acknowledged += acknowledged
        figures.stored += max(stored, 0)
        figures.lost += max(acknowledged - max(stored, 0), 0)
        extra = max(stored - acknowledged, 0)
        figures.unacknowledged_stored += extra
        if problem is not None or extra > int(in_flight):
            figures.half_written += 1
            figures.problems.append(problem or f"game {game}: {extra} events stored unasked")
        print(f"  {backend} kill {figures.kills}: acknowledged {acknowledged}, stored {stored}"
              + (f"  ** {problem}" if problem else ""), flush=True)
    return figures


@contextmanager
def postgres_schema(url: str) -> Iterator[str]:
    """A URL whose connections work in a new schema (dropped after)."""
    schema = f"rinkside_soak_{uuid.uuid4().hex[:12]}"
    admin = create_engine(url)
    with admin.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield make_url(url).update_query_dict(
            {"options": f"-csearch_path={schema}"}).render_as_string(hide_password=False)
    finally:
        with admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=40, help="SIGKILLs per store (40)")
    parser.add_argument("--seed", type=int, default=1, help="the kills' timing (1)")
    parser.add_argument("--postgres", default=os.environ.get("RINKSIDE_TEST_POSTGRES_URL", ""),
                        help="a PostgreSQL URL (default RINKSIDE_TEST_POSTGRES_URL)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    results: list[Figures] = []
    with tempfile.TemporaryDirectory(prefix="rinkside-soak-") as folder:
        results.append(soak("sqlite", f"sqlite:///{Path(folder) / 'soak.sqlite'}",
                            args.kills, rng))
    if args.postgres:
        with postgres_schema(args.postgres) as url:
            results.append(soak("postgresql", url, args.kills, rng))
    else:
        print("postgresql skipped: give --postgres URL or set RINKSIDE_TEST_POSTGRES_URL")
    print()
    for figures in results:
        print(figures.line())
        for problem in figures.problems:
            print(f"  {problem}")
    return 1 if any(f.lost or f.half_written for f in results) else 0


if __name__ == "__main__":
    raise SystemExit(main())
