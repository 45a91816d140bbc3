"""``make soak``: SIGKILL the server, or one of its workers, at random moments
during a scorer's console writes, a director's roster imports on the desk
and a rink laptop's sync pushes, N times each, on SQLite and on PostgreSQL,
and count what survived.

    python benchmarks/soak.py [--kills 40] [--seed 1] [--postgres URL]
                              [--scenario console,import,sync] [--kill server,worker]

Each round starts the real server (``rinkside serve`` in a subprocess, on a
free port of 127.0.0.1; ``--workers 2`` for a worker kill, PostgreSQL only:
SQLite is one process) and sends one scenario's writes, one request each,
until a timer, set at random between 0.2 and 1.5 s after the first write,
SIGKILLs the server (the round ends at the first broken request) or one of
its two workers (the writes go on through the survivor and the restarted
worker: a request broken by the kill is looked up in the store, as a client
would reload, and sent again only if it did not land; the round ends
``AFTER_WORKER_KILL`` acknowledged writes later). The scenarios:

- console: a legal game, one event per ``POST /api/games/{id}/events``
  (``benchmarks/livekit.event_script``);
- import: a roster file of a new team of ten per ``POST
  /desk/divisions/{id}/import``, as the director uploads it;
- sync: the same game's events pushed one revision per ``POST
  /api/sync/games/{id}/events`` with the rink's token (the laptop's retry
  of a push that broke is the same push: taken 0 when it had landed).

The store is then opened as the next server will open it, and the round's
writes are read back:

- acknowledged: writes whose request answered 200 (303 for the desk's form);
- stored: the writes the store holds (events, imported teams, revisions);
- lost: acknowledged but not stored (must be 0);
- unacknowledged but stored: a write in flight when the kill came, committed
  before its answer went out (allowed, one per broken request: the client
  saw no answer, and looks before sending it again);
- half-written: a game whose log does not load, whose replay is refused, or
  whose version, log and revisions disagree; a team imported with some of
  its players; an import with no line in the desk's change record (must be 0).

PostgreSQL runs in a schema of its own (dropped after) when ``--postgres``
or RINKSIDE_TEST_POSTGRES_URL names a server; otherwise it is skipped.
Sends traffic to 127.0.0.1 only; bounded by ``--kills`` and a start-up limit
per round (``START_LIMIT``). Not part of the tests: it prints its figures.
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
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Final, Protocol

import httpx
from bench_live import free_port
from livekit import event_script
from sqlalchemy import create_engine, func, select, text
from sqlalchemy.engine import make_url

from rinkside.demo import RINKS
from rinkside.formats import decode_event
from rinkside.services import changes, logs, rinks, sync
from rinkside.services.open import open_tournaments
from rinkside.services.tournaments import Tournaments
from rinkside.store import codec, models
from rinkside.web import auth

USER, PASSWORD = "soak-director", "soak-director-password"
RINK: Final = "Rink 1"
SCENARIOS: Final = ("console", "import", "sync")
KILLS: Final = ("server", "worker")
AFTER_WORKER_KILL: Final = 15  # acknowledged writes through the survivors, then the round ends
START_LIMIT: Final = 180  # seconds for a server to answer (two workers on a loaded machine)


@dataclass
class Figures:
    backend: str
    scenario: str
    kill: str
    kills: int = 0
    acknowledged: int = 0
    stored: int = 0
    lost: int = 0
    unacknowledged_stored: int = 0
    half_written: int = 0
    problems: list[str] = field(default_factory=list)

    def line(self) -> str:
        return (f"{self.backend:<10} {self.scenario:<7} kill {self.kill:<6} "
                f"kills {self.kills:>3}  acknowledged {self.acknowledged:>5}  "
                f"stored {self.stored:>5}  lost {self.lost}  "
                f"unacknowledged-but-stored {self.unacknowledged_stored}  "
                f"half-written {self.half_written}")


def start_server(url: str, port: int, workers: int) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "rinkside", "serve", "--port", str(port), "--db", url,
         *(["--workers", str(workers)] if workers > 1 else [])],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def workers_of(server: subprocess.Popen[bytes]) -> list[int]:
    """The worker processes of ``serve --workers`` (multiprocessing's spawned
    children, not its resource tracker)."""
    found = []
    children = Path(f"/proc/{server.pid}/task/{server.pid}/children")
    for pid in children.read_text().split():
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if b"spawn_main" in command:
            found.append(int(pid))
    return found


def kill_a_worker(server: subprocess.Popen[bytes], rng: random.Random) -> bool:
    """SIGKILL one of the server's workers, chosen at random (the one serving
    the writes' connection, or the other); False if none was found."""
    workers = workers_of(server)
    if workers:
        os.kill(rng.choice(workers), signal.SIGKILL)
    return bool(workers)


