"""How long a service write of one event takes, and the append within it,
beside a bare one-row commit.

    python benchmarks/bench_store.py [--n 2000] [--warmup 100] [--postgres-url URL] [--json]

On SQLite (WAL, files in a temporary directory) and, when
``RINKSIDE_TEST_POSTGRES_URL`` (or ``--postgres-url``) names a server, on
PostgreSQL (in a schema of its own, dropped after), two operations are timed
``--n`` times each, interleaved one for one so that all see the same
machine:

- bare commit: ``INSERT`` of one row and ``COMMIT`` with the database's own
  driver and nothing else (the standard library's ``sqlite3`` with the
  store's pragmas, WAL and synchronous=NORMAL; ``psycopg``, into an ordinary
  table: logged, as the store's), on a connection kept open: the floor of
  any durable write;
- service write: :meth:`rinkside.services.tournaments.Tournaments.record` of
  one event of a simulated game (as a console sends them: the game's next
  event, its state checked by the engine, appended, its state stored, the
  change committed); each game's first write (which dresses the rosters) is
  left out, a figure of ``make bench-scale``;
- console write: the same event posted to the console's
  ``/api/games/{id}/events`` through the app (FastAPI's test client, logged
  in as the director: the route's checks, decoding, the write, its answer
  and the live pages' publication), beside a bare FastAPI POST of the same
  body (a route that reads it and answers a small JSON) over the same kind
  of client (target: 3x or less);

- baseline: ``INSERT`` of one row (the event as JSON text) into a one-table
  database and ``COMMIT``, on a connection of an engine made by
  :func:`rinkside.store.db.make_engine` (the same pragmas);
- append: :func:`rinkside.store.eventlog.append` of the same event to a
  game's log with its version check (one ``INSERT ... SELECT ... FROM games
  WHERE version =``; the game's row is moved on by the database's trigger),
  committed (``commit=True``), on a connection checked out for it as the
  baseline's is;
- append in a session: the same through a fresh ORM ``Session``, as the
  services call it (the session's own begin and commit are extra).

Each is reported per operation in microseconds (median, p95, mean) with the
ratio to the baseline's median and to the bare commit's; the targets: append
2x the baseline or less, a service write 10x the bare commit or less.

On PostgreSQL the round trips of a bare commit, a service write and a console
write are counted too (from libpq's trace of every connection they use: a
message from the server after one from the client is one round trip; the
server's answer is what a write waits for on a loaded machine).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any, Final

import psycopg
from fastapi import Body, FastAPI
from fastapi.testclient import TestClient
from psycopg import pq

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from sqlalchemy import Engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session

from rinkside.formats import encode_event
from rinkside.rules.events import Event, Penalty, PenaltyClass
from rinkside.rules.times import GameTime
from rinkside.services import users
from rinkside.services.tournaments import Tournaments
from rinkside.simulate import play_game
from rinkside.store import codec
from rinkside.store.db import make_engine, migrate, session_factory
from rinkside.store.eventlog import append
from rinkside.store.models import Division, Game, Team, Tournament
from rinkside.web import auth
from rinkside.web.app import create_app

TARGET = 2.0
TARGET_WRITE = 10.0  # a service write / a bare commit (issue 30)
TARGET_POST = 3.0  # a console write / a bare FastAPI POST (issue 30)
PASSWORD = "bench-store-director-pw-30"
POSTGRES_URL_VARIABLE = "RINKSIDE_TEST_POSTGRES_URL"

# A realistic event: a penalty with every optional field a scorer fills in.
EVENT: Final = Penalty(GameTime(2, 4610), "away", 17, PenaltyClass.MINOR, "hooking", "623")


@dataclass(frozen=True)
class Figures:
    median_us: float
    p95_us: float
    mean_us: float


@dataclass(frozen=True)
class Result:
    database: str
    n: int
    load: str
    bare_commit: Figures
    baseline: Figures
    append: Figures
    append_in_session: Figures
    service_write: Figures
    bare_post: Figures
    console_write: Figures
    round_trips: dict[str, float] | None = None  # PostgreSQL: per operation, counted

    @property
    def ratio(self) -> float:
        """append / baseline, medians: the figure with the target."""
        return self.append.median_us / self.baseline.median_us

    @property
    def session_ratio(self) -> float:
        return self.append_in_session.median_us / self.baseline.median_us

    @property
    def write_ratio(self) -> float:
        """a service write / a bare commit, medians."""
        return self.service_write.median_us / self.bare_commit.median_us

    @property
    def post_ratio(self) -> float:
        """a console write / a bare FastAPI POST, medians."""
        return self.console_write.median_us / self.bare_post.median_us

    @property
    def meets_target(self) -> bool:
        return (self.ratio <= TARGET and self.write_ratio <= TARGET_WRITE
                and self.post_ratio <= TARGET_POST)


def figures(samples_ns: list[int]) -> Figures:
    ordered = sorted(samples_ns)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return Figures(
        median_us=statistics.median(ordered) / 1000,
        p95_us=p95 / 1000,
        mean_us=statistics.fmean(ordered) / 1000,
    )


def make_game(engine: Engine) -> int:
    with Session(engine) as session:
        division = Division(tournament=Tournament(name="Bench Open"), name="Open")
        game = Game(division=division, home_team=Team(division=division, name="Home"),
                    away_team=Team(division=division, name="Away"))
        session.add(game)
        session.commit()
        return game.id


def create_baseline_table(engine: Engine) -> None:
    with engine.begin() as connection:
        connection.exec_driver_sql(
            "CREATE TABLE bench_rows (id INTEGER PRIMARY KEY, payload TEXT NOT NULL)"
            if engine.dialect.name == "sqlite" else
            "CREATE TABLE bench_rows (id SERIAL PRIMARY KEY, payload TEXT NOT NULL)"
        )


class Console:
    """A scorer's console writing simulated games one event at a time
    through the service: :meth:`write` records the next event (a game's
    first write, which dresses its rosters, made untimed beforehand)."""

    def __init__(self, engine: Engine, seed: int = 30) -> None:
        self.service = Tournaments(session_factory(engine))
        self.rng = random.Random(seed)
        service = self.service
        tid = service.create_tournament("Bench Open", date(2026, 12, 5), {})
        did = service.add_division(tid, "Open")
        for t in range(8):
            team = service.add_team(did, f"Team {t + 1}")
            who = f"T{t + 1}"
            players: list[dict[str, Any]] = [
                {"number": 1, "name": f"{who} Goalie One", "goalie": True},
                {"number": 30, "name": f"{who} Goalie Two", "goalie": True}]
            players += [{"number": n, "name": f"{who} Skater {n}",
                         "captain": "C" if n == 2 else "A" if n in (3, 4) else None}
                        for n in range(2, 14)]
            service.set_roster(team, players)
        self.games = iter(service.generate_round_robin(
            did, start=datetime(2026, 12, 5, 8, tzinfo=UTC), slot_minutes=40,
            rinks=["A", "B"], rounds=40))
        self.game_id = 0
        self.version = 0
        self.left: list[Event] = []
        users.create_user(service, "director", PASSWORD, "director")
        self.client = TestClient(create_app(service))
        self.client.get("/login")
        self.client.post("/login", data={
            "username": "director", "password": PASSWORD,
            "csrf_token": self.client.cookies.get(auth.CSRF_COOKIE) or ""},
            follow_redirects=False)
        self.headers = {auth.CSRF_HEADER: self.client.get("/api/session").json()["csrf_token"]}
        self.bare = TestClient(bare_app())

    def _next_game(self) -> None:
        service = self.service
        self.game_id = next(self.games)
        service.dress_eligible(self.game_id)
        _, state = service.game_state(self.game_id)
        self.settings = state.setup.settings
        first, *self.left = play_game(self.rng, state.setup)
        self.left.reverse()
        self.version, _ = service.record(self.game_id, 0, [first], by="bench")

    def ready(self) -> None:
        """Before a timed write: a game with an event left to write."""
        while not self.left:
            self._next_game()

    def write(self) -> None:
        self.version, _ = self.service.record(self.game_id, self.version, [self.left.pop()],
                                              by="bench")

    def _body(self) -> dict[str, Any]:
        return {"version": self.version,
                "events": [encode_event(self.left[-1], self.settings)]}

    def post(self) -> None:
        response = self.client.post(f"/api/games/{self.game_id}/events", json=self._body(),
                                    headers=self.headers)
        if response.status_code != 200:
            raise SystemExit(f"the console's write: {response.status_code} {response.text}")
        self.left.pop()
        self.version = response.json()["version"]

    def bare_post(self) -> None:
        self.bare.post("/floor", json=self._body()).raise_for_status()


def bare_app() -> FastAPI:
    """A route that reads a JSON body and answers a small JSON: a POST's floor."""
    app = FastAPI()

    @app.post("/floor")
    def floor(body: dict[str, Any] = Body(...)) -> dict[str, int]:  # noqa: B008
        return {"version": int(body["version"]) + 1}

    return app


