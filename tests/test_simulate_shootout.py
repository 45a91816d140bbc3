"""Rule 639(b)4D in the shootout, as the engine refuses it and the simulator
plays it: no player shoots twice in a round before each of his team's
shooters has shot, however few players a team has left to shoot."""

from __future__ import annotations

import random

from gamekit import refused, regulation
from hypothesis import assume, given, settings, strategies

from rinkside.rules import GameSetup, GameState, Player, Roster, Settings, apply, replay
from rinkside.rules.events import Event, ShootoutAttempt, Team
from rinkside.rules.shootout import may_shoot
from rinkside.simulate import SimulationError
from rinkside.simulate.play import play_game

PER_ROUND = 4


def roster(name: str, skaters: int) -> Roster:
    """A goaltender (#1) and ``skaters`` skaters, #10 up."""
    return Roster(name, (Player(1, "Goalie", goalie=True),
                         *(Player(10 + i, f"Skater {i}") for i in range(skaters))))


def shootout_setup(home: int, away: int) -> GameSetup:
    return GameSetup(Settings(overtime="shootout_only", mercy=None,
                              shootout_shooters=PER_ROUND), roster("Home", home),
                     roster("Away", away))


def at_the_shootout(home: int, away: int) -> GameState:
    state = replay(shootout_setup(home, away), regulation())
    assert state.status == "shootout"
    return state


class TestTheEngine:
    def test_with_four_able_to_shoot_nobody_shoots_twice_in_the_first_round(self) -> None:
        s = at_the_shootout(6, 6)
        s = apply(s, ShootoutAttempt("away", 10, False))
        s = apply(s, ShootoutAttempt("home", 10, False))
        assert refused(s, ShootoutAttempt("away", 10, False)).rule == "639(b)"
        assert may_shoot(s, "away") == (11, 12, 13, 14, 15)

    def test_three_able_to_shoot_shoot_in_turn_and_then_again(self) -> None:
        s = at_the_shootout(6, 3)
        order = [("away", 10), ("home", 10), ("away", 11), ("home", 11), ("away", 12),
                 ("home", 12)]
        for team, shooter in order:
            s = apply(s, ShootoutAttempt(team, shooter, False))
        assert may_shoot(s, "away") == (10, 11, 12)  # each has shot once: any again
        s = apply(s, ShootoutAttempt("away", 10, False))
        s = apply(s, ShootoutAttempt("home", 13, False))  # the first round is over
        # a later round: the same shooters, none twice before all have shot
        s = apply(s, ShootoutAttempt("away", 12, False))
        s = apply(s, ShootoutAttempt("home", 13, False))
        assert refused(s, ShootoutAttempt("away", 12, False)).rule == "639(b)"
        assert may_shoot(s, "away") == (10, 11)

    def test_a_repeat_before_each_has_shot_is_refused_with_the_rule(self) -> None:
        s = at_the_shootout(6, 2)
        s = apply(s, ShootoutAttempt("away", 10, False))
        s = apply(s, ShootoutAttempt("home", 10, False))
        refusal = refused(s, ShootoutAttempt("away", 10, False))
        assert refusal.rule == "639(b)" and "639(b)4D" in str(refusal)


def _rounds(attempts: list[ShootoutAttempt], team: Team) -> list[list[int]]:
    mine = [a.shooter for a in attempts if a.team == team]
    return [mine[i:i + PER_ROUND] for i in range(0, len(mine), PER_ROUND)]


def _in_turn(shooters: list[int], pool: set[int]) -> bool:
    """No one's k+1-th shot before each of ``pool`` has had k."""
    counts = dict.fromkeys(pool, 0)
    for n in shooters:
        if n not in counts or counts[n] != min(counts.values()):
            return False
        counts[n] += 1
    return True


@settings(max_examples=40, deadline=None)
@given(strategies.integers(min_value=0, max_value=2**32 - 1),
       strategies.integers(min_value=4, max_value=8),
       strategies.integers(min_value=4, max_value=8))
def test_a_simulated_shootout_never_repeats_a_shooter_before_each_has_shot(
        seed: int, home: int, away: int) -> None:
    setup = shootout_setup(home, away)
    try:
        events: list[Event] = play_game(random.Random(seed), setup)
    except SimulationError as exc:
        # A tie with every skater of a team removed or boxed at the end: no
        # shootout can be shot (639(b)4F) and the book says no more.
        assume("nobody to shoot" not in str(exc))
        raise
    state = replay(setup, events)
    assert state.status == "final"
    start = next((i for i, e in enumerate(events) if isinstance(e, ShootoutAttempt)), None)
    if start is None:
        return  # decided in regulation
    before = replay(setup, events[:start])
    attempts = [e for e in events[start:] if isinstance(e, ShootoutAttempt)]
    for team in ("home", "away"):
        # 639(b)4A, 4F: the dressed skaters not in the box nor removed
        boxed = {n for e in before.box(team) for n in (e.player, e.served_by) if n is not None}
        able = {p.number for p in setup.roster(team).players if not p.goalie
                and p.number not in boxed and not before.is_ejected(team, p.number)}
        first, *later = _rounds(attempts, team)
        assert _in_turn(first, able)
        if len(able) >= PER_ROUND:
            assert len(set(first)) == len(first)
        for shots in later:
            assert _in_turn(shots, set(first))


def test_a_team_with_few_skaters_left_still_finishes_its_shootouts() -> None:
    """Three skaters: the simulator used to name one twice in a round and
    stop on the engine's refusal."""
    for seed in range(30):
        setup = shootout_setup(6, 3)
        assert replay(setup, play_game(random.Random(seed), setup)).status == "final"

