"""How long appending one event durably takes, beside a bare one-row commit.

    python benchmarks/bench_store.py [--n 2000] [--warmup 100] [--postgres-url URL] [--json]

On SQLite (WAL, files in a temporary directory) and, when
``RINKSIDE_TEST_POSTGRES_URL`` (or ``--postgres-url``) names a server, on
PostgreSQL (in a schema of its own, dropped after), two operations are timed
``--n`` times each, interleaved one for one so that both see the same
machine:

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
ratio to the baseline's median; the target for append is 2x or less.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Final

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from sqlalchemy import Engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session

from rinkside.rules.events import Penalty, PenaltyClass
from rinkside.rules.times import GameTime
from rinkside.store import codec
from rinkside.store.db import make_engine, migrate
from rinkside.store.eventlog import append
from rinkside.store.models import Division, Game, Team, Tournament

TARGET = 2.0
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
    baseline: Figures
    append: Figures
    append_in_session: Figures

    @property
    def ratio(self) -> float:
        """append / baseline, medians: the figure with the target."""
        return self.append.median_us / self.baseline.median_us

    @property
    def session_ratio(self) -> float:
        return self.append_in_session.median_us / self.baseline.median_us

    @property
    def meets_target(self) -> bool:
        return self.ratio <= TARGET


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


def run(database: str, baseline_engine: Engine, store_engine: Engine, n: int,
        warmup: int) -> Result:
    create_baseline_table(baseline_engine)
    migrate(store_engine)
    game_id = make_game(store_engine)
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

    operations = (baseline, append_one, append_in_session)
    for _ in range(warmup):
        for operation in operations:
            operation()
    samples: tuple[list[int], ...] = ([], [], [])
    for _ in range(n):
        for operation, times in zip(operations, samples, strict=True):
            times.append(timed(operation))
    return Result(database, n, *(figures(times) for times in samples))


def sqlite_result(n: int, warmup: int) -> Result:
    with tempfile.TemporaryDirectory(prefix="rinkside-bench-") as folder:
        baseline_engine = make_engine(f"sqlite:///{Path(folder) / 'baseline.sqlite'}")
        store_engine = make_engine(f"sqlite:///{Path(folder) / 'store.sqlite'}")
        try:
            with store_engine.connect() as connection:
                version = connection.exec_driver_sql("SELECT sqlite_version()").scalar()
            return run(f"SQLite {version} (WAL, synchronous=NORMAL)", baseline_engine,
                       store_engine, n, warmup)
        finally:
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


def postgres_result(url: str, n: int, warmup: int) -> Result:
    with postgres_schema(url) as baseline_engine, postgres_schema(url) as store_engine:
        with store_engine.connect() as connection:
            version = connection.exec_driver_sql("SHOW server_version").scalar()
            sync = connection.exec_driver_sql("SHOW synchronous_commit").scalar()
        return run(f"PostgreSQL {version} (synchronous_commit={sync})", baseline_engine,
                   store_engine, n, warmup)


def report(result: Result) -> str:
    verdict = "meets" if result.meets_target else "MISSES"
    lines = [
        f"{result.database}: {result.n} of each operation, interleaved",
        f"  {'':<21}{'median':>10}{'p95':>10}{'mean':>10}   (microseconds per operation)",
    ]
    for name, fig in (("baseline", result.baseline), ("append", result.append),
                      ("append in a session", result.append_in_session)):
        lines.append(f"  {name:<21}{fig.median_us:>10.1f}{fig.p95_us:>10.1f}"
                     f"{fig.mean_us:>10.1f}")
    lines.append(f"  append / baseline = {result.ratio:.2f}x "
                 f"(target <= {TARGET:.0f}x: {verdict})")
    lines.append(f"  append in a session / baseline = {result.session_ratio:.2f}x")
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
                                       "meets_target": r.meets_target} for r in results],
                         indent=2))
    else:
        print("\n\n".join(report(r) for r in results))
        if not args.postgres_url:
            print(f"\n(PostgreSQL not measured: set {POSTGRES_URL_VARIABLE} or --postgres-url)")
    return 0 if all(r.meets_target for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