def run(database: str, bare_commit: Callable[[], None], baseline_engine: Engine,
        store_engine: Engine, n: int, warmup: int,
        bare_connection: psycopg.Connection[Any] | None = None) -> Result:
    create_baseline_table(baseline_engine)
    migrate(store_engine)
    game_id = make_game(store_engine)
    console = Console(store_engine)
    insert_row = text("INSERT INTO bench_rows (payload) VALUES (:payload)")
    payload_text = json.dumps(codec.encode(EVENT))
    version = 0

    def baseline() -> None:
        with baseline_engine.connect() as connection:
            connection.execute(insert_row, {"payload": payload_text})
            connection.commit()

    def append_one() -> None:
        nonlocal version
        with store_engine.connect() as connection:
            version = append(connection, game_id, version, EVENT, by="bench", commit=True)

    def append_in_session() -> None:
        nonlocal version
        with Session(store_engine) as session:
            version = append(session, game_id, version, EVENT, by="bench", commit=True)

    def timed(operation: Callable[[], None]) -> int:
        start = time.perf_counter_ns()
        operation()
        return time.perf_counter_ns() - start

    operations = (bare_commit, baseline, append_one, append_in_session, console.write,
                  console.bare_post, console.post)
    for _ in range(warmup):
        for operation in operations:
            console.ready()
            operation()
    samples: tuple[list[int], ...] = ([], [], [], [], [], [], [])
    for i in range(n):
        turned = i % len(operations)  # each goes first as often as the others
        for operation, times in list(zip(operations, samples, strict=True))[turned:] + \
                list(zip(operations, samples, strict=True))[:turned]:
            console.ready()
            times.append(timed(operation))
    load = " ".join(Path("/proc/loadavg").read_text().split()[:3])
    trips = None if bare_connection is None else count_round_trips(
        store_engine, bare_connection, {"bare commit": bare_commit,
                                        "service write": console.write,
                                        "console write": console.post}, console)
    bare, base, appended, in_session, write, floor, post = (figures(times) for times in samples)
    return Result(database, n, load, bare, base, appended, in_session, write, floor, post, trips)


