"""Cross-origin reads of the public API, and nothing else: :class:`ApiCors`.

A club's site or a league's app in a browser on another origin may read
``/api/v1/...`` (GET and HEAD: ``Access-Control-Allow-Origin: *``, the
``Authorization`` header allowed so a read token can be sent, and
``Retry-After`` exposed). No other path and no other method is opened to
another origin: the console's and the desk's writes stay same-origin (their
cookies and CSRF tokens, :mod:`rinkside.web.auth`), and ``*`` carries no
cookie anyway.
"""

from __future__ import annotations

from typing import Final

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

API_PREFIX: Final = "/api/v1/"
READS: Final = frozenset({"GET", "HEAD"})
ALLOWED: Final = (("Access-Control-Allow-Origin", "*"),
                  ("Access-Control-Expose-Headers", "Retry-After"))
PREFLIGHT: Final = ALLOWED + (("Access-Control-Allow-Methods", "GET, HEAD"),
                              ("Access-Control-Allow-Headers", "Authorization"),
                              ("Access-Control-Max-Age", "600"))


def is_api(scope: Scope) -> bool:
    return str(scope.get("path", "")).startswith(API_PREFIX)


class ApiCors:
    """ASGI middleware: a preflight of a read of ``/api/v1`` answered (204),
    and every read of it answered with the headers that let another origin
    see it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not is_api(scope):
            await self.app(scope, receive, send)
            return
        method = scope["method"]
        headers = Headers(scope=scope)
        if method == "OPTIONS" and "access-control-request-method" in headers:
            asked = headers["access-control-request-method"].upper()
            answer = PREFLIGHT if asked in READS else ()
            await send({"type": "http.response.start", "status": 204,
                        "headers": [(k.lower().encode(), v.encode()) for k, v in answer]})
            await send({"type": "http.response.body", "body": b""})
            return
        if method not in READS:
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                out = MutableHeaders(scope=message)
                for name, value in ALLOWED:
                    out[name] = value
            await send(message)

        await self.app(scope, receive, send_with_headers)
