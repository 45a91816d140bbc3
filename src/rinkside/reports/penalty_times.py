"""When each penalty's time began and when the player came back: the off
and on times of the official report (Rule 507), read from the engine's box
as the game's log is replayed (the engine itself keeps no such record)."""

from __future__ import annotations

from rinkside.rules.events import Event, Forfeit
from rinkside.rules.game import apply, start
from rinkside.rules.roster import GameSetup
from rinkside.rules.state import GameState
from rinkside.rules.times import GameTime


def penalty_times(setup: GameSetup, events: list[Event]
                  ) -> dict[int, tuple[GameTime | None, GameTime | None]]:
    """Penalty id -> (when its time began, when the player came back).

    The engine's box is watched as the log is replayed: a penalty starts
    when one of its units first runs (409(d), 408(a), 402(f)); it is over
    when its last unit leaves the box, either as the clock runs to the next
    event (its time ran out) or with the event itself (a goal 402(d), a
    stoppage 402(g), 404(a), a face-off 402(c) note 1). A penalty still in
    the box when the game ends, or with no time to serve, has no "on" time.
    """
    state = start(setup)
    began: dict[int, int] = {}
    ended: dict[int, GameTime] = {}
    for event in events:
        moved = state
        if event.at is not None and not event.at.is_before(state.clock):
            moved = state.advance_to(event.at)
        after = apply(state, event)
        if not isinstance(event, Forfeit):  # a forfeit ends the game, not the penalties
            _gone(state, moved, ended, at=None)
            if event.at is not None:
                _gone(moved, after, ended, at=event.at)
        for unit in moved.units + after.units:
            if unit.status in ("running", "expired") and unit.penalty_id not in began:
                began[unit.penalty_id] = unit.start
        state = after
    return {pid: (_moment(state, began[pid], ending=False) if pid in began else None,
                  ended.get(pid)) for pid in {r.penalty_id for r in state.penalties}}


def _gone(before: GameState, after: GameState, ended: dict[int, GameTime],
          at: GameTime | None) -> None:
    """Penalties in ``before``'s box and not in ``after``'s: over at ``at``,
    or (``at`` None) when the clock ran their time out."""
    left = {u.penalty_id for u in after.units}
    for pid in {u.penalty_id for u in before.units} - left:
        if at is not None:
            ended[pid] = at
            continue
        units = [u for u in before.units if u.penalty_id == pid]
        running_end = max((u.end for u in units if u.status == "running"), default=None)
        if running_end is None:
            continue
        queued = sum(u.duration for u in units if u.status == "pending")
        ended[pid] = _moment(before, running_end + queued, ending=True)


def _moment(state: GameState, elapsed: int, *, ending: bool) -> GameTime:
    """Elapsed clock tenths as a game moment; at a period's boundary an end is
    0:00 of the period before, a start the full clock of the next."""
    period = 1
    while True:
        end = state.period_offset(period + 1)
        if elapsed < end or (ending and elapsed == end):
            return GameTime(period, end - elapsed)
        period += 1
