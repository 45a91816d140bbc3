"""The wall clock the service is passed in the tests: the test runs it (no
sleeping). ``with_wall(service)`` sets it for one test and puts the
machine's clock back after."""

from __future__ import annotations

from collections.abc import Iterator

from rinkside.services.game_clock import system_ms
from rinkside.services.tournaments import Tournaments


class Wall:
    """Milliseconds since the epoch, moved by the test (``wall.ms += 30_000``)."""

    def __init__(self, start_ms: int) -> None:
        self.ms = start_ms

    def __call__(self) -> int:
        return self.ms


def with_wall(service: Tournaments, start_ms: int) -> Iterator[Wall]:
    """For a fixture: ``yield from with_wall(service, START_MS)``."""
    clock = Wall(start_ms)
    service.use_clock(clock)
    yield clock
    service.use_clock(system_ms)
