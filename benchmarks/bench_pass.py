"""What one delivery's pass costs per live page, counted: the broadcaster's
pass over N pages against a bare loop writing the same bytes to the same
transports, in the same run.

    python benchmarks/bench_pass.py [--pages 10000] [--rounds 21] [--bytes 4096]
        [--loop uvloop|asyncio] [--instructions PAGES] [--json]

N pages follow one game, each a live stream's :class:`~rinkside.web.sse.Sink`
writing straight to its transport (:class:`~rinkside.web.live_send.DirectWriter`,
as under uvicorn's httptools protocol) over an in-memory fake transport that
records the bytes it is given. A round is one pass: a new version of the
game's state (``--bytes`` of JSON) heard on the loop (:meth:`Broadcaster.heard`:
the frame encoded once, handed to the loop's pages, the pass in chunks
between the loop's turns) until :meth:`Broadcaster.delivered`; and the
floor, a bare loop writing that version's framed chunk to the same fake
transports one after another. The two alternate round by round (medians;
the machine's load printed beside: timings move with it).

``--instructions PAGES`` counts both under valgrind's callgrind, which the
machine's load does not move: each in a child process, counted only over
the measured rounds (start-up, imports, the pages' set-up and the exit left
out; the set-up's objects frozen out of the collector's passes), per page
and as a ratio to the floor. The fake transport stands for the real one's
call (a socket's write is the kernel's work, the same for both): what the
ratio shows is the Python work per page beyond handing the bytes over.

``--sockets`` times the same over loopback TCP connections that another
process reads (the kernel's write included; wall and the loop thread's CPU).

The live benchmark (``bench_live.py``) gives the same pass over real
sockets, with the server's other work, in wall time.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import gc
import json
import multiprocessing
import os
import re
import selectors
import shutil
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, asynccontextmanager
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from livekit import raise_open_files

from rinkside.web.broadcaster import Broadcaster
from rinkside.web.live_send import DirectWriter
from rinkside.web.sse import Frame, Sink, state_event

GAME = 1
_COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


class Transport:
    """A page's socket, in memory: the bytes it was given, counted, and the last."""

    __slots__ = ("last", "written")

    def __init__(self) -> None:
        self.written = 0
        self.last = b""

    def write(self, data: bytes) -> None:
        self.written += len(data)
        self.last = data

    def set_write_buffer_limits(self, high: int) -> None:
        pass


class Flow:
    __slots__ = ("write_paused",)

    def __init__(self) -> None:
        self.write_paused = False


class Cycle:
    """What :class:`DirectWriter` reads of uvicorn's httptools request cycle."""

    def __init__(self, transport: Any) -> None:
        self.transport = transport
        self.flow = Flow()
        self.disconnected = False
        self.response_started = True
        self.response_complete = False
        self.chunked_encoding = True


async def _never(_message: Any) -> None:
    raise AssertionError("a page's socket is never full here: nothing goes through send")


def state_text(version: int, size: int) -> str:
    """``size`` bytes of JSON holding ``version``, as a game's state."""
    head = f'{{"version":{version},"pad":"'
    return head + "x" * max(0, size - len(head) - 2) + '"}'


class Pages:
    """N pages following one game on the running loop, and their transports."""

    def __init__(self, transports: list[Any], size: int, stack: ExitStack) -> None:
        loop = asyncio.get_running_loop()
        self.size = size
        self.version = 0
        self.written = 0  # bytes written to each transport so far
        self.broadcaster = Broadcaster()
        self.transports = transports
        for transport in transports:
            subscription = stack.enter_context(self.broadcaster.subscribe(GAME))
            sink = Sink(_never, loop, None, subscription._close)  # type: ignore[arg-type]
            sink._direct = DirectWriter(Cycle(transport))  # type: ignore[arg-type]
            subscription.sink = sink

    async def one_pass(self) -> None:
        """The next version heard and delivered to every page."""
        self.version += 1
        text = state_text(self.version, self.size)
        self.broadcaster.heard(GAME, self.version, text)
        await self.broadcaster.delivered()
        self.written += len(Frame(self.version, text, state_event(self.version, text)).chunk)

    async def bare(self) -> None:
        """The floor: the next version's chunk written to every transport."""
        self.version += 1
        text = state_text(self.version, self.size)
        data = Frame(self.version, text, state_event(self.version, text)).chunk
        for transport in self.transports:
            transport.write(data)
        self.written += len(data)

    def check(self) -> None:
        """Every page was written the newest version, every version once."""
        newest = b'"version":%d,' % self.version
        assert all(newest in t.last and t.written == self.written for t in self.transports)


