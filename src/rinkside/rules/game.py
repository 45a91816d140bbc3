"""A game is the fold of its events: ``state = apply(state, event)``.

:func:`apply` takes every event through the same four steps, in this order,
as python-chess does for moves (each event type's steps are one branch of
one chain of ``type(event) is`` tests, which mypy checks covers every type of
:data:`rinkside.rules.events.Event`, each a ``final`` class):

1. **refuse** the event if the book forbids it: a :class:`RuleViolation`
   naming the rule. The ``refuse_*`` functions only read the state given;
   nothing has changed yet;
2. **run the clock** to the event's moment (:mod:`rinkside.rules.clock`:
   penalties end on time, held penalties start, 408(a), 409(d); the late
   stop-clock 640(a));
3. **apply** the change the event makes (by subject:
   :mod:`~rinkside.rules.play` face-offs, whistles, periods and time-outs;
   :mod:`~rinkside.rules.goals`; :mod:`~rinkside.rules.penalties`;
   :mod:`~rinkside.rules.goaltenders`; :mod:`~rinkside.rules.shootout`);
4. **settle** the game's end (:mod:`rinkside.rules.ending`: mercy 630,
   sudden death 639, the end of regulation, shootout 639(b), forfeit 634).

After the steps, the penalties whose time began or ended are noted on their
records (:mod:`rinkside.rules.timing`) and each man advantage as it begins.

Applying one event costs the same at minute 1 and minute 24: the state is
copied shallowly and its records are persistent chains. :func:`replay`
takes a whole log through the same steps (:func:`_step`) without copying:
nobody holds the states between its events, so it changes one state of its
own in place.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, Never, NoReturn

from rinkside.rules import (
    automatic,
    clock,
    ending,
    events,
    goals,
    goaltenders,
    incidents,
    penalties,
    play,
    serving,
    shootout,
    timing,
)
from rinkside.rules.box import HELD, MISCONDUCT_TIME, Box, prune
from rinkside.rules.events import (
    Caution,
    Designate,
    FaceOff,
    Forfeit,
    Goal,
    GoalieChange,
    LeftBox,
    Measurement,
    Penalty,
    PenaltyShot,
    PenaltySignal,
    PeriodEnd,
    RefereeTimeout,
    Resume,
    ShootoutAttempt,
    Shot,
    Stoppage,
    Suspend,
    Team,
    TimeOut,
)
from rinkside.rules.records import Chain
from rinkside.rules.roster import GameSetup
from rinkside.rules.state import GameState
from rinkside.rules.times import GameTime

__all__ = ["GameState", "apply", "replay", "start"]

_push: Final = Chain.push  # a module name: a class's attribute is read unspecialized


def start(setup: GameSetup) -> GameState:
    """The game before the opening face-off."""
    return GameState.initial(setup)


def replay(setup: GameSetup, log: Iterable[events.Event]) -> GameState:
    """The state after every event of ``log``: :func:`apply`'s fold, with
    one state of its own that each event's steps change in place (nobody
    holds the states between, so none is copied). A refused event raises
    :class:`RuleViolation`, and the state, half changed, is dropped with it."""
    state = start(setup)
    for event in log:
        _step(state, state, event)
    return state


def apply(state: GameState, event: events.Event) -> GameState:
    """The state after ``event``; raises :class:`RuleViolation` and leaves
    ``state`` as it was if the book forbids the event."""
    s = state.copy()
    _step(state, s, event)
    return s


def _step(state: GameState, s: GameState, event: events.Event) -> None:
    """Take ``event`` through the steps: the refusals read ``state``, the
    others change ``s``, which is a copy of ``state`` (:func:`apply`) or
    ``state`` itself (:func:`replay`): every refusal runs before the first
    change, and what the steps after the event's own compare with the state
    before the event is kept here first."""
    units, since = state.units, state.elapsed  # the box and the clock before the event
    if state.result is not None:
        ending.refuse_after_end(state, event)
    elif state.phase == "suspended":
        incidents.refuse_while_suspended(state, event)
    # One test a type, the most frequent first, not a ``match``: Python 3.11's
    # MATCH_CLASS builds a set, a list and a tuple at every case that matches, and
    # an isinstance that fails walks the bases, then looks ``__class__`` up as an
    # attribute (issue 30). The event classes are final, so mypy still proves the
    # chain covers every type (the else).
    if type(event) is FaceOff:
        # Most face-offs follow their whistle at its moment: play may resume
        # and the clock stands (613(a)), so neither is asked about. (Tested
        # in an if: Python 3.11 specializes a comparison only before a jump.)
        at = event.at
        moved = True
        if state.phase == "stopped" and at.left == state.left and at.period == state.period:
            moved = False
        if moved:
            play.refuse_faceoff(state, event)  # 613(a), 637(a), 639(b)
        if state.penalty_shot_due is not None:
            automatic.refuse_faceoff(state, event)
        if state.units and state.setup.settings.servers_named:
            serving.refuse_faceoff(state)  # 402(c), 404(b), 404(e), 405(a), 407(a)
        if moved:
            clock.run_to_faceoff(s, at)
        play.faceoff(s, event)
    elif type(event) is Stoppage:
        play.refuse_stoppage(state, event)
        clock.run_to(s, event.at)
        if s.phase == "in_play":  # the whistle stops play (409(b), 402(g), 408(b))
            penalties.stop_play(s)
    elif type(event) is Goal:
        goals.refuse_goal(state, event)
        clock.run_to(s, event.at)
        goals.goal(s, event)
        ending.after_goal(s)
    elif type(event) is Penalty:
        penalties.refuse_penalty(state, event)
        clock.run_lenient(s, event.at)
        penalties.assess(s, event)
    elif type(event) is GoalieChange:
        goaltenders.refuse_goalie_change(state, event)
        if state.units and event.goalie is not None and state.phase != "shootout":
            # 206(d), casebook 45: not the injured player replaced on the bench
            goals.refuse_injured(state, event.at, event.team, {event.goalie})
        if s.phase != "shootout":
            clock.run_to(s, event.at)
        goaltenders.goalie_change(s, event)
    elif type(event) is PeriodEnd:
        play.refuse_period_end(state, event)
        clock.run_to(s, event.at)
        play.period_end(s, event)
        ending.after_period(s)
    elif type(event) is PenaltySignal:
        penalties.refuse_signal(state, event)
        clock.run_to(s, event.at)
        penalties.signal(s, event)
    elif type(event) is Shot:
        goals.refuse_shot(state, event)
        clock.run_to(s, event.at)
        goals.shot(s, event)
    elif type(event) is TimeOut:
        play.refuse_timeout(state, event)
        clock.run_to(s, event.at)
        play.timeout(s, event)
    elif type(event) is ShootoutAttempt:
        shootout.refuse_attempt(state, event)
        shootout.attempt(s, event)
        ending.after_shootout_attempt(s)
    elif type(event) is PenaltyShot:
        goals.refuse_penalty_shot(state, event)
        automatic.refuse_penalty_shot(state, event)
        reopened = ending.reopen_for_penalty_shot(s)
        if s.phase != "intermission":
            clock.run_to(s, event.at)
        automatic.penalty_shot_taken(s, event)
        goals.penalty_shot(s, event)
        ending.after_penalty_shot(s, event, reopened=reopened)
    elif type(event) is Measurement:
        penalties.refuse_measurement(state, event)
        clock.run_to(s, event.at)
        penalties.measure(s, event)
    elif type(event) is Designate:
        penalties.refuse_designate(state, event)
        clock.run_to(s, event.at)
        penalties.designate(s, event)
    elif type(event) is Caution:
        incidents.refuse_caution(state, event)
        clock.run_to(s, event.at)
        incidents.caution(s, event)
    elif type(event) is LeftBox:
        incidents.refuse_left_box(state, event)
        clock.run_to(s, event.at)
        incidents.left_box(s, event)
    elif type(event) is Suspend:
        incidents.refuse_suspend(state, event)
        if s.phase in ("in_play", "stopped"):
            clock.run_to(s, event.at)
        incidents.suspend(s, event)
    elif type(event) is Resume:
        incidents.refuse_resume(state, event)
        incidents.resume(s, event)
    elif type(event) is RefereeTimeout:
        incidents.refuse_referee_timeout(state, event)
        clock.run_to(s, event.at)
        incidents.referee_timeout(s, event)
    elif type(event) is Forfeit:
        ending.refuse_forfeit(state, event)
        if state.phase == "in_play":
            play.refuse_whistle(state)
        if s.phase not in ("not_started", "intermission", "shootout", "suspended"):
            clock.run_to(s, event.at)
        if s.phase == "in_play":
            # 409(b), casebook 49: the forfeit stops play, which assesses the
            # delayed penalties; they stand with the others recorded before it.
            penalties.stop_play(s)
        ending.forfeit(s, event)
        ending.after_forfeit(s, event)
    else:
        _not_an_event(event)
    # Penalty times and strength change only with the box, and not where the
    # event only put new penalties in it to wait for the face-off (409(d)).
    if s.units is not units and not _only_assessed(s.units, units):
        if s.units:
            # the units done with this event leave the box (noted first)
            if event.at is None or timing.note(s, since, event.at):
                s.units = prune(s.units)
        _note_advantage(s)
    s.event_count += 1


def _not_an_event(event: Never) -> NoReturn:
    """Reached only by a value outside :data:`Event` (mypy proves the chain
    of ``type(event) is`` tests above covers every event type)."""
    raise TypeError(f"not an event: {event!r}")


def _only_assessed(box: Box, before: Box) -> bool:
    """Whether ``box`` is ``before`` with penalties added that wait for the
    face-off (409(d)): their time has not begun and nobody is short for them
    yet (casebook 1-3), so no penalty time and no strength changed."""
    n = len(before)
    if len(box) <= n or box[:n] != before:
        return False
    for u in box[n:]:
        if u.status != "pending" or u.pending_reason != "faceoff":
            return False
    return True


def _note_advantage(s: GameState) -> None:
    """Record each man advantage as it begins (for power-play statistics).
    Players on the floor differ only by counting penalties (casebook 1-3)."""
    cap = s.clocks[0].max_counting  # the settings' max_counting_penalties (401(c), 408(a))
    home = away = 0
    for unit in s.units:  # unit.counts, inline (asked at every change of the box)
        if (unit.status == "running" or unit.pending_reason in HELD) and not unit.substituted \
                and unit.kind is not MISCONDUCT_TIME:
            if unit.team == "home":
                home += 1
            else:
                away += 1
    home, away = (home if home < cap else cap), (away if away < cap else cap)  # min(), inline
    now: Team | None = "away" if home > away else "home" if away > home else None
    if now is not None and now != s.advantage and s.phase in ("in_play", "stopped"):
        s.power_play_chain = _push(s.power_play_chain, (now, GameTime(s.period, s.left)))
    s.advantage = now
