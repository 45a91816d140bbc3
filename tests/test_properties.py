"""Properties of the engine over simulated games and over random event logs.

Simulated games (:mod:`rinkside.simulate`) are legal and realistic; random
logs are anything at all: events of every type with random teams, numbers
(some off the roster), classes and times that mostly go forward. Whatever the
log, the engine answers only with :class:`RuleViolation`, a refusal changes
nothing, and what it accepts keeps the book's invariants.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import random
from collections import Counter
from dataclasses import replace
from functools import cache, lru_cache
from typing import Any

from hypothesis import HealthCheck, given, settings, strategies

from rinkside.rules import GameSetup, GameState, RuleViolation, apply, default_roster, replay, start
from rinkside.rules.clock import runs_while_stopped
from rinkside.rules.events import (
    TEAMS,
    Caution,
    Designate,
    Event,
    FaceOff,
    Forfeit,
    Goal,
    GoalieChange,
    LeftBox,
    Penalty,
    PenaltyClass,
    PenaltyShot,
    PenaltySignal,
    PeriodEnd,
    RefereeTimeout,
    Resume,
    ShootoutAttempt,
    Shot,
    Stoppage,
    Suspend,
    TimeOut,
)
from rinkside.rules.log import GameLog
from rinkside.rules.records import Chain, charged_tenths, items
from rinkside.rules.settings import Settings
from rinkside.rules.times import GameTime
from rinkside.simulate import simulate_game

# --------------------------------------------------------------------------- invariants


def check_invariants(state: GameState) -> None:
    """What must hold after any accepted event."""
    st_ = state.setup.settings
    for team in TEAMS:
        on_floor = state.players_on_floor(team)
        assert on_floor >= st_.min_players_on_floor, (
            f"{team} has {on_floor} players on the floor (401(c): at least "
            f"{st_.min_players_on_floor})")
        assert state.skaters(team) <= st_.full_strength + 1, (
            f"{team} has {state.skaters(team)} skaters")
    check_score(state)
    check_minutes(state)
    for team in TEAMS:
        assert all(entry.left >= 0 for entry in state.box(team))
    if state.result is not None:
        assert state.result.score == state.score


def check_score(state: GameState) -> None:
    result = state.result
    if result is not None and result.decided_by == "forfeit":
        goals = state.setup.settings.forfeit_goals
        winner = result.winner
        assert winner is not None
        assert state.score == {winner: goals, "home" if winner == "away" else "away": 0}
        return
    counted = Counter(g.team for g in state.goals)
    assert state.score == {t: counted[t] for t in TEAMS}, (
        f"score {state.score} but goals recorded {dict(counted)}")


def check_minutes(state: GameState) -> None:
    charged = Counter[str]()
    for record in state.penalties:
        charged[record.team] += charged_tenths(record, state.setup.settings)
    pim = state.pim()
    for team in TEAMS:
        assert sum(pim[team].values()) * 600 == charged[team], (
            f"{team}: pim {pim[team]} but {charged[team]} tenths charged")


def moment_key(state: GameState) -> tuple[int, int]:
    return (state.period, -state.left)


# --------------------------------------------------------------------------- simulated games


@lru_cache(maxsize=256)
def simulated(seed: int) -> tuple[GameSetup, tuple[Event, ...]]:
    setup, events = simulate_game(random.Random(seed), second_edition=True)
    return setup, tuple(events)


SEEDS = strategies.integers(min_value=0, max_value=2**32 - 1)
# RINKSIDE_PROPERTY_SCALE=20 runs twenty times the examples, for a deeper hunt.
SCALE = int(os.environ.get("RINKSIDE_PROPERTY_SCALE", "1"))
SIM = settings(max_examples=100 * SCALE, deadline=None)


@SIM
@given(SEEDS)
def test_simulated_games_keep_the_invariants_after_every_event(seed: int) -> None:
    setup, events = simulated(seed)
    state = start(setup)
    for event in events:
        before = moment_key(state)
        state = apply(state, event)
        assert moment_key(state) >= before, f"the clock ran backwards at {event!r}"
        check_invariants(state)
    assert state.status == "final"


@SIM
@given(SEEDS, strategies.data())
def test_incremental_apply_equals_replay(seed: int, data: strategies.DataObject) -> None:
    setup, events = simulated(seed)
    stop = data.draw(strategies.integers(1, len(events)), label="prefix")
    state = start(setup)
    for event in events[:stop]:
        state = apply(state, event)
    assert state.snapshot() == replay(setup, events[:stop]).snapshot()
    log = GameLog.new(setup, events)
    assert log.states[stop - 1].snapshot() == state.snapshot()


@SIM
@given(SEEDS, strategies.data())
def test_delete_then_insert_gives_back_the_same_game(seed: int,
                                                      data: strategies.DataObject) -> None:
    setup, events = simulated(seed)
    log = GameLog.new(setup, events)
    before = log.state.snapshot()
    i = data.draw(strategies.integers(0, len(events) - 1), label="index")
    try:
        shorter = log.delete(i)
    except RuleViolation:
        assert log.events == events
        assert log.state.snapshot() == before
        return
    restored = shorter.insert(i, events[i])
    assert restored.events == events
    assert restored.state.snapshot() == before
    assert log.state.snapshot() == before  # the original log is untouched


def _variants(event: Event, setup: GameSetup) -> strategies.SearchStrategy[Event]:
    """Plausible corrections of ``event``: another scorer, class, goaltender..."""
    numbers = sorted({p.number for roster in (setup.home, setup.away) for p in roster.players})
    number = strategies.sampled_from(numbers)
    match event:
        case Goal():
            return strategies.builds(lambda n, a: replace(event, scorer=n, assist=a),
                             number, strategies.none() | number)
        case Penalty() | PenaltySignal():
            return strategies.builds(lambda c, n: replace(event, penalty_class=c, player=n),
                             strategies.sampled_from(list(PenaltyClass)), number)
        case GoalieChange():
            return strategies.builds(lambda n: replace(event, goalie=n), strategies.none() | number)
        case PenaltyShot() | ShootoutAttempt():
            return strategies.just(replace(event, scored=not event.scored))
        case Stoppage():
            return strategies.just(replace(event, reason="corrected"))
        case TimeOut():
            return strategies.just(replace(event, team="home" if event.team == "away" else "away"))
    return strategies.just(event)


@SIM
@given(SEEDS, strategies.data())
def test_replace_then_replace_back_gives_back_the_same_game(seed: int,
                                                            data: strategies.DataObject) -> None:
    setup, events = simulated(seed)
    log = GameLog.new(setup, events)
    before = log.state.snapshot()
    i = data.draw(strategies.integers(0, len(events) - 1), label="index")
    original = events[i]
    other = data.draw(strategies.sampled_from(events) | _variants(original, setup),
                      label="replacement")
    try:
        changed = log.replace(i, other)
    except RuleViolation:
        assert log.events == events
        assert log.state.snapshot() == before
        return
    back = changed.replace(i, original)
    assert back.events == events
    assert back.state.snapshot() == before
    assert log.state.snapshot() == before


# --------------------------------------------------------------------------- random logs

# Each strategy is made once, here: a strategy built at every draw (a
# sampled_from of a list, an ``a | b``) is validated anew each time, which
# cost the random-log tests most of their time; the values drawn are the same.
TEAM = strategies.sampled_from(TEAMS)
NUMBER = strategies.integers(1, 20)  # default rosters are 1-15: 16-20 are off the roster
MAYBE_NUMBER = strategies.none() | NUMBER
BOOLEAN = strategies.booleans()
BOOLEAN_VALUES = (False, True)
SUSPENSION = strategies.none() | strategies.integers(1, 3)
CLASS = strategies.sampled_from(list(PenaltyClass))
INFRACTION = strategies.sampled_from(["tripping", "fighting", "abuse of official", "kicking",
                              "illegal substitution", "not in the book", "checking from behind",
                              "displacing the goal", "dropping the gloves and throwing a punch",
                              "unsportsmanlike conduct"])
RULE = strategies.none() | strategies.sampled_from([
    "642(a)", "615(a)", "615(d)", "999(z)", "604(e)", "610(e)", "205 note 3", "629(c)", "610(d)",
    "601(a)"])
WARNED = strategies.sampled_from(["610(d)", "631(b)", "205(d)", "304(b)", "634(a)"])

SETTINGS = strategies.builds(
    Settings,
    clock=strategies.sampled_from(["stop", "running"]),
    period_length=strategies.sampled_from([1800, 7200]),
    minor=strategies.sampled_from([900, 1200]),
    major=strategies.sampled_from([2400, 3000]),
    overtime=strategies.sampled_from(["none", "shootout", "shootout_only", "unlimited"]),
    mercy=strategies.sampled_from([None, 2, 8]),
    timeouts=strategies.sampled_from([0, 1]),
)


def _penalty_fields(draw: Any, at: GameTime) -> dict[str, Any]:
    return {
        "at": at,
        "team": draw(TEAM),
        "player": draw(MAYBE_NUMBER),
        "penalty_class": draw(CLASS),
        "infraction": draw(INFRACTION),
        "rule": draw(RULE),
        "served_by": draw(MAYBE_NUMBER),
        "suspension": draw(SUSPENSION),
        "official": draw(strategies.sampled_from([None, None, None, "Coach"])),
    }


def _event(draw: Any, kind: str, at: GameTime) -> Event:
    team = draw(TEAM)
    match kind:
        case "faceoff":
            return FaceOff(at)
        case "stoppage":
            return Stoppage(at)
        case "goal":
            return Goal(at, team, draw(NUMBER), draw(MAYBE_NUMBER), draw(BOOLEAN))
        case "penalty":
            return Penalty(**_penalty_fields(draw, at))
        case "signal":
            return PenaltySignal(**_penalty_fields(draw, at))
        case "penalty_shot":
            return PenaltyShot(at, team, draw(NUMBER), draw(BOOLEAN))
        case "timeout":
            return TimeOut(at, team)
        case "goalie":
            return GoalieChange(at, team, draw(MAYBE_NUMBER))
        case "period_end":
            return PeriodEnd(at)
        case "shootout":
            return ShootoutAttempt(team, draw(NUMBER), draw(BOOLEAN))
        case "forfeit":
            return Forfeit(at, team, "random")
        case "designate":
            return Designate(at, team, draw(NUMBER))
        case "shot":
            return Shot(at, team, draw(MAYBE_NUMBER))
        case "warning":
            return Caution(at, team, draw(WARNED), draw(MAYBE_NUMBER))
        case "left_box":
            return LeftBox(at, team, draw(NUMBER), draw(strategies.booleans()))
        case "suspend":
            return Suspend(at, "random")
        case "resume":
            return Resume(at)
        case "referee_timeout":
            return RefereeTimeout(at)
    raise AssertionError(kind)


# Weighted by repetition: the flow of play is common, a forfeit rare.
KINDS = (["faceoff"] * 12 + ["stoppage"] * 10 + ["goal"] * 6 + ["penalty"] * 8 + ["signal"] * 3
         + ["period_end"] * 3 + ["shootout"] * 4 + ["penalty_shot"] * 2 + ["timeout"] * 2
         + ["goalie"] * 2 + ["designate"] * 2 + ["shot"] * 2 + ["forfeit"]
         + ["warning"] * 2 + ["left_box"] * 2 + ["suspend", "resume", "referee_timeout"])
# How the clock moves before each kind of event: mostly as a game would, not always.
_AT_STOPPAGE = ["same"] * 6 + ["forward"] * 2 + ["back", "jump"]
STEPS = {
    "faceoff": ["same"] * 6 + ["next_period"] * 2 + ["forward", "back", "jump"],
    "period_end": ["zero"] * 8 + ["same", "forward", "back"],
    "penalty": _AT_STOPPAGE, "timeout": _AT_STOPPAGE, "designate": _AT_STOPPAGE,
    "goalie": _AT_STOPPAGE, "forfeit": _AT_STOPPAGE, "shootout": _AT_STOPPAGE,
    "warning": _AT_STOPPAGE, "resume": _AT_STOPPAGE, "referee_timeout": _AT_STOPPAGE,
}
_IN_PLAY = ["forward"] * 8 + ["same", "back", "zero", "jump"]
KIND = strategies.sampled_from(KINDS)
STEP = {kind: strategies.sampled_from(steps) for kind, steps in STEPS.items()}
STEP_IN_PLAY = strategies.sampled_from(_IN_PLAY)
FORWARD, BACK, PERIOD = (strategies.integers(1, 900), strategies.integers(1, 600),
                          strategies.integers(1, 4))


@cache
def _clock_left(length: int) -> strategies.SearchStrategy[int]:
    return strategies.integers(0, length)


def _next_moment(draw: Any, kind: str, period: int, left: int, length: int) -> tuple[int, int]:
    step = draw(STEP.get(kind, STEP_IN_PLAY))
    if step == "forward":
        left = max(0, left - draw(FORWARD))
    elif step == "back":
        left = min(length, left + draw(BACK))
    elif step == "zero":
        left = 0
    elif step == "next_period" and left == 0:
        period, left = period + 1, length if period + 1 <= 2 else 3000
    elif step == "jump":
        period = draw(PERIOD)
        left = draw(_clock_left(length))
    return period, left


@strategies.composite
def random_logs(draw: Any) -> tuple[GameSetup, list[Event]]:
    """Any sequence of events; times mostly go forward, sometimes backwards,
    over periods 1-3 (3 and 4 are overtime in a two-period game) and the
    shootout. Most logs open with the face-off, so that play gets going."""
    setup = GameSetup(draw(SETTINGS), default_roster("Home"), default_roster("Away"))
    length = setup.settings.period_length
    period, left = 1, length
    events: list[Event] = []
    if draw(strategies.integers(0, 9)) > 0:
        events.append(FaceOff(GameTime(1, length)))
    for _ in range(draw(strategies.integers(1, 60))):
        kind = draw(KIND)
        period, left = _next_moment(draw, kind, period, left, length)
        events.append(_event(draw, kind, GameTime(period, left)))
    return setup, events


RANDOM = settings(max_examples=150 * SCALE, deadline=None,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def fold_checked(state: GameState, event: Event) -> GameState:
    """Apply ``event``: only a RuleViolation may come back, and then nothing
    changed; an accepted event leaves the old state as it was, moves the clock
    only forward and keeps the invariants."""
    before = state.snapshot()
    try:
        after = apply(state, event)
    except RuleViolation:
        assert state.snapshot() == before, f"refused {event!r} changed the state"
        return state
    assert state.snapshot() == before, f"accepting {event!r} changed the old state"
    assert moment_key(after) >= moment_key(state), f"the clock ran backwards at {event!r}"
    check_invariants(after)
    return after


@RANDOM
@given(random_logs())
def test_random_logs_refusals_change_nothing_and_acceptances_keep_the_invariants(
        log: tuple[GameSetup, list[Event]]) -> None:
    setup, events = log
    state = start(setup)
    for event in events:
        state = fold_checked(state, event)


# What usually comes next in each phase of a game; anything else can still come.
_KINDS_IN_PLAY = [k for k in KINDS if k != "forfeit"]
_NEXT = {
    "not_started": ["faceoff"] * 20 + KINDS,
    "in_play": ["stoppage", "goal", "signal", "shot", "penalty_shot", "period_end"] * 8
    + _KINDS_IN_PLAY,
    "stopped": ["faceoff", "penalty", "penalty", "timeout", "designate", "goalie"] * 8 + KINDS,
    "intermission": ["faceoff"] * 30 + KINDS,
    "shootout": ["shootout"] * 60 + KINDS,
    "final": KINDS,
    "suspended": ["resume"] * 20 + KINDS,
}
NEXT = {status: strategies.sampled_from(kinds) for status, kinds in _NEXT.items()}


@RANDOM
@given(SETTINGS, strategies.data())
def test_random_events_guided_by_the_phase_of_the_game(game_settings: Settings,
                                                       data: strategies.DataObject) -> None:
    """Random events again, but drawn mostly as the phase of the game invites,
    so that the fold gets deep (power plays, overtime, shootouts) before the
    odd event comes."""
    setup = GameSetup(game_settings, default_roster("Home"), default_roster("Away"))
    state = start(setup)
    for _ in range(data.draw(strategies.integers(1, 120), label="events")):
        kind = data.draw(NEXT[state.status])
        if kind == "faceoff" and state.status == "intermission":
            period = state.period + 1
            at = GameTime(period, state.period_length(period))
        else:
            length = state.period_length(state.period)
            at = GameTime(*_next_moment(data.draw, kind, state.period, state.left, length))
        state = fold_checked(state, _event(data.draw, kind, at))


def check_clock_only_runs_when_running(before: GameState, event: Event, after: GameState) -> None:
    """FORMAT.md: the clock runs only when the settings and the state say it
    runs. While it is stopped (a stop-time stoppage, before the opening
    face-off, an intermission) an event does not move it, except the face-off
    that opens a period, which is at the period's full length. Under running
    time, where a time-out or the late stop-clock holds it, the timekeeper's
    recorded time is kept but never silently: the event carries a 640(a)
    warning."""
    if isinstance(event, FaceOff) and before.status in ("not_started", "intermission"):
        assert after.left == after.period_length(after.period), (
            f"{event!r} opens period {after.period} with {after.left} tenths on the clock")
        return
    if not before.running and after.clock != before.clock:
        held_running_time = (before.setup.settings.clock == "running"
                             and before.status == "stopped")
        assert held_running_time, (
            f"{event!r} moved the clock from {before.clock} to {after.clock} while it was "
            f"stopped ({before.status}, {before.setup.settings.clock} time)")
        assert any(w.rule == "640(a)" for w in after.last_warnings), (
            f"{event!r} moved a held running clock without a 640(a) warning")


@SIM
@given(SEEDS)
def test_simulated_games_run_the_clock_only_when_it_runs(seed: int) -> None:
    setup, events = simulated(seed)
    state = start(setup)
    for event in events:
        after = apply(state, event)
        check_clock_only_runs_when_running(state, event, after)
        state = after


@RANDOM
@given(SETTINGS, strategies.data())
def test_random_events_run_the_clock_only_when_it_runs(game_settings: Settings,
                                                       data: strategies.DataObject) -> None:
    setup = GameSetup(game_settings, default_roster("Home"), default_roster("Away"))
    state = start(setup)
    for _ in range(data.draw(strategies.integers(1, 100), label="events")):
        kind = data.draw(NEXT[state.status])
        length = state.period_length(state.period)
        at = GameTime(*_next_moment(data.draw, kind, state.period, state.left, length))
        if kind == "faceoff" and state.status == "intermission" and data.draw(BOOLEAN):
            at = GameTime(state.period + 1, state.period_length(state.period + 1))
        event = _event(data.draw, kind, at)
        try:
            after = apply(state, event)
        except RuleViolation:
            continue
        check_clock_only_runs_when_running(state, event, after)
        state = after


def every_field(state: GameState) -> dict[str, object]:
    """Every slot of ``state``, its persistent chains as their items: all the
    fold keeps, not only what :meth:`GameState.snapshot` shows."""
    out: dict[str, object] = {}
    for name in GameState.__slots__:
        value = getattr(state, name)
        out[name] = items(value) if isinstance(value, Chain) else value
    return out


def check_replay_folds_as_apply(setup: GameSetup, events: list[Event]) -> None:
    """``replay``, which changes one private state in place, gives the very
    state the ``apply`` fold gives (every field, after every accepted event),
    and refuses an event with the same rule and reason where ``apply`` does."""
    state = start(setup)
    accepted: list[Event] = []
    for event in events:
        before = every_field(state)
        try:
            after = apply(state, event)
        except RuleViolation as refused:
            try:
                replay(setup, [*accepted, event])
            except RuleViolation as also:
                assert (also.rule, also.reason) == (refused.rule, refused.reason)
            else:
                raise AssertionError(f"replay accepted {event!r}, which apply refuses")
            assert every_field(state) == before, f"refusing {event!r} changed the state"
            continue
        assert every_field(state) == before, f"accepting {event!r} changed the old state"
        accepted.append(event)
        state = after
        assert every_field(replay(setup, accepted)) == every_field(state), (
            f"replay and apply part after {event!r}")


@SIM
@given(SEEDS)
def test_simulated_games_replay_in_place_as_apply_folds_them(seed: int) -> None:
    setup, events = simulated(seed)
    check_replay_folds_as_apply(setup, list(events))


@RANDOM
@given(random_logs())
def test_random_logs_replay_in_place_as_apply_folds_them(
        log: tuple[GameSetup, list[Event]]) -> None:
    check_replay_folds_as_apply(*log)


@RANDOM
@given(SETTINGS, strategies.data())
def test_phase_guided_logs_replay_in_place_as_apply_folds_them(
        game_settings: Settings, data: strategies.DataObject) -> None:
    setup = GameSetup(game_settings, default_roster("Home"), default_roster("Away"))
    state = start(setup)
    events: list[Event] = []
    for _ in range(data.draw(strategies.integers(1, 120), label="events")):
        kind = data.draw(NEXT[state.status])
        length = state.period_length(state.period)
        at = GameTime(*_next_moment(data.draw, kind, state.period, state.left, length))
        if kind == "faceoff" and state.status == "intermission":
            at = GameTime(state.period + 1, state.period_length(state.period + 1))
        event = _event(data.draw, kind, at)
        events.append(event)
        try:
            state = apply(state, event)
        except RuleViolation:
            continue
    check_replay_folds_as_apply(setup, events)


@RANDOM
@given(SETTINGS, strategies.data())
def test_the_clocks_own_reading_of_a_stoppage_is_the_states(game_settings: Settings,
                                                             data: strategies.DataObject) -> None:
    """clock's one-call reading of whether the clock runs with play not on
    (640(a), casebook 22) answers as GameState.running does, late in close
    games of running time as everywhere else."""
    setup = GameSetup(replace(game_settings, clock="running", late_stop_clock=1200,
                              late_stop_clock_margin=1), default_roster("Home"),
                      default_roster("Away"))
    state = start(setup)
    seen = 0
    for _ in range(data.draw(strategies.integers(1, 120), label="events")):
        if state.status != "in_play":
            for left, held, lead in itertools.product((1199, 1200, 1201), BOOLEAN_VALUES,
                                                      (0, 1, 2)):
                probe = state.copy()  # at, and either side of, the late stop-clock
                probe.left, probe.clock_held = left, held
                probe.home_score = probe.away_score + lead
                assert runs_while_stopped(probe) == probe.running, probe.snapshot()
            seen += 1
        kind = data.draw(NEXT[state.status])
        length = state.period_length(state.period)
        at = GameTime(*_next_moment(data.draw, kind, state.period, state.left, length))
        with contextlib.suppress(RuleViolation):
            state = apply(state, _event(data.draw, kind, at))
    assert seen > 0
