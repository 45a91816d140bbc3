"""The cold recompute beside the engine in instructions, not seconds:
bench_tournament.py's three figures (the engine's replay from memory, the
recompute of every division's view from the store, and the cold standings
and statistics) counted by valgrind's callgrind, which counts the same
instructions however loaded the machine is (a shared host moves seconds by
a third from run to run; this by well under one per cent).

Each figure is the difference of two runs of a child process, one that
stops just before the measured part and one that runs it, so start-up,
imports and reading the input are left out. Needs valgrind (Debian's
package); each child runs some fifty times slower than natively, the pairs
two at a time: about ten minutes on two cores.

    python benchmarks/bench_instructions.py [--keep FOLDER] [--games 1000] [--seed 7]
"""

from __future__ import annotations

import argparse
import os
import pickle
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import bench_tournament  # beside this file (a script's folder is on its path)

FIGURES = ("engine", "recompute", "cold")
_COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def child(figure: str, measured: bool, store: Path, packed: Path) -> None:
    """One child's work: ``figure``'s input read, then (when ``measured``) the
    figure's part itself."""
    if figure == "engine":
        data = packed.read_bytes()
        if measured:
            bench_tournament.engine_replay(data)
        else:
            pickle.loads(data)
        return
    from sqlalchemy import delete, select

    from rinkside.services.tournaments import Tournaments
    from rinkside.store.db import make_engine, migrate, session_factory
    from rinkside.store.models import Division, GameStateCache

    engine = make_engine(f"sqlite:///{store}")
    migrate(engine)
    sessions = session_factory(engine)
    with sessions() as s:
        divisions = list(s.scalars(select(Division.id).order_by(Division.id)))
    with sessions.begin() as s:
        s.execute(delete(GameStateCache))  # cold: no state stored
    if measured:
        if figure == "recompute":
            bench_tournament.recompute(Tournaments(sessions), divisions)
        else:
            bench_tournament.compute(Tournaments(sessions), divisions)
    engine.dispose()


def counted(figure: str, measured: bool, store: Path, packed: Path) -> int:
    """Instructions of one child run under callgrind, on a copy of the store
    of its own (two children run at once, and each deletes and writes the
    stored states)."""
    with tempfile.TemporaryDirectory() as scratch:
        own = Path(scratch) / store.name
        shutil.copyfile(store, own)
        command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                   sys.executable, __file__, "--child", figure, "--store", str(own),
                   "--packed", str(packed)] + (["--measured"] if measured else [])
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    found = _COLLECTED.search(done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"{figure}: the child under valgrind failed:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def prepared(folder: Path, games: int, seed: int) -> tuple[Path, Path]:
    """The kept store (built as bench_tournament builds it, if missing) and
    its logs packed for the engine's replay."""
    from sqlalchemy import func, select

    from rinkside.services.tournaments import Tournaments
    from rinkside.store.db import make_engine, migrate, session_factory
    from rinkside.store.models import Game

    store = bench_tournament.kept_store(folder, games, seed)
    engine = make_engine(f"sqlite:///{store}")
    migrate(engine)
    sessions = session_factory(engine)
    with sessions() as s:
        stored = s.scalar(select(func.count()).select_from(Game).where(Game.version > 0))
    if stored != games:
        print(f"building {games} games (a few minutes; --keep keeps them)", file=sys.stderr)
        bench_tournament.build(sessions, games, seed)
    packed = folder / f"bench-{games}-{seed}.logs.pickle"
    logs = bench_tournament.logs_in_memory(Tournaments(sessions))
    packed.write_bytes(pickle.dumps(logs, protocol=5))
    engine.dispose()
    return store, packed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--keep", type=Path, metavar="FOLDER",
                        help="the folder of bench_tournament.py --keep (its store is reused)")
    parser.add_argument("--child", choices=FIGURES, help=argparse.SUPPRESS)
    parser.add_argument("--measured", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--store", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--packed", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.measured, args.store, args.packed)
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        store, packed = prepared(folder, args.games, args.seed)
        runs = [(figure, measured) for figure in FIGURES for measured in (False, True)]
        with ThreadPoolExecutor(max_workers=2) as pool:
            counts = dict(zip(runs, pool.map(lambda r: counted(*r, store, packed), runs),
                              strict=True))
    net = {figure: counts[figure, True] - counts[figure, False] for figure in FIGURES}
    print(f"{'figure':<12}{'instructions (millions)':>26}{'/ engine':>10}")
    for figure in FIGURES:
        print(f"{figure:<12}{net[figure] / 1e6:>26,.0f}{net[figure] / net['engine']:>9.2f}x")
    print("target: the cold recompute 1.5x the engine or less")


if __name__ == "__main__":
    main()
