"""``rinkside serve --workers N``: N server processes on one port (PostgreSQL).

The parent migrates the store once, binds the port, and starts N worker
processes (``spawn``: each imports rinkside afresh and builds its own app,
engine and broadcaster, :func:`rinkside.web.server.build_server`), all
accepting on the one listening socket; the kernel spreads the connections.
What a worker writes reaches the pages of the others through PostgreSQL
``LISTEN/NOTIFY`` (:func:`rinkside.web.server.relay_changes`). A worker that
dies is started again while the others keep serving, unless ``RESTARTS``
have died within ``WINDOW`` seconds (:class:`RestartLimit`: a rate, not a
lifetime's budget, so a server that loses a worker now and then runs for
months); SIGINT or SIGTERM stops them all, each letting its pages go first.
The workers sign the console's session cookies with one secret
(``RINKSIDE_SECRET``, else one made here for this run), so that a login on
one is a login on all.

SQLite is one process: one writer at a time and no notifications, so
:func:`serve_workers` refuses more than one worker on it.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import secrets
import signal
import socket
import sys
import time
from collections import deque
from collections.abc import Callable
from multiprocessing.connection import wait
from multiprocessing.process import BaseProcess
from types import FrameType
from typing import Final

from rinkside.services.notify import backend, shared_by_processes
from rinkside.services.open import open_tournaments
from rinkside.web.server import GRACE, build_server

RESTARTS: Final = 5  # worker deaths within WINDOW that the server starts again; one more stops it
WINDOW: Final = 60.0  # seconds
GAVE_UP: Final = 0  # the "signal" that stops the workers when they die too often
SECRET_VARIABLE: Final = "RINKSIDE_SECRET"  # the session cookies' key (rinkside.web.auth)
BACKLOG: Final = 4096  # connections waiting to be accepted (thousands of pages reconnect)
log = logging.getLogger("rinkside.workers")


class WorkersRefused(ValueError):
    """More than one worker on a store that only one process may serve."""


def check_store(database_url: str | None, workers: int) -> None:
    """Migrate the store once (not N times at once) and refuse N > 1 on SQLite."""
    service = open_tournaments(database_url)
    if workers > 1 and not shared_by_processes(service):
        raise WorkersRefused(
            f"--workers {workers}: this store is {backend(service)}, and SQLite stays one "
            "process (one writer, no notifications between processes); serve it with one "
            "worker, or use PostgreSQL (postgresql+psycopg://...) for several")


def listening_socket(host: str, port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(BACKLOG)
    sock.set_inheritable(True)
    return sock


def work(sock: socket.socket, host: str, port: int, database_url: str | None) -> None:
    """One worker process: its own app over the store, serving ``sock``."""
    server = build_server(host, port, database_url, backlog=BACKLOG)
    server.run(sockets=[sock])


Worker = Callable[[socket.socket, str, int, str | None], None]
Clock = Callable[[], float]


class RestartLimit:
    """How many worker deaths are started again: up to ``most`` within any
    ``window`` seconds (read from ``clock``, monotonic), so that a worker
    crashing over and over stops the server, while deaths spread over its
    lifetime never add up to it."""

    def __init__(self, most: int = RESTARTS, window: float = WINDOW,
                 clock: Clock = time.monotonic) -> None:
        self.most, self.window, self.clock = most, window, clock
        self.deaths: deque[float] = deque()

    def allows(self) -> bool:
        """A worker died now: may another be started? (the death is counted)"""
        now = self.clock()
        self.deaths.append(now)
        while self.deaths and self.deaths[0] <= now - self.window:
            self.deaths.popleft()
        return len(self.deaths) <= self.most


def serve_workers(host: str, port: int, database_url: str | None, workers: int,
                  target: Worker = work, limit: RestartLimit | None = None) -> bool:
    """Run ``workers`` server processes on ``host:port`` until SIGINT/SIGTERM
    (:func:`check_store` first), each ``target(socket, host, port, database_url)``
    (a module-level function: it is started in a new interpreter); a dead one
    is started again as ``limit`` allows (default :class:`RestartLimit`).
    True when stopped by a signal; False when the workers died too often (the
    command then exits 1, so that a service manager starts it again)."""
    limit = limit or RestartLimit()
    sock = listening_socket(host, port)
    context = multiprocessing.get_context("spawn")
    stopping: list[int] = []

    def stop(signum: int, _frame: FrameType | None) -> None:
        stopping.append(signum)

    def start() -> BaseProcess:
        process = context.Process(target=target, args=(sock, host, port, database_url),
                                  name="rinkside-worker")
        process.start()
        return process

    os.environ.setdefault(SECRET_VARIABLE, secrets.token_hex(32))  # one for every worker
    previous = {s: signal.signal(s, stop) for s in (signal.SIGINT, signal.SIGTERM)}
    processes = [start() for _ in range(workers)]
    print(f"rinkside: {workers} workers (processes {', '.join(str(p.pid) for p in processes)})"
          " on one port, live updates across them through PostgreSQL", flush=True)
    try:
        while not stopping:
            wait([p.sentinel for p in processes], timeout=0.5)
            for i, process in enumerate(processes):
                if process.is_alive() or stopping:
                    continue
                if not limit.allows():
                    print(f"rinkside: worker {process.pid} exited ({process.exitcode}); "
                          f"{len(limit.deaths)} have died within {limit.window:g} seconds "
                          f"(at most {limit.most} are started again): stopping",
                          file=sys.stderr, flush=True)
                    stopping.append(GAVE_UP)
                    break
                print(f"rinkside: worker {process.pid} exited ({process.exitcode}); "
                      "starting another", file=sys.stderr, flush=True)
                processes[i] = start()
    finally:
        for process in processes:
            if process.is_alive():
                process.terminate()  # SIGTERM: uvicorn's graceful stop
        for process in processes:
            process.join(GRACE + 10)
            if process.is_alive():
                process.kill()
                process.join()
        sock.close()
        for signum, handler in previous.items():
            signal.signal(signum, handler)
    return GAVE_UP not in stopping
