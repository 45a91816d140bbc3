"""How far the schedule's solver is while a build runs (its solution
callback), per tournament, for the desk to show: the schedules found so far
and how far the best is from the bound. Kept in this process's memory (a
build runs in one server's worker thread); the last build's figures stay
until the next begins."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from rinkside.tournament.schedule_solver import Progress

__all__ = ["BuildProgress", "latest", "watching"]


@dataclass(frozen=True, slots=True)
class BuildProgress:
    running: bool
    solutions: int
    seconds: float
    gap: float  # the best schedule's distance from the bound, a fraction

    def as_json(self) -> dict[str, object]:
        return {"running": self.running, "solutions": self.solutions,
                "seconds": round(self.seconds, 2), "gap_percent": round(100 * self.gap, 1)}


_LOCK = threading.Lock()
_LATEST: dict[int, BuildProgress] = {}


def latest(tournament_id: int) -> BuildProgress | None:
    """The running (or the last) build's progress, None before any."""
    with _LOCK:
        return _LATEST.get(tournament_id)


@contextmanager
def watching(tournament_id: int) -> Iterator[Callable[[Progress], None]]:
    """A build of the tournament's schedule: the callback the solver tells
    each schedule it finds; marked done when the build ends (or fails)."""
    with _LOCK:
        _LATEST[tournament_id] = BuildProgress(True, 0, 0.0, 1.0)

    def report(p: Progress) -> None:
        with _LOCK:
            _LATEST[tournament_id] = BuildProgress(True, p.solutions, p.seconds, p.gap)

    try:
        yield report
    finally:
        with _LOCK:
            last = _LATEST[tournament_id]
            _LATEST[tournament_id] = BuildProgress(False, last.solutions, last.seconds,
                                                   last.gap)
