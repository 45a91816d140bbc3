"""Several server processes on one PostgreSQL store: a write on one reaches
the live pages of the others at once (``LISTEN/NOTIFY``), and a process whose
listening connection is killed listens again and catches its pages up.

Real processes (``rinkside.web.server.build_server`` in a subprocess each, on
a free loopback port), a small tournament in a schema of the test server of
its own, writes through the console API of one process, and a scoreboard's
stream on another read until it holds the version written (a timeout, never
a sleep). Skipped without PostgreSQL (failed under CI, see ``storekit``).
"""

from __future__ import annotations

import json
import os
import queue
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "store"))
from storekit import postgres_schema_engine, postgres_url
from test_sync_kit import SKATERS, two_teams

from rinkside.services.tournaments import Tournaments
from rinkside.store.db import migrate, session_factory
from rinkside.web import auth

USER, PASSWORD = "workers-scorer", "workers-password-123"
WAIT = 30.0  # seconds any one thing may take on a loaded machine before the test fails

# A server process as `rinkside serve` builds it, with its keep-alive (and with
# it the streams' own looks at the store) pushed out of the test's reach, so
# that what reaches a page came through the notifications.
SERVER = """
import logging, sys
from rinkside.web.server import build_server
logging.basicConfig(stream=sys.stderr, level=logging.WARNING, format="%(message)s")
logging.getLogger("rinkside.notify").setLevel(logging.INFO)
server = build_server("127.0.0.1", int(sys.argv[1]), sys.argv[2], log_level="warning",
                      access_log=False)
server.broadcaster.keepalive = 600.0
assert server.relay is not None
server.relay.listener.first_delay = float(sys.argv[3])
server.run()
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class Worker:
    """One server process and the lines it writes on stderr."""

    process: subprocess.Popen[str]
    port: int
    lines: queue.Queue[str]

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def wait_for(self, text: str, count: int = 1) -> None:
        """Until ``text`` has appeared on ``count`` lines of its stderr."""
        seen = 0
        while seen < count:
            try:
                line = self.lines.get(timeout=WAIT)
            except queue.Empty:
                pytest.fail(f"the server on {self.port} never said {text!r}")
            seen += text in line


def start_worker(url: str, first_delay: float = 0.1) -> Worker:
    port = free_port()
    process = subprocess.Popen([sys.executable, "-c", SERVER, str(port), url, str(first_delay)],
                               stderr=subprocess.PIPE, text=True)
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        assert process.stderr is not None
        for line in process.stderr:
            lines.put(line)

    threading.Thread(target=read, daemon=True).start()
    worker = Worker(process, port, lines)
    worker.wait_for("listening for changed games")
    return worker


@dataclass(frozen=True)
class Store:
    url: str
    game: int
    home: list[int]
    away: list[int]


@pytest.fixture
def store() -> Iterator[Store]:
    """A small tournament in a new schema: one game, a scorekeeper for it."""
    with postgres_schema_engine(postgres_url()) as engine:
        migrate(engine)
        service = Tournaments(session_factory(engine))
        _, division, teams = two_teams(service, "Workers Cup")
        game = service.add_game(division, *teams)
        auth.create_user(service, USER, PASSWORD, "scorekeeper", [game])
        url = engine.url.render_as_string(hide_password=False)
        yield Store(url, game, SKATERS, SKATERS)


@contextmanager
def workers(store: Store, count: int, first_delay: float = 0.1) -> Iterator[list[Worker]]:
    started: list[Worker] = []
    try:
        for _ in range(count):
            started.append(start_worker(store.url, first_delay))
        yield started
    finally:
        for worker in started:
            worker.process.terminate()
        for worker in started:
            worker.process.wait(timeout=WAIT)


class Scorer:
    """The scorekeeper's console on one process: events posted one at a time."""

    def __init__(self, worker: Worker, game: int) -> None:
        self.client = httpx.Client(base_url=worker.base, timeout=WAIT)
        self.client.get("/login").raise_for_status()
        form = {"username": USER, "password": PASSWORD,
                "csrf_token": self.client.cookies[auth.CSRF_COOKIE]}
        assert self.client.post("/login", data=form).status_code == 303
        self.token = self.client.get("/api/session").raise_for_status().json()["csrf_token"]
        self.game = game
        self.version = self.client.get(f"/api/games/{game}/state").json()["version"]

    def post(self, event: dict[str, Any]) -> int:
        response = self.client.post(f"/api/games/{self.game}/events",
                                    json={"version": self.version, "events": [event]},
                                    headers={auth.CSRF_HEADER: self.token})
        assert response.status_code == 200, response.text
        self.version = response.json()["version"]
        return int(self.version)


class Page:
    """A scoreboard's stream on one process: the versions it was sent, in order."""

    def __init__(self, worker: Worker, game: int) -> None:
        self.client = httpx.Client(base_url=worker.base, timeout=WAIT)
        self.stream = self.client.stream("GET", f"/live/games/{game}")
        self.response = self.stream.__enter__()
        self.lines = self.response.iter_lines()
        self.versions: list[int] = []

    def until(self, version: int) -> list[int]:
        """Read the stream until it holds ``version`` (a read timeout fails)."""
        while not self.versions or self.versions[-1] < version:
            self.next_state()
        return self.versions

    def next_state(self) -> dict[str, Any]:
        """The next state the stream sends (a read timeout fails)."""
        while True:
            line = next(self.lines)
            if line.startswith("data: {"):
                state: dict[str, Any] = json.loads(line[6:])
                self.versions.append(state["version"])
                return state

    def close(self) -> None:
        self.stream.__exit__(None, None, None)
        self.client.close()


