"""The demo tournament of the tests, built once per test process, and copies
of its store.

Building the demo plays every game through the engine and stores it (about
two seconds); the web, report and browser tests each want one of their own
to write to. So it is built the first time a test asks for it, into a
SQLite file of a temporary folder that lives as long as the process, and
every later request gets a copy of that file: the same tournament, the same
ids, and no test sees another's writes. Under pytest-xdist each worker is a
process and builds its own.
"""

from __future__ import annotations

import atexit
import shutil
import sqlite3
import tempfile
from dataclasses import dataclass
from pathlib import Path

from rinkside.demo import build_demo
from rinkside.services.open import open_tournaments
from rinkside.services.tournaments import Tournaments


@dataclass(frozen=True)
class DemoStore:
    """The demo tournament as built once: its SQLite file and its id."""

    path: Path
    tournament_id: int


_built: list[DemoStore] = []


def copy_store(source: Path, target: Path) -> None:
    """A copy of the SQLite database at ``source`` in a new file at ``target``,
    through SQLite's backup (whatever is still in the source's WAL comes too)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(source) as reading, sqlite3.connect(target) as writing:
        reading.backup(writing)
    reading.close()
    writing.close()


def demo_store() -> DemoStore:
    """The demo as built once by this process (built now, the first time)."""
    if not _built:
        folder = Path(tempfile.mkdtemp(prefix="rinkside-demo-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        path = folder / "demo.sqlite"
        tournament_id = build_demo(open_tournaments(f"sqlite:///{path}"))
        _built.append(DemoStore(path, tournament_id))
    return _built[0]


def copy_demo(path: Path) -> tuple[Tournaments, int]:
    """A new SQLite file at ``path`` holding the demo tournament as built;
    the service over it and the tournament's id."""
    built = demo_store()
    copy_store(built.path, path)
    return open_tournaments(f"sqlite:///{path}"), built.tournament_id
