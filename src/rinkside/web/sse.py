"""The server-sent events a live page reads, and the writer that sends them.

A :class:`Frame` is one version of a game's state, encoded once as the SSE
event every page is sent as it is. A :class:`Sink` writes frames to one
page through the response's ASGI ``send``, stepped by hand from the
broadcaster's callback (uvicorn's send finishes without suspending unless
the socket's buffer is full), so one change costs no task wake-up per page;
a page whose buffer is full gets, once it drains, only the newest state of
each game, never a backlog. Under uvicorn's httptools protocol a state goes
straight to the page's transport as one chunk framed once for every page
(:mod:`rinkside.web.live_send`): no coroutine, no copy per page.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any, Final

from starlette.types import Message, Send

from rinkside.services.tournaments import Tournaments
from rinkside.web.live_send import chunk, direct_writer

RETRY_MS: Final = 2000  # how long EventSource waits before reconnecting
Loop = asyncio.AbstractEventLoop


@dataclass(frozen=True, slots=True)
class Frame:
    """One version of a game's state: the JSON text and the whole
    server-sent event carrying it, encoded once for every stream, in the
    one ASGI message every stream sends (the server only reads it), and
    framed once as the HTTP chunk written straight to a page's transport
    (:class:`rinkside.web.live_send.DirectWriter`)."""

    version: int
    text: str
    data: bytes
    message: Message = field(init=False, repr=False, compare=False)
    chunk: bytes = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "message", body(self.data))
        object.__setattr__(self, "chunk", chunk(self.data))


def body(data: bytes) -> Message:
    """The ASGI message writing ``data`` to a stream that goes on."""
    return {"type": "http.response.body", "body": data, "more_body": True}


def state_event(version: int, text: str) -> bytes:
    """The SSE event of a state (compact JSON holds no newline: one line)."""
    return f"data: {text}\nid: {version}\nretry: {RETRY_MS}\n\n".encode()


def alive_event(version: int) -> bytes:
    return f": keep-alive\nevent: alive\ndata: {version}\n\n".encode()


HELLO: Final = f"event: alive\ndata: 0\nretry: {RETRY_MS}\n\n".encode()


class Sink:
    """A stream's writer, used on its loop only: ``push`` writes a state at
    once, from the broadcaster's callback, through the response's ASGI
    ``send`` (stepped by hand: uvicorn's send finishes without suspending
    unless the socket's buffer is full), so one change costs no task wake-up
    per page. A page whose buffer is full (flow control) gets, once it
    drains, only the newest state of each game: never a backlog. Under
    uvicorn's httptools protocol a state is written straight to the page's
    transport while its socket takes it (:func:`~rinkside.web.live_send.direct_writer`).
    Slotted, its queue made only when a page falls behind: a server holds
    thousands of them."""

    __slots__ = ("_direct", "_queue", "_sending", "broken", "last", "loop", "on_break", "send",
                 "sent", "service")

    def __init__(self, send: Send, loop: Loop, service: Tournaments,
                 on_break: Callable[[], None]) -> None:
        self.send = send
        self.loop = loop
        self.service = service
        self.on_break = on_break
        self.sent: dict[int, int] = {}  # game id -> newest version written (or queued)
        self.last = loop.time()  # when something was last written
        # by game id (-1: keep-alive), while a write waits for the socket
        self._queue: OrderedDict[int, Message] | None = None
        self._sending: Coroutine[Any, Any, None] | None = None  # suspended by flow control
        self._direct = direct_writer(send)
        self.broken = False

    def push(self, game_id: int, frame: Frame, now: float | None = None) -> None:
        """Write the state unless this page already has that version or newer
        (``now``: the loop's time, read once for a whole chunk of pages)."""
        if frame.version > self.sent.get(game_id, -1):
            self.sent[game_id] = frame.version
            direct = self._direct
            if (direct is not None and self._sending is None and not self._queue
                    and not self.broken and direct.write(frame.chunk)):  # the usual case
                self.last = self.loop.time() if now is None else now
                return
            self._write(game_id, frame.message)

    def write(self, slot: int, data: bytes) -> None:
        self._write(slot, body(data))

    def _write(self, slot: int, message: Message) -> None:
        self.last = self.loop.time()
        if self._sending is None and not self._queue and not self.broken:
            self._send(message)
            return
        if self._queue is None:
            self._queue = OrderedDict()
        self._queue[slot] = message  # replaces a queued older state of the same game
        self._flush()

    def _flush(self) -> None:
        while self._queue and self._sending is None and not self.broken:
            self._send(self._queue.popitem(last=False)[1])

    def _send(self, message: Message) -> None:
        sending = self.send(message)
        self._step(sending if isinstance(sending, Coroutine) else _awaiting(sending))

    def _step(self, sending: Coroutine[Any, Any, None]) -> None:
        try:
            awaited = sending.send(None)
        except StopIteration:
            if self._sending is not None:
                self._sending = None
                self._flush()
            return
        except Exception:  # the connection is gone or broken: the stream ends
            self._sending, self.broken, self._queue = None, True, None
            self.on_break()
            return
        self._sending = sending
        if isinstance(awaited, asyncio.Future):
            awaited._asyncio_future_blocking = False
            awaited.add_done_callback(lambda _done: self._resume(sending))
        else:  # a bare yield (sleep(0)): resume on the next turn
            self.loop.call_soon(self._resume, sending)

    def _resume(self, sending: Coroutine[Any, Any, None]) -> None:
        if self._sending is sending:  # not dropped by close() meanwhile
            self._step(sending)

    def close(self) -> None:
        """Drop a write still waiting for the socket (the stream is ending)."""
        self.broken = True
        if self._sending is not None:
            self._sending.close()
            self._sending = None


async def _awaiting(awaitable: Awaitable[None]) -> None:
    await awaitable


