"""What changes as the clock runs, with no new event: the coming moments of a state.

While the game clock runs, the book changes the game by the clock alone: a
penalty's time is over and its player comes back (402(b), 403(b)) or waits
for a stoppage (402(g), 403(c), 404(a), 408(b)) or the face-off (402(c)
note 1); a penalty held back as a third starts when a place frees (408(a));
a player's next penalty starts when his first is over (402(f), 409(c));
under running time the late stop-clock begins (640(a), casebook 22); the
period's time runs out at 0:00 (507(c)). :func:`upcoming` gives each such
moment of the clock from ``state`` on, with what changes and the state the
engine gives at that reading (``GameState.advance_to``: nothing else
happening), so a display shows the book's state at every tenth without
asking the server, and holds no rule.

Pure: it reads the state's public fields and asks the engine for the state
at each moment; times are integer tenths left on the period's clock.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rinkside.rules.box import Kind, Unit
from rinkside.rules.events import Team
from rinkside.rules.state import GameState
from rinkside.rules.times import GameTime

__all__ = ["Change", "ChangeKind", "Moment", "upcoming"]

ChangeKind = Literal["penalty_ends", "player_returns", "penalty_starts", "late_stop_clock",
                     "period_end"]
MOST_MOMENTS = 8  # enough for any box: a display asks again at the next event


@dataclass(frozen=True, slots=True)
class Change:
    """One thing the clock changes: ``kind``, for whom (``team``, ``player``:
    None for a bench penalty or the whole game) and the rule that makes it."""

    kind: ChangeKind
    team: Team | None
    player: int | None
    rule: str


@dataclass(frozen=True, slots=True)
class Moment:
    """The clock reads ``at`` (tenths left of the state's period): these
    ``changes`` happen, and ``state`` is the game from then on."""

    at: int
    changes: tuple[Change, ...]
    state: GameState


def upcoming(state: GameState, most: int = MOST_MOMENTS) -> tuple[Moment, ...]:
    """The moments ahead of ``state`` that need no event, soonest first,
    until the clock stops (the late stop-clock, 0:00) or ``most`` are given.
    Nothing while the clock is stopped: then only an event changes the game."""
    moments: list[Moment] = []
    now = state
    while len(moments) < most and now.running and now.phase in ("in_play", "stopped"):
        at = _next_reading(now)
        if at is None:
            break
        later = now.advance_to(GameTime(now.period, at))
        if later.left == now.left:
            break
        changes = _changes(now, later)
        if changes:
            moments.append(Moment(later.left, changes, later))
        if later.left == 0:
            break
        now = later
    return tuple(moments)


def _next_reading(s: GameState) -> int | None:
    """The soonest clock reading below ``s.left`` at which something may
    change: a running penalty's end, the late stop-clock, 0:00."""
    elapsed = s.elapsed
    readings = [s.left - (u.end - elapsed) for u in s.units if u.status == "running"]
    late = _late_stop_clock_at(s)
    if late is not None:
        readings.append(late)
    readings.append(0)
    ahead = [r for r in readings if 0 <= r < s.left]
    return max(ahead) if ahead else None


def _late_stop_clock_at(s: GameState) -> int | None:
    """Rule 640(a): under running time, stopped play in the last minutes of
    the final regulation period with the score close stops the clock at
    the setting's reading (casebook 22)."""
    st = s.setup.settings
    if st.late_stop_clock is None or s.phase != "stopped" or s.period != st.periods:
        return None
    if abs(s.home_score - s.away_score) > st.late_stop_clock_margin:
        return None
    return st.late_stop_clock


def _changes(before: GameState, after: GameState) -> tuple[Change, ...]:
    """What the clock's run from ``before`` to ``after`` changed."""
    later = {u.uid: u for u in after.units}
    out: list[Change] = []
    for unit in sorted(before.units, key=Unit.order_key):
        now = later.get(unit.uid)
        if unit.status == "running" and (now is None or now.status == "done"):
            out.append(Change("player_returns", unit.team, _who(unit), _back_rule(unit)))
        elif unit.status == "running" and now is not None and now.status == "expired":
            out.append(Change("penalty_ends", unit.team, _who(unit), _wait_rule(now)))
        elif unit.status == "pending" and now is not None and now.status == "running":
            rule = "408(a)" if unit.pending_reason == "third" else "409(c)"
            out.append(Change("penalty_starts", unit.team, _who(unit), rule))
    if before.running and not after.running and after.left > 0:
        out.append(Change("late_stop_clock", None, None, "640(a)"))
    if after.left == 0:
        out.append(Change("period_end", None, None, "507(c)"))
    return tuple(out)


def _who(unit: Unit) -> int | None:
    """The player in the box for ``unit``: the one named to serve it, else the penalized."""
    return unit.served_by if unit.served_by is not None else unit.player


def _back_rule(unit: Unit) -> str:
    """The player comes back when his time is over: a minor (402(b)), a major (403(b))."""
    return "402(b)" if unit.kind == Kind.MINOR else "403(b)"


def _wait_rule(unit: Unit) -> str:
    """Why a player whose time is over stays in the box: a misconduct
    (404(a)), a coincident penalty (402(g), 403(c)), a held third penalty
    taking his place (408(b)), a minor ending in a stoppage under running
    time (402(c) note 1)."""
    if unit.wait == "faceoff":
        return "402(c) Note 1"
    if unit.kind == Kind.MISCONDUCT:
        return "404(a)"
    if unit.substituted or unit.coincident:
        return "402(g)" if unit.kind == Kind.MINOR else "403(c)"
    return "408(b)"
