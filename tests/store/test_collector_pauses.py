"""The collector paused around a bulk (services.collector): off inside, on
after the last of nested blocks; what a block that keeps its values leaves
alive goes straight to the old generation, where a full pass still frees
a cycle among it."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from rinkside.services.collector import collector_paused


class Node:
    """A value the collector tracks (and can make a cycle of)."""

    def __init__(self) -> None:
        self.other: Node | None = None


def generation_of(value: object) -> int | None:
    for generation in range(3):
        if any(candidate is value for candidate in gc.get_objects(generation)):
            return generation
    return None


@pytest.fixture
def collector_on() -> Iterator[None]:
    was = gc.isenabled()
    gc.enable()
    gc.collect()
    yield
    if not was:
        gc.disable()


def test_nested_blocks_resume_the_collector_after_the_last(collector_on: None) -> None:
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused(keeps=True):
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_block_that_keeps_leaves_its_values_in_the_old_generation(collector_on: None) -> None:
    with collector_paused(keeps=True):
        kept = Node()
    assert generation_of(kept) == 2
    assert gc.get_freeze_count() == 0  # nothing left out of the collector's sight
    with collector_paused():
        young = Node()
    assert generation_of(young) == 0


def test_a_cycle_handed_to_the_old_generation_is_still_freed(collector_on: None) -> None:
    with collector_paused(keeps=True):
        first, second = Node(), Node()
        first.other, second.other = second, first
    gone = weakref.ref(first)
    del first, second
    assert gone() is not None  # a cycle: no reference count frees it
    gc.collect()
    assert gone() is None


def test_a_collector_off_before_the_block_stays_off(collector_on: None) -> None:
    gc.disable()
    try:
        with collector_paused(keeps=True):
            kept = Node()
        assert not gc.isenabled()
        assert generation_of(kept) == 0  # left as it was: nobody's bulk here
    finally:
        gc.enable()
