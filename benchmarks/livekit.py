"""The pieces of the live-update benchmark (``bench_live.py``) that are not
the report: a legal event script for the writer, the scoreboard clients
(one asyncio process holding many raw connections), the server's memory,
and the latency arithmetic.

Clock: every timestamp is ``time.monotonic_ns()`` (CLOCK_MONOTONIC), which
is one clock for every process on the machine, so a write stamped in the
parent and an arrival stamped in a client process are comparable.
"""

from __future__ import annotations

import asyncio
import bisect
import os
import resource
import time
from array import array
from collections.abc import Iterator
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import uvloop

VERSION_KEY = b'"version":'
WORKER_KEY = b"x-rinkside-worker: "  # the server process of a stream (uvicorn: lower case)

# --------------------------------------------------------------------------- the writer's script


def event_script(home: list[int], away: list[int], count: int,
                 period_seconds: int = 720, periods: int = 2) -> list[dict[str, Any]]:
    """``count`` FORMAT.md events of one legal game, as a scorekeeper records
    them: face-off, 4 s of play, then a stoppage or a goal (the teams score
    in turn, so the mercy rule never ends the game), a minor now and then
    (one team at a time, by players who never score, so the box never
    holds a scorer). Raises when the game's regulation time runs out first."""
    culprits = {"home": home[:3], "away": away[:3]}
    scorers = {"home": home[4:9], "away": away[4:9]}
    events: list[dict[str, Any]] = []
    period, left, cycle = 1, period_seconds, 0

    def at() -> str:
        return f"{period} {left // 60}:{left % 60:02d}"

    while len(events) < count:
        if left < 10:  # play on until the horn
            events.append({"type": "faceoff", "at": at()})
            left = 0
            events.append({"type": "period_end", "at": at()})
            period, left = period + 1, period_seconds
            if period > periods:
                raise ValueError(f"a game holds fewer than {count} events of this script")
            continue
        events.append({"type": "faceoff", "at": at()})
        left -= 4
        cycle += 1
        team = "home" if cycle % 2 else "away"
        if cycle % 4 == 0:
            team = "home" if cycle % 8 else "away"
            shooters = scorers[team]
            events.append({"type": "goal", "at": at(), "team": team,
                           "scorer": shooters[cycle // 4 % len(shooters)]})
            continue
        events.append({"type": "stoppage", "at": at()})
        if cycle % 15 == 0:
            culprit = culprits[team][cycle // 15 % len(culprits[team])]
            events.append({"type": "penalty", "at": at(), "team": team, "player": culprit,
                           "class": "minor", "infraction": "hooking", "rule": "623"})
    return events[:count]


# --------------------------------------------------------------------------- the clients


def raise_open_files(wanted: int) -> tuple[int, int]:
    """Raise this process's RLIMIT_NOFILE towards ``wanted`` (never past the
    hard limit); returns the (soft, hard) limits now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if target > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)


class Scoreboard(asyncio.Protocol):
    """One scoreboard's connection to ``/live/games/{id}``: sends the GET,
    then stamps each state event with its arrival time and the state's
    ``version`` (keep-alives, which carry no state, are only counted)."""

    def __init__(self, request: bytes, ready: asyncio.Future[None]) -> None:
        self.request = request
        self.ready = ready
        self.buffer = bytearray()
        self.headers_done = False
        self.versions = array("q")
        self.times = array("q")
        self.keepalives = 0
        self.received = 0
        self.error: str | None = None
        self.lost = False
        self.worker = 0  # the server process's id, from the response's header
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        # (uvloop's transports are not asyncio.Transport's subclasses)
        self.transport = transport  # type: ignore[assignment]
        transport.write(self.request)

    def data_received(self, data: bytes) -> None:
        now = time.monotonic_ns()
        self.received += len(data)
        buffer = self.buffer
        buffer += data
        if not self.headers_done:
            end = buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            status = bytes(buffer[:buffer.find(b"\r\n")])
            if b" 200 " not in status:
                self._fail(status.decode(errors="replace"))
                return
            at = buffer.find(WORKER_KEY, 0, end)
            if at >= 0:
                start = at + len(WORKER_KEY)
                self.worker = int(buffer[start:buffer.find(b"\r\n", start)])
            del buffer[:end + 4]
            self.headers_done = True
        while True:
            end = buffer.find(b"\n\n")
            if end < 0:
                return
            at = buffer.find(VERSION_KEY, 0, end)
            if at >= 0:
                start = at + len(VERSION_KEY)
                stop = start
                while 48 <= buffer[stop] <= 57:
                    stop += 1
                self.versions.append(int(buffer[start:stop]))
                self.times.append(now)
                if not self.ready.done():
                    self.ready.set_result(None)
            else:
                self.keepalives += 1
            del buffer[:end + 2]

    def _fail(self, why: str) -> None:
        self.error = why
        if not self.ready.done():
            self.ready.set_exception(ConnectionError(why))
        if self.transport is not None:
            self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost = True
        if not self.ready.done():
            self.ready.set_exception(ConnectionError(f"closed before the first state: {exc}"))


@dataclass
class ClientResult:
    """What one client process saw: per client, the versions it received and
    when; how many connected, how many failed (and the first reason)."""

    connected: int = 0
    failed: int = 0
    first_error: str = ""
    lost: int = 0
    keepalives: int = 0
    bytes_received: int = 0
    versions: list[bytes] = field(default_factory=list)  # array("q") bytes per client
    times: list[bytes] = field(default_factory=list)
    workers: list[int] = field(default_factory=list)  # per client, its server process
    nofile: tuple[int, int] = (0, 0)
    cpu_seconds: float = 0.0  # the process's CPU (user + system) from ready to stop


def client_process(host: str, port: int, path: str, clients: int, concurrency: int,
                   control: Connection) -> None:
    """A process of ``clients`` scoreboards: connects them (``concurrency``
    handshakes at a time), says ``("ready", connected, failed, error)`` on
    ``control``, then listens until told ``"stop"`` and sends back a
    :class:`ClientResult`. On uvloop (as the server): the clients share the
    machine's cores with the server, so each read they cost less leaves
    more to the server, the floor's and rinkside's alike."""
    nofile = raise_open_files(clients + 64)
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        result = runner.run(_clients(host, port, path, clients, concurrency, control))
    result.nofile = nofile
    control.send(result)
    control.close()


async def _clients(host: str, port: int, path: str, clients: int, concurrency: int,
                   control: Connection) -> ClientResult:
    loop = asyncio.get_running_loop()
    request = (f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n"
               "Accept: text/event-stream\r\nCache-Control: no-cache\r\n\r\n").encode()
    gate = asyncio.Semaphore(concurrency)
    boards: list[Scoreboard] = []
    result = ClientResult()

    async def connect() -> None:
        async with gate:
            ready: asyncio.Future[None] = loop.create_future()
            board = Scoreboard(request, ready)
            try:
                await loop.create_connection(lambda: board, host, port)
                await asyncio.wait_for(ready, 60)
            except (OSError, ConnectionError, TimeoutError) as exc:
                result.failed += 1
                result.first_error = result.first_error or f"{type(exc).__name__}: {exc}"
                if board.transport is not None:
                    board.transport.close()
                return
            boards.append(board)

    await asyncio.gather(*(connect() for _ in range(clients)))
    result.connected = len(boards)
    control.send(("ready", result.connected, result.failed, result.first_error))

    stop = asyncio.Event()
    loop.add_reader(control.fileno(), stop.set)
    began = cpu_seconds()
    await stop.wait()
    result.cpu_seconds = cpu_seconds() - began
    loop.remove_reader(control.fileno())
    os.set_blocking(control.fileno(), True)  # uvloop's add_reader made it non-blocking
    control.recv()  # "stop"
    for board in boards:
        if board.transport is not None:
            board.transport.close()
        result.lost += board.lost
        result.keepalives += board.keepalives
        result.bytes_received += board.received
        result.versions.append(board.versions.tobytes())
        result.times.append(board.times.tobytes())
        result.workers.append(board.worker)
    return result


# --------------------------------------------------------------------------- the server's memory


def rss_kib(pid: int) -> int:
    """The process's resident set (VmRSS in /proc/PID/status), in KiB."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for process {pid}")


def children_of(pid: int) -> Iterator[int]:
    """The process's direct children (the uvicorn server under its launcher)."""
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/children") as children:
            yield from (int(child) for child in children.read().split())


# --------------------------------------------------------------------------- latency arithmetic

STALL_MS = 1000.0  # no broadcast this long (10,000 clients)


@dataclass(frozen=True)
class Phase:
    name: str
    events: int
    interval: float  # seconds between writes (0: as fast as the API answers)


@dataclass(frozen=True)
class PhaseFigures:
    name: str
    writes: int
    seconds: float
    post_p50_ms: float
    post_p99_ms: float
    each_p50_ms: float
    each_p99_ms: float
    each_max_ms: float
    last_p50_ms: float
    last_p99_ms: float
    last_max_ms: float
    spread_max_ms: float
    slow_broadcasts: int  # versions whose last client waited STALL_MS or more
    undelivered: int  # (client, version) pairs never delivered
    gc_collections: int
    gc_gen2: int
    gc_max_pause_ms: float
    other_clients: int = 0  # clients on another process than the writer's
    other_last_p50_ms: float = 0.0
    other_last_p99_ms: float = 0.0
    other_last_max_ms: float = 0.0
    server_cpu_ms: float = 0.0  # the server's CPU per write of the phase (its workers' too)
    # the server's own side (its pass log): the POST sent -> its commit; -> the
    # last page's transport written (every process); each delivery's pass (wall, CPU)
    commit_p50_ms: float = 0.0
    handoff_p50_ms: float = 0.0  # the commit -> the first pass holding it began
    handoff_p99_ms: float = 0.0
    server_last_p50_ms: float = 0.0
    server_last_p99_ms: float = 0.0
    server_last_max_ms: float = 0.0
    pass_p50_ms: float = 0.0
    pass_p99_ms: float = 0.0
    pass_cpu_p50_ms: float = 0.0
    passes: int = 0


# --------------------------------------------------------------------------- figures


def read_gc_log(path: Path) -> list[tuple[int, int, int]]:
    """(generation, start ns, pause ns) of every collection the server made
    (each worker's file ``path.PID`` too)."""
    entries = []
    for file in [path, *path.parent.glob(f"{path.name}.*")]:
        if not file.exists():
            continue
        for line in file.read_text().splitlines():
            parts = line.split()
            if len(parts) == 4:
                entries.append((int(parts[0]), int(parts[1]), int(parts[2])))
    return entries


@dataclass(frozen=True)
class PassLog:
    """What the server logged of its broadcasts (``live_server.PassLog``):
    when each version committed, and per server process its delivery
    passes as (version, pages, began ns, ended ns, CPU ns), in order."""

    commits: dict[int, int]
    passes: list[list[tuple[int, int, int, int, int]]]


def read_pass_log(path: Path) -> PassLog:
    """The pass log of the server (each worker's ``path.PID`` too)."""
    commits: dict[int, int] = {}
    passes = []
    for file in [path, *path.parent.glob(f"{path.name}.*")]:
        if not file.exists():
            continue
        mine = []
        for line in file.read_text().splitlines():
            parts = line.split()
            if parts[:1] == ["commit"] and len(parts) == 3:
                version, at = int(parts[1]), int(parts[2])
                commits[version] = min(at, commits.get(version, at))
            elif parts[:1] == ["pass"] and len(parts) == 6:
                v, pages, began, ended, cpu = (int(x) for x in parts[1:])
                mine.append((v, pages, began, ended, cpu))
        passes.append(sorted(mine, key=lambda p: p[2]))
    return PassLog(commits, passes)


@dataclass(frozen=True)
class ServerSide:
    """Of the versions written in a phase, from the pass log, sorted (ns):
    the POST sent -> the commit; the commit -> the first pass holding that
    version (or a newer one) began; the POST sent -> the end of the last
    process's first pass holding it (its last page written); and the
    passes (wall, CPU) that delivered one of those versions."""

    to_commit: list[int]
    handoff: list[int]
    to_last: list[int]
    runs: list[tuple[int, int]]


def server_side(written: list[tuple[int, int]], log: PassLog) -> ServerSide:
    to_commit, handoff, to_last = [], [], []
    versions = {v for v, _ in written}
    for version, sent in written:
        firsts = [next((p for p in passes if p[0] >= version and p[1] > 0), None)
                  for passes in log.passes if passes]
        held = [p for p in firsts if p is not None]
        if version in log.commits:
            committed = log.commits[version]
            to_commit.append(committed - sent)
            if held:
                handoff.append(min(p[2] for p in held) - committed)
        if held and len(held) == len(firsts):
            to_last.append(max(p[3] for p in held) - sent)
    runs = [(p[3] - p[2], p[4]) for passes in log.passes for p in passes if p[0] in versions]
    return ServerSide(sorted(to_commit), sorted(handoff), sorted(to_last), runs)


def cpu_seconds() -> float:
    """This process's CPU time so far, user and system."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def server_cpu(pid: int) -> float:
    """The server's CPU seconds so far (user and system): its workers' too."""
    return sum(_process_cpu(p) for p in [pid, *children_of(pid)])


def _process_cpu(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def server_rss(pid: int) -> int:
    """The server's resident set in KiB: its workers' too."""
    return rss_kib(pid) + sum(rss_kib(child) for child in children_of(pid))


def ms(ns: float) -> float:
    return ns / 1e6


def last_client(written: list[tuple[int, int]], versions: list[array[int]],
                times: list[array[int]]) -> list[int]:
    """Per version written, sorted: write -> the last of these clients to hold it."""
    last = []
    for delivery in deliveries(written, versions, times):
        arrived = [a for a in delivery.arrivals if a is not None]
        if arrived:
            last.append(max(arrived) - delivery.written_ns)
    return sorted(last)


def phase_figures(phase: Phase, written: list[tuple[int, int]], posts: list[int],
                  window: tuple[int, int], versions: list[array[int]],
                  times: list[array[int]], collections: list[tuple[int, int, int]],
                  others: list[int], server_cpu_ms: float = 0.0,
                  passes: PassLog | None = None) -> PhaseFigures:
    each: list[int] = []
    last: list[int] = []
    spreads: list[int] = []
    undelivered = slow = 0
    for delivery in deliveries(written, versions, times):
        arrived = [a for a in delivery.arrivals if a is not None]
        undelivered += len(delivery.arrivals) - len(arrived)
        if not arrived:
            continue
        each.extend(a - delivery.written_ns for a in arrived)
        last.append(max(arrived) - delivery.written_ns)
        spreads.append(max(arrived) - min(arrived))
        slow += ms(last[-1]) >= STALL_MS
    each.sort()
    last.sort()
    posts = sorted(posts)
    during = [c for c in collections if window[0] <= c[1] <= window[1]]
    other = last_client(written, [versions[i] for i in others], [times[i] for i in others])
    side = server_side(written, passes or PassLog({}, []))
    to_last = side.to_last
    walls = sorted(w for w, _ in side.runs)
    cpus = sorted(c for _, c in side.runs)
    return PhaseFigures(
        name=phase.name, writes=len(written), seconds=(window[1] - window[0]) / 1e9,
        post_p50_ms=ms(percentile(posts, 50)), post_p99_ms=ms(percentile(posts, 99)),
        each_p50_ms=ms(percentile(each, 50)), each_p99_ms=ms(percentile(each, 99)),
        each_max_ms=ms(each[-1] if each else 0),
        last_p50_ms=ms(percentile(last, 50)), last_p99_ms=ms(percentile(last, 99)),
        last_max_ms=ms(last[-1] if last else 0),
        spread_max_ms=ms(max(spreads, default=0)), slow_broadcasts=slow,
        undelivered=undelivered, gc_collections=len(during),
        gc_gen2=sum(1 for c in during if c[0] == 2),
        gc_max_pause_ms=ms(max((c[2] for c in during), default=0)),
        other_clients=len(others), other_last_p50_ms=ms(percentile(other, 50)),
        other_last_p99_ms=ms(percentile(other, 99)),
        other_last_max_ms=ms(other[-1] if other else 0),
        server_cpu_ms=server_cpu_ms / max(1, len(written)),
        commit_p50_ms=ms(percentile(side.to_commit, 50)),
        handoff_p50_ms=ms(percentile(side.handoff, 50)),
        handoff_p99_ms=ms(percentile(side.handoff, 99)),
        server_last_p50_ms=ms(percentile(to_last, 50)),
        server_last_p99_ms=ms(percentile(to_last, 99)),
        server_last_max_ms=ms(to_last[-1] if to_last else 0),
        pass_p50_ms=ms(percentile(walls, 50)), pass_p99_ms=ms(percentile(walls, 99)),
        pass_cpu_p50_ms=ms(percentile(cpus, 50)), passes=len(side.runs))




@dataclass(frozen=True)
class Delivery:
    """When each client first held one written version (or a newer one: a
    scoreboard only needs the newest state, so a coalesced version counts as
    delivered with the next one that arrived). ``None``: never arrived."""

    version: int
    written_ns: int
    arrivals: list[int | None]


def deliveries(written: list[tuple[int, int]], versions: list[array[int]],
               times: list[array[int]]) -> list[Delivery]:
    """For each ``(version, written at)``: every client's first arrival of
    that version or a newer one."""
    out = [Delivery(v, t, []) for v, t in written]
    for got, at in zip(versions, times, strict=True):
        for delivery in out:
            i = bisect.bisect_left(got, delivery.version)
            delivery.arrivals.append(at[i] if i < len(got) else None)
    return out


def percentile(ordered: list[int], q: float) -> int:
    """The nearest-rank percentile of sorted values (q in 0..100)."""
    if not ordered:
        return 0
    rank = max(0, min(len(ordered) - 1, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[rank]