def fake_transports(count: int) -> list[Transport]:
    return [Transport() for _ in range(count)]


def read_pages(port: int, count: int, control: Connection) -> None:
    """The client processes' part (``--sockets``): ``count`` connections
    to ``port``, each read as it is written, until the server closes them;
    the bytes read in all told over ``control``."""
    raise_open_files(count + 64)
    pages = [socket.create_connection(("127.0.0.1", port)) for _ in range(count)]
    control.send("connected")
    total, open_pages = 0, len(pages)
    with selectors.DefaultSelector() as selector:
        for page in pages:
            page.setblocking(False)
            selector.register(page, selectors.EVENT_READ)
        while open_pages:
            for key, _ in selector.select():
                page = key.fileobj
                assert isinstance(page, socket.socket)
                data = page.recv(1 << 16)
                total += len(data)
                if not data:
                    selector.unregister(page)
                    page.close()
                    open_pages -= 1
    control.send(total)


@asynccontextmanager
async def socket_transports(count: int) -> AsyncIterator[tuple[list[Any], Callable[[], int]]]:
    """``count`` loopback TCP connections served on the running loop, read
    by another process; their transports, and (once they are closed) the
    bytes that process read."""
    loop = asyncio.get_running_loop()
    accepted: list[asyncio.BaseTransport] = []
    everyone = loop.create_future()

    class Page(asyncio.Protocol):
        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            accepted.append(transport)
            if len(accepted) == count:
                everyone.set_result(None)

    raise_open_files(count + 64)
    server = await loop.create_server(Page, "127.0.0.1", 0, backlog=4096)
    port = server.sockets[0].getsockname()[1]
    ours, theirs = multiprocessing.get_context("spawn").Pipe()
    reader = multiprocessing.get_context("spawn").Process(target=read_pages,
                                                          args=(port, count, theirs))
    reader.start()
    read: list[int] = []
    try:
        await everyone
        yield accepted, lambda: read[0]
    finally:
        for transport in accepted:
            transport.close()
        server.close()
        await server.wait_closed()
        told = await asyncio.to_thread(lambda: [ours.recv(), ours.recv()])
        read.append(told[1])
        reader.join(10)


def new_loop(kind: str) -> asyncio.AbstractEventLoop:
    if kind == "uvloop":
        import uvloop

        return uvloop.new_event_loop()
    return asyncio.new_event_loop()


def on_loop(kind: str, main: Callable[[], Coroutine[Any, Any, Any]]) -> Any:
    loop = new_loop(kind)
    try:
        return loop.run_until_complete(main())
    finally:
        loop.close()


@asynccontextmanager
async def page_transports(args: argparse.Namespace
                          ) -> AsyncIterator[tuple[list[Any], Callable[[], int] | None]]:
    """The pages' transports: in memory, or with ``--sockets`` loopback TCP
    connections another process reads (and the bytes it read, once closed)."""
    if not args.sockets:
        yield fake_transports(args.pages), None
        return
    async with socket_transports(args.pages) as opened:
        yield opened


def timed(args: argparse.Namespace) -> dict[str, Any]:
    """Wall and CPU seconds per page of each, medians of alternating rounds."""
    wall: dict[str, list[float]] = {"pass": [], "bare": []}
    cpu: dict[str, list[float]] = {"pass": [], "bare": []}

    async def main() -> None:
        async with page_transports(args) as (transports, read):
            with ExitStack() as stack:
                pages = Pages(transports, args.bytes, stack)
                await pages.one_pass()  # warm up
                await pages.bare()
                for r in range(args.rounds):
                    order = ("pass", "bare") if r % 2 == 0 else ("bare", "pass")
                    for name in order:
                        run = pages.one_pass if name == "pass" else pages.bare
                        began, thread = time.perf_counter(), time.thread_time()
                        await run()
                        cpu[name].append(time.thread_time() - thread)
                        wall[name].append(time.perf_counter() - began)
                        if read is None:
                            pages.check()
                    if read is not None:
                        await asyncio.sleep(0.05)  # the reader catches up
        if read is not None:
            assert read() == pages.written * args.pages, "a page was not written every state"

    on_loop(args.loop, main)
    out: dict[str, Any] = {"load": Path("/proc/loadavg").read_text().split()[:3]}
    for figure, times in (("wall", wall), ("cpu", cpu)):
        per_page = {name: statistics.median(t) / args.pages * 1e6 for name, t in times.items()}
        out[figure] = {"us_per_page": per_page, "ratio": per_page["pass"] / per_page["bare"]}
    return out


