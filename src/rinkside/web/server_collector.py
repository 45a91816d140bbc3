"""The garbage collector of a game-day server.

Python's collector makes a full pass whenever the objects that survived since
the last one number a quarter of those that had: a server holding thousands
of live pages (some 150 objects each: the connection, its task, its stream)
then stops for tenths of a second in the middle of a broadcast. Measured
(``benchmarks/bench_live.py``, 10,000 pages on two workers): one full pass of
363 ms during the scorekeeper's phase took that phase's slowest write to
688 ms, where the others stayed under 450.

So a server does not leave its full passes to that rule:

- at start, everything alive (the app, the engine's tables, the templates) is
  collected once and frozen out of the collector's sight (``gc.freeze``),
  until a cold division view hands what it keeps to the old generation
  (:mod:`rinkside.services.collector`), which returns the frozen with it;
- the young generations are collected as usual (cheap: they hold what one
  request or one broadcast leaves behind);
- a full pass runs every ``every`` seconds (:data:`FULL_PASS`, five minutes),
  from a thread of its own, so that what cyclic garbage reaches the old
  generation is freed within that time, at a moment no rule of allocation
  picks in the middle of a broadcast;
- what survives a pass is frozen after it: the live pages connected since
  the last pass (their connections, tasks and streams live as long as the
  page) are walked by one pass, not by every pass while they stay. A full
  pass stops every loop of the process while it walks, and walking 10,000
  pages' objects took 4.8 s under load (issue 30). Every ``thaw_every``
  passes (:data:`THAW_EVERY`: once an hour) the frozen are let go first, so
  that a cycle left by a page that has gone since is still freed;
- and every :data:`PAGES_FROZEN` live pages opened, what is alive is frozen
  at once (:meth:`FullPasses.page_opened`, a constant-time move of the
  collector's lists), so that even the first pass after thousands of pages
  connect does not walk them.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable
from typing import Final

__all__ = ["FULL_PASS", "NO_AUTOMATIC_FULL_PASS", "PAGES_FROZEN", "THAW_EVERY", "FullPasses",
           "settle"]

FULL_PASS: Final = 300.0  # seconds between two full passes
THAW_EVERY: Final = 12  # one full pass in so many also walks the frozen (hourly)
PAGES_FROZEN: Final = 500  # live pages opened between two freezes (gc.freeze: constant time)
NO_AUTOMATIC_FULL_PASS: Final = 1 << 30  # the old generation's threshold: never reached


def settle() -> None:
    """At a server's start: everything alive collected, then frozen; the
    young generations' thresholds kept, the old one's full passes left to
    :class:`FullPasses`."""
    gc.collect()
    gc.freeze()
    young, middle, _old = gc.get_threshold()
    gc.set_threshold(young, middle, NO_AUTOMATIC_FULL_PASS)


class FullPasses:
    """A thread making one full pass of the collector every ``every`` seconds
    until stopped, freezing what survives it; every ``thaw_every``-th pass
    walks the frozen too (unfrozen first). ``wait(seconds)`` waits that
    long, or less when it returns True (stop); by default the thread's own
    stop event, so tests can pass a clock of their own."""

    def __init__(self, every: float = FULL_PASS,
                 wait: Callable[[float], bool] | None = None,
                 thaw_every: int = THAW_EVERY, pages_frozen: int = PAGES_FROZEN) -> None:
        self.every = every
        self.thaw_every = thaw_every
        self.pages_frozen = pages_frozen
        self.passes = 0
        self.opened = 0  # live pages opened since the last freeze
        self._stop = threading.Event()
        self._wait = wait or self._stop.wait
        self._thread = threading.Thread(target=self._run, name="rinkside-full-passes",
                                        daemon=True)

    def start(self) -> FullPasses:
        self._thread.start()
        return self

    def stop(self, timeout: float = 5.0) -> None:
        self._stop.set()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(timeout)

    def _run(self) -> None:
        while not self._stop.is_set() and not self._wait(self.every):
            if self._stop.is_set():
                return
            self.collect()

    def page_opened(self) -> None:
        """A live page was opened (on the server's loop): every
        ``pages_frozen``-th, what is alive is frozen out of the passes' walks."""
        self.opened += 1
        if self.opened >= self.pages_frozen:
            self.opened = 0
            gc.freeze()

    def collect(self) -> None:
        """One pass: the unfrozen walked (every ``thaw_every``-th pass, the
        frozen too), then what survives frozen."""
        self.passes += 1
        if self.passes % self.thaw_every == 0:
            gc.unfreeze()
        gc.collect()
        gc.freeze()
