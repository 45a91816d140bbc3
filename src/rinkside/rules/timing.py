"""When each penalty's time began and ended, kept on its record (Rule 507).

The box (:mod:`rinkside.rules.box`) holds a penalty's time as units; as they
change, the penalty's :class:`~rinkside.rules.records.PenaltyRecord` is given

- ``started``: when its first unit began to run: at the face-off (409(d)),
  when a place freed for a held third penalty (408(a)), or behind the
  server's earlier penalty (402(f));
- ``ended`` and ``end``: when its last unit left the box, and how: its time
  ran out (402(b), 403(b); the player waiting for a stoppage or face-off
  comes back then, 402(c) note 1, 402(g), 404(a), 408(b)), a goal released
  it (402(d)), its player was removed from the game (404(c)-(g), 405(a)),
  or the game ended first.

Penalties ending while the clock runs end at the exact tenth; those ended by
an event at the event's moment.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rinkside.rules.box import Box
from rinkside.rules.records import Chain, PenaltyEnd, PenaltyRecord
from rinkside.rules.times import GameTime

if TYPE_CHECKING:
    from rinkside.rules.state import GameState


def note_run(s: GameState, before: Box) -> None:
    """The clock ran from ``before`` to ``s.units`` (not yet pruned)."""
    after = s.units
    _note_started(s, before, after)
    alive = {u.penalty_id for u in after if u.status != "done"}
    for pid in {u.penalty_id for u in before} - alive:
        over = max(u.end for u in after if u.penalty_id == pid)
        _end(s, pid, _moment(s, over, ending=True), PenaltyEnd.EXPIRED)


def note_event(s: GameState, before: Box, at: GameTime | None) -> None:
    """The event changed the box from ``before`` to ``s.units``."""
    after = s.units
    _note_started(s, before, after)
    if at is None:
        return
    alive = {u.penalty_id for u in after if u.status != "done"}
    for pid in {u.penalty_id for u in before if u.status != "done"} - alive:
        left = [u for u in after if u.penalty_id == pid]
        if not left:
            how = PenaltyEnd.REMOVED
        elif any(u.penalty_id == pid and u.status == "running" for u in before):
            how = PenaltyEnd.RELEASED
        else:
            how = PenaltyEnd.EXPIRED
        _end(s, pid, at, how)


def note_game_over(s: GameState) -> None:
    """The game ended: what is still in the box ends with it."""
    for pid in {u.penalty_id for u in s.units if u.status != "done"}:
        _end(s, pid, s.clock, PenaltyEnd.GAME_OVER)


def _note_started(s: GameState, before: Box, after: Box) -> None:
    ran = {u.penalty_id for u in before if u.status != "pending"}
    first: dict[int, int] = {}
    for u in after:
        if u.status != "pending" and u.penalty_id not in ran:
            known = first.get(u.penalty_id)
            if known is None or u.start < known:
                first[u.penalty_id] = u.start
    for pid, start in first.items():
        record = _find(s, pid)
        if record is not None and record.started is None:
            _replace(s, pid, _with(record, started=_moment(s, start, ending=False)))


def _end(s: GameState, pid: int, at: GameTime, how: PenaltyEnd) -> None:
    record = _find(s, pid)
    if record is not None and record.end is None:
        _replace(s, pid, _with(record, ended=at, end=how))


def _with(record: PenaltyRecord, *, started: GameTime | None = None,
          ended: GameTime | None = None, end: PenaltyEnd | None = None) -> PenaltyRecord:
    return PenaltyRecord(
        record.penalty_id, record.at, record.team, record.player, record.served_by,
        record.penalty_class, record.infraction, record.rule, record.suspension, record.goalie,
        started if started is not None else record.started,
        ended if ended is not None else record.ended,
        end if end is not None else record.end)


def _find(s: GameState, pid: int) -> PenaltyRecord | None:
    node = s.penalty_chain
    while node is not None:  # the penalties in the box are the recent ones
        if node.head.penalty_id == pid:
            return node.head
        node = node.tail
    return None


def _replace(s: GameState, pid: int, record: PenaltyRecord) -> None:
    """Swap the record of ``pid`` in the state's chain (only the newer nodes
    are rebuilt; the older ones are shared)."""
    newer: list[PenaltyRecord] = []
    node = s.penalty_chain
    while node is not None and node.head.penalty_id != pid:
        newer.append(node.head)
        node = node.tail
    if node is None:
        return
    chain = Chain.push(node.tail, record)
    for head in reversed(newer):
        chain = Chain.push(chain, head)
    s.penalty_chain = chain


def _moment(s: GameState, elapsed: int, *, ending: bool) -> GameTime:
    """Elapsed clock tenths as a game moment; at a period's boundary an end is
    0:00 of the period before, a start the full clock of the next."""
    period = 1
    while True:
        end = s.period_offset(period + 1)
        if elapsed < end or (ending and elapsed == end):
            return GameTime(period, end - elapsed)
        period += 1