def log_in(base: str) -> tuple[httpx.Client, str]:
    client = httpx.Client(base_url=base, timeout=10)
    client.get("/login").raise_for_status()
    answer = client.post("/login", data={"username": USER, "password": PASSWORD,
                                         "csrf_token": client.cookies[auth.CSRF_COOKIE]})
    if answer.status_code != 303:
        raise RuntimeError(f"login failed: {answer.status_code} {answer.text[:200]}")
    token: str = client.get("/api/session").raise_for_status().json()["csrf_token"]
    return client, token


@dataclass
class League:
    """The soak's tournament: a division of two teams of ten, a rink with a
    token, the director who writes."""

    division: int
    teams: list[int]
    token: str


def prepare(service: Tournaments) -> League:
    tournament = service.create_tournament("Soak Cup", None)
    division = service.add_division(tournament, "Soak")
    teams = [service.add_team(division, name) for name in ("Blades", "Storm")]
    for team in teams:
        service.add_player(team, 1, "Goalie", goalie=True)
        for number in range(2, 11):
            service.add_player(team, number, f"Skater {number}")
    auth.create_user(service, USER, PASSWORD, "director")
    rinks.add_rink(service, tournament, RINK, RINKS[RINK])
    token = sync.issue_token(service, tournament, RINK, lambda: datetime.now(UTC))
    return League(division, teams, token)


class Scenario(Protocol):
    """One round's writes: ``send`` the i-th (True: acknowledged), ``landed``
    says from the store whether the i-th, sent but unanswered, was written;
    ``read_back`` counts the writes stored and names any half-written."""

    def send(self, client: httpx.Client, token: str, i: int) -> bool: ...

    def landed(self, service: Tournaments, i: int) -> bool: ...

    def read_back(self, service: Tournaments) -> tuple[int, list[str]]: ...


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


class Console:
    """A scorer's console: one event per POST, each on the version it read."""

    def __init__(self, service: Tournaments, league: League) -> None:
        self.game = service.add_game(league.division, league.teams[0], league.teams[1],
                                     rink=RINK)
        _, state = service.game_state(self.game)
        home = [p.number for p in state.setup.home.players if not p.goalie]
        away = [p.number for p in state.setup.away.players if not p.goalie]
        self.script = event_script(home, away, 400)
        self.version = 0

    def send(self, client: httpx.Client, token: str, i: int) -> bool:
        answer = client.post(f"/api/games/{self.game}/events",
                             json={"version": self.version, "events": [self.script[i]]},
                             headers={auth.CSRF_HEADER: token})
        if answer.status_code != 200:
            raise RuntimeError(f"write refused: {answer.status_code} {answer.text[:200]}")
        self.version = answer.json()["version"]
        return True

    def landed(self, service: Tournaments, i: int) -> bool:
        self.version = service.game_state(self.game)[0]
        return self.version > i

    def read_back(self, service: Tournaments) -> tuple[int, list[str]]:
        stored, problem = check_game(service, self.game)
        return max(stored, 0), [problem] if problem else []


