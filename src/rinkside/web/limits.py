"""The most a request may send: :class:`BodyLimit` answers 413 to a body
larger than :data:`MAX_BODY_BYTES` before any route reads it.

A declared ``Content-Length`` over the limit is refused at once; a body sent
in chunks is counted as it arrives and refused as soon as it passes the
limit, so no worker ever holds more than that in memory.
"""

from __future__ import annotations

import json
from typing import Final

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

# A console write of a whole game's events is under 200 KB.
MAX_BODY_BYTES: Final = 1024 * 1024


def _detail(limit: int) -> str:
    return (f"the request body is larger than {limit:,} bytes, the most this server "
            "accepts; send fewer events at a time")


class BodyTooLarge(HTTPException):
    """The body passed the limit while a route read it: the app's own 413
    (an HTTPException, so that the framework's body parsing lets it through)."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, _detail(limit))


class BodyLimit:
    """ASGI middleware: 413 for a request body over ``limit`` bytes."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                if not value.isdigit() or int(value) > self.limit:
                    await self._refuse(send)
                    return
        if scope["method"] in ("GET", "HEAD"):  # no body read: the live streams go untouched
            await self.app(scope, receive, send)
            return
        seen = 0
        started = False

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise BodyTooLarge(self.limit)
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except BodyTooLarge:
            if not started:
                await self._refuse(send)

    async def _refuse(self, send: Send) -> None:
        body = json.dumps({"detail": _detail(self.limit)}).encode()
        await send({"type": "http.response.start", "status": 413, "headers": [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})
