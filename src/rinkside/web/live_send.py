"""A live stream's bodies written straight to the server's ``send``.

Every answer's ``send`` passes through the app's middleware, one wrapping
coroutine per layer (the security headers, Starlette's exception handling
twice, and so on), though after the response's start none of them does
anything to a body. A live stream writes each state to thousands of pages
at once (``benchmarks/bench_live.py``: 10,000 pages), so those layers were
most of what one page cost beyond the bare write. :class:`StreamSend`, the
outermost middleware of the app, puts the ``send`` it was given in the
scope of each live stream's request (:data:`STREAM_SEND`): the stream sends
its start (and so its headers) through the whole chain as every answer
does, then its bodies through that ``send``
(:class:`rinkside.web.routers.live.EventStream`).

Under uvicorn's httptools protocol (what ``rinkside serve`` runs when
httptools is installed) even that ``send`` is more than a state needs: a
coroutine per page, its checks, and the body framed and copied again for
each page. :func:`direct_writer` finds the response's transport behind that
``send``, and a stream writes each state's chunk, framed once for every
page (:attr:`rinkside.web.sse.Frame.chunk`), straight to it while the
socket takes it; a page whose socket is full (uvicorn's flow control:
:data:`HIGH_WATER` bytes waiting) or gone goes through ``send`` again,
which waits for it, and meanwhile keeps only the newest state.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Final, Protocol

from starlette.applications import Starlette
from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["HIGH_WATER", "STREAM_SEND", "DirectWriter", "StreamSend", "body_send", "chunk",
           "detach", "direct_writer", "outside_everything"]

STREAM_SEND: Final = "rinkside.stream_send"  # the scope's key
STREAM_REST: Final = "rinkside.stream_rest"  # the scope's key: what the outermost runs then
# an HTTP scope's keys as the server makes them (the ASGI spec's, and its state)
ASGI_KEYS: Final = frozenset({
    "type", "asgi", "http_version", "server", "client", "scheme", "method", "root_path",
    "path", "raw_path", "query_string", "headers", "state", "extensions"})
LIVE_PATHS: Final = "/live/"
HTTPTOOLS_CYCLE: Final = "uvicorn.protocols.http.httptools_impl"  # the module of its cycle
# bytes a page may have waiting in its transport before its stream skips to the
# newest state (a few states: a page that reads slowly is not sent a backlog)
HIGH_WATER: Final = 32 * 1024


Rest = Callable[[Receive, Send], Awaitable[None]]


class StreamSend:
    """ASGI middleware: a live stream's request carries the outermost
    ``send``; and the outermost runs what a stream leaves it (:func:`detach`)
    once the app's stack has returned."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not str(scope.get("path", "")).startswith(LIVE_PATHS):
            await self.app(scope, receive, send)
            return
        outermost = STREAM_SEND not in scope  # when two are stacked
        scope.setdefault(STREAM_SEND, send)
        await self.app(scope, receive, send)
        rest: Rest | None = scope.pop(STREAM_REST, None) if outermost else None
        if rest is not None:
            let_go(scope)
            await rest(receive, send)


def let_go(scope: Scope) -> None:
    """Drop from a detached stream's scope (which the server's request cycle
    keeps as long as the page is open) what the app's stack put there: its
    exit stacks, route and endpoint; the request's own keys stay."""
    for key in [key for key in scope if key not in ASGI_KEYS]:
        del scope[key]


def detach(scope: Scope, rest: Rest) -> bool:
    """Leave the rest of a started stream, ``rest(receive, send)``, to the
    outermost :class:`StreamSend`, which runs it once the app's stack has
    returned: a page open for hours then holds no coroutine of the
    middleware, the router, the route and its request (issue 30: most of
    what a live connection held beyond uvicorn's own). False when the app
    has no :class:`StreamSend` (the caller runs ``rest`` itself)."""
    if STREAM_SEND not in scope:
        return False
    scope[STREAM_REST] = rest
    return True


def outside_everything(app: Starlette) -> None:
    """Put a :class:`StreamSend` outside the whole stack Starlette builds
    (its ``ServerErrorMiddleware`` wraps even the app's own outermost
    middleware), so that a stream's bodies reach the server's own ``send``,
    and under uvicorn's httptools protocol its transport (:func:`direct_writer`)."""
    build = app.build_middleware_stack

    def built() -> ASGIApp:
        return StreamSend(build())

    setattr(app, "build_middleware_stack", built)  # noqa: B010 (a method replaced)


def body_send(scope: Scope, send: Send) -> Send:
    """Where a stream writes its bodies once it has started: the outermost
    ``send`` when the app has :class:`StreamSend`, else ``send`` itself."""
    outermost: Send = scope.get(STREAM_SEND, send)
    return outermost


def chunk(data: bytes) -> bytes:
    """``data`` framed as one chunk of a chunked HTTP/1.1 body (what uvicorn
    writes for a body message of a response without a Content-Length)."""
    return b"%x\r\n%b\r\n" % (len(data), data)


class _Flow(Protocol):
    write_paused: bool


class _Cycle(Protocol):
    """What :func:`direct_writer` reads of uvicorn's httptools request cycle."""

    transport: asyncio.Transport
    flow: _Flow
    disconnected: bool
    response_started: bool
    response_complete: bool
    chunked_encoding: bool | None


class DirectWriter:
    """A started chunked response's transport, written to without ``send``."""

    __slots__ = ("_cycle", "_transport")

    def __init__(self, cycle: _Cycle) -> None:
        self._cycle = cycle
        self._transport = cycle.transport
        # uvicorn's flow control pauses the response's ``send`` past this
        self._transport.set_write_buffer_limits(high=HIGH_WATER)

    def write(self, framed: bytes) -> bool:
        """Write one framed chunk now; False (nothing written) when the
        socket is full or gone: the caller goes through ``send``, which
        waits for it."""
        cycle = self._cycle
        if cycle.flow.write_paused or cycle.disconnected or cycle.response_complete:
            return False
        self._transport.write(framed)
        return True


def direct_writer(send: Send) -> DirectWriter | None:
    """The transport behind ``send`` when it is uvicorn's httptools ``send``
    of a chunked response already started (a live stream's, after its start
    went through the middleware); None for any other ``send`` (a test's, the
    h11 protocol's), whose bodies then all go through ``send``."""
    cycle = getattr(send, "__self__", None)
    if cycle is None or type(cycle).__module__ != HTTPTOOLS_CYCLE:
        return None
    if not (getattr(cycle, "response_started", False) and cycle.chunked_encoding is True
            and not cycle.response_complete and not cycle.disconnected):
        return None
    if getattr(cycle, "flow", None) is None or not hasattr(cycle.transport, "write"):
        return None  # (uvloop's transports are not asyncio.Transport's subclasses)
    return DirectWriter(cycle)
