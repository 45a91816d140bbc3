"""The game-day server as ``rinkside serve`` runs it, for the live benchmark,
with the garbage collector watched.

    python benchmarks/live_server.py --database-url URL --port N --gc-log FILE
        [--pass-log FILE] [--gc-freeze] [--profile FILE] [--workers N]
        [--bare --payload-bytes N --relay-dir DIR]

Builds the server as :func:`rinkside.web.server.build_server` does (the
app, uvicorn, the one broadcaster) with warnings-only logging, raises
RLIMIT_NOFILE to the hard limit (one file per scoreboard connection), and
logs every collection to ``--gc-log`` as one line ``generation start_ns
pause_ns collected`` (CLOCK_MONOTONIC, the benchmark's clock).
``--gc-freeze`` applies the game-day server's own collector policy
(:mod:`rinkside.web.server_collector`, as ``rinkside serve`` does): everything
alive after start-up frozen (``gc.freeze()``), so that full collections do
not walk the modules, the app and the engine again and again, and full
passes every five minutes rather than whenever allocations say. ``--workers N`` (PostgreSQL)
runs N such servers on the one port as ``rinkside serve --workers N`` does
(:func:`rinkside.web.workers.serve_workers`), each relaying its writes to the
others, worker ``i`` logging its collections to ``FILE.i``. ``--bare`` serves
the benchmark's floor instead of the app (:mod:`bare_fanout`: a bare ASGI
fan-out of ``--payload-bytes`` to every stream, relayed between the workers
through datagram sockets in ``--relay-dir``), in the same uvicorn with the
same options and collector policy.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import functools
import gc
import os
import resource
import signal
import socket
import sys
import threading
import time
import tracemalloc
from collections import Counter
from pathlib import Path
from typing import Any, TextIO

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import uvicorn
from bare_fanout import BareFanout

from rinkside.services.change import Change
from rinkside.web.app import create_app
from rinkside.web.server import (
    GRACE,
    LOCALHOST,
    SWITCH_INTERVAL,
    GameDayServer,
    relay_changes,
)
from rinkside.web.server_collector import FullPasses, settle
from rinkside.web.workers import BACKLOG, serve_workers


def census(out: Path, snapshots: list[tracemalloc.Snapshot]) -> None:
    """Append the hundred most common kinds of object the collector tracks
    (``kill -USR1`` the server to take one: what a full collection walks),
    and when tracemalloc traces (``--census`` starts it) the forty lines
    whose memory grew most since the census before, with the growth."""
    kinds = Counter(type(o).__qualname__ for o in gc.get_objects())
    with out.open("a") as file:
        file.write(f"{sum(kinds.values())} objects tracked, {gc.get_freeze_count()} frozen\n")
        file.writelines(f"{n:>9} {kind}\n" for kind, n in kinds.most_common(100))
        if not tracemalloc.is_tracing():
            return
        snapshot = tracemalloc.take_snapshot()
        if snapshots:
            grown = snapshot.compare_to(snapshots[-1], "lineno")
            total = sum(stat.size_diff for stat in grown)
            file.write(f"memory traced grew {total / 1024:.0f} KiB since the census before:\n")
            file.writelines(f"{stat.size_diff / 1024:>9.0f} KiB {stat.count_diff:>8} blocks "
                            f"{stat.traceback}\n" for stat in grown[:40])
        snapshots.append(snapshot)


class GcLog:
    """``gc.callbacks`` hook: each collection's pause, written as it ends."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.started = 0

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self.started = time.monotonic_ns()
            return
        pause = time.monotonic_ns() - self.started
        self.out.write(f"{info['generation']} {self.started} {pause} {info['collected']}\n")


