"""The fold's shortcuts (issue 30) give what the longer way gives.

Each shortcut the fold takes for speed is checked here against the
question it replaces, on every event of simulated games (both editions):
a goal's strength from the box alone against the players on the floor
(casebook 1-3).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rinkside.rules import GameState, apply, start
from rinkside.rules.events import Event, Goal, other
from rinkside.simulate import simulate_games

GAMES = 60


def _before_each(second_edition: bool) -> Iterator[tuple[GameState, Event, GameState]]:
    """(state before, event, state after) for every event of the simulated games."""
    for setup, events in simulate_games(GAMES, 4242, second_edition=second_edition):
        state = start(setup)
        for event in events:
            after = apply(state, event)
            yield state, event, after
            state = after


@pytest.mark.parametrize("second_edition", [False, True])
def test_goal_strength_is_the_players_on_the_floor(second_edition: bool) -> None:
    """Rule 616 tags, casebook 1-3: PP when the scorer's team has more players
    on the floor at the goal, SH when fewer, EV when as many, with an empty
    net counted as the extra skater it is."""
    goals = 0
    tags = set()
    for before, event, after in _before_each(second_edition):
        if not isinstance(event, Goal):
            continue
        at_goal = before.advance_to(event.at) if before.phase == "in_play" else before
        mine = at_goal.players_on_floor(event.team)
        theirs = at_goal.players_on_floor(other(event.team))
        expected = "PP" if mine > theirs else "SH" if mine < theirs else "EV"
        assert after.goals[-1].strength == expected, (event, at_goal.units)
        goals += 1
        tags.add(expected)
    assert goals > 100
    assert tags == {"PP", "SH", "EV"}
