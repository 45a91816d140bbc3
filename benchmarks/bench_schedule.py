"""How fast the schedule solver builds a whole tournament's pool play.

    python benchmarks/bench_schedule.py [--teams 64] [--divisions 8] [--rinks 4] [--days 2]
                                        [--game 30] [--rest 30] [--json]

64 teams in 8 divisions play a single round robin within each division (224
games) on 4 rinks over 2 days, 07:00-23:00 each day, games 30 minutes long
and at least 30 minutes' rest between a team's games. The solver
(:func:`rinkside.tournament.schedule_solver.solve`, CP-SAT) places them; the
result is then checked independently (:func:`rinkside.tournament.
schedule_check.conflicts`: no team or rink twice at once, every rest, every
game inside a window). The target: built in under 5 s with every constraint
met.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from rinkside.tournament.schedule import matchdays
from rinkside.tournament.schedule_check import Placed, Window, conflicts
from rinkside.tournament.schedule_solver import Pairing, solve

TARGET_SECONDS = 5.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=64)
    parser.add_argument("--divisions", type=int, default=8)
    parser.add_argument("--rinks", type=int, default=4)
    parser.add_argument("--days", type=int, default=2)
    parser.add_argument("--game", type=int, default=30, help="game length, minutes")
    parser.add_argument("--rest", type=int, default=30, help="minimum rest, minutes")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    per = args.teams // args.divisions
    pairings: list[Pairing] = []
    for d in range(args.divisions):
        teams = list(range(d * per + 1, (d + 1) * per + 1))
        for day, pairs in enumerate(matchdays(teams), start=1):
            for home, away in pairs:
                pairings.append(Pairing(len(pairings) + 1, home, away, day))
    first = datetime(2026, 12, 5, 7, 0, tzinfo=UTC)
    windows = [Window(first + timedelta(days=i), first + timedelta(days=i, hours=16))
               for i in range(args.days)]
    rinks = [f"Rink {i + 1}" for i in range(args.rinks)]
    length, rest = timedelta(minutes=args.game), timedelta(minutes=args.rest)

    began = time.perf_counter()
    slots = solve(pairings, windows=windows, rinks=rinks, length=length, rest=rest)
    seconds = time.perf_counter() - began

    by_key = {p.key: p for p in pairings}
    placed = [Placed(s.key, s.start, s.rink, (by_key[s.key].home, by_key[s.key].away))
              for s in slots]
    broken = conflicts(placed, length=length, rest=rest, windows=windows)
    result = {"teams": args.teams, "divisions": args.divisions, "games": len(pairings),
              "placed": len(slots), "rinks": args.rinks, "days": args.days,
              "seconds": round(seconds, 3), "conflicts": len(broken),
              "last_start": max(s.start for s in slots).isoformat(),
              "target_seconds": TARGET_SECONDS}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['games']} games ({args.teams} teams, {args.divisions} divisions) on "
              f"{args.rinks} rinks over {args.days} days: built in {seconds:.2f} s, "
              f"{len(broken)} constraint(s) broken (target: under {TARGET_SECONDS:g} s, none)")
    ok = seconds < TARGET_SECONDS and not broken and len(slots) == len(pairings)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
