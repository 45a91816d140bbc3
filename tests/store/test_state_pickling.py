"""A state as the store pickles it (the records reduced to their
constructor and fields) loads back equal to the state the engine computed,
record for record, and the engine carries on from it as from the original."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random

import pytest

from rinkside.rules.game import apply, replay
from rinkside.rules.records import Chain, items
from rinkside.rules.roster import Player, Roster
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


def test_a_stored_state_of_another_shape_is_only_a_miss() -> None:
    """A blob whose fields are not this engine's is computed again, not an error."""
    setup, events = simulate_game(random.Random(6))
    blob = state_cache._dumped(replay(setup, events), {})
    digests, values = pickle.loads(blob)
    assert len(values) == len(GameState.__slots__) - 1  # kept without its setup
    shorter = state_cache._Pickler().dumps((digests, values[:-1]))
    assert state_cache._loaded(shorter, setup, {}) is None
    assert state_cache._loaded(blob, setup, {}) is not None


def _changed(value: object, name: str) -> object:
    """``value`` with its field ``name`` changed (as dataclasses.replace)."""
    old = getattr(value, name)
    new = {bool: lambda v: not v, int: lambda v: v + 1, str: lambda v: v + "x",
           type(None): lambda v: "C"}[type(old)](old)
    return dataclasses.replace(value, **{name: new})  # type: ignore[type-var]


def test_a_roster_digests_as_every_field_it_compares_by() -> None:
    """A stored state is reused only for a setup of the same digests: two
    rosters that compare equal digest alike, and a change to any field of a
    roster or of one of its players (a field added later too) changes it."""
    setup, _ = simulate_game(random.Random(5))
    roster = setup.home
    digest = state_cache._digest(roster, {})
    twin = Roster(roster.name, tuple(Player(p.number, p.name, p.goalie, p.captain)
                                     for p in roster.players), roster.roster_max)
    assert twin == roster and twin is not roster
    assert state_cache._digest(twin, {}) == digest
    compared = [f.name for f in dataclasses.fields(Roster) if f.compare and f.name != "players"]
    assert compared == ["name", "roster_max"]  # the digest reads these from the class
    for name in compared:
        assert state_cache._digest(_changed(roster, name), {}) != digest, name
    player = roster.players[-1]
    for f in dataclasses.fields(Player):  # built unchecked: the digest checks nothing
        changed = copy.copy(roster)
        object.__setattr__(changed, "players",
                           (*roster.players[:-1], _changed(player, f.name)))
        assert state_cache._digest(changed, {}) != digest, f.name
