"""The second edition's incidents: the referees' warnings, a player leaving
the box early, a suspended game, the referees' time-out.

- ``warning`` (:class:`Caution`, casebook 46): recorded; it changes nothing
  on the floor. The penalties the book gives "after a warning" are checked
  against it (:mod:`rinkside.rules.automatic`). 631(b): a second warning to
  a team in one period makes a minor due (a warning says so). 205(d): under
  running time the warning holds the clock until the face-off.
- ``left_box`` (casebook 44; 629(c), (e), (f), (k)): the player's time still
  to serve is kept, the strength does not change, and his team's goals are
  refused until the next stoppage, when he is back in the box: the unexpired
  time first, then the additional minor of 629(c) (none after the penalty
  timekeeper's error, 629(f)). A player whose time is over but who is bound
  to wait for the stoppage or the face-off may leave too (casebook 56): a
  warning, no minor, his entry as it was, his team's goals refused until
  the stoppage.
- ``suspend`` / ``resume`` (634(a), 634(b), 640(d)): play and the clock stop;
  only its resumption or a forfeit may follow; the clock stays stopped
  until the face-off.
- ``referee_timeout`` (640(b), 206(e)): the clock is held until the face-off.

``refuse_*`` functions only read the state; the changes refuse nothing.
"""

from __future__ import annotations

from rinkside.rules import clock
from rinkside.rules.automatic import rule_key
from rinkside.rules.eligibility import refuse_unlisted
from rinkside.rules.errors import RuleViolation
from rinkside.rules.events import (
    Caution,
    Event,
    Forfeit,
    LeftBox,
    RefereeTimeout,
    Resume,
    Suspend,
    Team,
)
from rinkside.rules.notices import warn
from rinkside.rules.penalties import assess_leaving, stop_play
from rinkside.rules.records import CautionRecord
from rinkside.rules.state import GameState


def refuse_while_suspended(s: GameState, event: Event) -> None:
    """Rules 634(b), 640(d): while the game is suspended, only its resumption
    or a forfeit may be recorded."""
    refusal = suspended_refusal(type(event))
    if refusal is not None:
        raise refusal


def suspended_refusal(kind: type[Event]) -> RuleViolation | None:
    """Why a suspended game takes no event of type ``kind`` (None: it may),
    as :func:`refuse_while_suspended` and :mod:`rinkside.rules.accepts` ask."""
    if kind in (Resume, Forfeit):
        return None
    return RuleViolation("640(d)", "the game is suspended (634(a), 634(b), 640(d)): only its "
                         "resumption or a forfeit can be recorded")


def _refuse_during_game(s: GameState, at_rule: str, what: str) -> None:
    """Before the opening face-off counts: Rule 634(a) warns a team that
    refuses "to begin the game", and 401(b) penalizes an offense when play is
    not in progress, so its player may leave the box then (629(c))."""
    if s.phase not in ("not_started", "in_play", "stopped", "intermission"):
        raise RuleViolation(at_rule, f"{what} is recorded during the game; the game is "
                            f"{s.phase.replace('_', ' ')}")


# -- warnings -------------------------------------------------------------------------


def refuse_caution(s: GameState, event: Caution) -> None:
    """Rule 502(a): the referees control the players on and off the floor
    through the shootout too, whose rules of play are a penalty shot's
    (639(b) 4 B): a penalty is accepted then, so the warning the book gives
    before one (304(b), 617(b); casebook 46) is too, the clock as it is."""
    if s.phase != "shootout":
        _refuse_during_game(s, "502", "a warning by the referees")
    if s.phase != "intermission" and not clock.keeps_clock(s, event.at):
        clock.refuse_moment(s, event.at)
    if event.player is not None:
        refuse_unlisted(s, event.team, event.player, "player warned")


def caution(s: GameState, event: Caution) -> None:
    """Casebook 46: the warning is kept for the penalties that need one."""
    key = rule_key(event.rule)
    before = [c for c in s.cautions if c.team == event.team and c.rule == key
              and c.period == s.period]
    s.cautions = (*s.cautions, CautionRecord(event.at, event.team, event.player,
                                             event.official, key, s.period, s.stoppage))
    if key == "631(b)" and before:
        warn(s, "631(b)", f"a second warning to {event.team} in this period: a minor penalty "
             "is due to the player who violated the rule")
    if key == "205(d)" and s.phase == "stopped" and s.setup.settings.clock == "running":
        s.clock_held = True  # 205(d): "the first warning will hold the clock"
        s.held_for = "the warning of 205(d)"


# -- leaving the box early -----------------------------------------------------------


def _his_units(s: GameState, event: LeftBox, states: tuple[str, ...] = ("running", "pending")
               ) -> list[int]:
    """The units the player who left sits in the box for (``states``): his
    own, or one he serves (:func:`rinkside.rules.box.sits_for` as 629(c) reads it)."""
    out = []
    for u in s.units:
        if u.team != event.team or u.status not in states:
            continue
        server = u.served_by if u.served_by is not None else u.player
        if server == event.player and u.pending_reason not in ("queue", "left"):
            out.append(u.uid)
    return out


