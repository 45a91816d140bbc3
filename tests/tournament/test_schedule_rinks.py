"""Each rink as it is: its opening hours and closed slots, kept by the solver
and found by the conflict check."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from rinkside.tournament.schedule_check import Placed, Window, conflicts, conflicts_of
from rinkside.tournament.schedule_rinks import RinkHours, Travel
from rinkside.tournament.schedule_solver import Pairing, solve

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
