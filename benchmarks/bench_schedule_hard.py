"""The schedule builder on a hard instance, as directors meet it.

    python benchmarks/bench_schedule_hard.py [--seconds 30] [--json]

64 teams in 8 divisions of 8 play a single round robin within each division
(224 games) on 4 rinks over 2 days, 30-minute games, 30 minutes' rest, each
day 07:00-22:30: 248 rink slots, 90.3% of them used. On top of that: 8
games fixed before the build (Sunday's showcase hour on every rink), 20
teams with a blackout (arriving late on Saturday, leaving early on Sunday,
away at midday), 18 wishes that cost when broken (12 teams' late start or
early finish, 6 pairs of teams asked apart), 10 players on two teams (each
binds two teams of different divisions: their games never overlap and keep
the rest, Rule 203(a)), and 16 officials, 6 of them with limited hours and
a most-games-a-day, given two referees a game (Rule 501(a)) once the games
are placed.

Reported: the greedy first pass (games it places alone, and its schedule's
objective beside the solver's: with the wishes it is not the best), the
time to the solver's first feasible schedule (target: 10 s), the time to its last and
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
    # Wishes (soft): a schedule keeps what it can; each broken costs in the
    # objective, so the first pass's schedule is not the best by itself.
    wishers = pick.sample([t for t in teams if t not in blacked], 24)
    for n, team in enumerate(wishers[:12]):
        if n % 2 == 0:  # a late start on Saturday
            requests.append(TeamRequest(team, "not_before", start=SAT + 3 * HOUR, hard=False))
        else:  # done by Sunday lunchtime
            requests.append(TeamRequest(team, "not_after", end=SUN + 6 * HOUR, hard=False))
    for team, other in zip(wishers[12:18], wishers[18:24], strict=True):
        requests.append(TeamRequest(team, "apart", other=other, hard=False))  # shared families
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


def pinned(pairings: list[Pairing], people: People) -> list[Placed]:
    """Games the director placed before the build (a showcase hour on
    Sunday, 12:00 and 12:30 on every rink): one of each division's last
    matchday whose teams have no player on another team, so that the pinned
    games keep every rule by themselves. The solver places the rest around them."""
    shared = {team for teams in people.teams_of.values() for team in teams}
    out: list[Placed] = []
    for d in range(DIVISIONS):
        per = TEAMS // DIVISIONS
        last = max(p.matchday for p in pairings)
        game = next(p for p in pairings if p.matchday == last and (p.home - 1) // per == d
                    and not {p.home, p.away} & shared)
        start = SUN + 5 * HOUR + (d // RINKS) * GAME
        out.append(Placed(game.key, start, f"Rink {d % RINKS + 1}", (game.home, game.away)))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0,
                        help="the solver's budget (it stops sooner at a proven bound)")
    parser.add_argument("--unhinted-seconds", type=float, default=10.0,
                        help="the budget of the search without the greedy's hint")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    games, windows, people, demands, officials = instance()
    fixed = pinned(games, people)
    pairings = [p for p in games if p.key not in {f.key for f in fixed}]
    slots_total = RINKS * sum(int((w.end - w.start) / GAME) for w in windows)
    seen: list[Progress] = []
    began = time.perf_counter()
    solved = solve_report(pairings, windows=windows, rinks=[f"Rink {i + 1}" for i in range(RINKS)],
                          length=GAME, rest=REST, fixed=fixed, people=people, demands=demands,
                          seconds=args.seconds, gap=0.0, progress=seen.append,
                          value_greedy=True)
    built = time.perf_counter() - began
    # The search alone, without the greedy's schedule to start from.
    alone: dict[str, object] = {}
    try:
        bare = solve_report(pairings, windows=windows,
                            rinks=[f"Rink {i + 1}" for i in range(RINKS)], length=GAME,
                            rest=REST, fixed=fixed, people=people, demands=demands,
                            seconds=args.unhinted_seconds, gap=0.0, hint=False)
        alone = {"first_feasible_seconds": round(bare.first_feasible, 3),
                 "objective": bare.objective, "bound": bare.bound, "gap": round(bare.gap, 4)}
    except ScheduleInfeasible as exc:
        alone = {"none_found": str(exc)}
    blackouts = sum(1 for r in demands.teams if r.kind == "blackout")
    by_key = {p.key: p for p in pairings}
    placed = [*fixed, *(Placed(s.key, s.start, s.rink, (by_key[s.key].home, by_key[s.key].away))
                        for s in solved.slots)]
    refs = assign_referees(placed, officials, length=GAME, rest=REST,
                           hours=demands.officials, people=people)
    refereed = [Placed(g.key, g.start, g.rink, g.teams, frozenset(refs.referees[g.key]))
                for g in placed]
    broken = conflicts(refereed, length=GAME, rest=REST, windows=windows, people=people,
                       demands=demands)
    result = {
        "games": len(games), "fixed_games": len(fixed), "rink_slots": slots_total,
        "slots_used": round(len(games) / slots_total, 3),
        "blackouts": blackouts, "wishes": len(demands.teams) - blackouts,
        "players_on_two_teams": len(people.teams_of),
        "officials": len(officials), "greedy_placed": solved.greedy_placed,
        "greedy_objective": solved.greedy_objective,
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
        print(f"hard instance: {len(games)} games ({len(fixed)} fixed before the build), "
              f"{slots_total} rink slots ({result['slots_used']:.1%} used), "
              f"{blackouts} blackouts, {len(demands.teams) - blackouts} wishes, "
              f"{len(people.teams_of)} players on two teams, "
              f"{len(officials)} officials")
        greedy = ("" if solved.greedy_objective is None else
                  f"; objective {solved.greedy_objective:g}, the solver's "
                  f"{solved.objective / solved.greedy_objective:.3f}x of it")
        print(f"  greedy alone: {solved.greedy_placed} of {len(pairings)} games placed{greedy}")
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
