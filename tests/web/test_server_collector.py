"""The game-day server's garbage collector: everything alive at start frozen,
no automatic full pass (one under thousands of live pages stops a broadcast
for tenths of a second), and a full pass every so often from a thread of its
own, on a clock the test runs."""

from __future__ import annotations

import gc
import threading
import weakref
from collections.abc import Iterator
from typing import Any

import pytest
from webkit import Demo

from rinkside.web.server import build_server
from rinkside.web.server_collector import NO_AUTOMATIC_FULL_PASS, FullPasses, settle


@pytest.fixture
def collector_restored() -> Iterator[None]:
    threshold = gc.get_threshold()
    yield
    gc.set_threshold(*threshold)
    gc.unfreeze()


def test_settle_freezes_what_is_alive_and_leaves_full_passes_to_the_server(
        collector_restored: None) -> None:
    young, middle, _ = gc.get_threshold()
    settle()
    assert gc.get_freeze_count() > 0
    assert gc.get_threshold() == (young, middle, NO_AUTOMATIC_FULL_PASS)


class Ticks:
    """A clock the test runs: each wait returns when the test lets it."""

    def __init__(self) -> None:
        self.tick = threading.Semaphore(0)
        self.waited: list[float] = []
        self.stop = False

    def wait(self, seconds: float) -> bool:
        self.waited.append(seconds)
        self.tick.acquire()
        return self.stop


def test_a_full_pass_runs_at_each_period_and_none_after_stop() -> None:
    ticks = Ticks()
    full: list[int] = []
    done = threading.Event()

    def watch(phase: str, info: dict[str, Any]) -> None:
        if phase == "stop" and info["generation"] == 2:
            full.append(info["collected"])
            done.set()

    passes = FullPasses(every=300.0, wait=ticks.wait)
    gc.callbacks.append(watch)
    try:
        passes.start()
        for expected in (1, 2):
            done.clear()
            ticks.tick.release()  # five minutes go by
            assert done.wait(10)
            assert len(full) >= expected
        ticks.stop = True
        passes.stop(timeout=0)
        ticks.tick.release()
        passes._thread.join(10)
    finally:
        gc.callbacks.remove(watch)
    assert not passes._thread.is_alive()
    assert passes.passes == 2
    assert ticks.waited[:2] == [300.0, 300.0]


class Node:
    """A container that can be made part of a cycle and watched (weakref)."""

    def __init__(self) -> None:
        self.other: Node | None = None


def test_what_survives_a_pass_is_frozen_out_of_the_next_passes_walk(
        collector_restored: None) -> None:
    page = Node()  # a live page's objects, connected before the pass
    passes = FullPasses(thaw_every=12)
    passes.collect()
    assert passes.passes == 1
    assert not any(o is page for o in gc.get_objects())  # not walked by the next pass
    assert gc.get_freeze_count() > 0


def test_every_thaw_every_th_pass_frees_a_cycle_that_died_frozen(
        collector_restored: None) -> None:
    first, second = Node(), Node()
    first.other, second.other = second, first  # a page's cycle, as a closed stream leaves
    gone = weakref.ref(first)
    passes = FullPasses(thaw_every=3)
    passes.collect()  # the page is live: frozen
    del first, second
    passes.collect()
    assert gone() is not None  # frozen: this pass did not walk it
    passes.collect()  # the third: the frozen walked too
    assert gone() is None


def test_every_pages_frozen_th_page_opened_freezes_what_is_alive(
        collector_restored: None) -> None:
    passes = FullPasses(pages_frozen=3)
    page = Node()  # a page's objects, connected now
    passes.page_opened()
    passes.page_opened()
    assert any(o is page for o in gc.get_objects())  # not yet: two pages
    passes.page_opened()
    assert not any(o is page for o in gc.get_objects())  # out of the passes' walks
    assert passes.opened == 0


def test_the_game_day_server_tells_its_collector_of_each_live_page(
        demo: Demo, collector_restored: None) -> None:
    built = build_server(database_url=f"sqlite:///{demo.path}")
    assert built.collector is not None
    assert built.broadcaster.on_subscribe == built.collector.page_opened
