"""The schedule solver (CP-SAT) places every game within the windows with no
team, rink or rest conflict, around the games already on the schedule, and
says why when it cannot."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from rinkside.tournament.schedule import matchdays
from rinkside.tournament.schedule_check import Placed, Window, conflicts, conflicts_of
from rinkside.tournament.schedule_solver import Pairing, ScheduleInfeasible, Slot, solve

DAY = datetime(2026, 12, 5, 8, 0, tzinfo=UTC)
MIN = timedelta(minutes=1)


def pairings(teams: list[int], first_key: int = 1) -> list[Pairing]:
    out: list[Pairing] = []
    for day, pairs in enumerate(matchdays(teams), start=1):
        for home, away in pairs:
            out.append(Pairing(first_key + len(out), home, away, day))
    return out


def placed(games: list[Pairing], slots: list[Slot]) -> list[Placed]:
    by_key = {p.key: p for p in games}
    return [Placed(s.key, s.start, s.rink, (by_key[s.key].home, by_key[s.key].away))
            for s in slots]


def test_a_round_robin_fits_the_windows_with_every_rest() -> None:
    games = pairings(list(range(1, 9))) + pairings(list(range(11, 17)), first_key=100)
    windows = [Window(DAY, DAY + timedelta(hours=6)),
               Window(DAY + timedelta(days=1), DAY + timedelta(days=1, hours=6))]
    slots = solve(games, windows=windows, rinks=["A", "B", "C"], length=40 * MIN,
                  rest=20 * MIN)
    assert sorted(s.key for s in slots) == sorted(p.key for p in games)
    assert conflicts(placed(games, slots), length=40 * MIN, rest=20 * MIN,
                     windows=windows) == []


def test_games_already_scheduled_keep_their_rink_and_their_teams_rest() -> None:
    fixed = [Placed(900, DAY, "A", (1, 2))]
    games = pairings([1, 2, 3, 4])
    slots = solve(games, windows=[Window(DAY, DAY + timedelta(hours=7))], rinks=["A", "B"],
                  length=50 * MIN, rest=10 * MIN, fixed=fixed)
    assert conflicts([*placed(games, slots), *fixed], length=50 * MIN, rest=10 * MIN) == []
    assert all(not (s.start == DAY and s.rink == "A") for s in slots)


def test_too_little_time_is_refused_saying_how_much_there_is() -> None:
    with pytest.raises(ScheduleInfeasible, match=r"need 6 rink slots.*hold 4"):
        solve(pairings([1, 2, 3, 4]), windows=[Window(DAY, DAY + timedelta(hours=2))],
              rinks=["A", "B"], length=60 * MIN)


def test_rest_that_cannot_be_met_is_refused() -> None:
    # Three games for each of four teams in a morning with one rink and long rests.
    with pytest.raises(ScheduleInfeasible, match="rest"):
        solve(pairings([1, 2, 3, 4]), windows=[Window(DAY, DAY + timedelta(hours=3))],
              rinks=["A", "B"], length=30 * MIN, rest=90 * MIN, seconds=2)


def test_an_official_in_two_places_at_once_is_a_conflict() -> None:
    a = Placed(1, DAY, "A", (1, 2), frozenset({"Ref Rita"}))
    b = Placed(2, DAY + 20 * MIN, "B", (3, 4), frozenset({"Ref Rita"}))
    (found,) = conflicts_of(b, [a], length=50 * MIN)
    assert found.kind == "official" and "Ref Rita" in found.message
