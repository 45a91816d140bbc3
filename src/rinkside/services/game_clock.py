"""The running game clock anchored in wall-clock time (Rule 507(a): the game
timekeeper keeps all actual playing time).

When an event starts the clock (a face-off, a stoppage undone), the service
writes an anchor: the clock read T at wall time W, so until the next
stoppage it reads ``T - (now - W)`` on every console and display, whatever is
entered, corrected or undone meanwhile. The game timekeeper may set the
running clock to the rink's hardware clock: a new anchor, recorded with who
set it and when, and no event in the game's log. The anchors are stored with
the game (``clock_anchors``), so they survive a restart and any reload.

Wall time comes from the clock passed in (:meth:`GameClocks.use_clock`),
never read here directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Final

from sqlalchemy import Connection, Row, bindparam, insert, select
from sqlalchemy.orm import Session

from rinkside.present.clock import RunningClock
from rinkside.rules.errors import RuleViolation
from rinkside.rules.state import GameState
from rinkside.services.base import ServiceBase, WallClock, system_ms
from rinkside.services.team_styles import shown_logo
from rinkside.store import models, signoffs
from rinkside.store.connections import connection_of
from rinkside.store.prepared import Prepared

__all__ = ["GameClocks", "LiveExtras", "WallClock", "clocks_in", "live_extras_in", "system_ms"]


class GameClocks(ServiceBase):
    """The anchors of the games' running clocks."""

    def running_clock(self, game_id: int) -> RunningClock | None:
        """The game's newest anchor (None before its clock first ran)."""
        return self.clocks(game_id)[0]

    def clocks(self, game_id: int) -> tuple[RunningClock | None, RunningClock | None]:
        """The game's running-clock anchor and its newest countdown (a
        time-out's, 641 note 1, or an intermission's, 640(a)), in one read."""
        with self.write() as s:
            return clocks_in(s, game_id)

    def set_running_clock(self, game_id: int, left: int, by: str,
                          reason: str | None = None) -> RunningClock:
        """The game timekeeper sets the running clock to the rink's clock
        (Rule 507(a)): it reads ``left`` tenths now. Refused while the clock
        is stopped (the clock then stands at the last event's time: a
        correction changes that), past the period's length, or once the
        game is signed (616(a)). With ``reason`` (a nudge,
        :mod:`rinkside.services.clock_nudge`) the desk's record of changes
        keeps it, what the clock read and what it reads now, in the same
        write."""
        with self.write() as s:
            game = self.existing_row(s, models.Game, game_id)
            self.refuse_locked(s, game_id)
            _, state = self._game_state_in(s, game_id)
            if not state.running:
                raise RuleViolation("507(a)", "the running clock can be set only while it "
                                    "runs; with the clock stopped it stands at the last "
                                    "event's time (correct that event instead)")
            length = state.period_length(state.period)
            if not 0 <= left <= length:
                raise RuleViolation("507(a)", f"the clock reads between 0:00 and the "
                                    f"period's length ({length // 600}:00), not {left} tenths")
            now = self.now_ms()
            if reason is not None:
                anchor = clocks_in(s, game_id)[0]
                read = None if anchor is None else anchor.left - (now - anchor.wall_ms) // 100
                division = self.existing_row(s, models.Division, game.division_id)
                s.add(models.DeskChange(tournament_id=division.tournament_id,
                                        subject=f"game {game_id}", action="clock nudged",
                                        before={"left": read}, after={"left": left},
                                        reason=reason, by=by, at=self.now()))
            return _write(s, game_id, state.period, left, now, "timekeeper", by)

    def _anchor_clock(self, s: Session | Connection, game_id: int, before: GameState,
                      after: GameState, by: str) -> None:
        """After a write: anchor the clock at the new state's time if the
        write started it (a face-off, a stoppage undone, a new period)."""
        settings = after.setup.settings
        if after.timeouts_used != before.timeouts_used:  # 641 note 1: its thirty seconds
            _write(s, game_id, after.period, settings.timeout_length, self.now_ms(), "timeout", by)
        if after.phase == "intermission" and before.phase != "intermission":  # 640(a)
            _write(s, game_id, after.period, settings.intermission, self.now_ms(),
                   "intermission", by)
        if not after.running:
            return
        if before.running and before.period == after.period:
            return  # anchored when it started
        _write(s, game_id, after.period, after.left, self.now_ms(), "play", by)

    def _game_state_in(self, s: Session, game_id: int) -> tuple[int, GameState]:
        raise NotImplementedError  # Tournaments (tournaments.py)


RUNNING_KINDS = ("play", "timekeeper")


@dataclass(frozen=True, slots=True)
class LiveExtras:
    anchor: RunningClock | None
    countdown: RunningClock | None
    locked: bool
    styles: dict[int, tuple[str | None, str | None]]  # team id -> (colour, logo)


