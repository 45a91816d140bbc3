"""When each penalty's time began and ended, kept on its record (Rule 507).

The box (:mod:`rinkside.rules.box`) holds a penalty's time as units; as they
change, the fold notes on the state (``GameState.penalty_time_chain``, one
persistent chain of ``PenaltyTime`` facts, as cheap to grow as the
other records) when a penalty's time

- began to run: at the face-off (409(d)), when a place freed for a held
  third penalty (408(a)), or behind the server's earlier penalty (402(f));
- ended, and how (:class:`~rinkside.rules.records.PenaltyEnd`): its time ran
  out (402(b), 403(b); a player waiting for a stoppage or face-off comes
  back then, 402(c) note 1, 402(g), 404(a), 408(b)), a goal released it
  (402(d)), its player was removed from the game (404(c)-(g), 405(a)), or
  the game ended first.

``GameState.penalties`` gives each
:class:`~rinkside.rules.records.PenaltyRecord` its ``started``, ``ended``
and ``end`` from these facts (:func:`timed`). Penalties ending while the
clock runs end at the exact tenth; those ended by an event at the event's
moment.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, TypeAlias

from rinkside.rules.box import Box
from rinkside.rules.records import Chain, PenaltyEnd, PenaltyRecord, items
from rinkside.rules.times import GameTime

if TYPE_CHECKING:
    from rinkside.rules.state import GameState


# How a penalty ended, as module names: Python 3.11 reads an enum's members off
# its class unspecialized, through the enum type's __getattr__ hook (issue 30).
EXPIRED: Final = PenaltyEnd.EXPIRED
RELEASED: Final = PenaltyEnd.RELEASED
REMOVED: Final = PenaltyEnd.REMOVED
GAME_OVER: Final = PenaltyEnd.GAME_OVER
_push: Final = Chain.push  # likewise: a class's attribute is read unspecialized

PenaltyTime: TypeAlias = tuple[int, int | GameTime, PenaltyEnd | None]
"""One fact of a penalty's time, ``(penalty_id, at, end)``: it began (``end``
None) or ended, at ``at``: elapsed clock tenths, or the moment of the event
that ended it. The first fact of each kind for a penalty holds. (A plain
tuple: the fold builds one at every start and end.)"""


def note(s: GameState, since: int, at: GameTime) -> bool:
    """The box of ``s`` changed with the event at ``at`` (``since``: the
    elapsed tenths the clock stood at before the event); its done units are
    not pruned yet. Whether any unit is done (the box needs pruning).

    A unit that began during the event has ``start >= since``; a done unit
    ended on time at its end (its time ran out while the clock ran), came back
    at the event after its time (``wait``: 402(c) note 1, 402(g), 404(a),
    408(b)), or was released by a goal before its end (402(d)).
    """
    done = False
    for u in s.units:
        if u.status == "pending":
            continue
        if u.start >= since:
            s.penalty_time_chain = _push(s.penalty_time_chain,
                                              (u.penalty_id, u.start, None))
        if u.status == "done":
            done = True
    if done:
        _note_ended(s, at)
    return done


def _note_ended(s: GameState, at: GameTime) -> None:
    alive: set[int] = set()
    for u in s.units:  # a plain loop: a comprehension is a call of its own (issue 30)
        if u.status != "done":
            alive.add(u.penalty_id)
    last: dict[int, tuple[int, int | GameTime, PenaltyEnd]] = {}
    now = s.elapsed
    for u in s.units:
        if u.status != "done" or u.penalty_id in alive:
            continue
        over: tuple[int, int | GameTime, PenaltyEnd]
        if u.wait:
            over = (now, at, EXPIRED)  # back at this stoppage or face-off
        elif u.end <= now:
            over = (u.end, u.end, EXPIRED)  # on time, as the clock ran
        else:
            over = (now, at, RELEASED)  # 402(d)
        known = last.get(u.penalty_id)
        if known is None or over[0] >= known[0]:
            last[u.penalty_id] = over
    for pid, (_, moment, how) in last.items():
        s.penalty_time_chain = _push(s.penalty_time_chain, (pid, moment, how))


def note_removed(s: GameState, before: Box, at: GameTime) -> None:
    """Units of ``before`` left the box with their player (404(c)-(g), 405(a))."""
    alive = {u.penalty_id for u in s.units}
    for pid in {u.penalty_id for u in before} - alive:
        s.penalty_time_chain = _push(s.penalty_time_chain,
                                          (pid, at, REMOVED))


def note_game_over(s: GameState) -> None:
    """The game ends now: what is still in the box ends with it (a forfeit
    empties the box next, 634(d))."""
    note(s, 0, s.clock)
    for pid in {u.penalty_id for u in s.units if u.status != "done"}:
        s.penalty_time_chain = _push(s.penalty_time_chain,
                                          (pid, s.clock, GAME_OVER))


def timed(s: GameState, records: tuple[PenaltyRecord, ...]) -> tuple[PenaltyRecord, ...]:
    """``records`` with the times the fold noted."""
    if s.penalty_time_chain is None:
        return records
    began: dict[int, GameTime] = {}
    ended: dict[int, tuple[GameTime, PenaltyEnd]] = {}
    for fact in items(s.penalty_time_chain):
        pid, at, how = fact
        if how is None:
            if pid not in began and isinstance(at, int):
                began[pid] = _moment(s, at, ending=False)
        elif pid not in ended:
            ended[pid] = (at if isinstance(at, GameTime) else _moment(s, at, ending=True), how)
    return tuple(_with(r, began.get(r.penalty_id), ended.get(r.penalty_id))
                 if r.penalty_id in began or r.penalty_id in ended else r for r in records)


def _with(record: PenaltyRecord, started: GameTime | None,
          ended: tuple[GameTime, PenaltyEnd] | None) -> PenaltyRecord:
    return PenaltyRecord(
        record.penalty_id, record.at, record.team, record.player, record.served_by,
        record.penalty_class, record.infraction, record.rule, record.suspension, record.goalie,
        started, None if ended is None else ended[0], None if ended is None else ended[1],
        record.official, record.called_by, record.stoppage, record.added_by)


def _moment(s: GameState, elapsed: int, *, ending: bool) -> GameTime:
    """Elapsed clock tenths as a game moment; at a period's boundary an end is
    0:00 of the period before, a start the full clock of the next."""
    period = 1
    while True:
        end = s.period_offset(period + 1)
        if elapsed < end or (ending and elapsed == end):
            return GameTime(period, end - elapsed)
        period += 1
