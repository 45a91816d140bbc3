"""The garbage collector paused around a bulk of short-lived values.

A division's cold recompute decodes and replays every game's log: thousands
of small values (events, moments, box units, records) a game, nearly all
freed at once by their reference counts, none forming a cycle. Yet every
700 allocations start a collection, and each full one walks every state kept
so far. Paused around the bulk, the collector resumes after it (when the last
of several threads pausing it is done) and collects as usual.

What such a bulk leaves alive is kept long: a division's states, some 27,000
objects, stay in the memory cache. Left to the young generations, they would
be walked twice more on their way to the old one (measured: about 5% of a
cold recompute). A bulk that says so (``keeps=True``) hands them straight to
the old generation as it ends (``gc.freeze()`` then ``gc.unfreeze()``, two
constant-time moves of the collector's lists), where only full passes walk
them, and where any cycle among them is still found and freed.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["collector_paused"]


class _Pauses:
    """How many blocks are inside :func:`collector_paused` now, and whether
    one of them keeps what it built."""

    count = 0
    keeps = False
    lock = threading.Lock()


@contextmanager
def collector_paused(*, keeps: bool = False) -> Iterator[None]:
    """The garbage collector off for the block, on again when the last block
    pausing it ends (unless it was off before any did: then left as it is).
    With ``keeps``, what is alive when the last block ends goes to the old
    generation at once (the block built values kept long)."""
    with _Pauses.lock:
        ours = _Pauses.count > 0 or gc.isenabled()
        if ours:
            _Pauses.count += 1
            _Pauses.keeps = _Pauses.keeps or keeps
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
                if _Pauses.keeps:
                    gc.freeze()  # every generation, and the frozen, into one list,
                    gc.unfreeze()  # and that list into the old generation
                    _Pauses.keeps = False
                gc.enable()