# -- instructions (callgrind) --------------------------------------------------------

COUNTED_ROUNDS = 3
# callgrind counts only inside this C function (the interpreter's
# functools.reduce, which nothing else the child runs calls): the measured
# rounds are run through it, so start-up, imports, the pages' set-up and the
# exit are left out exactly (no difference of two runs, whose memory layout
# differs: a set of 10,000 pages iterates in another order)
COUNTED_IN = "functools_reduce"


def child(args: argparse.Namespace) -> None:
    """Under callgrind: the pages set up and warmed (specialized code, the
    frame cache's slot), then :data:`COUNTED_ROUNDS` rounds counted."""
    loop = new_loop(args.loop)
    with ExitStack() as stack:

        async def set_up() -> Pages:
            return Pages(fake_transports(args.pages), args.bytes, stack)

        pages = loop.run_until_complete(set_up())
        run = pages.one_pass if args.child == "pass" else pages.bare
        loop.run_until_complete(run())
        gc.collect()
        gc.freeze()  # the set-up's objects left out of the counted collections

        async def rounds() -> None:
            for _ in range(COUNTED_ROUNDS):
                await run()

        functools.reduce(lambda _done, _round: loop.run_until_complete(rounds()), [None], None)
        pages.check()


def counted(args: argparse.Namespace, name: str, pages: int) -> int:
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
               "--collect-atstart=no", f"--toggle-collect={COUNTED_IN}",
               sys.executable, __file__, "--child", name, "--pages", str(pages),
               "--bytes", str(args.bytes), "--loop", args.loop]
    done = subprocess.run(command, capture_output=True, text=True, check=False,
                          env={**os.environ, "PYTHONHASHSEED": "0"})
    found = _COLLECTED.search(done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"{name}: the child under valgrind failed:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def instructions(args: argparse.Namespace) -> dict[str, Any]:
    """Each one's instructions a page over the counted rounds (the two
    children side by side)."""
    pages = args.instructions
    with ThreadPoolExecutor(max_workers=2) as pool:
        counts = dict(zip(("pass", "bare"),
                          pool.map(lambda name: counted(args, name, pages), ("pass", "bare")),
                          strict=True))
    per_page = {name: count / (COUNTED_ROUNDS * pages) for name, count in counts.items()}
    return {"pages": pages, "rounds": COUNTED_ROUNDS, "per_page": per_page,
            "ratio": per_page["pass"] / per_page["bare"]}


def table(args: argparse.Namespace, summary: dict[str, Any]) -> str:
    t = summary["timed"]
    where = "loopback TCP sockets read by another process" if args.sockets else "in memory"
    lines = [(f"one pass over {args.pages} pages ({where}; {args.bytes} bytes of state; "
              f"{args.loop}), {args.rounds} alternating rounds (medians), load "
              f"{' '.join(t['load'])}:")]
    for figure in ("wall", "cpu"):
        f = t[figure]
        lines.append(f"  {figure:<5}pass {f['us_per_page']['pass']:.3f} us a page, bare loop "
                     f"{f['us_per_page']['bare']:.3f} us a page: {f['ratio']:.2f}x")
    counts = summary.get("instructions")
    if counts:
        lines.append(f"instructions (callgrind, {counts['pages']} pages, {counts['rounds']} "
                     "passes, only the passes counted):")
        lines.append(f"  pass {counts['per_page']['pass']:,.0f} a page, bare loop "
                     f"{counts['per_page']['bare']:,.0f} a page: {counts['ratio']:.2f}x")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--pages", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=21)
    parser.add_argument("--bytes", type=int, default=4096, help="the state's JSON size")
    parser.add_argument("--loop", choices=("uvloop", "asyncio"), default="uvloop",
                        help="the event loop (the server runs uvloop when installed)")
    parser.add_argument("--instructions", type=int, metavar="PAGES", default=0,
                        help="count instructions under callgrind, over PAGES pages")
    parser.add_argument("--sockets", action="store_true",
                        help="timed over loopback TCP connections another process reads")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--child", choices=("pass", "bare"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(args)
        return 0
    summary: dict[str, Any] = {"timed": timed(args)}
    if args.instructions:
        if shutil.which("valgrind") is None:
            raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
        summary["instructions"] = instructions(args)
    print(json.dumps(summary, indent=2) if args.json else table(args, summary))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