# The reads of every live page and every console write, built once and run
# on the session's connection (plain rows: no statement built, no ORM
# object loaded).
_A = models.ClockAnchor
_ANCHOR_COLUMNS: Final = (_A.id, _A.period, _A.left_tenths, _A.wall_ms, _A.kind)
_NEWEST_ANCHORS: Final = (select(*_ANCHOR_COLUMNS).where(_A.game_id == bindparam("game"))
                          .order_by(_A.id.desc()).limit(8))
# Every console write reads it: compiled once, run on the driver's cursor.
_NEWEST_ANCHORS_RUN: Final = Prepared(_NEWEST_ANCHORS)
_NEWEST_RUNNING: Final = (select(*_ANCHOR_COLUMNS)
                          .where(_A.game_id == bindparam("game"), _A.kind.in_(RUNNING_KINDS))
                          .order_by(_A.id.desc()).limit(1))
_STYLES: Final = (select(models.TeamStyle.team_id, models.TeamStyle.colour, models.TeamStyle.logo)
                  .where(models.TeamStyle.team_id.in_(bindparam("teams", expanding=True))))


def live_extras_in(s: Session, game_id: int, team_ids: Sequence[int], *,
                   locked: bool | None = None) -> LiveExtras:
    """What a live page is sent beside the engine's state, read in ``s``
    (with the game's row, in one session: :func:`rinkside.services.queries.games.live`):
    the clocks, whether the game is signed (616(a); ``locked`` when the
    caller has just read it), the teams' styles."""
    anchor, countdown = clocks_in(s, game_id)
    styles = connection_of(s).execute(_STYLES, {"teams": list(team_ids)}).all()
    return LiveExtras(anchor, countdown,
                      signoffs.is_locked(s, game_id) if locked is None else locked,
                      {team: (colour, shown_logo(logo)) for team, colour, logo in styles})


def clocks_in(s: Session | Connection, game_id: int
              ) -> tuple[RunningClock | None, RunningClock | None]:
    """The game's running-clock anchor and its newest countdown, read in ``s``
    (one statement, two when no anchor is among the newest eight)."""
    rows = _NEWEST_ANCHORS_RUN.all(connection_of(s), {"game": game_id})
    anchor = next((RunningClock(*r) for r in rows if r[4] in RUNNING_KINDS), None)
    if anchor is None and len(rows) == 8:
        anchor = _newest(s, game_id)
    countdown = next((RunningClock(*r) for r in rows if r[4] not in RUNNING_KINDS), None)
    return anchor, countdown


def _newest(s: Session | Connection, game_id: int) -> RunningClock | None:
    row = connection_of(s).execute(_NEWEST_RUNNING, {"game": game_id}).first()
    return None if row is None else _value(row)


def _value(row: models.ClockAnchor | Row[int, int, int, int, str]) -> RunningClock:
    return RunningClock(row.id, row.period, row.left_tenths, row.wall_ms, row.kind)


# An anchor is written as one insert built once (a console's write anchors
# the clock at every face-off: an ORM object and its flush cost several times
# the insert), compiled once and run on the driver's cursor, its id returned.
_ANCHOR_FIELDS: Final = ("game_id", "period", "left_tenths", "wall_ms", "kind", "username", "at")
_INSERT_ANCHOR: Final = Prepared(
    insert(_A).values({name: bindparam(name, type_=_A.__table__.c[name].type)
                       for name in _ANCHOR_FIELDS}).returning(_A.id))


def _write(s: Session | Connection, game_id: int, period: int, left: int, wall_ms: int,
           kind: str, by: str) -> RunningClock:
    row = _INSERT_ANCHOR.first(connection_of(s), {
        "game_id": game_id, "period": period, "left_tenths": left, "wall_ms": wall_ms,
        "kind": kind, "username": by, "at": datetime.fromtimestamp(wall_ms / 1000, UTC)})
    if row is None or row[0] is None:
        raise RuntimeError(f"the clock's anchor of game {game_id} was written with no id")
    return RunningClock(row[0], period, left, wall_ms, kind)


def shown_countdown(state: GameState, countdown: RunningClock | None) -> RunningClock | None:
    """The countdown the pages show: a time-out's (641 note 1) until the
    face-off of its stoppage, the intermission's between periods (640(a))."""
    if countdown is None:
        return None
    if countdown.kind == "timeout" and state.timeouts_here and state.phase == "stopped":
        return countdown
    if countdown.kind == "intermission" and state.phase == "intermission":
        return countdown
    return None


def shown_anchor(state: GameState, anchor: RunningClock | None) -> RunningClock | None:
    """The anchor the pages count from: only while the clock runs in the
    anchor's period (a stopped clock stands at the last event's time)."""
    if anchor is None or not state.running or anchor.period != state.period:
        return None
    return anchor
