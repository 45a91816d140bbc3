"""Each rink as it is: its opening hours and closed slots, kept by the solver
and found by the conflict check."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from rinkside.tournament.schedule_check import Placed, Window, conflicts, conflicts_of
from rinkside.tournament.schedule_officials import assign_referees
from rinkside.tournament.schedule_rinks import RinkHours, Travel
from rinkside.tournament.schedule_solver import Pairing, ScheduleInfeasible, solve

DAY = datetime(2026, 12, 12, 8, 0, tzinfo=UTC)
HOUR = timedelta(hours=1)
GAME = timedelta(minutes=30)
MIN = timedelta(minutes=1)


def test_a_game_outside_the_hours_or_over_a_closed_slot_is_refused_saying_why() -> None:
    east = RinkHours("East", open=(Window(DAY, DAY + 4 * HOUR),),
                     closed=(Window(DAY + HOUR, DAY + HOUR + GAME),))
    assert east.refusal(DAY, DAY + GAME) is None
    assert east.refusal(DAY + 2 * HOUR, DAY + 2 * HOUR + GAME) is None
    late = east.refusal(DAY + 4 * HOUR, DAY + 4 * HOUR + GAME)
    assert late is not None and "East is not open" in late and "08:00-12:00" in late
    closed = east.refusal(DAY + 45 * timedelta(minutes=1), DAY + 75 * timedelta(minutes=1))
    assert closed is not None and "East is closed Sat 09:00-09:30" in closed
    hours = {"East": east}
    moved = Placed(1, DAY + HOUR, "East", (1, 2))
    found = conflicts_of(moved, [], length=GAME, rink_hours=hours)
    assert [c.kind for c in found] == ["rink hours"]
    assert conflicts_of(Placed(1, DAY + HOUR, "West", (1, 2)), [], length=GAME,
                        rink_hours=hours) == []
    assert [c.games for c in conflicts([moved, Placed(2, DAY, "East", (3, 4))], length=GAME,
                                       rink_hours=hours)] == [(1,)]


def test_the_solver_keeps_each_rink_within_its_hours() -> None:
    # East opens at 10:00 and is closed 11:00-12:00; West closes at 10:00.
    hours = {"East": RinkHours("East", open=(Window(DAY + 2 * HOUR, DAY + 6 * HOUR),),
                               closed=(Window(DAY + 3 * HOUR, DAY + 4 * HOUR),)),
             "West": RinkHours("West", open=(Window(DAY, DAY + 2 * HOUR),))}
    teams = list(range(1, 6))
    pairings = [Pairing(n + 1, a, b) for n, (a, b) in enumerate(
        (a, b) for i, a in enumerate(teams) for b in teams[i + 1:])]  # 10 games, 10 open rink slots
    windows = [Window(DAY, DAY + 6 * HOUR)]
    slots = solve(pairings, windows=windows, rinks=["East", "West"], length=GAME,
                  seconds=5, rink_hours=hours)
    assert len(slots) == 10
    for slot in slots:
        assert hours[slot.rink].holds(slot.start, slot.start + GAME), slot
    by_key = {p.key: (p.home, p.away) for p in pairings}
    placed = [Placed(s.key, s.start, s.rink, by_key[s.key]) for s in slots]
    assert conflicts(placed, length=GAME, windows=windows, rink_hours=hours) == []
    assert {s.rink for s in slots} == {"East", "West"}


def test_a_team_at_two_venues_needs_the_travel_on_top_of_its_rest() -> None:
    travel = Travel({"East": "Arena", "West": "Arena", "Park": "Parkhall"}, 20 * MIN)
    first = Placed(1, DAY, "East", (1, 2))
    same_building = Placed(2, DAY + GAME + 10 * MIN, "West", (1, 3))
    other_building = Placed(3, DAY + GAME + 10 * MIN, "Park", (1, 3))
    assert conflicts([first, same_building], length=GAME, rest=10 * MIN, travel=travel) == []
    found = conflicts([first, other_building], length=GAME, rest=10 * MIN, travel=travel)
    assert [c.kind for c in found] == ["rest"]
    assert "at Arena and Parkhall, 20 min apart" in found[0].message
    assert "the minimum is 30" in found[0].message


def test_the_solver_keeps_the_travel_between_venues() -> None:
    travel = Travel({"East": "Arena", "Park": "Parkhall"}, 25 * MIN)
    pairings = [Pairing(1, 1, 2), Pairing(2, 3, 4), Pairing(3, 1, 3), Pairing(4, 2, 4)]
    windows = [Window(DAY, DAY + 4 * HOUR)]
    slots = solve(pairings, windows=windows, rinks=["East", "Park"], length=GAME,
                  seconds=5, travel=travel)
    by_key = {p.key: (p.home, p.away) for p in pairings}
    placed = [Placed(s.key, s.start, s.rink, by_key[s.key]) for s in slots]
    assert len(placed) == 4
    assert conflicts(placed, length=GAME, travel=travel) == []
    for team in (1, 2, 3, 4):
        a, b = sorted(p.start for p in placed if team in p.teams)
        assert b - a >= GAME + 25 * MIN or len({p.rink for p in placed if team in p.teams}) == 1


# Three venues: A-B 20 min, A-C 45 min; B-C not given takes the default, 30.
PAIRS = Travel({"A1": "A", "B1": "B", "C1": "C"}, 30 * MIN,
               {frozenset(("A", "B")): 20 * MIN, frozenset(("A", "C")): 45 * MIN})


def test_travel_is_given_pair_by_pair_with_the_default_for_the_rest() -> None:
    assert PAIRS.between("A1", "B1") == 20 * MIN == PAIRS.between("B1", "A1")
    assert PAIRS.between("A1", "C1") == 45 * MIN
    assert PAIRS.between("B1", "C1") == 30 * MIN
    assert PAIRS.between("A1", "A1") == timedelta(0)
    assert PAIRS.longest(["A1", "B1"]) == 20 * MIN and PAIRS.longest() == 45 * MIN
    first = Placed(1, DAY, "A1", (1, 2))
    to_b = Placed(2, DAY + GAME + 30 * MIN, "B1", (1, 3))
    to_c = Placed(3, DAY + GAME + 30 * MIN, "C1", (1, 4))
    assert conflicts([first, to_b], length=GAME, travel=PAIRS) == []
    found = conflicts([first, to_c], length=GAME, travel=PAIRS)
    assert [c.kind for c in found] == ["rest"] and "at A and C, 45 min apart" in found[0].message


def test_a_referee_keeps_the_travel_between_venues_too() -> None:
    """Sam officiates at A then, 30 min later, at C (45 min away): a
    conflict; at B (20 min away) none. The referees' assignment keeps it."""
    first = Placed(1, DAY, "A1", (1, 2), frozenset({"Sam"}))
    at_b = Placed(2, DAY + GAME + 30 * MIN, "B1", (3, 4), frozenset({"Sam"}))
    at_c = Placed(3, DAY + GAME + 30 * MIN, "C1", (5, 6), frozenset({"Sam"}))
    assert conflicts([first, at_b], length=GAME, travel=PAIRS) == []
    found = conflicts([first, at_c], length=GAME, travel=PAIRS)
    assert [c.kind for c in found] == ["official"]
    assert "Sam has 30 min between games to travel" in found[0].message
    assert conflicts([first, at_c], length=GAME) == []  # without the travel, none
    bare = [Placed(g.key, g.start, g.rink, g.teams) for g in (first, at_c)]
    crew = ["Sam", "Tia", "Uma"]
    assert assign_referees(bare, crew, length=GAME).referees[3] == ("Uma", "Sam")
    done = assign_referees(bare, crew, length=GAME, travel=PAIRS)
    assert done.referees == {1: ("Sam", "Tia"), 3: ("Uma",)}
    assert "1 of 2 referees" in done.short[3]