def count_round_trips(engine: Engine, bare: psycopg.Connection[Any],
                      operations: dict[str, Callable[[], None]], console: Console,
                      n: int = 20) -> dict[str, float]:
    """Round trips per operation, each run ``n`` times with libpq's trace on
    the bare connection and on every connection of ``engine``'s pool while
    it runs (not while the console readies its next game: a new game's
    rosters and first write are no console write's)."""
    from sqlalchemy import event

    counted: dict[str, float] = {}
    fd, name = tempfile.mkstemp(prefix="rinkside-bench-trace-")
    traced: list[Any] = [bare.pgconn]

    tracing = [False]  # while an operation runs

    def on_checkout(dbapi_connection: Any, *_: Any) -> None:
        if dbapi_connection.pgconn not in traced:
            traced.append(dbapi_connection.pgconn)
            if tracing[0]:
                dbapi_connection.pgconn.trace(fd)
                dbapi_connection.pgconn.set_trace_flags(pq.Trace.SUPPRESS_TIMESTAMPS)

    event.listen(engine, "checkout", on_checkout)
    try:
        for label, operation in operations.items():
            os.ftruncate(fd, 0)
            os.lseek(fd, 0, os.SEEK_SET)
            for _ in range(n):
                console.ready()
                for pgconn in traced:
                    pgconn.trace(fd)
                    pgconn.set_trace_flags(pq.Trace.SUPPRESS_TIMESTAMPS)
                tracing[0] = True
                operation()
                tracing[0] = False
                for pgconn in traced:
                    pgconn.untrace()
            trips, last = 0, ""
            for line in Path(name).read_text().splitlines():
                side = line.split("\t", 1)[0]
                trips += side == "B" and last == "F"
                last = side if side in ("F", "B") else last
            counted[label] = trips / n
    finally:
        event.remove(engine, "checkout", on_checkout)
        os.close(fd)
        os.unlink(name)
    return counted


