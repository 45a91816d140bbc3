"""The schedule builder on a hard instance, as directors meet it.

    python benchmarks/bench_schedule_hard.py [--seconds 30] [--json]

64 teams in 8 divisions of 8 play a single round robin within each division
(224 games) on 4 rinks over 2 days, 30-minute games, 30 minutes' rest, each
day 07:00-22:30: 248 rink slots, 90.3% of them used. On top of that: 20
teams with a blackout (arriving late on Saturday, leaving early on Sunday,
away at midday), 10 players on two teams (each binds two teams of different
divisions: their games never overlap and keep the rest, Rule 203(a)), and 16
officials, 6 of them with limited hours and a most-games-a-day, given two
referees a game (Rule 501(a)) once the games are placed.

Reported: the greedy first pass (games it places alone), the time to the
solver's first feasible schedule (target: 10 s), the time to its last and
the gap between its schedule and the best bound it proved, the same search
without the greedy's schedule as a hint (what the first pass is worth), and the
independent check of the result (:func:`rinkside.tournament.schedule_check.
conflicts` with the people and the requests): 0 conflicts expected.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from rinkside.tournament.schedule import matchdays
from rinkside.tournament.schedule_check import Placed, conflicts
from rinkside.tournament.schedule_officials import assign_referees
from rinkside.tournament.schedule_people import People, Person
from rinkside.tournament.schedule_requests import Demands, OfficialHours, TeamRequest
from rinkside.tournament.schedule_solver import (
    Pairing,
    Progress,
    ScheduleInfeasible,
    solve_report,
)
from rinkside.tournament.schedule_values import Window

TARGET_FIRST_SECONDS = 10.0
TEAMS, DIVISIONS, RINKS, DAYS = 64, 8, 4, 2
GAME, REST = timedelta(minutes=30), timedelta(minutes=30)
SAT = datetime(2026, 12, 5, 7, 0, tzinfo=UTC)
SUN = SAT + timedelta(days=1)
HOUR = timedelta(hours=1)


def instance(seed: int = 31) -> tuple[list[Pairing], list[Window], People, Demands,
                                      list[str]]:
    """The games, the windows, the people on two teams, the requests, the officials."""
    pick = random.Random(seed)
    per = TEAMS // DIVISIONS
    pairings: list[Pairing] = []
    for d in range(DIVISIONS):
        teams = list(range(d * per + 1, (d + 1) * per + 1))
        for day, pairs in enumerate(matchdays(teams), start=1):
            for home, away in pairs:
                pairings.append(Pairing(len(pairings) + 1, home, away, day))
    windows = [Window(SAT, SAT + 15.5 * HOUR), Window(SUN, SUN + 15.5 * HOUR)]
    teams = list(range(1, TEAMS + 1))
    blacked = pick.sample(teams, 20)
    requests: list[TeamRequest] = []
    for n, team in enumerate(blacked):
        if n % 3 == 0:  # arrives Saturday 10:00
            requests.append(TeamRequest(team, "blackout", SAT, SAT + 3 * HOUR))
        elif n % 3 == 1:  # leaves Sunday 14:00
            requests.append(TeamRequest(team, "blackout", SUN + 7 * HOUR, SUN + 15.5 * HOUR))
        else:  # away at midday on Saturday
            requests.append(TeamRequest(team, "blackout", SAT + 5 * HOUR, SAT + 7 * HOUR))
    people: list[Person] = []
    for n in range(10):  # a player on a team of division d and one of division d + 1
        d = n % DIVISIONS
        a = d * per + 1 + pick.randrange(per)
        b = ((d + 1) % DIVISIONS) * per + 1 + pick.randrange(per)
        people.append(Person(f"Player {n + 1}", frozenset({a, b})))
    officials = [f"Referee {n + 1}" for n in range(16)]
    hours: dict[str, OfficialHours] = {}
    for n, name in enumerate(officials[:6]):
        if n % 2 == 0:  # Saturday afternoon and evening, Sunday morning
            spans = (Window(SAT + 5 * HOUR, SAT + 15.5 * HOUR), Window(SUN, SUN + 7 * HOUR))
        else:  # Saturday morning, all Sunday
            spans = (Window(SAT, SAT + 8 * HOUR), Window(SUN, SUN + 15.5 * HOUR))
        hours[name] = OfficialHours(name, spans, most_a_day=14)
    return pairings, windows, People(people), Demands(teams=tuple(requests),
                                                      officials=hours), officials


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0,
                        help="the solver's budget (it stops sooner at a proven bound)")
    parser.add_argument("--unhinted-seconds", type=float, default=10.0,
                        help="the budget of the search without the greedy's hint")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    pairings, windows, people, demands, officials = instance()
    slots_total = RINKS * sum(int((w.end - w.start) / GAME) for w in windows)
    seen: list[Progress] = []
    began = time.perf_counter()
    solved = solve_report(pairings, windows=windows, rinks=[f"Rink {i + 1}" for i in range(RINKS)],
                          length=GAME, rest=REST, people=people, demands=demands,
                          seconds=args.seconds, gap=0.0, progress=seen.append)
    built = time.perf_counter() - began
    # The search alone, without the greedy's schedule to start from.
    alone: dict[str, object] = {}
    try:
        bare = solve_report(pairings, windows=windows,
                            rinks=[f"Rink {i + 1}" for i in range(RINKS)], length=GAME,
                            rest=REST, people=people, demands=demands,
                            seconds=args.unhinted_seconds, gap=0.0, hint=False)
        alone = {"first_feasible_seconds": round(bare.first_feasible, 3),
                 "objective": bare.objective, "bound": bare.bound, "gap": round(bare.gap, 4)}
    except ScheduleInfeasible as exc:
        alone = {"none_found": str(exc)}
    by_key = {p.key: p for p in pairings}
    placed = [Placed(s.key, s.start, s.rink, (by_key[s.key].home, by_key[s.key].away))
              for s in solved.slots]
    refs = assign_referees(placed, officials, length=GAME, rest=REST,
                           hours=demands.officials, people=people)
    refereed = [Placed(g.key, g.start, g.rink, g.teams, frozenset(refs.referees[g.key]))
                for g in placed]
    broken = conflicts(refereed, length=GAME, rest=REST, windows=windows, people=people,
                       demands=demands)
    result = {
        "games": len(pairings), "rink_slots": slots_total,
        "slots_used": round(len(pairings) / slots_total, 3),
        "blackouts": len(demands.teams), "players_on_two_teams": len(people.teams_of),
        "officials": len(officials), "greedy_placed": solved.greedy_placed,
        "first_feasible_seconds": round(solved.first_feasible, 3),
        "last_solution_seconds": round(seen[-1].seconds, 3) if seen else None,
        "solutions": len(seen), "solver_seconds": round(solved.seconds, 3),
        "built_seconds": round(built, 3), "objective": solved.objective,
        "bound": solved.bound, "gap": round(solved.gap, 4), "optimal": solved.optimal,
        "games_short_of_referees": len(refs.short), "conflicts": len(broken),
        "target_first_seconds": TARGET_FIRST_SECONDS, "solver_without_greedy": alone}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"hard instance: {len(pairings)} games, {slots_total} rink slots "
              f"({result['slots_used']:.1%} used), {len(demands.teams)} blackouts, "
              f"{len(people.teams_of)} players on two teams, {len(officials)} officials")
        print(f"  greedy alone: {solved.greedy_placed} of {len(pairings)} games placed")
        print(f"  solver: first feasible in {solved.first_feasible:.2f} s (target "
              f"{TARGET_FIRST_SECONDS:g} s), last of {len(seen)} schedules at "
              f"{result['last_solution_seconds']} s, stopped at {solved.seconds:.2f} s; "
              f"objective {solved.objective:g}, bound {solved.bound:g}, gap "
              f"{solved.gap:.2%}{' (proven optimal)' if solved.optimal else ''}")
        print(f"  the search alone (no greedy hint, {args.unhinted_seconds:g} s): {alone}")
        print(f"  referees: {len(refs.short)} game(s) short of two; conflicts: {len(broken)}")
        for c in broken[:5]:
            print(f"    {c.kind}: {c.message}")
    ok = (solved.first_feasible <= TARGET_FIRST_SECONDS and not broken
          and len(solved.slots) == len(pairings))
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
