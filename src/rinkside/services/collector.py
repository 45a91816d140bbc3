"""The garbage collector paused around a bulk of short-lived values.

A division's cold recompute decodes and replays every game's log: thousands
of small values (events, moments, box units, records) a game, nearly all
freed at once by their reference counts, none forming a cycle. Yet every
700 allocations start a collection, and each full one walks every state kept
so far. Paused around the bulk, the collector resumes after it (when the last
of several threads pausing it is done) and collects as usual.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["collector_paused"]

class _Pauses:
    """How many blocks are inside :func:`collector_paused` now."""

    count = 0
    lock = threading.Lock()


@contextmanager
def collector_paused() -> Iterator[None]:
    """The garbage collector off for the block, on again when the last block
    pausing it ends (unless it was off before any did: then left as it is)."""
    with _Pauses.lock:
        ours = _Pauses.count > 0 or gc.isenabled()
        if ours:
            _Pauses.count += 1
            gc.disable()
    if not ours:
        yield
        return
    try:
        yield
    finally:
        with _Pauses.lock:
            _Pauses.count -= 1
            if _Pauses.count == 0:
                gc.enable()
