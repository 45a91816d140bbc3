"""The engine's warnings and reasons as the pages, the commands and the report
show them: one :class:`GameWarning` (its rule, its sentence, the event that
gave it) whatever shape the engine keeps them in.

The engine gives a warning when the referees' call does not match its rule
(a class the rule does not list, the clock that should have stopped, a
delayed minor cancelled by a goal); the penalty or the time stands. No rule
is decided here: the sentences are the engine's.

**The adapter** (where the engine's shapes are read, in one place):
:func:`engine_warnings` reads the warnings a state keeps (every warning of
the game, each a :class:`rinkside.rules.notices.RuleWarning` with its rule,
sentence and the index of its event in the log) and :func:`entry_reasons`
the reasons a box entry carries (``BoxEntry.why``: each a
:class:`rinkside.rules.notices.Reason`, "waits for the first stoppage: 408(b)").
:func:`fold_warnings` applies a file's events and keeps the warnings they
gave, each once.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Final

from rinkside.present.names import with_team_names
from rinkside.rules.box import BoxEntry
from rinkside.rules.events import Event
from rinkside.rules.game import apply
from rinkside.rules.roster import GameSetup
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
    """THE ADAPTER: every warning ``state`` keeps, oldest first, each with the
    index in the log of the event that gave it, the teams called by their
    names (:func:`rinkside.present.names.with_team_names`)."""
    return tuple(GameWarning(w.rule, with_team_names(str(w), state.setup), w.event_index)
                 for w in state.warnings)


def entry_reasons(entry: BoxEntry, setup: GameSetup | None = None) -> tuple[str, ...]:
    """THE ADAPTER for a box entry: the engine's reasons for where it stands
    ("waits for the first stoppage: 408(b)", "pending behind #7's major: 402(f)"),
    the teams called by their names when ``setup`` is given."""
    return tuple(with_team_names(str(r), setup) for r in entry.why)


def fold_warnings(state: GameState, events: Iterable[Event], first: int = 0
                  ) -> tuple[GameState, tuple[GameWarning, ...]]:
    """Apply ``events`` to ``state`` and the warnings they gave, in order, each
    numbered as ``events`` are from ``first`` (a file's events from 0, a
    stored log's from where it stood); the RuleViolation of a refused event
    propagates, as :func:`rinkside.rules.game.apply`'s."""
    before = set(engine_warnings(state))
    offset = first - state.event_count
    for event in events:
        state = apply(state, event)
    return state, tuple(replace(w, event=None if w.event is None else w.event + offset)
                        for w in new_warnings(before, engine_warnings(state)))


def new_warnings(before: Iterable[GameWarning], after: Iterable[GameWarning]
                 ) -> tuple[GameWarning, ...]:
    """The warnings of ``after`` not in ``before``, in order."""
    seen = set(before)
    return tuple(w for w in after if w not in seen)
