"""Live state: the one broadcaster, and the streams and API that carry it.

The service calls :meth:`Broadcaster.publish` (its ``on_change`` hook) after
a game's log changed, from whatever thread recorded the event. Each open
page holds a :class:`Subscription`: a mailbox keeping only the latest
version of each game it follows, so a burst of events, or a client too slow
to read them, costs one update with the newest state, never a backlog.

``GET /live/games/{id}`` is a server-sent-events stream: the game's state
(:func:`rinkside.web.views.state_json`) at once, then after every change,
with ``retry:`` so that EventSource reconnects by itself, and an ``alive``
event with a keep-alive comment when nothing happened for ``keepalive``
seconds (a page can tell a silent, half-open connection from a quiet
game). At that moment the stream also looks at the game's version in the
store, so a change written by another process (the CLI, a second server on
the same database) arrives too, if later.
``GET /live/scores`` streams the state of any game that changes (the live
scores page). ``GET /api/games/{id}/state`` is the same JSON once.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import contextmanager
from typing import Annotated, Final

import anyio
from fastapi import APIRouter, Depends, Response
from fastapi.sse import EventSourceResponse, ServerSentEvent

from rinkside.services.tournaments import Tournaments
from rinkside.web import catalog, views
from rinkside.web.deps import Broadcast, Service, known_game

ALL_GAMES: Final = 0  # the subscription key of a page that follows every game (ids start at 1)
RETRY_MS: Final = 2000  # how long EventSource waits before reconnecting

Publish = Callable[[int, int], None]  # the service's on_change(game_id, version)


class Subscription:
    """One open page's mailbox on its event loop: the latest version of each
    game it follows that it has not read yet (at most one per game)."""

    def __init__(self, key: int, loop: asyncio.AbstractEventLoop) -> None:
        self.key = key
        self.loop = loop
        self._pending: dict[int, int] = {}
        self._ready = asyncio.Event()
        self.closed = False

    @property
    def pending(self) -> int:
        """Games with an update not yet read."""
        return len(self._pending)

    def post(self, game_id: int, version: int) -> None:
        """From any thread: hand the update to the subscription's loop."""
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is self.loop:
            self._offer(game_id, version)
            return
        try:
            self.loop.call_soon_threadsafe(self._offer, game_id, version)
        except RuntimeError:
            pass  # the page's loop is closed: it has gone away

    def close(self) -> None:
        """From any thread: the stream ends (the server is stopping)."""
        try:
            self.loop.call_soon_threadsafe(self._close)
        except RuntimeError:
            pass

    def _close(self) -> None:
        self.closed = True
        self._ready.set()

    def _offer(self, game_id: int, version: int) -> None:
        if version > self._pending.get(game_id, -1):
            self._pending[game_id] = version
        self._ready.set()

    async def next(self, timeout: float) -> dict[int, int]:
        """The updates waiting (game id -> newest version), waiting up to
        ``timeout`` seconds for one; empty when none came."""
        if not self._pending:
            try:
                await asyncio.wait_for(self._ready.wait(), timeout)
            except TimeoutError:
                pass
        self._ready.clear()
        updates, self._pending = self._pending, {}
        return updates


