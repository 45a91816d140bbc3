"""The fold's shortcuts (issue 30) give what the longer way gives.

Each shortcut the fold takes for speed is checked here against the
question it replaces, on every event of simulated games (both editions):
a goal's strength from the box alone against the players on the floor
(casebook 1-3); a team's one new penalty started at the face-off against
the whole stoppage's way of starting them (408(a), 402(f)); the pairing of
coincident penalties skipped where only one team has new ones (casebook 4,
403(e)); penalty times and strength left as they were after an event that
only put penalties in the box to wait for the face-off (409(d)).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rinkside.rules import GameState, apply, start, timing
from rinkside.rules.box import (
    MINOR_TIME,
    Clock,
    ServerKey,
    Status,
    Unit,
    prune,
    release_waiting,
)
from rinkside.rules.clock import run_to_faceoff
from rinkside.rules.coincidence import (
    _balance,
    _cancel_coincident,
    _new_units,
    _start_new,
    _start_one,
    _start_team,
    resolve_faceoff,
    waiting_for_faceoff,
)
from rinkside.rules.events import (
    TEAMS,
    Event,
    FaceOff,
    Goal,
    PenaltyClass,
    ShootoutAttempt,
    Team,
    other,
)
from rinkside.rules.game import _note_advantage, _only_assessed
from rinkside.rules.goals import _any_substituted_for, _substituted_for
from rinkside.rules.play import _only_minors
from rinkside.rules.records import ShootoutShot, items
from rinkside.rules.shootout import TIMED, eligible, may_shoot, next_team, unexpired, winner
from rinkside.simulate import simulate_games

GAMES = 60


def _before_each(second_edition: bool) -> Iterator[tuple[GameState, Event, GameState]]:
    """(state before, event, state after) for every event of the simulated games."""
    for setup, events in simulate_games(GAMES, 4242, second_edition=second_edition):
        state = start(setup)
        for event in events:
            after = apply(state, event)
            yield state, event, after
            state = after


@pytest.mark.parametrize("second_edition", [False, True])
def test_goal_strength_is_the_players_on_the_floor(second_edition: bool) -> None:
    """Rule 616 tags, casebook 1-3: PP when the scorer's team has more players
    on the floor at the goal, SH when fewer, EV when as many, with an empty
    net counted as the extra skater it is."""
    goals = 0
    tags = set()
    for before, event, after in _before_each(second_edition):
        if not isinstance(event, Goal):
            continue
        at_goal = before.advance_to(event.at) if before.phase == "in_play" else before
        mine = at_goal.players_on_floor(event.team)
        theirs = at_goal.players_on_floor(other(event.team))
        expected = "PP" if mine > theirs else "SH" if mine < theirs else "EV"
        assert after.goals[-1].strength == expected, (event, at_goal.units)
        goals += 1
        tags.add(expected)
    assert goals > 100
    assert tags == {"PP", "SH", "EV"}


@pytest.mark.parametrize("second_edition", [False, True])
def test_one_new_penalty_starts_as_the_stoppage_would(second_edition: bool) -> None:
    """Step 3 of the face-off (409(d)): one new minor or major of a team
    queues behind its server's time (402(f)), is held as a third penalty
    (408(a)) or starts, as the general step starts a stoppage's penalties."""
    seen = set()
    for before, event, _ in _before_each(second_edition):
        if not isinstance(event, FaceOff) or not before.units:
            continue
        cap = before.setup.settings.max_counting_penalties
        for team in TEAMS:
            new = _new_units(before.units, team)
            if len(new) != 1 or new[0].after:
                continue
            one = _start_one(before.units, new[0], before.elapsed, cap)
            assert one == _start_team(before.units, team, new, before.elapsed, cap)
            started = next(u for u in one if u.uid == new[0].uid)
            seen.add(started.status if started.status == "running" else started.pending_reason)
    assert {"running", "third"} <= seen


@pytest.mark.parametrize("second_edition", [False, True])
def test_one_teams_new_penalties_pair_with_nothing(second_edition: bool) -> None:
    """Casebook 4, 403(c), 403(e): coincident penalties are new penalties of
    both teams at one stoppage; where only one team has new ones, steps 1
    and 2 of the face-off leave the box as it is, whatever the other team
    already serves."""
    checked = 0
    for before, event, _ in _before_each(second_edition):
        if not isinstance(event, FaceOff) or not before.units:
            continue
        new = [team for team in TEAMS if _new_units(before.units, team)]
        if len(new) != 1 or len({u.team for u in before.units}) != 2:
            continue
        for window in (False, True):
            for only_minors in (False, True):
                assert _cancel_coincident(before.units, window, only_minors) == before.units
        checked += 1
    assert checked > 5


