"""A division's game holds its rink as long as its settings play (Rules 639,
640(a)): the length, the solver that places games of two lengths, and the
check that finds a long game running into the next."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from itertools import pairwise

import pytest

from rinkside.rules.settings import settings_from_mapping
from rinkside.tournament.schedule_check import Placed, Window, conflicts
from rinkside.tournament.schedule_lengths import game_length, played_length
from rinkside.tournament.schedule_solver import Pairing, ScheduleInfeasible, solve

DAY = datetime(2026, 12, 12, 8, 0, tzinfo=UTC)
MIN = timedelta(minutes=1)


def test_the_length_is_periods_intermissions_and_the_overtime_allowed() -> None:
    book = settings_from_mapping({})
    assert played_length(book) == 25 * MIN  # 2 x 12:00 and the one-minute rest, 640(a)
    long = settings_from_mapping({"period_length": "20:00", "intermission": "3:00"})
    assert played_length(long) == 43 * MIN
    shootout = settings_from_mapping({"overtime": "shootout"})
    assert played_length(shootout) == (25 + 5 + 5) * MIN  # 639(b): five minutes, a shootout
    unlimited = settings_from_mapping({"overtime": "unlimited"})
    assert played_length(unlimited) == (25 + 1 + 12) * MIN  # 639(c) 2: one more period
    three = settings_from_mapping({"periods": 3, "period_length": "10:00"})
    assert played_length(three) == 32 * MIN
    assert game_length(book, 40 * MIN) == 40 * MIN  # the director's least
    assert game_length(long, 40 * MIN) == 43 * MIN  # the division's own, longer


def test_a_long_game_runs_into_the_next_on_its_rink() -> None:
    first = Placed(1, DAY, "East", (1, 2), length=60 * MIN)
    second = Placed(2, DAY + 30 * MIN, "East", (3, 4))
    found = conflicts([first, second], length=30 * MIN)
    assert [c.kind for c in found] == ["rink"]
    short = Placed(1, DAY, "East", (1, 2))
    assert conflicts([short, second], length=30 * MIN) == []
    # A team's rest is counted from the end of its own, longer game.
    again = Placed(3, DAY + 70 * MIN, "West", (1, 5))
    rest = conflicts([first, again], length=30 * MIN, rest=20 * MIN)
    assert [c.kind for c in rest] == ["rest"] and "rests 10 min" in rest[0].message


def test_the_solver_gives_each_division_its_own_length() -> None:
    short, long = 30 * MIN, 55 * MIN
    pairings = [Pairing(1, 1, 2, 1, short), Pairing(2, 3, 4, 1, short),
                Pairing(3, 11, 12, 1, long), Pairing(4, 13, 14, 1, long),
                Pairing(5, 1, 3, 2, short), Pairing(6, 2, 4, 2, short),
                Pairing(7, 11, 13, 2, long), Pairing(8, 12, 14, 2, long)]
    windows = [Window(DAY, DAY + 4 * timedelta(hours=1))]
    slots = solve(pairings, windows=windows, rinks=["East", "West"], length=short,
                  rest=10 * MIN, seconds=5)
    span = {p.key: p.length or short for p in pairings}
    teams = {p.key: (p.home, p.away) for p in pairings}
    placed = [Placed(s.key, s.start, s.rink, teams[s.key], length=span[s.key]) for s in slots]
    assert len(placed) == 8
    assert conflicts(placed, length=short, rest=10 * MIN, windows=windows) == []
    # Checked as if every game were the short one, the long ones would not
    # fit: the solver kept their own length.
    on_rink = sorted((p.rink, p.start, p.end(short)) for p in placed)
    for (r1, _, end1), (r2, start2, _) in pairwise(on_rink):
        assert r1 != r2 or end1 <= start2
    team_11 = sorted(p.start for p in placed if 11 in p.teams)
    assert team_11[1] - team_11[0] >= long + 10 * MIN


def test_a_window_too_short_for_the_long_game_is_refused() -> None:
    windows = [Window(DAY, DAY + 50 * MIN)]
    with pytest.raises(ScheduleInfeasible, match=r"teams 3 and 4 \(their game 2, 55 min long\)"):
        solve([Pairing(1, 1, 2, 1, 25 * MIN), Pairing(2, 3, 4, 1, 55 * MIN)],
              windows=windows, rinks=["East"], length=25 * MIN, seconds=2)
