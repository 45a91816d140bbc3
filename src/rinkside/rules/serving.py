"""Who serves a penalty when the penalized player does not (the console asks).

The engine accepts a penalty with or without ``served_by``; these tables
say where the book has someone else serve the time, so that a scorekeeper
is asked who:

- Rule 402(c): a bench minor is served by any player the coach or playing
  captain designates.
- Rule 405(a): a match penalty's time is served by a non-penalized player,
  not the goaltender.
- Rules 407(a), 404(a): a goaltender is not sent to the penalty bench; a
  teammate on the floor at the time of the infraction serves the time.
- Rules 404(b), 404(e): a minor with a misconduct, or a major with a
  misconduct, game ejection or game misconduct, given at the same time: a
  substitute serves the first penalty.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from rinkside.rules.events import PenaltyClass

PC = PenaltyClass

# Whose penalty ("any" player's, a "skater"'s, a "goaltender"'s) -> class -> rule.
SERVED_BY: Final[Mapping[str, Mapping[PenaltyClass, str]]] = {
    "any": {PC.BENCH_MINOR: "402(c)"},
    "skater": {PC.MATCH: "405(a)"},
    "goaltender": {PC.MINOR: "407(a)", PC.DOUBLE_MINOR: "407(a)", PC.MAJOR: "407(a)",
                   PC.MISCONDUCT: "404(a)", PC.MATCH: "405(a)"},
}
# Class -> (the classes given with it that call for a substitute, the rule).
SERVED_WITH: Final[Mapping[PenaltyClass, tuple[tuple[PenaltyClass, ...], str]]] = {
    PC.MINOR: ((PC.MISCONDUCT,), "404(b)"),
    PC.MAJOR: ((PC.MISCONDUCT, PC.GAME_EJECTION, PC.GAME_MISCONDUCT), "404(e)"),
}