class Broadcaster:
    """Who follows which game, and the latest JSON of each game by version.

    ``publish`` may be called from any thread (the service's ``on_change``
    runs in the thread that recorded the event); each subscription is
    handed the update on its own event loop with ``call_soon_threadsafe``.
    """

    def __init__(self, keepalive: float = 5.0, cached_states: int = 256) -> None:
        self.keepalive = keepalive
        self._lock = threading.Lock()
        self._subscribers: dict[int, set[Subscription]] = {}
        self._states: OrderedDict[int, tuple[int, str]] = OrderedDict()
        self._cached_states = cached_states

    def publish(self, game_id: int, version: int) -> None:
        with self._lock:
            targets = [*self._subscribers.get(game_id, ()),
                       *self._subscribers.get(ALL_GAMES, ())]
        for subscription in targets:
            subscription.post(game_id, version)

    def close(self) -> None:
        """End every live stream, so that a stopping server need not wait for
        pages that never hang up; they reconnect to the next one by themselves."""
        with self._lock:
            every = [sub for subs in self._subscribers.values() for sub in subs]
        for subscription in every:
            subscription.close()

    def subscribers(self, key: int) -> int:
        with self._lock:
            return len(self._subscribers.get(key, ()))

    @contextmanager
    def subscribe(self, key: int) -> Iterator[Subscription]:
        """Follow one game (or :data:`ALL_GAMES`) from the running loop."""
        subscription = Subscription(key, asyncio.get_running_loop())
        with self._lock:
            self._subscribers.setdefault(key, set()).add(subscription)
        try:
            yield subscription
        finally:
            with self._lock:
                followers = self._subscribers.get(key, set())
                followers.discard(subscription)
                if not followers:
                    self._subscribers.pop(key, None)

    def state(self, service: Tournaments, game_id: int, version: int | None = None
              ) -> tuple[int, str]:
        """The game's state JSON (as text) and its version: reused when
        ``version`` is the one already built, so a change sent to many pages
        is computed once. Blocking: call it from a worker thread."""
        with self._lock:
            cached = self._states.get(game_id)
        if cached is not None and version is not None and cached[0] >= version:
            return cached
        data = views.state_json(service, game_id)
        built = (int(data["version"]), json.dumps(data, separators=(",", ":")))
        with self._lock:
            before = self._states.get(game_id)
            if before is None or before[0] <= built[0]:
                self._states[game_id] = built
                self._states.move_to_end(game_id)
            while len(self._states) > self._cached_states:
                self._states.popitem(last=False)
        return built


router = APIRouter(tags=["live"])


def _event(version: int, text: str) -> ServerSentEvent:
    return ServerSentEvent(raw_data=text, id=str(version), retry=RETRY_MS)


def _alive(version: int) -> ServerSentEvent:
    return ServerSentEvent(comment="keep-alive", event="alive", raw_data=str(version))


@router.get("/api/games/{game_id}/state")
def game_state(game_id: Annotated[int, Depends(known_game)], service: Service,
               broadcaster: Broadcast) -> Response:
    """The game's state JSON: the scoreboard's first paint and its fallback."""
    return Response(broadcaster.state(service, game_id)[1], media_type="application/json",
                    headers={"Cache-Control": "no-store"})


@router.get("/live/games/{game_id}", response_class=EventSourceResponse)
async def live_game(game_id: Annotated[int, Depends(known_game)], service: Service,
                    broadcaster: Broadcast) -> AsyncIterator[ServerSentEvent]:
    """The game's state now, then after every change (the newest only)."""
    with broadcaster.subscribe(game_id) as subscription:
        sent, text = await anyio.to_thread.run_sync(broadcaster.state, service, game_id)
        yield _event(sent, text)
        while True:
            updates = await subscription.next(broadcaster.keepalive)
            if subscription.closed:
                return
            if not updates:
                updates = await anyio.to_thread.run_sync(catalog.versions, service, [game_id])
                if updates.get(game_id, 0) <= sent:
                    yield _alive(sent)
                    continue
            if updates.get(game_id, 0) <= sent:
                continue
            sent, text = await anyio.to_thread.run_sync(
                broadcaster.state, service, game_id, updates[game_id])
            yield _event(sent, text)


@router.get("/live/scores", response_class=EventSourceResponse)
async def live_scores(service: Service, broadcaster: Broadcast
                      ) -> AsyncIterator[ServerSentEvent]:
    """The state of each game as it changes (the live scores page)."""
    with broadcaster.subscribe(ALL_GAMES) as subscription:
        seen = await anyio.to_thread.run_sync(catalog.versions, service)
        yield ServerSentEvent(event="alive", raw_data="0", retry=RETRY_MS)
        while True:
            updates = await subscription.next(broadcaster.keepalive)
            if subscription.closed:
                return
            if not updates:
                now = await anyio.to_thread.run_sync(catalog.versions, service)
                updates = {g: v for g, v in now.items() if v > seen.get(g, 0)}
                if not updates:
                    yield _alive(0)
            for game_id, version in updates.items():
                if version <= seen.get(game_id, 0):
                    continue
                built, text = await anyio.to_thread.run_sync(
                    broadcaster.state, service, game_id, version)
                seen[game_id] = built
                yield _event(built, text)
