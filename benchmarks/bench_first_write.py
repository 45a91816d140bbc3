"""A game's first write at 100, 1,000 and 5,000 played games, in what load
cannot hide: the statements it runs, the rows they return, the SQLite
virtual machine's steps (the database's own work, rows scanned included),
its CPU time (``time.process_time``) and, with ``--callgrind``, its
instructions; each beside a bare ``sqlite3`` commit with the store's pragmas
measured the same way in the same run, and its growth from the smallest size
(issue 30's target: within 1.5x; at most 50 ms at 5,000 games).

    python benchmarks/bench_first_write.py [--sizes 100,1000,5000] [--rounds 5]
        [--seed 7] [--keep FOLDER] [--callgrind] [--json]

The stores are grown by :class:`bench_scale.League` (its linear builder) and
kept in ``--keep`` (built once, read again by later runs: a run before a
change and one after it measure the same stores). Each size's store is
copied, then a long-lived service (as the app's) writes one first write to
warm up, then ``--rounds`` first writes of games not begun, each an opening
face-off through :meth:`Tournaments.record` (the write that checks Rule
634(e) and dresses the rosters, 203(a)), interleaved with bare commits and
with first writes by a new service each (cold: no state in memory, as in a
division no one has read lately) (medians); then one more first write
counted (statements, rows, VM steps: the counting slows it, so it is not
timed).

``--callgrind``: each size's first write, and the bare commit once, counted
by valgrind's callgrind, as the difference of two child runs (one stops
after its warm-up write, one writes once more), so start-up, imports and
the warm-up are left out (some minutes on two cores).
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from bench_scale import PRAGMAS, League, bare_sqlite  # beside this file (on its path)
from sqlalchemy import Engine, event, select

from rinkside.rules.events import FaceOff
from rinkside.rules.times import GameTime
from rinkside.services.tournaments import Tournaments
from rinkside.store.db import make_engine, migrate, session_factory
from rinkside.store.models import Game

GROWTH_TARGET = 1.5
_COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


# --------------------------------------------------------------------------- counting


@dataclass
class Counts:
    statements: int = 0
    rows: int = 0
    steps: int = 0  # SQLite VM instructions (the progress handler's calls, every 1)
    on: bool = False
    hooked: set[int] = field(default_factory=set)

    def step(self) -> int:
        if self.on:
            self.steps += 1
        return 0  # go on


class _Rows:
    """A DB-API cursor that counts the rows fetched through it."""

    def __init__(self, cursor: Any, counts: Counts) -> None:
        self._cursor, self._counts = cursor, counts

    def fetchone(self) -> Any:
        row = self._cursor.fetchone()
        if row is not None:
            self._counts.rows += 1
        return row

    def fetchmany(self, size: int | None = None) -> list[Any]:
        rows = self._cursor.fetchmany() if size is None else self._cursor.fetchmany(size)
        self._counts.rows += len(rows)
        return list(rows)

    def fetchall(self) -> list[Any]:
        rows = self._cursor.fetchall()
        self._counts.rows += len(rows)
        return list(rows)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._cursor, name)


def counting(engine: Engine, counts: Counts) -> None:
    """Every statement ``engine`` runs while ``counts.on``: counted, its rows
    counted as they are fetched, its connection's VM steps counted."""

    @event.listens_for(engine, "before_cursor_execute")
    def before(conn: Any, cursor: Any, statement: str, parameters: Any, context: Any,
               executemany: bool) -> None:
        if not counts.on:
            return
        counts.statements += 1
        raw = conn.connection.dbapi_connection
        if id(raw) not in counts.hooked:
            raw.set_progress_handler(counts.step, 1)
            counts.hooked.add(id(raw))

    @event.listens_for(engine, "after_cursor_execute")
    def after(conn: Any, cursor: Any, statement: str, parameters: Any, context: Any,
              executemany: bool) -> None:
        if counts.on and context is not None:
            context.cursor = _Rows(cursor, counts)


