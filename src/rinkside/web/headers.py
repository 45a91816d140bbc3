"""The security headers on every answer, pages and downloads alike:
:class:`SecurityHeaders`.

``Content-Security-Policy``: scripts, styles, fetches and streams only from
this server (every script is a file under ``/static``: no inline script or
event handler runs), images also from the https URLs a team's logo may
name (the desk takes no other, issue 23 item 13), forms posted only here;
the pages may be framed only by this server's own pages (the sign-off
page frames the report), except the scoreboard's stream layouts
(``?layout=overlay``, ``?layout=intermission``), which a stream's software
or a club's site frames, and the embeds (``/embed/...``, made for another
site's iframe, issue 27). ``X-Content-Type-Options: nosniff`` (a download
is what its type says), ``Referrer-Policy: same-origin`` (a game's or a
sync token's address stays here).
"""

from __future__ import annotations

from typing import Final
from urllib.parse import parse_qs

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

POLICY: Final = ("default-src 'self'; script-src 'self'; style-src 'self'; "
                 "img-src 'self' data: https:; connect-src 'self'; font-src 'self'; "
                 "object-src 'none'; base-uri 'none'; form-action 'self'; ")
FRAMED_BY_SELF: Final = "frame-ancestors 'self'"
FRAMED_BY_ANYONE: Final = "frame-ancestors *"
FRAMED_LAYOUTS: Final = frozenset({"overlay", "intermission"})  # the scoreboard's stream layouts
OTHER_HEADERS: Final = (("X-Content-Type-Options", "nosniff"),
                        ("Referrer-Policy", "same-origin"))


EMBEDS: Final = "/embed/"


def framed_by_anyone(scope: Scope) -> bool:
    """A page meant to be framed elsewhere: the embeds, the scoreboard's
    stream layouts."""
    path = str(scope.get("path", ""))
    if path.startswith(EMBEDS):
        return True
    if not path.startswith("/scoreboard/"):
        return False
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    return bool(FRAMED_LAYOUTS.intersection(query.get("layout", [])))


def policy(scope: Scope) -> str:
    return POLICY + (FRAMED_BY_ANYONE if framed_by_anyone(scope) else FRAMED_BY_SELF)


class SecurityHeaders:
    """ASGI middleware: the headers above on every HTTP answer (a route's
    own value of one of them stands)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        csp = policy(scope)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers.setdefault("Content-Security-Policy", csp)
                for name, value in OTHER_HEADERS:
                    headers.setdefault(name, value)
            await send(message)

        await self.app(scope, receive, send_with_headers)
