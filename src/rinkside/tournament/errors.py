"""The tournament's rule error.

:class:`TournamentRuleError` is the tournament's counterpart of the engine's
:class:`rinkside.rules.errors.RuleViolation`: something the rule book forbids
at the level of the tournament (a removed team's later game, 634(e); a playoff
format that lets a tie stand, 639). It carries the rule number and a sentence
a tournament director understands.
"""

from __future__ import annotations


class TournamentRuleError(Exception):
    """A tournament step the rule book forbids. ``rule`` is e.g. ``"634(e)"``."""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.reason = message
        super().__init__(f"Rule {rule}: {message}")


class GameLocked(TournamentRuleError):
    """The referees have signed the game's report: its events cannot change
    until the tournament director reopens it (Rule 616(a))."""

    def __init__(self, game_id: int) -> None:
        super().__init__("616(a)", f"game {game_id} is signed by its referees: its events "
                         "cannot change unless the tournament director reopens it")
        self.game_id = game_id