def sqlite_bare_commit(path: Path) -> tuple[Callable[[], None], Callable[[], None]]:
    """One row inserted and committed with the standard library's sqlite3,
    the store's pragmas (rinkside.store.db), on a connection kept open; and
    its closing."""
    connection = sqlite3.connect(path, isolation_level=None)
    for pragma in ("journal_mode=WAL", "foreign_keys=ON", "synchronous=NORMAL",
                   "busy_timeout=5000"):
        connection.execute(f"PRAGMA {pragma}")
    connection.execute("CREATE TABLE bare_rows (id INTEGER PRIMARY KEY, payload TEXT NOT NULL)")
    payload = json.dumps(codec.encode(EVENT))

    def commit() -> None:
        connection.execute("BEGIN")
        connection.execute("INSERT INTO bare_rows (payload) VALUES (?)", (payload,))
        connection.execute("COMMIT")

    return commit, connection.close


def sqlite_result(n: int, warmup: int) -> Result:
    with tempfile.TemporaryDirectory(prefix="rinkside-bench-") as folder:
        baseline_engine = make_engine(f"sqlite:///{Path(folder) / 'baseline.sqlite'}")
        store_engine = make_engine(f"sqlite:///{Path(folder) / 'store.sqlite'}")
        bare, close = sqlite_bare_commit(Path(folder) / "bare.sqlite")
        try:
            with store_engine.connect() as connection:
                version = connection.exec_driver_sql("SELECT sqlite_version()").scalar()
            return run(f"SQLite {version} (WAL, synchronous=NORMAL)", bare, baseline_engine,
                       store_engine, n, warmup)
        finally:
            close()
            baseline_engine.dispose()
            store_engine.dispose()


@contextmanager
def postgres_schema(url: str) -> Iterator[Engine]:
    """An engine working in a new schema of its own; the schema is dropped after."""
    schema = f"rinkside_bench_{uuid.uuid4().hex[:12]}"
    admin = make_engine(url)
    with admin.begin() as connection:
        connection.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
    engine = make_engine(make_url(url).update_query_dict({"options": f"-csearch_path={schema}"}))
    try:
        yield engine
    finally:
        engine.dispose()
        with admin.begin() as connection:
            connection.exec_driver_sql(f'DROP SCHEMA "{schema}" CASCADE')
        admin.dispose()


