"""The engine's two kinds of error.

- :class:`RuleViolation`: a well-formed event that the rule book forbids
  (a time-out during play, an assist on an own goal). It carries the rule
  number and a sentence a scorekeeper understands; the game state is left
  exactly as it was.
- :class:`MalformedEvent`: input that is not an event at all (a missing
  field, a time that cannot be read). Raised at the edges, before the
  engine sees anything.
"""

from __future__ import annotations

from rinkside.rules.notices import Reason


class RuleViolation(Exception):
    """An event the rule book forbids. ``rule`` is e.g. ``"641(a)"``."""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.reason = message
        super().__init__(f"Rule {rule}: {message}")

    @property
    def why(self) -> tuple[Reason, ...]:
        """The rules that refused the event, as a box entry's ``why`` gives them."""
        return (Reason(self.rule, self.reason),)


class MalformedEvent(ValueError):
    """Input that cannot be read as an event; names where it went wrong."""

    def __init__(self, message: str, *, index: int | None = None, field: str | None = None) -> None:
        self.index = index
        self.field = field
        where = []
        if index is not None:
            where.append(f"event {index}")
        if field is not None:
            where.append(f"field '{field}'")
        prefix = (", ".join(where) + ": ") if where else ""
        super().__init__(prefix + message)


class SettingsError(ValueError):
    """An event amendment that the book does not allow, with the rule."""

    def __init__(self, key: str, rule: str | None, message: str) -> None:
        self.key = key
        self.rule = rule
        cite = f" (Rule {rule})" if rule else ""
        super().__init__(f"setting '{key}': {message}{cite}")
