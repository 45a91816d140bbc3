"""A state as the store pickles it (the records reduced to their
constructor and fields) loads back equal to the state the engine computed,
record for record, and the engine carries on from it as from the original."""

from __future__ import annotations

import random

import pytest

from rinkside.rules.game import apply, replay
from rinkside.rules.records import Chain, items
from rinkside.rules.state import GameState
from rinkside.services import state_cache
from rinkside.simulate import simulate_game


def _fields(state: GameState) -> dict[str, object]:
    names = getattr(state, "__slots__", None) or list(vars(state))
    return {name: items(value) if isinstance(value, Chain) else value
            for name in names for value in [getattr(state, name)]}


@pytest.mark.parametrize("seed", range(12))
def test_a_stored_state_loads_back_equal_to_the_engines(seed: int) -> None:
    setup, events = simulate_game(random.Random(seed), second_edition=seed % 2 == 1)
    pickler = state_cache._Pickler()
    for cut in (len(events) // 2, len(events)):
        state = replay(setup, events[:cut])
        loaded = state_cache._loaded(state_cache._dumped(state, {}, pickler), setup, {})
        assert loaded is not None
        assert _fields(loaded) == _fields(state)
        if cut < len(events):  # the engine carries on from the loaded state alike
            after = [apply(s, events[cut]) for s in (state, loaded)]
            assert _fields(after[0]) == _fields(after[1])


def test_a_state_for_another_setup_is_not_loaded() -> None:
    setup, events = simulate_game(random.Random(3))
    other, _ = simulate_game(random.Random(4))
    blob = state_cache._dumped(replay(setup, events), {})
    assert state_cache._loaded(blob, other, {}) is None