def listener_pid(url: str, worker: Worker) -> int:
    with psycopg.connect(url.replace("postgresql+psycopg", "postgresql")) as connection:
        row = connection.execute(
            "SELECT pid FROM pg_stat_activity WHERE application_name = %s",
            (f"rinkside-listener-{worker.process.pid}",)).fetchone()
    assert row is not None, "the worker has no listening connection"
    return int(row[0])


def test_a_write_on_one_process_reaches_a_page_on_the_other_at_once(store: Store) -> None:
    with workers(store, 2) as (one, two):
        page = Page(two, store.game)
        scorer = Scorer(one, store.game)
        try:
            first = page.until(0)[-1]
            written = [scorer.post({"type": "faceoff", "at": "1 12:00"}),
                       scorer.post({"type": "goal", "at": "1 11:50", "team": "home",
                                    "scorer": store.home[3]}),
                       scorer.post({"type": "faceoff", "at": "1 11:50"})]
            seen = page.until(written[-1])
        finally:
            page.close()
    assert seen[0] == first
    assert seen == sorted(set(seen))  # strictly newer each time: never older, never twice
    assert seen[-1] == written[-1]


def test_a_clock_set_on_one_process_reaches_a_page_on_the_other(store: Store) -> None:
    """Rule 507(a): the timekeeper's clock set is no event (the version stays):
    the other process's pages are sent the new running clock all the same."""
    with workers(store, 2) as (one, two):
        page = Page(two, store.game)
        scorer = Scorer(one, store.game)
        try:
            version = scorer.post({"type": "faceoff", "at": "1 12:00"})
            while page.next_state()["version"] < version:
                pass
            answer = scorer.client.put(f"/api/games/{store.game}/clock", json={"left": "11:40"},
                                       headers={auth.CSRF_HEADER: scorer.token})
            assert answer.status_code == 200, answer.text
            state = page.next_state()
        finally:
            page.close()
    assert state["version"] == version
    anchor = state["clock_anchor"]
    assert anchor["left_tenths"] == 7000 and anchor["kind"] == "timekeeper"
    assert state == answer.json()["state"]  # the state the writing process built, as it is


def test_a_killed_listening_connection_comes_back_and_its_pages_miss_nothing(
        store: Store) -> None:
    # The second process waits a whole second before listening again: the
    # write made meanwhile is notified to nobody there, and must reach its
    # page through the catch-up.
    with workers(store, 2, first_delay=1.0) as (one, two):
        page = Page(two, store.game)
        scorer = Scorer(one, store.game)
        try:
            page.until(scorer.post({"type": "faceoff", "at": "1 12:00"}))
            url = store.url.replace("postgresql+psycopg", "postgresql")
            killed = listener_pid(store.url, two)
            with psycopg.connect(url, autocommit=True) as admin:
                row = admin.execute("SELECT pg_terminate_backend(%s, 10000)", (killed,)
                                    ).fetchone()
            assert row is not None and row[0] is True
            missed = scorer.post({"type": "stoppage", "at": "1 11:50"})
            two.wait_for("listening for changed games")  # connection 2, caught up
            assert listener_pid(store.url, two) != killed
            seen = page.until(missed)
            after = scorer.post({"type": "faceoff", "at": "1 11:50"})
            seen = page.until(after)
        finally:
            page.close()
    assert missed in seen and seen[-1] == after
    assert seen == sorted(set(seen))


def test_serve_refuses_several_workers_on_sqlite(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from rinkside.cli import app

    url = f"sqlite:///{tmp_path / 'one.sqlite'}"
    result = CliRunner().invoke(app, ["serve", "--workers", "2", "--db", url])
    assert result.exit_code == 2
    assert "SQLite stays one process" in result.output
    assert "rinkside: http" not in result.output  # refused before serving anything


def _pages_hear_a_write(worker: Worker, store: Store, event: dict[str, Any]) -> None:
    """Six pages on the port (the kernel spreads them over the processes)
    each get the version a write on the port made."""
    pages = [Page(worker, store.game) for _ in range(6)]
    try:
        for page in pages:
            page.until(0)
        written = Scorer(worker, store.game).post(event)
        for page in pages:
            assert page.until(written)[-1] == written
    finally:
        for page in pages:
            page.close()


def test_serve_with_two_workers_shares_one_port_and_starts_a_dead_one_again(
        store: Store) -> None:
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "rinkside", "serve", "--workers", "2", "--port", str(port),
         "--db", store.url], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines: queue.Queue[str] = queue.Queue()
    for stream in (server.stdout, server.stderr):
        threading.Thread(target=lambda s=stream: [lines.put(x) for x in s], daemon=True).start()
    worker = Worker(server, port, lines)  # the port's pages, whichever process
    try:
        said = lines.get(timeout=WAIT)
        while "workers (processes" not in said:
            said = lines.get(timeout=WAIT)
        assert said.startswith("rinkside: 2 workers")
        pids = [int(p) for p in said.split("processes ")[1].split(")")[0].split(", ")]
        _pages_hear_a_write(worker, store, {"type": "faceoff", "at": "1 12:00"})

        os.kill(pids[0], signal.SIGKILL)
        worker.wait_for(f"worker {pids[0]} exited (-9); starting another")
        _pages_hear_a_write(worker, store, {"type": "stoppage", "at": "1 11:50"})
        assert Path(f"/proc/{pids[1]}").exists()
    finally:
        server.terminate()
        assert server.wait(timeout=WAIT) == 0
