"""Rule 601(a): the next step of a player's or a team official's misconduct.

"If the player persists in such conduct, a misconduct penalty shall be
assessed and any further persistence by the same player shall result in the
assessment of a game misconduct penalty ... In the case of a Coach or other
Team Official, a bench minor penalty shall be assessed first and if such
conduct continues, a game misconduct penalty shall be assessed."

Referees may skip steps (casebook 47), so the engine accepts any class; the
console's catalog offers the next step from the record of the game so far
(:func:`next_step`).
"""

from __future__ import annotations

from dataclasses import dataclass

from rinkside.rules.events import PenaltyClass, Team
from rinkside.rules.infractions import lookup
from rinkside.rules.records import PenaltyRecord
from rinkside.rules.state import GameState

__all__ = ["Step", "next_step"]

PC = PenaltyClass
_PLAYER_STEPS = (PC.MINOR, PC.MISCONDUCT, PC.GAME_MISCONDUCT)
_OFFICIAL_STEPS = (PC.BENCH_MINOR, PC.GAME_MISCONDUCT)


@dataclass(frozen=True, slots=True)
class Step:
    """The class the book gives next, the rule, and why, in a sentence."""

    penalty_class: PenaltyClass
    rule: str
    text: str
    earlier: int  # the 601(a) penalties already given to him in the game


def _under_601a(record: PenaltyRecord) -> bool:
    entry = lookup(record.infraction, record.rule)
    return entry is not None and entry.rule == "601(a)"


def next_step(state: GameState, team: Team, *, player: int | None = None,
              official: str | None = None) -> Step:
    """Rule 601(a): the next penalty for ``team``'s ``player`` (or team
    ``official``) from his 601(a) penalties so far in the game."""
    mine = [r for r in state.penalties if r.team == team and _under_601a(r)
            and (r.official == official if official is not None else r.player == player)]
    steps = _OFFICIAL_STEPS if official is not None else _PLAYER_STEPS
    done = {r.penalty_class for r in mine}
    reached = max((steps.index(c) for c in done if c in steps), default=-1)
    nxt = steps[min(reached + 1, len(steps) - 1)]
    who = official if official is not None else f"#{player}"
    if not mine:
        text = f"{who}: a first penalty under 601(a) is a {nxt.text}"
    else:
        last = steps[reached].text if reached >= 0 else "penalty"
        text = f"{who} persists after a {last}: the next step is a {nxt.text}"
    return Step(nxt, "601(a)", text, len(mine))