class Pushes(Console):
    """A rink laptop's pushes of the same game, one revision each (the
    league's sync API, the rink's token; no session)."""

    def __init__(self, service: Tournaments, league: League) -> None:
        super().__init__(service, league)
        self.token = league.token
        periods = service.game_settings(self.game).periods
        self.payloads = [codec.encode(decode_event(raw, i, periods))
                         for i, raw in enumerate(self.script)]

    def send(self, client: httpx.Client, token: str, i: int) -> bool:
        revision = {"revision": i + 1, "op": "append", "position": i,
                    "payload": self.payloads[i], "by": USER,
                    "at": datetime.now(UTC).isoformat(), "reason": ""}
        answer = client.post(f"/api/sync/games/{self.game}/events",
                             json={"league_version": i, "revisions": [revision]},
                             headers={"Authorization": f"Bearer {self.token}"})
        if answer.status_code != 200 or answer.json()["version"] != i + 1:
            raise RuntimeError(f"push refused: {answer.status_code} {answer.text[:200]}")
        return True


class Imports:
    """The director's roster imports on the desk: a file of a new team of
    ten (a goaltender and nine skaters) per upload."""

    PLAYERS: Final = 10

    def __init__(self, service: Tournaments, league: League) -> None:
        self.division = league.division
        self.prefix = f"Import {uuid.uuid4().hex[:8]}"
        self.recorded_before = self._recorded(service)

    def _team(self, i: int) -> str:
        return f"{self.prefix} {i:03d}"

    def _file(self, i: int) -> bytes:
        rows = ["team,number,name,goalie,captain"] + [  # a captain: Rule 202(a)
            f"{self._team(i)},{n},Player {n},{'yes' if n == 1 else 'no'},{'C' if n == 2 else ''}"
            for n in range(1, self.PLAYERS + 1)]
        return ("\n".join(rows) + "\n").encode()

    def _recorded(self, service: Tournaments) -> int:
        return sum(1 for c in changes.changes(service, None)
                   if c.subject == f"division {self.division} rosters" and c.action == "imported")

    def _stored(self, service: Tournaments) -> dict[str, int]:
        with service.read() as s:
            rows = s.execute(select(models.Team.name, func.count(models.Player.id))
                             .outerjoin(models.Player, models.Player.team_id == models.Team.id)
                             .where(models.Team.name.startswith(self.prefix))
                             .group_by(models.Team.name)).all()
        return {name: count for name, count in rows}

    def send(self, client: httpx.Client, token: str, i: int) -> bool:
        answer = client.post(f"/desk/divisions/{self.division}/import",
                             files={"file": (f"team-{i}.csv", self._file(i), "text/csv")},
                             data={"reason": "soak"}, headers={auth.CSRF_HEADER: token})
        if answer.status_code != 303:
            raise RuntimeError(f"import refused: {answer.status_code} {answer.text[:300]}")
        return True

    def landed(self, service: Tournaments, i: int) -> bool:
        return self._team(i) in self._stored(service)

    def read_back(self, service: Tournaments) -> tuple[int, list[str]]:
        stored = self._stored(service)
        problems = [f"team {name!r} imported with {count} of its {self.PLAYERS} players"
                    for name, count in stored.items() if count != self.PLAYERS]
        recorded = self._recorded(service) - self.recorded_before
        if recorded != len(stored):
            problems.append(f"{len(stored)} imports stored, {recorded} in the desk's "
                            "change record")
        return len(stored), problems


def make(scenario: str, service: Tournaments, league: League) -> Scenario:
    if scenario == "console":
        return Console(service, league)
    if scenario == "sync":
        return Pushes(service, league)
    return Imports(service, league)


@dataclass
class Round:
    acknowledged: int = 0
    broken: int = 0  # requests that got no answer (the kill came first)


