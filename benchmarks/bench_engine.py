"""How fast the engine reads and folds events, each part against its own floor.

    python benchmarks/bench_engine.py [--games 1000] [--seed 2024] [--repeats 7] [--json]
                                      [--profile] [--instructions GAMES]

Simulated games (seeded) are encoded to FORMAT.md JSON, one bytes value per
game, as a store or a file holds them. Four passes are timed, interleaved
(each round runs all four, the order turning round by round) and repeated in
the same run, so that every ratio is of figures the same machine load saw:

- decode floor: ``orjson.loads`` of each game's bytes, nothing more (the
  least any reader of the format does);
- decode: the same, then the project's ``decode_event`` of every entry;
- fold floor: a bare ``functools.singledispatch`` fold over the same decoded
  events (each type's handler hands the state it was given back);
- fold: ``replay(setup, events)`` of the same decoded events, as the
  product computes a game's state from its log (services.replay);
- apply: ``apply`` from ``start(setup)`` event by event, as a console's
  write does (each intermediate state a value the caller holds).

Decode is reported against the decode floor, fold and apply against the fold floor
(medians of the rounds, garbage collector on, as programs run; and off,
paused for the timed pass only); neither floor contains the project's code,
so a slower decoder or engine can only raise its own ratio. ``--instructions
GAMES`` also counts each pass's instructions under valgrind's callgrind
(which the machine's load does not move: each pass in a child, less the same
child stopping just before it), on GAMES games. ``--profile`` adds a
cProfile of one fold pass (top functions by own time).
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import json
import os
import pickle
import pstats
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import singledispatch
from pathlib import Path
from typing import Any

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from rinkside.formats import decode_event, encode_event
from rinkside.rules.events import EVENT_TYPES, Event
from rinkside.rules.game import apply, replay, start
from rinkside.rules.roster import GameSetup
from rinkside.simulate import simulate_games

TARGET_FOLD = 6.0  # fold / fold floor, in instructions (issue 30)


@dataclass(frozen=True)
class Game:
    setup: GameSetup
    periods: int
    raw: bytes  # the game's events as FORMAT.md JSON
    events: Sequence[Event]  # the same, decoded


def build_games(n: int, seed: int) -> list[Game]:
    games = []
    for setup, events in simulate_games(n, seed):
        st = setup.settings
        raw = orjson.dumps([encode_event(e, st) for e in events])
        games.append(Game(setup, st.periods, raw, tuple(events)))
    return games


# -- the four passes ---------------------------------------------------------------


def decode_floor(games: list[Game]) -> int:
    count = 0
    for game in games:
        count += len(orjson.loads(game.raw))
    return count


def decode(games: list[Game]) -> int:
    count = 0
    for game in games:
        periods = game.periods
        decoded = [decode_event(raw, i, periods) for i, raw in enumerate(orjson.loads(game.raw))]
        count += len(decoded)
    return count


@singledispatch
def _fold_one(event: object, state: object) -> object:
    raise TypeError(f"not an event: {event!r}")


def _same(event: object, state: object) -> object:
    return state


for _type in EVENT_TYPES:
    _fold_one.register(_type, _same)


def fold_floor(games: list[Game]) -> int:
    count = 0
    for game in games:
        state: object = game.setup
        for event in game.events:
            state = _fold_one(event, state)
        count += len(game.events)
    return count


def fold(games: list[Game]) -> int:
    count = 0
    for game in games:
        replay(game.setup, game.events)
        count += len(game.events)
    return count


def fold_apply(games: list[Game]) -> int:
    count = 0
    for game in games:
        state = start(game.setup)
        for event in game.events:
            state = apply(state, event)
        count += len(game.events)
    return count


PASSES: dict[str, Callable[[list[Game]], int]] = {
    "decode_floor": decode_floor, "decode": decode, "fold_floor": fold_floor, "fold": fold,
    "apply": fold_apply}
PAIRS = (("decode", "decode_floor"), ("fold", "fold_floor"), ("apply", "fold_floor"))


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
    """Seconds per pass, per mode ("gc_on", "gc_off"), interleaved: each
    round runs every pass, the order turned round by round."""
    times: dict[str, dict[str, list[float]]] = {
        mode: {name: [] for name in PASSES} for mode in ("gc_on", "gc_off")}
    order = list(PASSES.items())
    for _, run in order:  # warm up (the schema, the singledispatch cache)
        run(games)
    for r in range(repeats):
        turned = order[r % len(order):] + order[:r % len(order)]
        for mode in ("gc_on", "gc_off"):
            for name, run in turned:
                times[mode][name].append(_timed(run, games, gc_off=mode == "gc_off"))
    return times


def summarize(times: dict[str, dict[str, list[float]]], events: int, games: int,
              repeats: int) -> dict[str, Any]:
    out: dict[str, Any] = {"games": games, "events": events, "repeats": repeats,
                           "load": Path("/proc/loadavg").read_text().split()[:3],
                           "modes": {}}
    for mode, per_pass in times.items():
        medians = {name: statistics.median(t) for name, t in per_pass.items()}
        out["modes"][mode] = {
            "us_per_event": {name: m / events * 1e6 for name, m in medians.items()},
            "ratios": {part: medians[part] / medians[floor] for part, floor in PAIRS},
        }
    return out


def table(summary: dict[str, Any]) -> str:
    lines = [
        (f"games {summary['games']}, events {summary['events']}, {summary['repeats']} "
         f"interleaved rounds (medians), load {' '.join(summary['load'])}"),
        "",
        f"{'gc':<6}" + "".join(f"{name + ' us/ev':>19}" for name in PASSES)
        + f"{'decode/floor':>14}{'fold/floor':>12}{'apply/floor':>13}",
    ]
    for mode, row in summary["modes"].items():
        lines.append(f"{mode.replace('gc_', ''):<6}"
                     + "".join(f"{row['us_per_event'][name]:>19.3f}" for name in PASSES)
                     + f"{row['ratios']['decode']:>13.2f}x{row['ratios']['fold']:>11.2f}x"
                     + f"{row['ratios']['apply']:>12.2f}x")
    counted = summary.get("instructions")
    if counted:
        lines += ["", (f"instructions ({counted['games']} games, {counted['events']} "
                       "events, callgrind, net of start-up):")]
        for name in PASSES:
            lines.append(f"  {name:<14}{counted['per_event'][name]:>12,.0f} per event")
        decode_ratio, fold_ratio, apply_ratio = (counted["ratios"][part] for part, _ in PAIRS)
        verdict = "meets" if fold_ratio <= TARGET_FOLD else "MISSES"
        lines.append(f"  decode / decode floor = {decode_ratio:.2f}x; fold / fold floor = "
                     f"{fold_ratio:.2f}x (target <= {TARGET_FOLD:.0f}x: {verdict}); "
                     f"apply / fold floor = {apply_ratio:.2f}x")
    return "\n".join(lines)


def profile(games: list[Game], top: int = 25) -> str:
    profiler = cProfile.Profile()
    profiler.enable()
    fold(games)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)
    return out.getvalue()


def opcodes(games: list[Game], top: int = 40) -> str:
    """Bytecodes each function of one fold pass runs itself, per event: the
    Python-level split callgrind cannot give (CPython 3.11 has no perf maps,
    so its profile names only the interpreter's C functions). Counted, not
    timed: the same on a loaded machine. Calls count a generator's resumes."""
    fold(games)  # warmed: the counted pass runs specialized code
    ran: dict[tuple[str, int, str], int] = {}
    called: dict[tuple[str, int, str], int] = {}

    def trace(frame: Any, event: str, arg: object) -> Any:
        code = frame.f_code
        where = (Path(code.co_filename).name, code.co_firstlineno, code.co_name)
        if event == "call":
            called[where] = called.get(where, 0) + 1
            frame.f_trace_opcodes = True
        elif event == "opcode":
            ran[where] = ran.get(where, 0) + 1
        return trace

    sys.settrace(trace)
    try:
        fold(games)
    finally:
        sys.settrace(None)
    events = sum(len(g.events) for g in games)
    lines = [(f"bytecodes an event: {sum(ran.values()) / events:.1f} "
              f"(Python calls an event: {sum(called.values()) / events:.1f})"),
             f"{'own/event':>10} {'calls':>7}  function"]
    for where, n in sorted(ran.items(), key=lambda item: -item[1])[:top]:
        lines.append(f"{n / events:10.1f} {called.get(where, 0):7d}  "
                     f"{where[0]}:{where[1]} {where[2]}")
    return "\n".join(lines)


# -- instructions (callgrind) --------------------------------------------------------

_COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def _child(name: str, measured: bool, packed: Path) -> None:
    games = pickle.loads(packed.read_bytes())
    if measured:
        PASSES[name](games)


def _counted(name: str, measured: bool, packed: Path) -> int:
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
               sys.executable, __file__, "--child", name, "--packed", str(packed)]
    command += ["--measured"] if measured else []
    done = subprocess.run(command, capture_output=True, text=True, check=False,
                          env={**os.environ, "PYTHONHASHSEED": "0"})
    found = _COLLECTED.search(done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"{name}: the child under valgrind failed:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def instructions(games: list[Game]) -> dict[str, Any]:
    """Each pass's instructions, net of a child that stops just before it."""
    events = sum(len(g.events) for g in games)
    with tempfile.TemporaryDirectory() as scratch:
        packed = Path(scratch) / "games.pickle"
        packed.write_bytes(pickle.dumps(games, protocol=5))
        net = {name: _counted(name, True, packed) - _counted(name, False, packed)
               for name in PASSES}
    return {"games": len(games), "events": events,
            "per_event": {name: n / events for name, n in net.items()},
            "ratios": {part: net[part] / net[floor] for part, floor in PAIRS}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--profile", action="store_true", help="cProfile one fold pass")
    parser.add_argument("--opcodes", type=int, metavar="GAMES", default=0,
                        help="count each function's bytecodes in one fold of GAMES games")
    parser.add_argument("--instructions", type=int, metavar="GAMES", default=0,
                        help="count instructions under callgrind on GAMES games")
    parser.add_argument("--child", choices=list(PASSES), help=argparse.SUPPRESS)
    parser.add_argument("--measured", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--packed", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        _child(args.child, args.measured, args.packed)
        return 0

    games = build_games(args.games, args.seed)
    events = sum(len(g.events) for g in games)
    summary = summarize(measure(games, args.repeats), events, len(games), args.repeats)
    if args.instructions:
        if shutil.which("valgrind") is None:
            raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
        summary["instructions"] = instructions(games[:args.instructions])
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(table(summary))
    if args.profile:
        print(profile(games), file=sys.stderr if args.json else sys.stdout)
    if args.opcodes:
        print(opcodes(games[:args.opcodes]), file=sys.stderr if args.json else sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
