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
"""

from __future__ import annotations

from typing import Final

from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["STREAM_SEND", "StreamSend", "body_send"]

STREAM_SEND: Final = "rinkside.stream_send"  # the scope's key
LIVE_PATHS: Final = "/live/"


class StreamSend:
    """ASGI middleware: a live stream's request carries the outermost ``send``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and str(scope.get("path", "")).startswith(LIVE_PATHS):
            scope[STREAM_SEND] = send
        await self.app(scope, receive, send)


def body_send(scope: Scope, send: Send) -> Send:
    """Where a stream writes its bodies once it has started: the outermost
    ``send`` when the app has :class:`StreamSend`, else ``send`` itself."""
    outermost: Send = scope.get(STREAM_SEND, send)
    return outermost