@pytest.mark.parametrize("second_edition", [False, True])
def test_penalties_waiting_for_the_faceoff_change_no_time_or_strength(
        second_edition: bool) -> None:
    """Rule 409(d): penalties assessed at a stoppage start at the face-off;
    recording them notes no penalty time (507) and no man advantage."""
    checked = 0
    for before, event, after in _before_each(second_edition):
        if after.units is before.units or not _only_assessed(after.units, before.units):
            continue
        assert event.at is not None
        again = after.copy()
        timing.note(again, before.elapsed, event.at)
        _note_advantage(again)
        assert again.penalty_time_chain is after.penalty_time_chain
        assert again.advantage == after.advantage
        assert again.power_play_chain is after.power_play_chain
        checked += 1
    assert checked > 100


@pytest.mark.parametrize("second_edition", [False, True])
def test_a_faceoff_releases_restarts_and_starts_as_three_scans_would(
        second_edition: bool) -> None:
    """The face-off's one pass over the box (402(c) note 1, casebook 31, 44;
    409(d)) leaves the box the older three steps left it: release those
    waiting for it, restart the time of a player who left the box early,
    then settle the stoppage's penalties if any wait."""
    checked = set()
    for before, event, after in _before_each(second_edition):
        if not isinstance(event, FaceOff) or not before.units or before.phase != "stopped":
            continue
        s = before.copy()
        run_to_faceoff(s, event.at)
        units = release_waiting(s.units, "faceoff")
        if any(u.pending_reason == "left" for u in units):
            units = tuple(u.running_from(s.elapsed) if u.pending_reason == "left" else u
                          for u in units)
            checked.add("left")
        if waiting_for_faceoff(units):
            s.units = units
            st = s.setup.settings
            window = s.period > st.periods or (s.period == st.periods and s.left < st.major)
            units = resolve_faceoff(units, s.elapsed, s.clock_rules(), major_window=window,
                                    only_minors=_only_minors(s))
            checked.add("waiting")
        else:
            checked.add("none waiting")
        assert prune(units) == after.units, (event, before.units)
    assert {"waiting", "none waiting"} <= checked


@pytest.mark.parametrize("second_edition", [False, True])
def test_a_faceoffs_one_new_penalty_starts_as_the_four_steps_start_it(
        second_edition: bool) -> None:
    """Rule 409(d): the face-off settles the stoppage's penalties in four
    steps (casebook 4, 403(e), 408(a), 402(h)). With one new unit, or new
    units of one team, the first two pair nothing, so the face-off starts
    them directly and whether the stoppage's penalties were all minors
    (casebook 67, asked only where both teams have new ones) changes
    nothing; the result is the four steps' own."""
    checked = set()
    for before, event, _ in _before_each(second_edition):
        if not isinstance(event, FaceOff) or not waiting_for_faceoff(before.units):
            continue
        box, now, clock = before.units, before.elapsed, before.clocks[1]
        cap = clock.max_counting
        new_teams = {t for t in TEAMS if _new_units(box, t)}
        if len(new_teams) != 1:
            continue
        steps = _start_new(box, now, cap, new_teams)
        if len({u.team for u in box}) == 2:
            steps = _balance(steps, now, cap)
        for window in (False, True):
            for only_minors in (False, True):
                assert resolve_faceoff(box, now, clock, major_window=window,
                                       only_minors=only_minors) == steps, (event, box)
        checked.add("one unit" if sum(len(_new_units(box, t)) for t in TEAMS) == 1
                    else "one team")
    assert checked == {"one unit", "one team"}


def test_a_faceoffs_one_new_penalty_is_balanced_as_the_steps_balance_it() -> None:
    """Rule 402(h), casebook 5: two minors a side running and a third to the
    away team: its one new minor is held (408(a)), and step 4 pairs minors
    off so that the away team is not left short of the home team by it."""
    def minor(uid: int, team: Team, status: Status = "running") -> Unit:
        unit = Unit(uid, uid, team, uid, None, ServerKey("player", team, uid), MINOR_TIME,
                    PenaltyClass.MINOR, "tripping", 1200, 1)
        return unit.running_from(100 * uid) if status == "running" else unit

    box = (minor(1, "home"), minor(2, "home"), minor(3, "away"), minor(4, "away"),
           minor(5, "away", "pending"))
    clock = Clock(True, False, 2)
    steps = _balance(_start_new(box, 900, 2, {"away"}), 900, 2)
    assert steps != _start_new(box, 900, 2, {"away"})  # step 4 pairs minors off here
    assert resolve_faceoff(box, 900, clock, major_window=False, only_minors=False) == steps