def one_round(url: str, service: Tournaments, writes: Scenario, kill: str,
              rng: random.Random) -> Round:
    """Send ``writes`` until the kill (and, for a worker, some writes after it)."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_server(url, port, 2 if kill == "worker" else 1)
    done = Round()
    killed = threading.Event()

    def strike() -> None:
        if kill == "worker":
            if not kill_a_worker(server, rng):
                raise RuntimeError("serve --workers 2 showed no worker to kill")
        else:
            server.send_signal(signal.SIGKILL)
        killed.set()

    try:
        wait_up(base, server)
        client, token = log_in(base)
        timer = threading.Timer(rng.uniform(0.2, 1.5), strike)
        i, after = 0, 0
        while i < 400:
            try:
                writes.send(client, token, i)
            except httpx.TransportError:
                done.broken += 1
                if kill == "server":
                    break
                client.close()
                client = httpx.Client(base_url=base, timeout=10, cookies=client.cookies)
                if writes.landed(service, i):
                    i += 1  # it was written: the client sees it on reloading
                continue
            done.acknowledged += 1
            i += 1
            if done.acknowledged == 1:
                timer.start()
            if killed.is_set():
                after += 1
                if kill == "worker" and after >= AFTER_WORKER_KILL:
                    break
        else:
            raise RuntimeError("the writes ended before the kill: lengthen them")
        client.close()
    finally:
        stop(server)
    return done


def wait_up(base: str, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + START_LIMIT
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"the server exited with {server.returncode}")
        try:
            if httpx.get(f"{base}/api/time", timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"the server did not answer within {START_LIMIT} s")


def stop(server: subprocess.Popen[bytes]) -> None:
    """SIGKILL the server this round started, and each of its workers by id
    (a worker outlives its killed parent)."""
    workers = workers_of(server) if server.poll() is None else []
    if server.poll() is None:
        server.send_signal(signal.SIGKILL)
    server.wait(timeout=30)
    for pid in workers:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def soak(backend: str, url: str, league: League, scenario: str, kill: str, kills: int,
         rng: random.Random) -> Figures:
    figures = Figures(backend, scenario, kill)
    service = open_tournaments(url)
    for _ in range(kills):
        writes = make(scenario, service, league)
        done = one_round(url, service, writes, kill, rng)
        stored, problems = writes.read_back(open_tournaments(url))
        figures.kills += 1
        figures.acknowledged += done.acknowledged
        figures.stored += stored
        figures.lost += max(done.acknowledged - stored, 0)
        extra = max(stored - done.acknowledged, 0)
        figures.unacknowledged_stored += extra
        if extra > done.broken:
            problems.append(f"{extra} writes stored that no request sent")
        if problems:
            figures.half_written += 1
            figures.problems.extend(problems)
        print(f"  {backend} {scenario} {kill} kill {figures.kills}: acknowledged "
              f"{done.acknowledged}, stored {stored}, broken {done.broken}"
              + (f"  ** {'; '.join(problems)}" if problems else ""), flush=True)
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
    parser.add_argument("--kills", type=int, default=40,
                        help="SIGKILLs per store, scenario and kill (40)")
    parser.add_argument("--seed", type=int, default=1, help="the kills' timing (1)")
    parser.add_argument("--postgres", default=os.environ.get("RINKSIDE_TEST_POSTGRES_URL", ""),
                        help="a PostgreSQL URL (default RINKSIDE_TEST_POSTGRES_URL)")
    parser.add_argument("--scenario", default=",".join(SCENARIOS),
                        help=f"which writes, comma-separated ({','.join(SCENARIOS)})")
    parser.add_argument("--kill", default=",".join(KILLS),
                        help="what is killed: the server, a worker (PostgreSQL only)")
    args = parser.parse_args()
    scenarios = [x for x in args.scenario.split(",") if x]
    kills = [x for x in args.kill.split(",") if x]
    unknown = sorted(set(scenarios) - set(SCENARIOS)) + sorted(set(kills) - set(KILLS))
    if unknown:
        parser.error(f"unknown: {', '.join(unknown)}")
    rng = random.Random(args.seed)
    results: list[Figures] = []
    with tempfile.TemporaryDirectory(prefix="rinkside-soak-") as folder:
        url = f"sqlite:///{Path(folder) / 'soak.sqlite'}"
        league = prepare(open_tournaments(url))
        for scenario in scenarios:
            if "server" in kills:  # SQLite is one process: no worker to kill
                results.append(soak("sqlite", url, league, scenario, "server", args.kills,
                                    rng))
    if args.postgres:
        with postgres_schema(args.postgres) as url:
            league = prepare(open_tournaments(url))
            for scenario in scenarios:
                for kill in kills:
                    results.append(soak("postgresql", url, league, scenario, kill,
                                        args.kills, rng))
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
