"""A scenario's events folded through the engine, keeping every state.

An event the engine refuses (:class:`~rinkside.rules.errors.RuleViolation`)
is remembered and the state from before it is kept; the events after it are
still applied. An engine fault is remembered too: it fails the scenario.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rinkside.formats import Scenario
from rinkside.rules.errors import RuleViolation
from rinkside.rules.game import GameState, apply, start
from rinkside.rules.notices import RuleWarning

__all__ = ["Fold", "fold"]


@dataclass(slots=True)
class Fold:
    """The states after each event, and the events refused or that crashed."""

    states: list[GameState]  # the state right after each event
    refused: dict[int, RuleViolation]
    crashed: dict[int, str]
    warnings: dict[int, tuple[RuleWarning, ...]] = field(default_factory=dict)
    """The engine's warnings for each event it accepted (FORMAT.md second edition)."""


def fold(scenario: Scenario) -> Fold:
    """Every event of ``scenario`` applied in order, from the game's start."""
    state = start(scenario.setup)
    out = Fold([], {}, {})
    for i, event in enumerate(scenario.events):
        try:
            state = apply(state, event)
            out.warnings[i] = state.last_warnings
        except RuleViolation as exc:
            out.refused[i] = exc
        except Exception as exc:  # an engine fault fails the scenario
            out.crashed[i] = f"{type(exc).__name__}: {exc}"
        out.states.append(state)
    return out