@contextmanager
def counted(counts: Counts) -> Iterator[Counts]:
    counts.statements = counts.rows = counts.steps = 0
    counts.on = True
    try:
        yield counts
    finally:
        counts.on = False


# --------------------------------------------------------------------------- the stores


def stores(folder: Path, sizes: list[int], seed: int) -> dict[int, Path]:
    """``folder``/store-N.sqlite for each size, grown by one League (those
    already there are kept)."""
    wanted = {size: folder / f"store-{size}.sqlite" for size in sizes}
    if all(path.exists() for path in wanted.values()):
        return wanted
    growing = folder / "growing.sqlite"
    growing.unlink(missing_ok=True)
    engine = make_engine(f"sqlite:///{growing}")
    migrate(engine)
    league = League(session_factory(engine), seed)
    for size in sizes:
        built = league.grow(size)
        with engine.connect() as connection:
            connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        shutil.copyfile(growing, wanted[size])
        print(f"built {size} played games ({built:.0f} s)", file=sys.stderr)
    engine.dispose()
    growing.unlink()
    return wanted


def unplayed(sessions: Any) -> list[int]:
    with sessions() as s:
        return list(s.scalars(select(Game.id).where(Game.version == 0).order_by(Game.id)))


def first_write(service: Tournaments, game_id: int) -> None:
    service.record(game_id, 0, lambda settings: [FaceOff(GameTime(1, settings.period_length))],
                   by="bench")


def cpu(operation: Callable[[], Any]) -> float:
    began = time.process_time()
    operation()
    return time.process_time() - began


# --------------------------------------------------------------------------- one size


def measure(store: Path, scratch: Path, rounds: int) -> dict[str, Any]:
    copy = scratch / "measured.sqlite"
    shutil.copyfile(store, copy)
    engine = make_engine(f"sqlite:///{copy}")
    migrate(engine)  # a store kept from an older run: this code's schema
    counts = Counts()
    counting(engine, counts)
    sessions = session_factory(engine)
    service = Tournaments(sessions)
    games = unplayed(sessions)
    if len(games) < 2 * rounds + 2:
        raise SystemExit(f"{store}: {len(games)} games not begun, {2 * rounds + 2} needed")
    connection, commit = bare_sqlite(scratch)
    first_write(service, games.pop(0))  # warm: the service's first write, its statements
    commit()
    samples: dict[str, list[float]] = {"first write": [], "cold": [], "bare commit": []}
    for _ in range(rounds):
        samples["bare commit"].append(cpu(commit))
        game_id = games.pop(0)
        samples["first write"].append(cpu(lambda game_id=game_id: first_write(service, game_id)))
        # cold: a new service, no state in its memory (a division no one has read
        # lately); the compiled statements are the engine's, warm
        cold, game_id = Tournaments(sessions), games.pop(0)
        samples["cold"].append(cpu(lambda cold=cold, game_id=game_id: first_write(cold,
                                                                                  game_id)))
    with counted(counts):
        first_write(service, games.pop(0))
    written = {"statements": counts.statements, "rows": counts.rows, "steps": counts.steps}
    steps = 0

    def step() -> int:
        nonlocal steps
        steps += 1
        return 0

    connection.set_progress_handler(step, 1)
    commit()
    connection.set_progress_handler(None, 1)
    connection.close()
    engine.dispose()
    return {
        "cpu_ms": {name: statistics.median(t) * 1e3 for name, t in samples.items()},
        "first write": written,
        "bare commit": {"statements": 3, "rows": 0, "steps": steps},
        "load": " ".join(Path("/proc/loadavg").read_text().split()[:3]),
    }


# --------------------------------------------------------------------------- callgrind


def child(kind: str, measured: bool, store: Path) -> None:
    """One child's work: a warm-up write, then (when ``measured``) one more."""
    if kind == "bare":
        connection, commit = bare_sqlite(store.parent)
        commit()
        if measured:
            commit()
        connection.close()
        return
    engine = make_engine(f"sqlite:///{store}")
    sessions = session_factory(engine)
    service = Tournaments(sessions)
    games = unplayed(sessions)
    first_write(service, games[0])
    if measured:
        first_write(service, games[1])
    engine.dispose()