class PassLog:
    """The server's side of each broadcast, one line each, on the
    benchmark's clock: ``commit VERSION NS`` when a write committed (the
    service's ``on_change``, called right after the commit), ``pass VERSION
    PAGES BEGAN_NS ENDED_NS CPU_NS`` when a delivery has written the state
    to the last page of its loop (the loop thread's CPU over the pass). The
    recording thread and the loop both write: one lock."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.lock = threading.Lock()

    def commit(self, version: int) -> None:
        line = f"commit {version} {time.monotonic_ns()}\n"
        with self.lock:
            self.out.write(line)

    def delivered(self, _game: int, version: int, pages: int, began: int, ended: int,
                  cpu: int) -> None:
        line = f"pass {version} {pages} {began} {ended} {cpu}\n"
        with self.lock:
            self.out.write(line)


def logged_commits(service: Any, log: PassLog) -> None:
    """Each change ``service`` announces logged as committed, then passed on."""
    inner = service.on_change

    def on_change(change: Change) -> None:
        log.commit(change.version)
        if inner is not None:
            inner(change)

    service.on_change = on_change


class BareServer(uvicorn.Server):
    """Uvicorn for the bare fan-out, with the game-day server's collector policy."""

    def __init__(self, config: uvicorn.Config, collector: FullPasses | None) -> None:
        super().__init__(config)
        self.collector = collector

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if self.started and self.collector is not None:
            self.collector.start()

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        if self.collector is not None:
            self.collector.stop()
        await super().shutdown(sockets)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--gc-log", type=Path, required=True)
    parser.add_argument("--gc-freeze", action="store_true")
    parser.add_argument("--pass-log", type=Path,
                        help="each commit and delivery pass logged here (FILE.PID per worker)")
    parser.add_argument("--profile", type=Path, help="cProfile statistics written here at exit")
    parser.add_argument("--census", type=Path, help="kill -USR1 appends an object census here")
    parser.add_argument("--switch-interval", type=float,
                        help="sys.setswitchinterval (seconds; Python's default 0.005)")
    parser.add_argument("--workers", type=int, default=1,
                        help="server processes on the one port (PostgreSQL)")
    parser.add_argument("--bare", action="store_true",
                        help="serve the bare ASGI fan-out (the floor), not the app")
    parser.add_argument("--payload-bytes", type=int, default=4096,
                        help="--bare: the bytes of JSON each stream is written per change")
    parser.add_argument("--relay-dir", type=Path,
                        help="--bare with --workers above 1: the workers' datagram sockets")
    args = parser.parse_args(argv)

    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if args.workers > 1:
        serve_workers(LOCALHOST, args.port, args.database_url, args.workers,
                      functools.partial(run_worker, args))
        return
    run(args, None, args.gc_log, args.pass_log)


def run_worker(args: argparse.Namespace, sock: socket.socket, _host: str, _port: int,
               _url: str | None) -> None:
    """One of ``--workers`` processes: the instrumented server on ``sock``."""
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    run(args, sock, args.gc_log.with_name(f"{args.gc_log.name}.{os.getpid()}"),
        None if args.pass_log is None
        else args.pass_log.with_name(f"{args.pass_log.name}.{os.getpid()}"))


def run(args: argparse.Namespace, sock: socket.socket | None, gc_path: Path,
        pass_path: Path | None = None) -> None:
    with contextlib.ExitStack() as stack:
        passes = (None if pass_path is None
                  else PassLog(stack.enter_context(pass_path.open("w", buffering=1))))
        serve(args, sock, gc_path, passes)


def serve(args: argparse.Namespace, sock: socket.socket | None, gc_path: Path,
          passes: PassLog | None) -> None:
    collector = FullPasses() if args.gc_freeze else None
    server: uvicorn.Server
    if args.bare:
        bare = BareFanout(args.payload_bytes, args.relay_dir if args.workers > 1 else None,
                          passes)
        server = BareServer(uvicorn.Config(bare, host=LOCALHOST, port=args.port,
                                           backlog=BACKLOG, timeout_graceful_shutdown=GRACE,
                                           log_level="warning"), collector)
    else:
        app = create_app(database_url=args.database_url)
        relay = relay_changes(app)
        if passes is not None:
            logged_commits(app.state.service, passes)
            app.state.broadcaster.on_pass = passes.delivered
        config = uvicorn.Config(app, host=LOCALHOST, port=args.port, backlog=BACKLOG,
                                timeout_graceful_shutdown=GRACE, log_level="warning")
        server = GameDayServer(config, app.state.broadcaster, relay, collector=collector,
                               switch_interval=args.switch_interval or SWITCH_INTERVAL)

    if args.switch_interval:
        sys.setswitchinterval(args.switch_interval)
    if args.census:
        tracemalloc.start()
        snapshots: list[tracemalloc.Snapshot] = []
        signal.signal(signal.SIGUSR1, lambda _n, _f: census(args.census, snapshots))
    with gc_path.open("w", buffering=1) as log:
        gc_log = GcLog(log)
        gc.callbacks.append(gc_log)
        if args.gc_freeze:
            settle()
        profile = cProfile.Profile() if args.profile else None
        sockets = None if sock is None else [sock]
        try:
            if profile is not None:
                profile.runcall(server.run, sockets)
            else:
                server.run(sockets)
        except KeyboardInterrupt:
            pass  # SIGINT: uvicorn stopped gracefully, then raised it again
        finally:
            gc.callbacks.remove(gc_log)
            if profile is not None:
                profile.dump_stats(args.profile)


if __name__ == "__main__":
    main()
