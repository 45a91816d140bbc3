"""A game is the fold of its events: ``state = apply(state, event)``.

Each event type has one handler. :func:`apply` works in a fixed order, as
python-chess does for moves:

1. refuse the event if the book forbids it (a :class:`RuleViolation` naming
   the rule; the state given is never changed);
2. run the clock up to the event's moment (penalties end on time, held
   penalties start, 408(a), 409(d));
3. apply the event;
4. settle the game's end (mercy 630, sudden death 639, shootout 639(b)).

Applying one event costs the same at minute 1 and minute 24: the state is
copied shallowly and its records are persistent chains.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from rinkside.rules import measurement, shootout
from rinkside.rules.box import (
    Kind,
    Unit,
    designate,
    finish,
    first_releasable,
    prune,
    release_waiting,
    run_until,
    units_of,
)
from rinkside.rules.coincidence import resolve_faceoff
from rinkside.rules.errors import RuleViolation
from rinkside.rules.events import (
    Designate,
    Event,
    FaceOff,
    Forfeit,
    Goal,
    GoalieChange,
    Measurement,
    Penalty,
    PenaltyClass,
    PenaltyShot,
    PenaltySignal,
    PeriodEnd,
    ShootoutAttempt,
    Shot,
    Stoppage,
    Team,
    TimeOut,
    other,
)
from rinkside.rules.infractions import check_assessment
from rinkside.rules.records import (
    Chain,
    GoalRecord,
    MeasurementRecord,
    PenaltyRecord,
    PenaltyShotRecord,
    ShotRecord,
    Strength,
)
from rinkside.rules.roster import GameSetup
from rinkside.rules.state import (
    REPLACEMENT_GOALIE,
    DecidedBy,
    GameState,
    Result,
    ShootoutShot,
    team_index,
)
from rinkside.rules.times import GameTime, format_game_time

__all__ = ["GameState", "apply", "replay", "start"]


def start(setup: GameSetup) -> GameState:
    """The game before the opening face-off."""
    return GameState.initial(setup)


def apply(state: GameState, event: Event) -> GameState:
    """The state after ``event``; raises :class:`RuleViolation` and leaves
    ``state`` as it was if the book forbids the event."""
    s = state.copy()
    s.warnings = ()
    if s.result is not None:
        _refuse_after_end(s, event)
    handler = _HANDLERS.get(type(event))
    if handler is None:
        raise TypeError(f"not an event: {event!r}")
    handler(event, s)
    if s.units:
        s.units = prune(s.units)
    if s.units is not state.units:  # strength changes only when the box does
        _note_advantage(s)
    return s


def _note_advantage(s: GameState) -> None:
    """Record each man advantage as it begins (for power-play statistics).
    Players on the floor differ only by counting penalties (casebook 1-3)."""
    cap = s.setup.settings.max_counting_penalties
    home = away = 0
    for unit in s.units:
        if unit.counts:
            if unit.team == "home":
                home += 1
            else:
                away += 1
    home, away = min(home, cap), min(away, cap)
    now: Team | None = "away" if home > away else "home" if away > home else None
    if now is not None and now != s.advantage and s.phase in ("in_play", "stopped"):
        s.power_play_chain = Chain.push(s.power_play_chain, (now, s.clock))
    s.advantage = now


def replay(setup: GameSetup, events: Iterable[Event]) -> GameState:
    state = start(setup)
    for event in events:
        state = apply(state, event)
    return state


# -- shared steps -------------------------------------------------------------


def _when(s: GameState, moment: GameTime) -> str:
    st = s.setup.settings
    return format_game_time(moment, st.periods, numbered_overtime=st.overtime == "unlimited")


def _refuse_after_end(s: GameState, event: Event) -> None:
    """Casebook 16-17: nothing follows a mercy or forfeit ending; after any
    other ending only a penalty (for the records) may still be assessed."""
    if s.result is None:
        return
    if s.result.decided_by == "mercy":
        raise RuleViolation("630(a)", "the game ended on the mercy rule; nothing more can be "
                            "recorded")
    if s.result.decided_by == "forfeit":
        raise RuleViolation("634(d)", "the game was forfeited; nothing more can be recorded")
    if not isinstance(event, Penalty):
        raise RuleViolation("640(a)", "the game is over; only a penalty for the records can "
                            "still be entered")


def _move_clock(s: GameState, moment: GameTime) -> None:
    """Run the game clock to ``moment``.

    It never runs backwards (Rule 507(a)); a new period starts only with its
    face-off (640(a)); under stop time, and before a period starts, it does
    not run while play is stopped (640(a)). Under running time the
    timekeeper's record is kept even where the late stop-clock or a time-out
    should have held the clock, with a warning.
    """
    if moment.period == s.period and moment.left <= s.left:  # the common case
        if moment.left == s.left:
            return
        if not s.running:
            _clock_while_stopped(s, moment)
        before = s.elapsed
        s.left = moment.left
        if s.units:
            s.units = run_until(s.units, before, s.elapsed, s.clock_rules())
        return
    if moment.is_before(s.clock):
        raise RuleViolation("507(a)", f"the game clock cannot run backwards: {_when(s, moment)} "
                            f"is before {_when(s, s.clock)}")
    next_start = (s.phase in ("intermission", "not_started")
                  and moment.period == s.period + (0 if s.phase == "not_started" else 1)
                  and moment.left == s.period_length(moment.period))
    if next_start:
        return
    if moment.period != s.period:
        raise RuleViolation("640(a)", f"{_when(s, moment)} is in another period: the "
                            f"period in progress must end first")
    raise RuleViolation("640(a)", f"{_when(s, moment)} is longer than the period")


def _clock_while_stopped(s: GameState, moment: GameTime) -> None:
    if s.phase in ("not_started", "intermission"):
        raise RuleViolation("637(a)", f"the clock does not run before the period starts: "
                            f"{_when(s, moment)} is after {_when(s, s.clock)}")
    if s.setup.settings.clock == "stop":
        raise RuleViolation("640(a)", f"the stop clock does not run while play is stopped: "
                            f"{_when(s, moment)} is after the stoppage at {_when(s, s.clock)}")
    why = "a time-out" if s.clock_held else "the late stop-clock"
    s.warnings += ((f"Rule 640(a): the clock should have been stopped for {why}; the "
                    f"recorded time {_when(s, moment)} is kept."),)


def _roster_check(s: GameState, team: Team, number: int, role: str) -> None:
    if not s.setup.roster(team).has(number):
        raise RuleViolation("203(a)", f"#{number} ({role}) is not on the {team} roster")


_REMOVAL_RULE = {
    PenaltyClass.GAME_EJECTION: "404(c)",
    PenaltyClass.GAME_MISCONDUCT: "404(d)",
    PenaltyClass.GROSS_MISCONDUCT: "404(g)",
    PenaltyClass.MATCH: "405(a)",
}


def _ejection_rule(s: GameState, team: Team, player: int) -> str:
    for record in reversed(s.penalties):
        if record.team == team and record.player == player and record.penalty_class.removes_player:
            return _REMOVAL_RULE[record.penalty_class]
    return "404(c)"


def _must_be_playing(s: GameState, team: Team, number: int, role: str) -> None:
    """A player in the box or out of the game takes no part in play (629(k), 404-405)."""
    _roster_check(s, team, number, role)
    if s.is_ejected(team, number):
        rule = _ejection_rule(s, team, number)
        raise RuleViolation(rule, f"#{number} ({team}) was removed from the game and cannot be "
                            f"the {role}")
    if _serving(s, team, number):
        raise RuleViolation("629(k)", f"#{number} ({team}) is in the penalty box and cannot be "
                            f"the {role}")


def _serving(s: GameState, team: Team, number: int) -> bool:
    """In the box now: serving, held, or waiting to come back."""
    for u in units_of(s.units, team):
        if u.pending_reason == "faceoff":
            continue  # assessed at this stoppage; on the bench until the face-off
        server = u.served_by if u.served_by is not None else u.player
        if u.server[0] == "penalty" and u.served_by is None:
            continue  # an unnamed teammate serves it
        if server == number:
            return True
    return False


def _stop_play(s: GameState) -> None:
    """The whistle: delayed penalties are assessed, and players waiting for a
    stoppage come back (402(g), 403(c), 404(a), 408(b))."""
    if s.phase == "in_play":
        s.stoppage += 1
    s.phase = "stopped"
    signals, s.signals = s.signals, ()
    for signal in signals:
        _assess(s, signal.assessed(s.clock))
    s.units = release_waiting(s.units, "stoppage")


def _final(s: GameState, winner: Team | None, decided_by: DecidedBy,
           score: dict[Team, int] | None = None) -> None:
    points = s.setup.settings.points
    awarded: dict[Team, float]
    if winner is None:
        awarded = {"home": points.tie, "away": points.tie}
    else:
        awarded = {winner: points.win, other(winner): points.loss}
    s.phase = "final"
    s.result = Result(winner, decided_by, awarded, score or s.score)
    _close_stints(s)


def _leader(s: GameState) -> Team | None:
    if s.home_score == s.away_score:
        return None
    return "home" if s.home_score > s.away_score else "away"


def _settle_after_goal(s: GameState) -> None:
    """Rule 630(a): a goal that makes the mercy differential ends the game;
    639(b)3, 639(c)3: an overtime goal ends it (sudden death)."""
    mercy = s.setup.settings.mercy
    if mercy is not None and abs(s.home_score - s.away_score) >= mercy:
        _final(s, _leader(s), DecidedBy.MERCY)
    elif s.in_overtime:
        _final(s, _leader(s), DecidedBy.OVERTIME)


def _close_stints(s: GameState) -> None:
    for team in ("home", "away"):
        g = s.goalie(team)
        if g is not None:
            spent = s.elapsed - s.stint_start[team_index(team)]
            s.stint_chain = Chain.push(s.stint_chain, (team, g, spent))
    s.stint_start = (s.elapsed, s.elapsed)


# -- handlers -----------------------------------------------------------------


Handler = Callable[[Any, GameState], None]
_HANDLERS: dict[type, Handler] = {}
H = TypeVar("H", bound=Callable[..., None])


def _handles(event_type: type) -> Callable[[H], H]:
    """Register the one handler of ``event_type``."""

    def register(handler: H) -> H:
        _HANDLERS[event_type] = handler
        return handler

    return register


@_handles(FaceOff)
def _faceoff(event: FaceOff, s: GameState) -> None:
    """The puck is dropped: penalties assessed at the stoppage start (409(d))."""
    if s.phase == "in_play":
        raise RuleViolation("613(a)", f"play is already on at {_when(s, event.at)}: record the "
                            "stoppage before the next face-off")
    if s.phase in ("shootout", "final"):
        raise RuleViolation("639(b)", "there is no face-off in a shootout")
    if s.phase in ("not_started", "intermission"):
        expected = s.period + (0 if s.phase == "not_started" else 1)
        if event.at.period != expected:
            raise RuleViolation("637(a)", f"the next period to start is "
                                f"{_when(s, GameTime(expected, s.period_length(expected)))}")
        if event.at.left != s.period_length(expected):
            raise RuleViolation("637(a)", f"a period starts with a face-off at "
                                f"{_when(s, GameTime(expected, s.period_length(expected)))}, "
                                f"not {_when(s, event.at)}")
        if s.phase == "intermission":
            s.period, s.left = expected, s.period_length(expected)
        if s.phase == "not_started":
            s.stint_start = (s.elapsed, s.elapsed)
    _move_clock(s, event.at)
    s.phase = "in_play"
    s.clock_held = False
    if not s.units:  # most face-offs: nobody in the box
        return
    s.units = release_waiting(s.units, "faceoff")
    st = s.setup.settings
    window = s.in_overtime or (s.period == st.periods and s.left < st.major)
    s.units = resolve_faceoff(s.units, s.elapsed, s.clock_rules(), major_window=window)


@_handles(Stoppage)
def _stoppage(event: Stoppage, s: GameState) -> None:
    if s.phase in ("shootout",):
        raise RuleViolation("639(b)", "play is not on during a shootout")
    _move_clock(s, event.at)
    if s.phase == "in_play":
        _stop_play(s)


@_handles(PeriodEnd)
def _period_end(event: PeriodEnd, s: GameState) -> None:
    """The clock reached 0:00 (640(a)); the end of regulation settles ties (639)."""
    if s.phase in ("not_started", "intermission", "shootout"):
        raise RuleViolation("640(a)", f"no period is being played at {_when(s, event.at)}")
    if event.at.left != 0:
        raise RuleViolation("640(a)", f"a period ends when the clock reaches 0:00, not at "
                            f"{_when(s, event.at)}")
    _move_clock(s, event.at)
    _stop_play(s)
    st = s.setup.settings
    if s.period < st.periods:
        s.phase = "intermission"
        return
    leader = _leader(s)
    if leader is not None:
        _final(s, leader, DecidedBy.OVERTIME if s.in_overtime else DecidedBy.REGULATION)
    elif st.overtime == "none":
        _final(s, None, DecidedBy.TIE)  # 639(a)
    elif st.overtime == "shootout_only" or (st.overtime == "shootout" and s.in_overtime):
        s.phase = "shootout"  # 639(b) note 1, 639(b)4
        _close_stints(s)
    else:
        s.phase = "intermission"  # overtime follows (639(b)2, 639(c))


@_handles(Goal)
def _goal(event: Goal, s: GameState) -> None:
    """A goal (616): credited, tagged PP/SH/EN, releasing a minor of a team
    that was short (402(d)); the delayed penalties of the scored-on team
    follow 409(c) and 402(e)."""
    if s.phase not in ("in_play", "stopped"):
        raise RuleViolation("616(b)", f"a goal can only be scored during the game, not while "
                            f"the game is {s.phase.replace('_', ' ')}")
    if event.own_goal and event.assist is not None:
        raise RuleViolation("616(c)", "no assist is awarded on a goal put in by a defending "
                            "player")
    if event.assist is not None and event.assist == event.scorer:
        raise RuleViolation("616(k)", f"#{event.scorer} cannot assist on his own goal")
    _move_clock(s, event.at)
    scorer_team, against = event.team, other(event.team)
    _must_be_playing(s, scorer_team, event.scorer, "scorer")
    if event.assist is not None:
        _must_be_playing(s, scorer_team, event.assist, "assist")

    mine, theirs = s.players_on_floor(scorer_team), s.players_on_floor(against)
    strength: Strength = "PP" if mine > theirs else "SH" if mine < theirs else "EV"
    goalie_against = s.goalie(against)
    short = theirs < mine
    if s.phase == "in_play":
        s.signals = _signals_after_goal(s, against, short)
    if short:
        released = first_releasable(s.units, against)
        if released is not None:
            s.units = finish(s.units, released, s.elapsed, s.clock_rules(), released=True)
    if s.phase == "in_play":
        _stop_play(s)
    record = GoalRecord(event.at, scorer_team, event.scorer, event.assist, strength,
                        empty_net=goalie_against is None, own_goal=event.own_goal,
                        goalie_against=goalie_against)
    _score(s, record)


def _signals_after_goal(s: GameState, against: Team, short: bool) -> tuple[PenaltySignal, ...]:
    """Rule 409(c), casebook 10: a goal against the offending team cancels its
    signalled minors, unless it was already short (402(e), 409(c) note 3);
    majors and match penalties are imposed regardless."""
    kept: list[PenaltySignal] = []
    for signal in s.signals:
        if signal.team == against and signal.penalty_class in _MINOR_CLASSES and not short:
            s.warnings += ((f"Rule 409(c): the delayed {signal.penalty_class.value} to "
                            f"{_who(signal.player)} is not imposed: the other team scored."),)
            continue
        kept.append(signal)
    return tuple(kept)


_MINOR_CLASSES = frozenset({PenaltyClass.MINOR, PenaltyClass.BENCH_MINOR,
                            PenaltyClass.DOUBLE_MINOR})


def _score(s: GameState, record: GoalRecord) -> None:
    if record.team == "home":
        s.home_score += 1
    else:
        s.away_score += 1
    s.goal_chain = Chain.push(s.goal_chain, record)
    _settle_after_goal(s)


def _who(player: int | None) -> str:
    return "the bench" if player is None else f"#{player}"


@_handles(Penalty)
def _penalty(event: Penalty, s: GameState) -> None:
    """A penalty assessed at a stoppage (409(a)); its time starts at the
    face-off (409(d))."""
    if s.phase == "in_play":
        raise RuleViolation("409(b)", "play is on: a penalty is assessed at a stoppage; record "
                            "the whistle first, or a delayed penalty signal")
    if s.phase == "shootout":
        pass  # a penalty during a shootout is recorded; it has no time to serve
    _move_clock_lenient(s, event.at)
    _assess(s, event)


def _move_clock_lenient(s: GameState, moment: GameTime) -> None:
    """Penalties after the final buzzer or in a shootout keep the clock as it is."""
    if s.phase in ("final", "shootout") and not moment.is_before(s.clock):
        return
    _move_clock(s, moment)


def _check_penalized(s: GameState, team: Team, event: Penalty | PenaltySignal) -> None:
    if event.player is not None:
        _roster_check(s, team, event.player, "penalized player")
    elif event.penalty_class != PenaltyClass.BENCH_MINOR:
        raise RuleViolation("401(a)", f"a {event.penalty_class.value.replace('_', ' ')} is given "
                            "to a player; only a bench minor goes to the bench")
    if event.served_by is not None:
        _roster_check(s, team, event.served_by, "player serving the penalty")
        if s.is_ejected(team, event.served_by):
            raise RuleViolation(_ejection_rule(s, team, event.served_by),
                                f"#{event.served_by} was removed from the game and cannot "
                                "serve a penalty")


def _assess(s: GameState, event: Penalty) -> None:
    team = event.team
    _check_penalized(s, team, event)
    warning = check_assessment(event.infraction, event.penalty_class, event.rule)
    if warning:
        s.warnings += (warning,)
    roster = s.setup.roster(team)
    player = event.player
    cls = event.penalty_class
    is_goalie = player is not None and (
        player == s.goalie(team) or (roster.player(player) or _NOBODY).goalie)
    pid = s.next_id
    s.next_id += 1
    s.penalty_chain = Chain.push(s.penalty_chain, PenaltyRecord(
        pid, event.at, team, None if cls == PenaltyClass.BENCH_MINOR else player,
        event.served_by, cls, event.infraction, event.rule, event.suspension, goalie=is_goalie))

    server_number = event.served_by
    if server_number is None and cls == PenaltyClass.BENCH_MINOR:
        server_number = player
    if server_number is None and player is not None and not is_goalie and cls != PenaltyClass.MATCH:
        server_number = player
    server = (("player", team, server_number) if server_number is not None
              else ("penalty", team, pid))
    st = s.setup.settings

    def unit(kind: Kind, duration: int, half: int = 0) -> Unit:
        uid = s.next_id
        s.next_id += 1
        return Unit(uid=uid, penalty_id=pid, team=team, player=player,
                    served_by=event.served_by, server=server, kind=kind, penalty_class=cls,
                    infraction=event.infraction, duration=duration, group=s.stoppage, half=half)

    new: list[Unit] = []
    if cls in (PenaltyClass.MINOR, PenaltyClass.BENCH_MINOR):
        new.append(unit(Kind.MINOR, st.minor))
    elif cls == PenaltyClass.DOUBLE_MINOR:
        new += [unit(Kind.MINOR, st.minor, 1), unit(Kind.MINOR, st.minor, 2)]
    elif cls in (PenaltyClass.MAJOR, PenaltyClass.MATCH):
        new.append(unit(Kind.MAJOR, st.major))  # 405(a), casebook 14: the time portion
    elif cls == PenaltyClass.MISCONDUCT and player is not None and \
            not s.is_ejected(team, player):
        # 404(a): substitute at once; a goaltender's is served by a teammate.
        u = unit(Kind.MISCONDUCT, st.misconduct)
        if event.served_by is None and not is_goalie:
            u = u._replace(server=("misconduct", team, player))
        new.append(u)
    if cls.removes_player and player is not None:
        _remove_from_game(s, team, player)
    if s.phase in ("final", "shootout"):
        return  # recorded; no time left to serve
    s.units = s.units + tuple(new)


def _remove_from_game(s: GameState, team: Team, player: int) -> None:
    """404(c), (d), (g), 405(a): the player leaves the game; a misconduct of
    his has nobody left to keep in the box, and a goaltender is replaced
    (407(b), (c))."""
    s.ejected = s.ejected | {(team, player)}
    s.units = tuple(u for u in s.units if not (
        u.team == team and u.player == player and u.kind == Kind.MISCONDUCT))
    if player == s.goalie(team):
        _change_goalie(s, team, REPLACEMENT_GOALIE)


_NOBODY = type("_Nobody", (), {"goalie": False})()


@_handles(PenaltySignal)
def _signal(event: PenaltySignal, s: GameState) -> None:
    """Rule 409(b): a delayed penalty is signalled while play goes on."""
    if s.phase != "in_play":
        raise RuleViolation("409(b)", "a delayed penalty is signalled during play; at a "
                            "stoppage record the penalty itself")
    _move_clock(s, event.at)
    _check_penalized(s, event.team, event)
    s.signals = s.signals + (event,)


@_handles(PenaltyShot)
def _penalty_shot(event: PenaltyShot, s: GameState) -> None:
    """Rule 406: a goal counts as a goal but releases no penalty (402(d) note 1)."""
    if s.phase not in ("in_play", "stopped", "intermission"):
        raise RuleViolation("406(a)", f"no penalty shot while the game is "
                            f"{s.phase.replace('_', ' ')}")
    if s.phase != "intermission":
        _move_clock(s, event.at)
    if s.phase == "in_play":
        _stop_play(s)
    _roster_check(s, event.team, event.shooter, "penalty shot shooter")
    if s.is_ejected(event.team, event.shooter):
        raise RuleViolation("406(d)", f"#{event.shooter} was removed from the game and cannot "
                            "take the penalty shot")
    s.penalty_shots = (*s.penalty_shots, PenaltyShotRecord(
        event.at, event.team, event.shooter, event.scored, s.stoppage))
    if not event.scored:
        return
    against = other(event.team)
    record = GoalRecord(event.at, event.team, event.shooter, None, "EV", empty_net=False,
                        penalty_shot=True, goalie_against=s.goalie(against))
    _score(s, record)
    if s.phase == "intermission" and s.period >= s.setup.settings.periods and s.result is None:
        # 406(i): a shot awarded as time ran out decides the game it completes
        leader = _leader(s)
        if leader is not None:
            _final(s, leader, DecidedBy.OVERTIME if s.in_overtime else DecidedBy.REGULATION)


@_handles(TimeOut)
def _timeout(event: TimeOut, s: GameState) -> None:
    """Rule 641: during a stoppage only, one per team (641(b) note 1, casebook 21)."""
    if s.phase != "stopped":
        state = "play is in progress" if s.phase == "in_play" else f"the game is {s.phase}"
        raise RuleViolation("641(a)", f"a time-out may be called only during a stoppage of "
                            f"play; {state.replace('_', ' ')}")
    i = team_index(event.team)
    if s.timeouts_used[i] >= s.setup.settings.timeouts:
        raise RuleViolation("641(b) note 1", f"{event.team} has no time-out left (each team has "
                            f"{s.setup.settings.timeouts} a game)")
    _move_clock(s, event.at)
    used = list(s.timeouts_used)
    used[i] += 1
    s.timeouts_used = (used[0], used[1])
    s.clock_held = True


@_handles(Measurement)
def _measurement(event: Measurement, s: GameState) -> None:
    """An equipment measurement asked for at a stoppage, and the penalty its
    result carries (Rules 301(d), 301(e), 303(g), 304(e)-(f), 610(f);
    :mod:`rinkside.rules.measurement`). One request per team at a stoppage of
    play (Section III Note 1)."""
    if s.phase != "stopped":
        state = "play is in progress" if s.phase == "in_play" else f"the game is {s.phase}"
        raise RuleViolation(measurement.NOTE, "equipment is measured at a stoppage of play; "
                            f"{state.replace('_', ' ')}")
    if any(r.stoppage == s.stoppage and r.team == event.team for r in s.measurements):
        raise RuleViolation(measurement.NOTE, f"{event.team} has already asked for a "
                            "measurement at this stoppage: one request per team at a stoppage "
                            "of play")
    measured = other(event.team)
    _roster_check(s, measured, event.player, "player whose equipment is measured")
    for penalty in measurement.penalties(event):
        _penalty(penalty, s)
    s.measurements = (*s.measurements, MeasurementRecord(
        s.stoppage, event.at, event.team, event.player, event.item, event.result))


@_handles(GoalieChange)
def _goalie_change(event: GoalieChange, s: GameState) -> None:
    """Rule 203(c): the goaltender may be removed and another player put in."""
    if s.phase != "shootout":
        _move_clock(s, event.at)
    if event.goalie is not None:
        _roster_check(s, event.team, event.goalie, "goaltender")
        if s.is_ejected(event.team, event.goalie):
            raise RuleViolation(_ejection_rule(s, event.team, event.goalie),
                                f"#{event.goalie} was removed from the game")
        if _serving(s, event.team, event.goalie):
            raise RuleViolation("629(k)", f"#{event.goalie} is in the penalty box")
    _change_goalie(s, event.team, event.goalie)


def _change_goalie(s: GameState, team: Team, goalie: int | None) -> None:
    i = team_index(team)
    current = s.goalies[i]
    if s.phase != "not_started" and current is not None:
        spent = s.elapsed - s.stint_start[i]
        s.stint_chain = Chain.push(s.stint_chain, (team, current, spent))
    starts = list(s.stint_start)
    starts[i] = s.elapsed
    s.stint_start = (starts[0], starts[1])
    goalies = list(s.goalies)
    goalies[i] = goalie
    s.goalies = (goalies[0], goalies[1])


@_handles(Designate)
def _designate(event: Designate, s: GameState) -> None:
    """Rule 408(c): the captain names who returns first."""
    _move_clock(s, event.at)
    if not any(u.player == event.player for u in units_of(s.units, event.team)):
        raise RuleViolation("408(c)", f"#{event.player} ({event.team}) has no penalty in the box")
    s.units = designate(s.units, event.team, event.player)


@_handles(Shot)
def _shot(event: Shot, s: GameState) -> None:
    if s.phase != "in_play":
        raise RuleViolation("616(b)", "a shot is taken during play")
    _move_clock(s, event.at)
    if event.shooter is not None:
        _roster_check(s, event.team, event.shooter, "shooter")
    s.shot_chain = Chain.push(s.shot_chain, ShotRecord(event.at, event.team, event.shooter,
                                                       s.goalie(other(event.team))))


@_handles(Forfeit)
def _forfeit(event: Forfeit, s: GameState) -> None:
    """Rule 634(d), casebook 17: recorded 1-0 for the other team, its captain
    credited with the goal and no assist."""
    if s.phase not in ("not_started", "intermission", "shootout"):
        _move_clock(s, event.at)
    winner = other(event.team)
    goals = s.setup.settings.forfeit_goals
    captain = s.setup.roster(winner).captain
    s.home_score, s.away_score = (goals, 0) if winner == "home" else (0, goals)
    s.goal_chain = None
    if captain is not None:
        for _ in range(goals):
            s.goal_chain = Chain.push(s.goal_chain, GoalRecord(
                event.at, winner, captain, None, "EV", empty_net=False))
    else:
        s.warnings += ((f"Rule 634(d): {winner} has no captain on its roster to credit the "
                        "forfeit goal to."),)
    s.units = ()
    s.signals = ()
    _final(s, winner, DecidedBy.FORFEIT)


@_handles(ShootoutAttempt)
def _shootout_attempt(event: ShootoutAttempt, s: GameState) -> None:
    """Rule 639(b): see :mod:`rinkside.rules.shootout`."""
    if s.phase != "shootout":
        raise RuleViolation("639(b)", "no shootout is under way")
    _roster_check(s, event.team, event.shooter, "shootout shooter")
    shootout.check_attempt(s, event)
    s.shootout_shots = s.shootout_shots + (ShootoutShot(event.team, event.shooter, event.scored),)
    winner = shootout.winner(s.shootout_shots, s.setup.settings.shootout_shooters)
    if winner is not None:
        _final(s, winner, DecidedBy.SHOOTOUT)