def instructions(kind: str, store: Path, scratch: Path) -> int:
    """The instructions of one first write (``kind`` "write") or bare commit
    ("bare") on ``store``: the measured child's less the other's."""
    out = []
    for measured in (False, True):
        folder = scratch / f"{kind}-{int(measured)}"
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir()
        copy = folder / "store.sqlite"
        if kind == "write":
            shutil.copyfile(store, copy)
            engine = make_engine(f"sqlite:///{copy}")
            migrate(engine)  # here, not in the children
            engine.dispose()
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
             sys.executable, __file__, "--child", kind, "--measured", str(int(measured)),
             "--store", str(copy)], capture_output=True, text=True, check=False)
        found = _COLLECTED.search(done.stderr)
        if done.returncode != 0 or found is None:
            raise SystemExit(f"{kind}: the child under valgrind failed:\n{done.stderr[-2000:]}")
        out.append(int(found.group(1)))
        shutil.rmtree(folder)
    return out[1] - out[0]


# --------------------------------------------------------------------------- report


def report(results: dict[int, dict[str, Any]]) -> str:
    sizes = sorted(results)
    lines = [f"{size} played games: load {results[size]['load']}" for size in sizes]
    head = f"{'':<28}" + "".join(f"{f'{size}':>14}{'/bare':>9}" for size in sizes)
    lines += ["", head + f"{'growth':>9}"]

    def row(label: str, value: Callable[[dict[str, Any], str], float], fmt: str) -> None:
        if any(value(results[size], "first write") is None for size in sizes):
            return
        text = f"{label:<28}"
        for size in sizes:
            mine, floor = (value(results[size], k) for k in ("first write", "bare commit"))
            ratio = f"{mine / floor:>8.1f}x" if floor else f"{'':>9}"
            text += f"{mine:>14{fmt}}{ratio}"
        growth = value(results[sizes[-1]], "first write") / value(results[sizes[0]],
                                                                  "first write")
        mark = "" if growth <= GROWTH_TARGET else "  (over 1.5x)"
        lines.append(text + f"{growth:>8.2f}x{mark}")

    row("statements", lambda r, k: r[k]["statements"], ",")
    row("rows returned", lambda r, k: r[k]["rows"], ",")
    row("SQLite VM steps", lambda r, k: r[k]["steps"], ",")
    row("CPU ms (median)", lambda r, k: r["cpu_ms"][k], ".2f")
    row("CPU ms, cold service", lambda r, k: r["cpu_ms"]["cold" if k == "first write" else k],
        ".2f")
    row("instructions (callgrind)", lambda r, k: r.get("instructions", {}).get(k), ",")
    lines.append(f"\n/bare: against a bare sqlite3 commit ({', '.join(PRAGMAS)}) measured "
                 f"the same way in the same run; growth: the largest size's figure over "
                 f"the smallest's (target within {GROWTH_TARGET}x)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,1000,5000")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--keep", type=Path, help="a folder to keep the stores in")
    parser.add_argument("--callgrind", action="store_true")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--child", choices=("write", "bare"), help=argparse.SUPPRESS)
    parser.add_argument("--measured", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--store", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(args.child, bool(args.measured), args.store)
        return 0
    if args.callgrind and shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    sizes = sorted(int(n) for n in args.sizes.split(","))
    results: dict[int, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory(prefix="rinkside-first-write-") as temporary:
        scratch = Path(temporary)
        folder = args.keep or scratch
        folder.mkdir(parents=True, exist_ok=True)
        built = stores(folder, sizes, args.seed)
        # the bare commit's instructions do not depend on the store: counted once
        floor = instructions("bare", built[sizes[0]], scratch) if args.callgrind else None
        for size in sizes:
            results[size] = measure(built[size], scratch, args.rounds)
            if floor is not None:
                results[size]["instructions"] = {
                    "first write": instructions("write", built[size], scratch),
                    "bare commit": floor}
            print(f"measured {size}", file=sys.stderr)
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print(report(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
