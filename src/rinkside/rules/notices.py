"""What the engine tells people beside the state: its warnings and its reasons.

- :class:`RuleWarning`: the referees' call does not match the book's rule
  (a class the rule does not list, a "must" not followed as in 619(c), a
  penalty the book gives "after a warning" with none recorded, casebook 46).
  The event is accepted; every warning of the game is kept on the state
  (:attr:`rinkside.rules.state.GameState.warnings`) with the index of the
  event it belongs to.
- :class:`Reason`: one rule that put a box entry where it is ("waits for the
  first stoppage: 408(b)") or that refused an event.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rinkside.rules.state import GameState

__all__ = ["Reason", "RuleWarning", "warn"]


@dataclass(frozen=True, slots=True)
class Reason:
    """One rule and what it does here, e.g. ``Reason("408(b)", "waits for the
    first stoppage")``."""

    rule: str
    text: str

    def __str__(self) -> str:
        return f"{self.text}: {self.rule}"


@dataclass(frozen=True, slots=True)
class RuleWarning:
    """A warning the engine gave: the rule, the sentence, and the index (from
    0, counting the events the engine accepted) of the event it belongs to."""

    rule: str
    text: str
    event_index: int

    def __str__(self) -> str:
        return f"Rule {self.rule}: {self.text}"


def warn(s: GameState, rule: str, text: str) -> None:
    """Keep a warning for the event being applied to ``s``."""
    s.warnings = (*s.warnings, RuleWarning(rule, text, s.event_count))
