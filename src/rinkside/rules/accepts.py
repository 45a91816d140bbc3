"""What the game accepts now: each kind of event, and why not where it cannot.

A console offers a button for each kind of event; the book closes some of
them for the whole game at a time, whatever the event would say:

- a game signed by its referees takes nothing (616(a): "Changes shall not be
  made on the scoring summary after the referees have signed it");
- a game over takes only what :func:`rinkside.rules.ending.after_end_refusal`
  lets through (casebook 16-17: a penalty for the records, a penalty shot
  awarded as time ran out, 406(i), and the penalized team's goaltender
  back in goal for it, 406(e)); nothing after a mercy (630(a)) or
  forfeit (634(d)) ending;
- a suspended game takes only its resumption or a forfeit (634(b), 640(d));
- a period ends only when its clock reaches 0:00 (640(a)): with time left
  on the clock the period's end is refused; the state at 0:00 is one of
  the coming moments (:mod:`rinkside.rules.upcoming`), whose own answer
  takes it.
- where the setting ``servers_named`` is on, the face-off waits until each
  penalty another player serves has its server named (402(c), 404(b),
  404(e), 405(a), 407(a): :func:`rinkside.rules.serving.faceoff_refusal`).

These are the gates :func:`rinkside.rules.game.apply` passes an event
through before its own checks (the same functions answer both), so a kind
given as accepted may still be refused for what the event says (a player
not dressed, a time-out none is left for); a kind refused here is refused
for every event of it. Pure: it reads the state given.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from rinkside.rules import ending, events, incidents, play, serving
from rinkside.rules.errors import RuleViolation
from rinkside.rules.state import GameState

__all__ = ["Acceptance", "acceptance"]

SIGNED: Final = RuleViolation("616(a)", "the referees have signed the game: nothing can be "
                              "recorded until the tournament director reopens it")


@dataclass(frozen=True, slots=True)
class Acceptance:
    """The kinds of event the game takes now (``accepts``, in the order of
    :data:`~rinkside.rules.events.EVENT_CLASSES`) and, for each other kind,
    the refusal that says why not."""

    accepts: tuple[str, ...]
    refused: dict[str, RuleViolation]


def acceptance(state: GameState, *, signed: bool = False) -> Acceptance:
    """What ``state`` takes now; ``signed``: its referees have signed it (616(a))."""
    refused: dict[str, RuleViolation] = {}
    for name, kind in events.EVENT_CLASSES.items():
        refusal = SIGNED if signed else _gate(state, kind)
        if refusal is not None:
            refused[name] = refusal
    return Acceptance(tuple(k for k in events.EVENT_CLASSES if k not in refused), refused)


def _gate(state: GameState, kind: type[events.Event]) -> RuleViolation | None:
    """The refusal every event of ``kind`` meets now, as :func:`apply` gives it."""
    if state.result is not None:
        return ending.after_end_refusal(state, kind, state.clock)
    if state.phase == "suspended":
        return incidents.suspended_refusal(kind)
    if kind is events.PeriodEnd:
        return period_end_refusal(state)
    if kind is events.FaceOff:
        return serving.faceoff_refusal(state)
    return None


def period_end_refusal(state: GameState) -> RuleViolation | None:
    """Rule 640(a): a period ends when its clock reaches 0:00, so not while
    it shows time left (the engine's :func:`rinkside.rules.play.refuse_period_end`
    answers an end at the clock's reading). The game timekeeper's clock is
    the official one (507(a)): where the rink's clock already reads 0:00,
    the running clock is set to it, or a stopped one's last time corrected."""
    if state.phase in ("in_play", "stopped") and state.left > 0:
        fix = ("set the running clock to the rink's clock if it reads 0:00 (Rule 507(a))"
               if state.running else "if the rink's clock read 0:00 at the whistle, correct "
               "the whistle's time (Rule 507(a))")
        return RuleViolation("640(a)", f"a period ends when the clock reaches 0:00; {fix}")
    try:
        play.refuse_period_end(state, events.PeriodEnd(state.clock))
    except RuleViolation as refusal:
        return refusal
    return None
