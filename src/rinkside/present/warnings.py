"""The engine's warnings and reasons as the pages, the commands and the report
show them: one :class:`GameWarning` (its rule, its sentence, the event that
gave it) whatever shape the engine keeps them in.

The engine gives a warning when the referees' call does not match its rule
(a class the rule does not list, the clock that should have stopped, a
delayed minor cancelled by a goal); the penalty or the time stands. No rule
is decided here: the sentences are the engine's.

**The adapter** (where a richer engine is connected, in one place):
:func:`engine_warnings` reads the warnings a state carries and
:func:`entry_reasons` the reasons a box entry carries. Today's engine keeps
on a state only the warnings of the event that made it (strings ``"Rule
NNN(x): ..."``; ``rules.game.apply`` clears them per event) and no reasons on
a box entry, so :func:`fold_warnings` applies the events one at a time and
collects each event's, numbered. When the state keeps every warning with its
rule, text and event index, :func:`engine_warnings` maps those fields and
everything else stands as it is (:func:`fold_warnings` keeps each warning
once).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Final

from rinkside.rules.box import BoxEntry
from rinkside.rules.events import Event
from rinkside.rules.game import apply
from rinkside.rules.state import GameState

__all__ = ["GameWarning", "engine_warnings", "entry_reasons", "fold_warnings",
           "new_warnings", "rule_of"]

_RULE: Final = re.compile(r"\bRule (\d{3}(?:\([a-z]\))?(?: note \d+)?)")


@dataclass(frozen=True, slots=True)
class GameWarning:
    """One warning of the engine: ``Rule NNN(x): the delayed minor to #7 is not
    imposed: the other team scored.`` (the rule of a delayed minor cancelled)."""

    rule: str | None  # "NNN(x)" as the sentence names it; None when it names none
    text: str  # the engine's sentence, its rule in it
    event: int | None  # the index in the game's log of the event that gave it


def rule_of(text: str) -> str | None:
    """The first rule a warning's sentence names."""
    found = _RULE.search(text)
    return found.group(1) if found else None


def engine_warnings(state: GameState) -> tuple[GameWarning, ...]:
    """THE ADAPTER: the warnings ``state`` carries. Today's engine: those of
    the event that made it, strings without an event index."""
    return tuple(GameWarning(rule_of(text), text, None) for text in state.warnings)


def entry_reasons(entry: BoxEntry) -> tuple[str, ...]:
    """THE ADAPTER for a box entry: the engine's reasons for where it stands
    ("waits for the first stoppage", with its rule), when the entry carries them
    (today's engine keeps none; an entry's ``reasons`` are read if present)."""
    reasons = getattr(entry, "reasons", ())
    return tuple(str(r) for r in reasons)


def fold_warnings(state: GameState, events: Iterable[Event], first: int = 0
                  ) -> tuple[GameState, tuple[GameWarning, ...]]:
    """Apply ``events`` to ``state`` (numbered from ``first`` in the log) and
    the warnings they gave, each once, in order (the RuleViolation of a
    refused event propagates, as :func:`rinkside.rules.game.apply`'s)."""
    found: dict[GameWarning, None] = {}
    before = {w for w in engine_warnings(state) if w.event is not None}  # kept by the engine
    for index, event in enumerate(events, start=first):
        state = apply(state, event)
        for warning in engine_warnings(state):
            if warning.event is None:  # today's engine: this event's own
                found.setdefault(replace(warning, event=index), None)
            elif warning not in before:
                found.setdefault(warning, None)
    return state, tuple(found)


def new_warnings(before: Iterable[GameWarning], after: Iterable[GameWarning]
                 ) -> tuple[GameWarning, ...]:
    """The warnings of ``after`` not in ``before``, in order."""
    seen = set(before)
    return tuple(w for w in after if w not in seen)