def test_the_solver_keeps_each_pairs_travel() -> None:
    """Rinks at A and C only: the 45 min between them, not the default."""
    pairings = [Pairing(1, 1, 2), Pairing(2, 3, 4), Pairing(3, 1, 3), Pairing(4, 2, 4)]
    windows = [Window(DAY, DAY + 4 * HOUR)]
    slots = solve(pairings, windows=windows, rinks=["A1", "C1"], length=GAME, seconds=5,
                  travel=PAIRS)
    by_key = {p.key: (p.home, p.away) for p in pairings}
    placed = [Placed(s.key, s.start, s.rink, by_key[s.key]) for s in slots]
    assert len(placed) == 4 and conflicts(placed, length=GAME, travel=PAIRS) == []


# Two venues near each other (A-B 10 min) and one far (60 min from both).
NEAR_FAR = Travel({"A1": "A", "B1": "B", "C1": "C"}, 60 * MIN, {frozenset(("A", "B")): 10 * MIN})


def test_the_solver_keeps_the_pairs_own_travel_not_the_longest() -> None:
    """Three slots (08:00, 08:30, 09:00) and four games, each team two: a
    team's two games 30 min apart fit between A and B (10 min), not with
    the 60 min of the far venue kept between every two; the schedule keeps
    each pair's travel and nothing puts a team's second game at C."""
    assert NEAR_FAR.nearest() == 10 * MIN and NEAR_FAR.longest() == 60 * MIN
    pairings = [Pairing(1, 1, 2), Pairing(2, 3, 4), Pairing(3, 1, 3), Pairing(4, 2, 4)]
    windows = [Window(DAY, DAY + 100 * MIN)]
    slots = solve(pairings, windows=windows, rinks=["A1", "B1", "C1"], length=GAME, seconds=5,
                  travel=NEAR_FAR)
    by_key = {p.key: (p.home, p.away) for p in pairings}
    placed = [Placed(s.key, s.start, s.rink, by_key[s.key]) for s in slots]
    assert len(placed) == 4 and conflicts(placed, length=GAME, travel=NEAR_FAR) == []
    assert {p.rink for p in placed} <= {"A1", "B1"}
    for team in (1, 2, 3, 4):
        first, second = sorted(p.start for p in placed if team in p.teams)
        assert second - first < GAME + 60 * MIN  # closer than the far venue's travel allows