@pytest.mark.parametrize("second_edition", [False, True])
def test_penalty_records_run_in_stoppage_order(second_edition: bool) -> None:
    """A stoppage's penalties are the newest of the record (506(a)), read back
    from the chain's head as far as the stoppage goes (casebook 42's
    companions, casebook 67's plain minors): the records' stoppages never
    go down, and those of the stoppage in progress are all at the head."""
    checked = 0
    for _, _, after in _before_each(second_edition):
        records = items(after.penalty_chain)
        stoppages = [r.stoppage for r in records]
        assert stoppages == sorted(stoppages)
        head = []
        node = after.penalty_chain
        while node is not None and node.head.stoppage == after.stoppage:
            head.append(node.head)
            node = node.tail
        assert head[::-1] == [r for r in records if r.stoppage == after.stoppage]
        checked += bool(head)
    assert checked > 100


@pytest.mark.parametrize("second_edition", [False, True])
def test_the_quick_206d_question_answers_as_the_set_does(second_edition: bool) -> None:
    """Rule 206(d): whether any of a team's penalties a substitute serves is
    still pending or running is asked by one pass before the set is built."""
    found = 0
    for before, _, _ in _before_each(second_edition):
        for team in TEAMS:
            quick = _any_substituted_for(before.units, team)
            assert quick == bool(_substituted_for(before.units, team))
            found += quick
    assert found > 0


def _shootouts(second_edition: bool
               ) -> Iterator[tuple[GameState, ShootoutAttempt, GameState]]:
    """(state before, attempt, state after) for every shootout attempt of the
    simulated games (more games than :func:`_before_each`: few go so far)."""
    for setup, events in simulate_games(GAMES * 5, 4242, second_edition=second_edition):
        if not any(isinstance(e, ShootoutAttempt) for e in events):
            continue
        state = start(setup)
        for event in events:
            after = apply(state, event)
            if isinstance(event, ShootoutAttempt):
                yield state, event, after
            state = after


def _unexpired_by_scan(state: GameState, team: Team) -> set[int]:
    """639(b)4F, casebook 50, as the whole record reads it: the box's pending
    and running time, and every penalty assessed at the game's last moment."""
    out = {n for u in state.units if u.team == team and u.status in ("pending", "running")
           for n in (u.player, u.served_by) if n is not None}
    for r in items(state.penalty_chain):
        if r.team == team and r.at == state.clock and r.penalty_class in TIMED:
            out.update(n for n in (r.player, r.served_by) if n is not None)
    return out


def _may_shoot_by_counts(state: GameState, team: Team) -> tuple[int, ...]:
    """639(b)4D as sets and counts say it (the shortcut's plain loops aside)."""
    per_round = state.setup.settings.shootout_shooters
    mine = [s.shooter for s in state.shootout_shots if s.team == team]
    pool = tuple(p.number for p in state.setup.roster(team).players
                 if not p.goalie and p.number != state.goalie(team)
                 and p.number not in _unexpired_by_scan(state, team)
                 and not state.is_ejected(team, p.number))
    if len(mine) >= per_round:
        pool = tuple(n for n in pool if n in set(mine[:per_round]))
        mine = mine[per_round + ((len(mine) - per_round) // per_round) * per_round:]
    if not pool:
        return ()
    fewest = min(mine.count(n) for n in pool)
    return tuple(n for n in pool if mine.count(n) == fewest)


def _winner_by_teams(shots: tuple[ShootoutShot, ...], per_round: int) -> Team | None:
    """639(b): decided once a team cannot catch up in the first round, or by
    the first complete sudden-death round that leaves the teams unequal."""
    taken = {t: sum(1 for s in shots if s.team == t) for t in TEAMS}
    scored = {t: sum(1 for s in shots if s.team == t and s.scored) for t in TEAMS}
    if all(taken[t] <= per_round for t in TEAMS):
        return next((other(t) for t in TEAMS
                     if scored[t] + per_round - taken[t] < scored[other(t)]), None)
    if taken["home"] == taken["away"] and scored["home"] != scored["away"]:
        return max(TEAMS, key=lambda t: scored[t])
    return None


@pytest.mark.parametrize("second_edition", [False, True])
def test_the_shootouts_plain_loops_answer_as_the_record_does(second_edition: bool) -> None:
    """Rule 639(b): whose turn it is (4C), who may shoot (4A, 4D, 4F: the
    time unexpired read from the newest records alone, casebook 50) and
    whether the shootout is decided, at every attempt of the simulated
    games, as the whole record and plain counts say."""
    attempts = 0
    for before, event, after in _shootouts(second_edition):
        per_round = before.setup.settings.shootout_shooters
        away = sum(1 for s in before.shootout_shots if s.team == "away")
        turn = "away" if away * 2 == len(before.shootout_shots) else "home"
        assert next_team(before.shootout_shots) == turn == event.team
        for team in TEAMS:
            assert unexpired(before, team) == _unexpired_by_scan(before, team)
            assert may_shoot(before, team) == _may_shoot_by_counts(before, team)
            assert set(eligible(before, team)) >= set(may_shoot(before, team))
        assert winner(after.shootout_shots, per_round) == _winner_by_teams(
            after.shootout_shots, per_round)
        attempts += 1
    assert attempts > 100
