"""Rate limits of the public read API (``/api/v1``), per reader: a read
token (:mod:`rinkside.services.api_tokens`) by its id, anyone else by the
client's address. A window of :data:`WINDOW` seconds per reader; over its
allowance a request is answered 429 with ``Retry-After`` (the seconds until
its window ends).

The clock is passed in (:func:`get_rate_clock`, a dependency tests
override to run time); the counts live in the process (with ``serve
--workers N`` each worker counts its own: a reader may get up to N times the
allowance, as the docs page says).
"""

from __future__ import annotations

import math
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

WINDOW: Final = 60.0  # seconds
ANONYMOUS_PER_WINDOW: Final = 120
TOKEN_PER_WINDOW: Final = 1200

RateClock = Callable[[], float]  # seconds, monotonic


async def get_rate_clock() -> RateClock:
    """The limits' clock (tests override this dependency). ``async``: it
    does no I/O, and FastAPI runs a plain ``def`` dependency in its thread
    pool, a hop to another thread and back for every read of the API."""
    return time.monotonic


@dataclass(frozen=True, slots=True)
class Allowance:
    """How many reads a window allows anyone, and a token's holder."""

    anonymous: int = ANONYMOUS_PER_WINDOW
    token: int = TOKEN_PER_WINDOW

    @classmethod
    def from_environ(cls) -> Allowance:
        """RINKSIDE_API_ANONYMOUS_PER_MINUTE and RINKSIDE_API_TOKEN_PER_MINUTE,
        else the defaults."""
        return cls(int(os.environ.get("RINKSIDE_API_ANONYMOUS_PER_MINUTE",
                                      ANONYMOUS_PER_WINDOW)),
                   int(os.environ.get("RINKSIDE_API_TOKEN_PER_MINUTE", TOKEN_PER_WINDOW)))


@dataclass
class RateLimiter:
    """Each reader's window: when it began and how many reads it had."""

    allowance: Allowance = field(default_factory=Allowance)
    _windows: dict[str, tuple[float, int]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def take(self, reader: str, limit: int, now: float) -> int | None:
        """Count one read of ``reader``: None when allowed, else the whole
        seconds to wait (at least 1) before its window ends."""
        with self._lock:
            begun, count = self._windows.get(reader, (now, 0))
            if now - begun >= WINDOW or now < begun:
                begun, count = now, 0
            if count >= limit:
                return max(1, math.ceil(begun + WINDOW - now))
            self._windows[reader] = (begun, count + 1)
            if len(self._windows) > 10_000:  # forget the windows that are over
                self._windows = {k: v for k, v in self._windows.items()
                                 if now - v[0] < WINDOW}
            return None
