"""Issue 30: a live page's states under uvicorn's httptools protocol go
straight to its transport as one chunk framed once for every page, not
through ``send`` page by page; a page whose socket is full goes through
``send`` (which waits for it) and meanwhile keeps only the newest state; a
burst published while the loop is busy is one delivery of the newest."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
from collections.abc import Callable
from typing import Any

import pytest
import uvicorn
from uvicorn.protocols.http import httptools_impl
from webkit import Demo, game_in_play, record

from rinkside.rules.events import FaceOff, Stoppage
from rinkside.rules.times import GameTime
from rinkside.services.change import Change
from rinkside.web import server
from rinkside.web.app import create_app
from rinkside.web.broadcaster import Broadcaster, Subscription
from rinkside.web.live_send import DirectWriter, chunk, direct_writer
from rinkside.web.sse import Frame, Sink, state_event

Message = dict[str, Any]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def dechunked(raw: bytes) -> tuple[bytes, bytes]:
    """A response's head and its chunked body so far, unframed (raises on a
    chunk that is not well framed)."""
    head, _, rest = raw.partition(b"\r\n\r\n")
    assert b"transfer-encoding: chunked" in head.lower()
    body = b""
    while rest:
        size_line, _, rest = rest.partition(b"\r\n")
        size = int(size_line, 16)
        assert rest[size:size + 2] == b"\r\n", "a chunk not framed as its size says"
        body, rest = body + rest[:size], rest[size + 2:]
    return head, body


def versions(body: bytes) -> list[int]:
    return [json.loads(line[len(b"data: "):])["version"]
            for line in body.split(b"\n") if line.startswith(b"data: ")]


def test_states_go_straight_to_the_transport_as_well_framed_chunks(
        demo: Demo, monkeypatch: pytest.MonkeyPatch) -> None:
    """Over uvicorn with httptools: the page reads a well-framed chunked
    stream holding every state, and none of those states went through the
    response's ``send`` (only its start, through the middleware)."""
    through_send: list[Message] = []
    send = httptools_impl.RequestResponseCycle.send

    async def counted(self: Any, message: Message) -> None:
        through_send.append(message)
        await send(self, message)

    monkeypatch.setattr(httptools_impl.RequestResponseCycle, "send", counted)
    app = create_app(demo.service)
    port = _free_port()
    uv = server.GameDayServer(uvicorn.Config(app, host="127.0.0.1", port=port, http="httptools",
                                             log_level="warning"), app.state.broadcaster)
    thread = threading.Thread(target=uv.run, daemon=True)
    thread.start()
    try:
        assert uv.ready.wait(10)
        game = game_in_play(demo)
        with socket.create_connection(("127.0.0.1", port), timeout=10) as page:
            page.sendall(f"GET /live/games/{game} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            raw = b""

            def read_until(done: Callable[[bytes], bool]) -> None:
                nonlocal raw
                while not (b"\r\n\r\n" in raw and done(dechunked(raw)[1])):
                    data = page.recv(65536)
                    assert data, "the stream ended"
                    raw += data

            read_until(lambda body: len(versions(body)) == 1)
            written = [record(demo.service, game, Stoppage(GameTime(1, 5900))),
                       record(demo.service, game, FaceOff(GameTime(1, 5900)))]
            read_until(lambda body: versions(body)[-1:] == written[-1:])
        head, body = dechunked(raw)
        assert head.startswith(b"HTTP/1.1 200")
        assert versions(body)[-1] == written[-1]
        assert through_send[0]["type"] == "http.response.start"
        assert not [m for m in through_send if m.get("body", b"").startswith(b"data: ")]
    finally:
        uv.should_exit = True
        thread.join(10)


class Flow:
    write_paused = False


class Transport:
    def __init__(self) -> None:
        self.written: list[bytes] = []
        self.limits: dict[str, int] = {}

    def write(self, data: bytes) -> None:
        self.written.append(data)

    def set_write_buffer_limits(self, high: int) -> None:
        self.limits["high"] = high


class Cycle:
    """What :class:`DirectWriter` reads of uvicorn's cycle."""

    def __init__(self) -> None:
        self.transport = Transport()
        self.flow = Flow()
        self.disconnected = False
        self.response_started = True
        self.response_complete = False
        self.chunked_encoding = True


def frame(version: int) -> Frame:
    text = json.dumps({"version": version})
    return Frame(version, text, state_event(version, text))


def test_a_full_socket_goes_through_send_and_keeps_only_the_newest() -> None:
    """The socket takes the states while it can; once uvicorn's flow control
    pauses it, the next state goes through ``send`` (which waits for the
    socket), the ones after replace each other, and once it drains the page
    gets the newest alone, then straight to the transport again."""
    cycle = Cycle()
    sent: list[Message] = []

    async def main() -> None:
        loop = asyncio.get_running_loop()
        drained = asyncio.Event()

        async def send(message: Message) -> None:
            await drained.wait()  # uvicorn's send waits for the paused socket
            sent.append(message)

        sink = Sink(send, loop, None, lambda: None)  # type: ignore[arg-type]
        sink._direct = DirectWriter(cycle)  # type: ignore[arg-type]
        sink.push(7, frame(1))
        assert cycle.transport.written == [frame(1).chunk] and sent == []
        cycle.flow.write_paused = True
        for version in (2, 3, 4):
            sink.push(7, frame(version))
        assert cycle.transport.written == [frame(1).chunk]
        cycle.flow.write_paused = False
        drained.set()
        for _ in range(5):
            await asyncio.sleep(0)
        assert [m["body"] for m in sent] == [frame(2).data, frame(4).data]  # 3 skipped
        sink.push(7, frame(5))
        assert cycle.transport.written == [frame(1).chunk, frame(5).chunk]

    asyncio.run(main())


def test_the_chunk_is_the_event_framed_once_and_only_httptools_sends_are_bypassed() -> None:
    assert frame(3).chunk == b"%x\r\n" % len(frame(3).data) + frame(3).data + b"\r\n"
    assert chunk(b"abc") == b"3\r\nabc\r\n"
    cycle = Cycle()
    DirectWriter(cycle)  # type: ignore[arg-type]
    assert cycle.transport.limits["high"] > 0  # a page falls behind by a few states at most

    async def send(_message: Message) -> None:
        pass

    assert direct_writer(send) is None  # a test's send, or h11's: every body through it


def test_a_burst_published_while_the_loop_is_busy_is_one_delivery_of_the_newest(
        demo: Demo) -> None:
    """Changes handed to a loop that has not yet run the delivery of an
    older one fold into it: one pass over the pages, with the newest state
    (a busy loop, or changes relayed by another process, queues nothing stale)."""
    game = game_in_play(demo)
    deliveries: list[int] = []

    class Counted(Broadcaster):
        def _deliver(self, subscriptions: list[Subscription], game_id: int,
                     version: int) -> None:
            deliveries.append(version)
            super()._deliver(subscriptions, game_id, version)

    broadcaster = Counted(service=demo.service)
    page: list[Message] = []

    async def main() -> None:
        written = asyncio.Event()

        async def send(message: Message) -> None:
            page.append(message)
            written.set()

        with broadcaster.subscribe(game) as subscription:
            task = asyncio.create_task(broadcaster.stream(subscription, demo.service, send))
            async with asyncio.timeout(10):
                while not page:
                    written.clear()
                    await written.wait()
            versions_written: list[int] = []

            def burst() -> None:  # another thread, while this loop is blocked
                for at in (5900, 5800, 5700):
                    version = record(demo.service, game, Stoppage(GameTime(1, at)))
                    versions_written.append(version)
                    broadcaster.publish(Change(game, version))
                    record(demo.service, game, FaceOff(GameTime(1, at)))

            publisher = threading.Thread(target=burst)
            publisher.start()
            publisher.join()  # the loop runs nothing meanwhile
            await broadcaster.delivered()
            assert deliveries == [versions_written[-1]]
            subscription.close()
            await task

    asyncio.run(main())