def postgres_bare_commit(engine: Engine) -> tuple[Callable[[], None], Callable[[], None]]:
    """One row inserted and committed with psycopg alone, on a connection kept
    open, into a table of its own in ``engine``'s schema; and its closing
    (``commit.connection``: the connection, whose round trips are counted).
    The table is an ordinary one, as the store's are: a temporary table's
    commit writes nothing to the WAL and waits for no flush of it, a floor
    no durable write has (it made a service write's ratio twice as large)."""
    connection = psycopg.connect(
        engine.url.set(drivername="postgresql").render_as_string(hide_password=False))
    connection.execute("CREATE TABLE bare_rows (id SERIAL PRIMARY KEY, "
                       "payload TEXT NOT NULL)")
    connection.commit()
    payload = json.dumps(codec.encode(EVENT))

    def commit() -> None:
        connection.execute("INSERT INTO bare_rows (payload) VALUES (%s)", (payload,))
        connection.commit()

    commit.connection = connection  # type: ignore[attr-defined]
    return commit, connection.close


def postgres_result(url: str, n: int, warmup: int) -> Result:
    with postgres_schema(url) as baseline_engine, postgres_schema(url) as store_engine, \
            postgres_schema(url) as bare_engine:
        with store_engine.connect() as connection:
            version = connection.exec_driver_sql("SHOW server_version").scalar()
            sync = connection.exec_driver_sql("SHOW synchronous_commit").scalar()
        bare, close = postgres_bare_commit(bare_engine)
        try:
            return run(f"PostgreSQL {version} (synchronous_commit={sync})", bare,
                       baseline_engine, store_engine, n, warmup,
                       bare.connection)  # type: ignore[attr-defined]
        finally:
            close()


def report(result: Result) -> str:
    verdict = "meets" if result.meets_target else "MISSES"
    lines = [
        f"{result.database}: {result.n} of each operation, interleaved; load {result.load}",
        (f"  {'':<21}{'median':>10}{'p95':>10}{'mean':>10}{'/ bare':>9}"
         "   (microseconds per operation)"),
    ]
    for name, fig in (("bare commit", result.bare_commit), ("baseline", result.baseline),
                      ("append", result.append),
                      ("append in a session", result.append_in_session),
                      ("service write", result.service_write),
                      ("bare FastAPI POST", result.bare_post),
                      ("console write", result.console_write)):
        lines.append(f"  {name:<21}{fig.median_us:>10.1f}{fig.p95_us:>10.1f}"
                     f"{fig.mean_us:>10.1f}{fig.median_us / result.bare_commit.median_us:>8.1f}x")
    lines.append(f"  append / baseline = {result.ratio:.2f}x "
                 f"(target <= {TARGET:.0f}x)")
    lines.append(f"  append in a session / baseline = {result.session_ratio:.2f}x")
    lines.append(f"  service write / bare commit = {result.write_ratio:.1f}x "
                 f"(target <= {TARGET_WRITE:.0f}x)")
    lines.append(f"  console write / bare FastAPI POST = {result.post_ratio:.1f}x "
                 f"(target <= {TARGET_POST:.0f}x); every target: {verdict}")
    if result.round_trips is not None:
        lines.append("  round trips per operation: " + ", ".join(
            f"{label} {trips:.2f}" for label, trips in result.round_trips.items()))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--n", type=int, default=2000, help="timed operations of each kind")
    parser.add_argument("--warmup", type=int, default=100, help="untimed operations first")
    parser.add_argument("--postgres-url", default=os.environ.get(POSTGRES_URL_VARIABLE, ""),
                        help=f"PostgreSQL to measure too (default: ${POSTGRES_URL_VARIABLE})")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)

    results = [sqlite_result(args.n, args.warmup)]
    if args.postgres_url:
        results.append(postgres_result(args.postgres_url, args.n, args.warmup))
    if args.json:
        print(json.dumps([asdict(r) | {"ratio": r.ratio, "session_ratio": r.session_ratio,
                                       "write_ratio": r.write_ratio,
                                       "post_ratio": r.post_ratio,
                                       "meets_target": r.meets_target} for r in results],
                         indent=2))
    else:
        print("\n\n".join(report(r) for r in results))
        if not args.postgres_url:
            print(f"\n(PostgreSQL not measured: set {POSTGRES_URL_VARIABLE} or --postgres-url)")
    return 0 if all(r.meets_target for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
