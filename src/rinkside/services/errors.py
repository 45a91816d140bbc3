"""Why the application layer refused a step or found nothing: its own
:class:`NotFound`, and the store's and the tournament's refusals that the
web, the reports and the CLI catch (re-exported here, so that none of them
imports the store)."""

from __future__ import annotations

from rinkside.rules.errors import RuleViolation
from rinkside.store.errors import (
    EventLogError,
    LogCorrupted,
    NoSuchPosition,
    StaleWrite,
    UnknownGame,
)
from rinkside.tournament.errors import GameLocked, TournamentRuleError


class NotFound(LookupError):
    """A tournament, division, team, player or game that is not in the store."""


__all__ = ["EventLogError", "GameLocked", "LogCorrupted", "NoSuchPosition", "NotFound",
           "RuleViolation", "StaleWrite", "TournamentRuleError", "UnknownGame"]
