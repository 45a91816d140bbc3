"""How fast the engine folds events, against a do-nothing dispatch baseline.

    python benchmarks/bench_engine.py [--games 1000] [--seed 2024] [--repeats 5] [--json]
                                      [--profile]

1,000 simulated games (seeded) are encoded to FORMAT.md JSON dicts in memory.
Two passes are then timed, interleaved and repeated in the same run:

- baseline: decode every raw event dict with ``decode_event`` and dispatch it
  with ``functools.singledispatch`` to an empty handler for its type;
- engine: decode the same dicts and fold them through ``apply`` from
  ``start(setup)``, one game at a time.

Both are timed with the garbage collector on (as programs run) and off
(collection paused for the timed section only). The figure of merit is the
ratio engine / baseline in events per second; the target is 0.33 or better.
``--profile`` adds a cProfile of one engine pass (top functions by own time).
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import json
import pstats
import statistics
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import singledispatch
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from rinkside.formats import decode_event, encode_event
from rinkside.rules.events import EVENT_TYPES
from rinkside.rules.game import apply, start
from rinkside.rules.roster import GameSetup
from rinkside.simulate import simulate_games

TARGET = 0.33


@dataclass(frozen=True)
class Game:
    setup: GameSetup
    periods: int
    raw: Sequence[Mapping[str, Any]]


def build_games(n: int, seed: int) -> list[Game]:
    games = []
    for setup, events in simulate_games(n, seed):
        st = setup.settings
        raw = [encode_event(e, st) for e in events]
        games.append(Game(setup, st.periods, raw))
    return games


# -- the two passes -------------------------------------------------------------


@singledispatch
def _dispatch(event: object) -> None:
    raise TypeError(f"not an event: {event!r}")


def _empty(event: object) -> None:
    return None


for _type in EVENT_TYPES:
    _dispatch.register(_type, _empty)


def baseline(games: list[Game]) -> int:
    count = 0
    for game in games:
        periods = game.periods
        for i, raw in enumerate(game.raw):
            _dispatch(decode_event(raw, i, periods))
        count += len(game.raw)
    return count


def engine(games: list[Game]) -> int:
    count = 0
    for game in games:
        periods = game.periods
        state = start(game.setup)
        for i, raw in enumerate(game.raw):
            state = apply(state, decode_event(raw, i, periods))
        count += len(game.raw)
    return count


# -- timing -----------------------------------------------------------------------


def _timed(run: Callable[[list[Game]], int], games: list[Game], *, gc_off: bool) -> float:
    if gc_off:
        gc.collect()
        gc.disable()
    try:
        started = time.perf_counter()
        run(games)
        return time.perf_counter() - started
    finally:
        if gc_off:
            gc.enable()


def measure(games: list[Game], repeats: int) -> dict[str, dict[str, list[float]]]:
    """Seconds per pass, per mode ("gc_on", "gc_off") and pass, interleaved:
    each repeat runs both passes, alternating which goes first."""
    times: dict[str, dict[str, list[float]]] = {
        mode: {"baseline": [], "engine": []} for mode in ("gc_on", "gc_off")}
    passes: list[tuple[str, Callable[[list[Game]], int]]] = [
        ("baseline", baseline), ("engine", engine)]
    baseline(games)  # warm up caches (the schema, the singledispatch cache)
    engine(games)
    for r in range(repeats):
        order = passes if r % 2 == 0 else passes[::-1]
        for mode in ("gc_on", "gc_off"):
            for name, run in order:
                times[mode][name].append(_timed(run, games, gc_off=mode == "gc_off"))
    return times


def summarize(times: dict[str, dict[str, list[float]]], events: int, games: int,
              repeats: int) -> dict[str, Any]:
    out: dict[str, Any] = {"games": games, "events": events, "repeats": repeats,
                           "target_ratio": TARGET, "modes": {}}
    for mode, per_pass in times.items():
        row: dict[str, Any] = {}
        for stat, pick in (("best", min), ("median", statistics.median)):
            b, e = pick(per_pass["baseline"]), pick(per_pass["engine"])
            row[stat] = {
                "baseline_seconds": b,
                "engine_seconds": e,
                "baseline_events_per_second": events / b,
                "engine_events_per_second": events / e,
                "baseline_us_per_event": b / events * 1e6,
                "engine_us_per_event": e / events * 1e6,
                "ratio": b / e,
            }
        out["modes"][mode] = row
    return out


def table(summary: dict[str, Any]) -> str:
    lines = [
        (f"games {summary['games']}, events {summary['events']}, "
         f"repeats {summary['repeats']} (interleaved), target ratio >= "
         f"{summary['target_ratio']}"),
        "",
        (f"{'gc':<7}{'stat':<8}{'baseline ev/s':>15}{'engine ev/s':>14}"
         f"{'baseline us/ev':>16}{'engine us/ev':>14}{'ratio':>8}"),
    ]
    for mode, row in summary["modes"].items():
        for stat, r in row.items():
            lines.append(
                f"{mode.replace('gc_', ''):<7}{stat:<8}"
                f"{r['baseline_events_per_second']:>15,.0f}{r['engine_events_per_second']:>14,.0f}"
                f"{r['baseline_us_per_event']:>16.2f}{r['engine_us_per_event']:>14.2f}"
                f"{r['ratio']:>8.3f}")
    ratio = summary["modes"]["gc_on"]["median"]["ratio"]
    verdict = "meets" if ratio >= summary["target_ratio"] else "misses"
    lines += ["", f"engine/baseline (gc on, median) = {ratio:.3f}: {verdict} the target"]
    return "\n".join(lines)


def profile(games: list[Game], top: int = 25) -> str:
    profiler = cProfile.Profile()
    profiler.enable()
    engine(games)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--profile", action="store_true", help="cProfile one engine pass")
    args = parser.parse_args(argv)

    games = build_games(args.games, args.seed)
    events = sum(len(g.raw) for g in games)
    summary = summarize(measure(games, args.repeats), events, len(games), args.repeats)
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(table(summary))
    if args.profile:
        print(profile(games), file=sys.stderr if args.json else sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