def test_the_solver_keeps_the_longest_when_the_near_pair_cannot_serve() -> None:
    """Only A and C (60 min apart) with B near A: the rinks built on have no
    near pair, so every team's two games keep the 60 min, and a window too
    short for it is refused as before."""
    pairings = [Pairing(1, 1, 2), Pairing(2, 3, 4), Pairing(3, 1, 3), Pairing(4, 2, 4)]
    with pytest.raises(ScheduleInfeasible):
        solve(pairings, windows=[Window(DAY, DAY + 100 * MIN)], rinks=["A1", "C1"],
              length=GAME, seconds=5, travel=NEAR_FAR)
    slots = solve(pairings, windows=[Window(DAY, DAY + 4 * HOUR)], rinks=["A1", "C1"],
                  length=GAME, seconds=5, travel=NEAR_FAR)
    by_key = {p.key: (p.home, p.away) for p in pairings}
    placed = [Placed(s.key, s.start, s.rink, by_key[s.key]) for s in slots]
    assert len(placed) == 4 and conflicts(placed, length=GAME, travel=NEAR_FAR) == []


def test_the_rink_given_keeps_the_travel_to_a_game_already_on_the_schedule() -> None:
    """Team 1 already plays at C1 (far) at 08:00: its next game goes to C1
    itself at 09:00, not to A1 (60 min from C) and so not pushed to 09:30."""
    fixed = [Placed(99, DAY, "C1", (1, 5))]
    slots = solve([Pairing(1, 1, 2)], windows=[Window(DAY, DAY + 2 * HOUR)],
                  rinks=["A1", "B1", "C1"], length=GAME, seconds=5, fixed=fixed,
                  travel=NEAR_FAR)
    [slot] = slots
    assert (slot.start, slot.rink) == (DAY + HOUR, "C1")
    placed = [*fixed, Placed(slot.key, slot.start, slot.rink, (1, 2))]
    assert conflicts(placed, length=GAME, travel=NEAR_FAR) == []
