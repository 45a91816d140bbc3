"""Round-robin pool schedule: pairings, home and away, slots and rinks."""

from __future__ import annotations

from collections import Counter, defaultdict
from datetime import datetime, timedelta

import pytest
from hypothesis import given, strategies

from rinkside.tournament.schedule import PlannedGame, matchdays, round_robin

START = datetime(2026, 7, 10, 8, 0)
RINKS = ("North", "South")


def plan(teams: int, *, rinks: tuple[str, ...] = RINKS, rounds: int = 1,
         first_order: int = 0) -> list[PlannedGame]:
    return round_robin([10 * n for n in range(1, teams + 1)], start=START, slot_minutes=50,
                       rinks=rinks, rounds=rounds, first_order=first_order)


def pairs_by_round(games: list[PlannedGame]) -> dict[int, Counter[frozenset[int]]]:
    out: dict[int, Counter[frozenset[int]]] = defaultdict(Counter)
    for g in games:
        out[g.round_number][frozenset((g.home_team_id, g.away_team_id))] += 1
    return out


def home_away(games: list[PlannedGame]) -> tuple[Counter[int], Counter[int]]:
    return (Counter(g.home_team_id for g in games), Counter(g.away_team_id for g in games))


def assert_well_formed(games: list[PlannedGame], teams: int, rounds: int,
                       rinks: tuple[str, ...]) -> None:
    ids = [10 * n for n in range(1, teams + 1)]
    # every pair meets exactly once per round
    every_pair = {frozenset((a, b)) for a in ids for b in ids if a < b}
    for r in range(1, rounds + 1):
        met = pairs_by_round(games)[r]
        assert set(met) == every_pair and set(met.values()) == {1}
    # home within one of away
    home, away = home_away(games)
    for t in ids:
        assert abs(home[t] - away[t]) <= 1, (t, home[t], away[t])
    # no team twice in one slot, no rink twice in one slot, slots on the grid
    by_slot: dict[datetime, list[PlannedGame]] = defaultdict(list)
    for g in games:
        by_slot[g.start].append(g)
        assert (g.start - START) % timedelta(minutes=50) == timedelta(0)
        assert g.rink in rinks and g.home_team_id != g.away_team_id
    for slot in by_slot.values():
        teams_in_slot = [t for g in slot for t in (g.home_team_id, g.away_team_id)]
        assert len(teams_in_slot) == len(set(teams_in_slot))
        assert len({g.rink for g in slot}) == len(slot)
    # order is the schedule's sequence
    assert [g.order for g in games] == list(range(len(games)))
    assert [g.start for g in games] == sorted(g.start for g in games)


@pytest.mark.parametrize("teams", [4, 5, 6])
def test_one_round(teams: int) -> None:
    games = plan(teams)
    assert len(games) == teams * (teams - 1) // 2
    assert_well_formed(games, teams, 1, RINKS)
    assert {g.rink for g in games} == set(RINKS)


@pytest.mark.parametrize("teams", [4, 5, 6])
def test_second_round_reverses_home_and_away(teams: int) -> None:
    games = plan(teams, rounds=2)
    assert_well_formed(games, teams, 2, RINKS)
    first = [(g.home_team_id, g.away_team_id) for g in games if g.round_number == 1]
    second = [(g.home_team_id, g.away_team_id) for g in games if g.round_number == 2]
    assert second == [(a, h) for h, a in first]
    home, away = home_away(games)
    assert home == away  # exactly level over both rounds
    # the return round follows the first (its first game may share the first's last slot)
    assert [g.round_number for g in games] == sorted(g.round_number for g in games)


def test_four_teams_on_two_rinks_fill_each_slot() -> None:
    games = plan(4)
    slots = Counter(g.start for g in games)
    assert list(slots.values()) == [2, 2, 2]
    assert [g.rink for g in games] == ["North", "South"] * 3
    assert max(slots) == START + timedelta(minutes=100)


def test_five_teams_a_bye_each_matchday() -> None:
    days = matchdays([1, 2, 3, 4, 5])
    assert len(days) == 5 and all(len(day) == 2 for day in days)
    sitting_out = [({1, 2, 3, 4, 5} - {t for g in day for t in g}).pop() for day in days]
    assert sorted(sitting_out) == [1, 2, 3, 4, 5]
    home, away = home_away(plan(5))
    assert home == away  # four games each: two home, two away


def test_one_rink_plays_one_game_a_slot() -> None:
    games = plan(6, rinks=("Main",))
    assert len({g.start for g in games}) == len(games) == 15
    assert_well_formed(games, 6, 1, ("Main",))


def test_more_rinks_than_games_in_a_matchday() -> None:
    games = plan(4, rinks=("A", "B", "C"))
    assert_well_formed(games, 4, 1, ("A", "B", "C"))
    assert max(Counter(g.start for g in games).values()) == 2  # never a team twice


def test_order_continues_from_first_order_and_scheduled_game() -> None:
    games = plan(4, first_order=40)
    assert [g.order for g in games] == list(range(40, 46))
    scheduled = games[0].scheduled(division_id=7)
    assert scheduled.game_id == 0 and scheduled.division_id == 7 and scheduled.stage == "pool"
    assert (scheduled.home_team_id, scheduled.away_team_id, scheduled.start, scheduled.rink,
            scheduled.order) == (games[0].home_team_id, games[0].away_team_id, START, "North",
                                 40)


@pytest.mark.parametrize(("teams", "kwargs", "message"), [
    ([1], {}, "at least two"),
    ([1, 2, 2], {}, "twice"),
    ([1, 2], {"slot_minutes": 0}, "slot_minutes"),
    ([1, 2], {"rinks": ()}, "rink"),
    ([1, 2], {"rinks": ("A", "A")}, "rink"),
    ([1, 2], {"rounds": 0}, "rounds"),
])
def test_bad_requests(teams: list[int], kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"start": START, "slot_minutes": 50, "rinks": RINKS, **kwargs}
    with pytest.raises(ValueError, match=message):
        round_robin(teams, **args)  # type: ignore[arg-type]


@given(strategies.integers(2, 14), strategies.integers(1, 4), strategies.integers(1, 3))
def test_any_size(teams: int, rink_count: int, rounds: int) -> None:
    rinks = tuple(f"R{i}" for i in range(rink_count))
    games = plan(teams, rinks=rinks, rounds=rounds)
    assert len(games) == rounds * teams * (teams - 1) // 2
    assert_well_formed(games, teams, rounds, rinks)
