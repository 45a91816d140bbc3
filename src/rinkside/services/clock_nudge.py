"""The game timekeeper's nudge: the game clock set a second on or back, with
a reason (Rule 507(a): the game timekeeper keeps all actual playing time).

- With the clock stopped, it stands at the time of the event that stopped it
  (the whistle, a goal, a period's end...): that event and every event
  recorded since at the same stoppage move together, each a correction
  carrying the reason, and the engine judges the log as corrected (it
  refuses a stop moved before the play that led to it, 507(a), or past the
  period's length).
- With the clock running, it is the running clock's anchor that moves (as
  when it is set to the rink's clock, 507(a)): no event changes, and the
  reason is kept in the desk's record of changes with who and when.
"""

from __future__ import annotations

import dataclasses

from rinkside.rules.errors import RuleViolation
from rinkside.rules.events import Event
from rinkside.rules.log import GameLog
from rinkside.rules.state import GameState
from rinkside.rules.times import GameTime
from rinkside.services import logs
from rinkside.services.errors import StaleWrite
from rinkside.services.tournaments import Tournaments

__all__ = ["NUDGES", "REASON_LIMIT", "nudge", "stopping_events"]

NUDGES = (-10, 10)
"""A nudge in tenths: a second back (more time left) or on."""
REASON_LIMIT = 400
"""The reason's length: the record keeps it after the rule, within a correction's 500."""


def nudge(service: Tournaments, game_id: int, version: int, tenths: int, *, by: str,
          reason: str) -> tuple[int, GameState]:
    """Set the game's clock ``tenths`` on (10: a second less left) or back
    (-10) at ``version``, with ``reason``: the new version and state.
    ValueError without a reason or for another step; StaleWrite when the
    game moved on; RuleViolation (the rule) where the engine refuses it."""
    if tenths not in NUDGES:
        raise ValueError(f"a nudge is one second on or back (10 or -10 tenths), not {tenths}")
    why = reason.strip()
    if not why:
        raise ValueError("say why the clock is nudged (reason): the game's record keeps it")
    if len(why) > REASON_LIMIT:
        raise ValueError(f"a nudge's reason is at most {REASON_LIMIT} characters")
    record = logs.game_record(service, game_id)  # NotFound
    if record.version != version:
        raise StaleWrite(game_id, version, record.version)
    sign = "back" if tenths < 0 else "on"
    said = f"Rule 507(a): clock nudged a second {sign}: {why}"
    state = record.state
    if state.running:
        return _running(service, game_id, state, tenths, by=by, reason=said)
    log = GameLog.new(record.setup, record.events)
    moved = [(p, _moved(e, tenths, state)) for p, e in stopping_events(log)]
    return service.replace_many(game_id, version, moved, by=by, reason=said)


def stopping_events(log: GameLog) -> list[tuple[int, Event]]:
    """The event that stopped the clock and each one recorded after it (all
    at the stopped time), with their positions; RuleViolation when no event
    stopped it (a period not begun, a game over)."""
    state = log.state
    if state.phase != "stopped" or state.running:
        raise RuleViolation("507(a)", f"the clock can be nudged only while it runs or is "
                            f"stopped in play; the game is {state.phase.replace('_', ' ')}")
    for position in range(len(log.events) - 1, -1, -1):
        if log.state_before(position).running:
            return [(p, log.events[p]) for p in range(position, len(log.events))]
    raise RuleViolation("507(a)", "no event has stopped the clock in this period")


def _moved(event: Event, tenths: int, state: GameState) -> Event:
    at = event.at
    if at is None or at.period != state.period:
        raise RuleViolation("507(a)", "the events at this stoppage are not all at the stopped "
                            "time: correct them one by one")
    left = at.left - tenths
    length = state.period_length(at.period)
    if not 0 <= left <= length:
        raise RuleViolation("507(a)", f"the clock reads between 0:00 and the period's length "
                            f"({length // 600}:00)")
    return dataclasses.replace(event, at=GameTime(at.period, left))


def _running(service: Tournaments, game_id: int, state: GameState, tenths: int, *, by: str,
             reason: str) -> tuple[int, GameState]:
    """The running clock's anchor moved by ``tenths``, the reason in the
    desk's record of changes (in the same write)."""
    anchor = service.running_clock(game_id)
    if anchor is None or anchor.period != state.period:
        raise RuleViolation("507(a)", "the running clock has no reading to nudge yet")
    reading = max(0, anchor.left - (service.now_ms() - anchor.wall_ms) // 100)
    service.set_running_clock(game_id, reading - tenths, by, reason=reason)
    return service.game_state(game_id)
