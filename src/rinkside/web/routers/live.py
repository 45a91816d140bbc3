"""The live routes: the state API and the server-sent-events streams.

``GET /live/games/{id}`` is a server-sent-events stream: the game's state at
once, then after every change, with ``retry:`` so that EventSource
reconnects by itself, and keep-alives (:mod:`rinkside.web.broadcaster`).
``GET /live/scores`` streams the state of any game that changes (the live
scores page). ``GET /api/games/{id}/state`` is the same JSON once.

Each answer names the server process that gave it (``X-Rinkside-Worker``,
its process id): with ``rinkside serve --workers N`` a page, a test or the
benchmark can tell which of the N processes it is reading.
"""

from __future__ import annotations

import asyncio
import functools
import os
from typing import Annotated, Final

from fastapi import APIRouter, Depends, Response
from starlette.types import Receive, Scope, Send

from rinkside.services.tournaments import NotFound, Tournaments
from rinkside.web import documented
from rinkside.web.broadcaster import Broadcaster
from rinkside.web.deps import Broadcast, Service, known_game
from rinkside.web.live_send import body_send, detach
from rinkside.web.subscription import ALL_GAMES, Subscription

WORKER_HEADER: Final = "X-Rinkside-Worker"


def _worker() -> dict[str, str]:
    return {WORKER_HEADER: str(os.getpid())}


class EventStream(Response):
    """A ``text/event-stream`` response whose events the broadcaster writes
    (:meth:`Broadcaster.stream`): per page, one task waiting for the end and
    one waiting for the page to hang up (which ends it at once). Its start
    (the headers) goes through the middleware as every answer's; the rest
    runs outside the app's stack once it has returned
    (:func:`rinkside.web.live_send.detach`), the bodies written straight to
    the server's ``send``."""

    media_type = "text/event-stream"

    def __init__(self, broadcaster: Broadcaster, key: int, service: Tournaments) -> None:
        # not Response.__init__: a body would set a Content-Length
        self.status_code = 200
        self.background = None
        self.init_headers({"Cache-Control": "no-cache", "X-Accel-Buffering": "no",
                           **_worker()})
        self.broadcaster = broadcaster
        self.key = key
        self.service = service

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await send({"type": "http.response.start", "status": self.status_code,
                    "headers": self.raw_headers})
        # what the rest holds: not this response (its headers, as the middleware grew them)
        rest = functools.partial(events, self.broadcaster, self.key, self.service)
        if not detach(scope, rest):
            await rest(receive, body_send(scope, send))


async def events(broadcaster: Broadcaster, key: int, service: Tournaments, receive: Receive,
                 send: Send) -> None:
    """A stream's events until the page hangs up or the server stops."""
    with broadcaster.subscribe(key) as subscription:
        hangup = asyncio.ensure_future(_hung_up(receive, subscription))
        try:
            await broadcaster.stream(subscription, service, send)
            await send({"type": "http.response.body", "body": b"", "more_body": False})
        finally:
            hangup.cancel()


async def _hung_up(receive: Receive, subscription: Subscription) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass
    subscription._close()


router = APIRouter(tags=["live"], responses=documented.api(404))

# How the schema (/openapi.json) documents a stream: the status and media type
# it answers with (EventStream has no status_code argument to read them from).
_STREAM: dict[int | str, dict[str, object]] = {
    200: {"description": "A server-sent-events stream of the state JSON",
          "content": {"text/event-stream": {"schema": {"type": "string"}}}}}


@router.get("/api/games/{game_id:id}/state")
def game_state(game_id: Annotated[int, Depends(known_game)], service: Service,
               broadcaster: Broadcast) -> Response:
    """The game's state JSON: the scoreboard's first paint and its fallback."""
    return Response(broadcaster.state(service, game_id)[1], media_type="application/json",
                    headers={"Cache-Control": "no-store", **_worker()})


async def streamed_game(game_id: int, service: Service, broadcaster: Broadcast) -> int:
    """The game id, once the store has that game: a stream for an unknown
    game is refused with 404 before it starts. The look is the
    broadcaster's look at the game's version (:meth:`Broadcaster.stored_versions`:
    one a game on this loop, shared by the streams that open within
    ``POLL_REUSE``, and read again by the stream for its first state), not a
    lookup in a thread of its own for every page: 10,000 scoreboards opening
    at once paid a thread's hop and a query each (issue 30)."""
    if game_id not in await broadcaster.stored_versions(service, game_id):
        raise NotFound(f"There is no game {game_id}.")
    return game_id


@router.get("/live/games/{game_id:id}", response_class=EventStream, status_code=200,
            response_model=None, responses=_STREAM)
async def live_game(game_id: Annotated[int, Depends(streamed_game)], service: Service,
                    broadcaster: Broadcast) -> EventStream:
    """The game's state now, then after every change (the newest only)."""
    return EventStream(broadcaster, game_id, service)


@router.get("/live/scores", response_class=EventStream, status_code=200,
            response_model=None, responses=_STREAM)
async def live_scores(service: Service, broadcaster: Broadcast) -> EventStream:
    """The state of each game as it changes (the live scores page)."""
    return EventStream(broadcaster, ALL_GAMES, service)
