"""How a game ended: how it was decided (:class:`DecidedBy`, each with its
rule and its text) and the :class:`Result` a finished game's state holds.

As python-chess's ``Termination`` and ``Outcome``; :mod:`rinkside.rules.state`
re-exports both, as the rules core's public surface.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rinkside.rules.events import Team


class DecidedBy(StrEnum):
    """How a game was decided, each with the rule that decides it so.

    A ``str`` enum, as python-chess's ``Termination`` is an enum: a result's
    ``decided_by == "forfeit"`` and its JSON (``"forfeit"``) are as before.
    """

    REGULATION = "regulation"  # 640(a): the leader when the periods have been played
    OVERTIME = "overtime"  # 639(b)3, 639(c)3: sudden death
    SHOOTOUT = "shootout"  # 639(b)4
    MERCY = "mercy"  # 630(a)
    FORFEIT = "forfeit"  # 634(d)
    TIE = "tie"  # 639(a)

    @property
    def rule(self) -> str:
        return _DECIDED_RULES[self]

    @property
    def text(self) -> str:
        """How the winner won, as a result line says it: ``in overtime``,
        ``(mercy rule)``; ``tie`` for a tie."""
        return _DECIDED_TEXT[self]


_DECIDED_RULES: dict[DecidedBy, str] = {
    DecidedBy.REGULATION: "640(a)", DecidedBy.OVERTIME: "639", DecidedBy.SHOOTOUT: "639(b)",
    DecidedBy.MERCY: "630", DecidedBy.FORFEIT: "634(d)", DecidedBy.TIE: "639(a)",
}
_DECIDED_TEXT: dict[DecidedBy, str] = {
    DecidedBy.REGULATION: "in regulation", DecidedBy.OVERTIME: "in overtime",
    DecidedBy.SHOOTOUT: "in a shootout", DecidedBy.MERCY: "(mercy rule)",
    DecidedBy.FORFEIT: "by forfeit", DecidedBy.TIE: "tie",
}


@dataclass(frozen=True, slots=True)
class Result:
    winner: Team | None
    decided_by: DecidedBy
    points: dict[Team, float]
    score: dict[Team, int]