def refuse_left_box(s: GameState, event: LeftBox) -> None:
    """Rule 629(c): only a player in the box can leave it early: with penalty
    time still to serve, or with his time over and bound to wait for the
    stoppage or the face-off (casebook 56)."""
    _refuse_during_game(s, "629(c)", "leaving the penalty bench")
    if s.phase != "intermission":
        clock.refuse_moment(s, event.at)
    refuse_unlisted(s, event.team, event.player, "player leaving the box")
    if any(t == event.team and n == event.player for t, n, _ in s.out_of_box):
        raise RuleViolation("629(e)", f"#{event.player} has already left the penalty bench")
    moved = s if event.at == s.clock else _at(s, event)
    if not _his_units(moved, event, ("running", "pending", "expired")):
        raise RuleViolation("629(c)", f"#{event.player} ({event.team}) has no penalty time "
                            "still to serve and is not waiting in the box")


def _at(s: GameState, event: LeftBox) -> GameState:
    moved = s.copy()
    moved.units = clock.box_at(s, event.at)
    return moved


def left_box(s: GameState, event: LeftBox) -> None:
    """Casebook 44: during play his time still to serve waits, the team as
    short as it was, until the stoppage (629(e)); at a stoppage he is back
    at once and the additional minor follows his time (629(c), 629(f))."""
    mine = set(_his_units(s, event))
    if not mine:
        _left_after_expiry(s, event)
        return
    if s.phase != "in_play":
        # Casebook 44: back at the same stoppage, the time he still had when
        # he left is served from the face-off (``pending`` until then, as
        # after leaving during play), though running time runs on meanwhile.
        _hold(s, mine, group=s.stoppage)
        if not event.error:
            additional_minor(s, event.team, event.player)
        return
    _hold(s, mine)
    s.out_of_box = s.out_of_box | {(event.team, event.player, event.error)}


def _left_after_expiry(s: GameState, event: LeftBox) -> None:
    """Casebook 56: his penalty has expired and he was bound to wait (402(c)
    note 1, 402(g), 403(c), 404(a), 408(b)). No 629(c) minor: that is for
    leaving "before his/her penalty has expired". His entry stays expired and
    ends at the stoppage or face-off it waits for; until a stoppage he is
    illegally on the floor, so his team's goal is refused (629(k))."""
    expired = set(_his_units(s, event, ("expired",)))
    faceoff = any(u.wait == "faceoff" for u in s.units if u.uid in expired)
    waits = "the face-off" if faceoff else "the stoppage"
    warn(s, "629(c)", f"#{event.player} ({event.team}) left the penalty bench after his penalty "
         f"had expired, while bound to wait for {waits}: no additional minor (629(c) gives it "
         f"for leaving before the penalty has expired, casebook 56); his team's goal is refused "
         f"until then (629(k)). Record any penalty the referees give instead (such as a bench "
         f"minor for too many players, 205(c)).")
    if s.phase == "in_play":
        s.out_of_box = s.out_of_box | {(event.team, event.player, True)}


def _hold(s: GameState, uids: set[int], group: int | None = None) -> None:
    """Casebook 44: his running time stops at what he still had when he left
    (``pending``, still counted), to run again from the face-off."""
    now = s.elapsed
    s.units = tuple(
        u._replace(status="pending", pending_reason="left", duration=u.left(now), start=0,
                   group=u.group if group is None else group)
        if u.uid in uids and u.status == "running" else u for u in s.units)


def additional_minor(s: GameState, team: Team, player: int) -> None:
    """Rule 629(c): the additional minor, served after the unexpired time."""
    assess_leaving(s, team, player)


# -- suspension and the referees' time-out ---------------------------------------------


def refuse_suspend(s: GameState, event: Suspend) -> None:
    if s.phase == "shootout":
        return
    if s.phase in ("in_play", "stopped"):
        clock.refuse_moment(s, event.at)


def suspend(s: GameState, event: Suspend) -> None:
    """Rules 634(b), 640(d): play and the clock stop."""
    if s.phase == "in_play":
        stop_play(s)
    s.resume_phase = s.phase
    s.phase = "suspended"


def refuse_resume(s: GameState, event: Resume) -> None:
    if s.phase != "suspended":
        raise RuleViolation("640(d)", "the game is not suspended")


def resume(s: GameState, event: Resume) -> None:
    """The suspension is over; the clock stays stopped until the face-off."""
    s.phase = s.resume_phase
    if s.phase == "stopped":
        s.clock_held = True
        s.held_for = "the suspension"


def refuse_referee_timeout(s: GameState, event: RefereeTimeout) -> None:
    """Rule 640(b): the referees may call a time-out at any time of the game."""
    if s.phase not in ("in_play", "stopped"):
        raise RuleViolation("640(b)", f"a referees' time-out is called during the game; the "
                            f"game is {s.phase.replace('_', ' ')}")
    clock.refuse_moment(s, event.at)


def referee_timeout(s: GameState, event: RefereeTimeout) -> None:
    """Rules 640(b), 206(e): it makes a stoppage, or falls in one, and holds
    the clock until the face-off."""
    if s.phase == "in_play":
        stop_play(s)
    s.clock_held = True
    s.held_for = "the referees' time-out"


__all__ = [
    "additional_minor", "caution", "left_box", "referee_timeout", "refuse_caution",
    "refuse_left_box", "refuse_referee_timeout", "refuse_resume", "refuse_suspend",
    "refuse_while_suspended", "resume", "suspend",
]
