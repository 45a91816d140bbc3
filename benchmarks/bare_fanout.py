"""The live benchmark's floor: a bare ASGI fan-out (``bench_live.py`` runs
it beside the real server in the same run, ``live_server.py --bare``).

A minimal ASGI app with the real server's URLs and nothing of rinkside
behind them: ``GET /live/...`` holds a server-sent-events stream (the
``X-Rinkside-Worker`` header, then the current payload); a ``POST`` (the
writer's console write, the same body) takes the body's ``version``, writes
the next version's payload to every stream of this process, one ``await
send`` after another, tells the other processes (``--workers N``: one
datagram each over a Unix socket in ``relay_dir``, whose receiver writes it
to its own streams) and answers ``{"version": N}``; any other ``GET``
answers the payload's JSON. The payload is ``payload_bytes`` of JSON (the
real state's size), framed as the real server frames a state: what a page
receives has the same size and shape, so the clients measure both alike.
No store, no engine, no state built: what the real server costs beyond this
is its own.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import time
from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any, Protocol

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

RETRY_MS = 2000  # as rinkside.web.sse frames a state


def payload(version: int, size: int) -> tuple[bytes, bytes]:
    """The JSON of ``size`` bytes holding ``version`` (first, as the real
    state's ``"version":`` the clients look for), and its SSE event."""
    head = f'{{"version":{version},"pad":"'
    text = head + "x" * max(0, size - len(head) - 2) + '"}'
    return text.encode(), f"data: {text}\nid: {version}\nretry: {RETRY_MS}\n\n".encode()


class Passes(Protocol):
    """The benchmark's log of each write and pass (``live_server.PassLog``)."""

    def commit(self, version: int) -> None: ...

    def delivered(self, game: int, version: int, pages: int, began: int, ended: int,
                  cpu: int) -> None: ...


class Relay(asyncio.DatagramProtocol):
    """This process's datagram socket: each datagram is a version's event
    from another process, written to this process's streams."""

    def __init__(self, app: BareFanout) -> None:
        self.app = app

    def datagram_received(self, data: bytes, addr: Any) -> None:
        version = int.from_bytes(data[:8], "big")
        asyncio.get_running_loop().create_task(self.app.fan_out(version, data[8:]))


class BareFanout:
    """The ASGI app (one per server process)."""

    def __init__(self, payload_bytes: int, relay_dir: Path | None = None,
                 passes: Passes | None = None) -> None:
        self.size = payload_bytes
        self.passes = passes
        self.relay_dir = relay_dir
        self.version = 0
        self.text, self.event = payload(0, payload_bytes)
        self.streams: set[Send] = set()
        self.worker = str(os.getpid()).encode()
        self.transport: asyncio.DatagramTransport | None = None
        self.address = "" if relay_dir is None else str(relay_dir / f"{os.getpid()}.sock")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self.lifespan(receive, send)
        elif scope["type"] == "http" and scope["method"] == "POST":
            await self.post(receive, send)
        elif scope["type"] == "http" and scope["path"].startswith("/live/"):
            await self.stream(receive, send)
        elif scope["type"] == "http":
            await self.answer(send, self.text)

    async def lifespan(self, receive: Receive, send: Send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                if self.relay_dir is not None:
                    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
                    sock.bind(self.address)  # uvloop takes no Unix local_addr
                    sock.setblocking(False)
                    self.transport, _ = await asyncio.get_running_loop().create_datagram_endpoint(
                        lambda: Relay(self), sock=sock)
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                if self.transport is not None:
                    self.transport.close()
                    Path(self.address).unlink(missing_ok=True)
                await send({"type": "lifespan.shutdown.complete"})
                return

    async def post(self, receive: Receive, send: Send) -> None:
        body = b""
        more = True
        while more:
            message = await receive()
            body += message.get("body", b"")
            more = message.get("more_body", False)
        version = int(json.loads(body)["version"]) + 1
        _text, event = payload(version, self.size)
        if self.passes is not None:
            self.passes.commit(version)
        if self.transport is not None and self.relay_dir is not None:
            datagram = version.to_bytes(8, "big") + event
            for peer in self.relay_dir.glob("*.sock"):
                if str(peer) != self.address:
                    self.transport.sendto(datagram, str(peer))
        await self.fan_out(version, event)
        await self.answer(send, json.dumps({"version": version}).encode())

    async def fan_out(self, version: int, event: bytes) -> None:
        """Every stream of this process is written ``event`` (the newest only)."""
        if version <= self.version:
            return
        self.version, self.event = version, event
        self.text = payload(version, self.size)[0]
        message = {"type": "http.response.body", "body": event, "more_body": True}
        streams = list(self.streams)
        began, cpu = time.monotonic_ns(), time.thread_time_ns()
        for send in streams:
            try:
                await send(message)
            except OSError:
                self.streams.discard(send)
        if self.passes is not None:
            self.passes.delivered(0, version, len(streams), began, time.monotonic_ns(),
                                  time.thread_time_ns() - cpu)

    async def stream(self, receive: Receive, send: Send) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": [
            (b"content-type", b"text/event-stream"), (b"cache-control", b"no-cache"),
            (b"x-rinkside-worker", self.worker)]})
        await send({"type": "http.response.body", "body": self.event, "more_body": True})
        self.streams.add(send)
        try:
            while (await receive())["type"] != "http.disconnect":
                pass
        finally:
            self.streams.discard(send)

    async def answer(self, send: Send, body: bytes) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": [
            (b"content-type", b"application/json"), (b"x-rinkside-worker", self.worker)]})
        await send({"type": "http.response.body", "body": body})
