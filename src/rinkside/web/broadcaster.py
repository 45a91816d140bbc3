"""Live state: the one broadcaster, and the streams and API that carry it.

The service calls :meth:`Broadcaster.publish` (its ``on_change`` hook) after
a game's log changed, from whatever thread recorded the event. Each open
page holds a :class:`Subscription`; a stream's subscription has a
:class:`Sink` that writes each new state to the page the moment it is
published, and keeps only the newest state of each game for a page too
slow to read them: a burst of events, or a slow client, costs one update
with the newest state, never a backlog.

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

One change costs the same work however many pages follow the game (see
``benchmarks/bench_live.py``, 1,000 and 10,000 pages): its state is built
once, in the thread that recorded it, and encoded once as the event's
bytes, which every page is sent as they are; ``publish`` wakes each event
loop once, and one callback there writes to every page (no task wakes up
per page, no timer per page: nothing per page outlives the write, so the
garbage collector's full passes stay rare); the store's versions are read
at most once a second per game and loop, shared by the streams that need
them, and one sweep per loop sends the keep-alives.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated, Final

import anyio
from fastapi import APIRouter, Depends, Response
from starlette.types import Receive, Scope, Send

from rinkside.services.tournaments import Tournaments
from rinkside.web import catalog, views
from rinkside.web.deps import Broadcast, Service, known_game
from rinkside.web.sse import HELLO, Frame, Sink, alive_event, state_event

ALL_GAMES: Final = 0  # the subscription key of a page that follows every game (ids start at 1)
POLL_REUSE: Final = 1.0  # seconds a look at the store's versions is shared (at most)
KEEPALIVE_SLICE: Final = 250  # keep-alives written between two turns of the loop

Publish = Callable[[int, int], None]  # the service's on_change(game_id, version)
Loop = asyncio.AbstractEventLoop


class Subscription:
    """One open page on its event loop. A stream gives it a :class:`Sink`,
    to which the broadcaster writes each new state as it comes; without one
    it is a mailbox keeping the latest version of each game it follows that
    it has not read yet (at most one per game), read with :meth:`next`."""

    def __init__(self, key: int, loop: Loop) -> None:
        self.key = key
        self.loop = loop
        self.sink: Sink | None = None
        self._pending: dict[int, int] = {}
        self._waiter: asyncio.Future[None] | None = None
        self._closing: asyncio.Future[None] | None = None
        self.closed = False

    @property
    def pending(self) -> int:
        """Games with an update not yet read."""
        return len(self._pending)

    def post(self, game_id: int, version: int) -> None:
        """From any thread: hand the update to the subscription's loop."""
        _on_loop(self.loop, _offer_all, [self], game_id, version)

    def close(self) -> None:
        """From any thread: the stream ends (the server is stopping)."""
        _on_loop(self.loop, _close_all, [self])

    def _close(self) -> None:
        self.closed = True
        for future in (self._waiter, self._closing):
            if future is not None and not future.done():
                future.set_result(None)

    def _offer(self, game_id: int, version: int) -> None:
        if version > self._pending.get(game_id, -1):
            self._pending[game_id] = version
        if self._waiter is not None and not self._waiter.done():
            self._waiter.set_result(None)

    async def next(self, timeout: float) -> dict[int, int]:
        """The updates waiting (game id -> newest version), waiting up to
        ``timeout`` seconds for one; empty when none came."""
        if not self._pending and not self.closed:
            waiter = self._waiter = self.loop.create_future()
            timer = self.loop.call_later(timeout, _settle, waiter)
            try:
                await waiter
            finally:
                timer.cancel()
                self._waiter = None
        updates, self._pending = self._pending, {}
        return updates

    async def closing(self) -> None:
        """Until the page hangs up or the server stops."""
        if not self.closed:
            self._closing = self.loop.create_future()
            await self._closing


def _settle(waiter: asyncio.Future[None]) -> None:
    if not waiter.done():
        waiter.set_result(None)


def _offer_all(subscriptions: list[Subscription], game_id: int, version: int) -> None:
    for subscription in subscriptions:
        subscription._offer(game_id, version)


def _close_all(subscriptions: list[Subscription]) -> None:
    for subscription in subscriptions:
        subscription._close()


def _on_loop(loop: Loop, callback: Callable[..., None], *args: object) -> None:
    """Run ``callback(*args)`` on ``loop``: now when called from it, else handed
    over (a closed loop's pages have gone away: nothing to do)."""
    try:
        running: Loop | None = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    if running is loop:
        callback(*args)
        return
    try:
        loop.call_soon_threadsafe(callback, *args)
    except RuntimeError:
        pass


def _by_loop(subscriptions: list[Subscription]) -> dict[Loop, list[Subscription]]:
    grouped: dict[Loop, list[Subscription]] = {}
    for subscription in subscriptions:
        grouped.setdefault(subscription.loop, []).append(subscription)
    return grouped


class Broadcaster:
    """Who follows which game, and the latest state of each game by version.

    ``publish`` may be called from any thread (the service's ``on_change``
    runs in the thread that recorded the event); the subscriptions of each
    event loop are handed the update in one ``call_soon_threadsafe``.
    """

    def __init__(self, keepalive: float = 5.0, cached_states: int = 256,
                 service: Tournaments | None = None) -> None:
        self.keepalive = keepalive
        self.service = service  # whose states ``publish`` builds (the first stream's if None)
        self._lock = threading.Lock()
        self._game_locks: dict[int, threading.Lock] = {}
        self._subscribers: dict[int, set[Subscription]] = {}
        self._published: dict[int, int] = {}
        self._frames: OrderedDict[int, Frame] = OrderedDict()
        self._cached_states = cached_states
        self._builds: dict[tuple[Loop, int], asyncio.Task[Frame]] = {}
        self._polls: dict[tuple[Loop, int], tuple[float, asyncio.Task[dict[int, int]]]] = {}
        self._sweeps: dict[Loop, asyncio.Task[None]] = {}
        self._refreshing: set[tuple[Loop, int]] = set()

    def publish(self, game_id: int, version: int) -> None:
        """The game changed: build its state once, here in the recording
        thread (when a page follows it and the service is known), then hand
        it to each event loop's followers at once."""
        with self._lock:
            if version > self._published.get(game_id, -1):
                self._published[game_id] = version
            targets = [*self._subscribers.get(game_id, ()),
                       *self._subscribers.get(ALL_GAMES, ())]
            service = self.service
        if not targets:
            return
        if service is not None:
            try:
                self._build(service, game_id, version)
            except Exception:  # the event is recorded all the same; the
                pass  # streams build the state themselves and fail visibly there
        for loop, subscriptions in _by_loop(targets).items():
            _on_loop(loop, self._deliver, subscriptions, game_id, version)

    def _deliver(self, subscriptions: list[Subscription], game_id: int, version: int) -> None:
        """On their loop: write the state to each stream (built now by one
        task when ``publish`` could not), or post it to each mailbox."""
        frame = self._cached(game_id, version)
        unbuilt: list[Sink] = []
        for subscription in subscriptions:
            sink = subscription.sink
            if sink is None:
                subscription._offer(game_id, version)
            elif frame is not None:
                sink.push(game_id, frame)
            else:
                unbuilt.append(sink)
        if unbuilt:
            unbuilt[0].loop.create_task(self._push_when_built(unbuilt, game_id, version))

    async def _push_when_built(self, sinks: list[Sink], game_id: int, version: int) -> None:
        frame = await self.frame(sinks[0].service, game_id, version)
        for sink in sinks:
            sink.push(game_id, frame)

    def close(self) -> None:
        """End every live stream, so that a stopping server need not wait for
        pages that never hang up; they reconnect to the next one by themselves."""
        with self._lock:
            every = [sub for subs in self._subscribers.values() for sub in subs]
        for loop, subscriptions in _by_loop(every).items():
            _on_loop(loop, _close_all, subscriptions)

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

    # ----------------------------------------------------------------- states

    def state(self, service: Tournaments, game_id: int, version: int | None = None
              ) -> tuple[int, str]:
        """The game's state JSON (as text) and its version: the one built for
        ``version`` (else the store's current version) when there is one, so
        a change sent to many pages is computed once. Blocking: call it from
        a worker thread."""
        if version is None:
            version = catalog.versions(service, [game_id]).get(game_id, 0)
        frame = self._build(service, game_id, version)
        return frame.version, frame.text

    def _cached(self, game_id: int, version: int) -> Frame | None:
        with self._lock:
            frame = self._frames.get(game_id)
        return frame if frame is not None and frame.version >= version else None

    def _build(self, service: Tournaments, game_id: int, version: int = -1) -> Frame:
        """The game's state of ``version`` or newer: the one kept, else built
        now (one thread at a time per game: the others wait and reuse it) and
        kept unless a newer one was kept meanwhile."""
        with self._lock:
            building = self._game_locks.setdefault(game_id, threading.Lock())
        with building:
            return self._cached(game_id, version) or self._build_now(service, game_id)

    def _build_now(self, service: Tournaments, game_id: int) -> Frame:
        data = views.state_json(service, game_id)
        text = json.dumps(data, separators=(",", ":"))
        built = Frame(int(data["version"]), text, state_event(int(data["version"]), text))
        with self._lock:
            before = self._frames.get(game_id)
            if before is None or before.version <= built.version:
                self._frames[game_id] = built
                self._frames.move_to_end(game_id)
            while len(self._frames) > self._cached_states:
                self._frames.popitem(last=False)
        return built

    async def frame(self, service: Tournaments, game_id: int, version: int) -> Frame:
        """The state of ``version`` or newer, built at most once at a time per
        game on this loop (in a worker thread): the streams needing one
        change share one build."""
        loop = asyncio.get_running_loop()
        key = (loop, game_id)
        built: Frame | None = None
        for _ in range(2):  # a build begun before ``version`` was stored may be older
            cached = self._cached(game_id, version)
            if cached is not None:
                return cached
            task = self._builds.get(key)
            if task is None:
                task = loop.create_task(self._build_in_thread(service, game_id, version))
                self._builds[key] = task
                task.add_done_callback(lambda done: self._landed(key, done))
            built = await asyncio.shield(task)
            if built.version >= version:
                return built
        assert built is not None
        return built  # the store is behind what was published: the newest there is

    async def _build_in_thread(self, service: Tournaments, game_id: int, version: int
                               ) -> Frame:
        return await anyio.to_thread.run_sync(self._build, service, game_id, version)

    def _landed(self, key: tuple[Loop, int], done: asyncio.Task[Frame]) -> None:
        if self._builds.get(key) is done:
            del self._builds[key]
        if not done.cancelled():
            done.exception()  # retrieved: a failed build is the waiting streams' error

    async def stored_versions(self, service: Tournaments, key: int) -> dict[int, int]:
        """The versions in the store of game ``key`` (of every game for
        :data:`ALL_GAMES`): one look shared by every stream of this loop that
        asks within ``POLL_REUSE`` seconds (or half the keep-alive)."""
        loop = asyncio.get_running_loop()
        slot = (loop, key)
        now = time.monotonic()
        looked = self._polls.get(slot)
        if looked is None or now - looked[0] > min(POLL_REUSE, self.keepalive / 2):
            ids = None if key == ALL_GAMES else [key]
            task = loop.create_task(anyio.to_thread.run_sync(catalog.versions, service, ids))
            task.add_done_callback(lambda done: done.cancelled() or done.exception())
            looked = self._polls[slot] = (now, task)
        return dict(await asyncio.shield(looked[1]))

    def attach(self, service: Tournaments) -> None:
        """Build the states ``publish`` hands out from ``service`` (the streams
        call it, for a broadcaster created without one)."""
        if self.service is None:
            with self._lock:
                self.service = self.service or service

    def published(self, game_id: int) -> int:
        """The newest version of the game this process has heard of (-1: none)."""
        with self._lock:
            return self._published.get(game_id, -1)

    # ---------------------------------------------------------------- streams

    async def stream(self, subscription: Subscription, service: Tournaments, send: Send
                     ) -> None:
        """Write a stream's events until it closes: the state now (for
        :data:`ALL_GAMES`, a hello), then each newer state as it is
        published, and a keep-alive after ``keepalive`` quiet seconds."""
        self.attach(service)
        loop = subscription.loop
        sink = subscription.sink = Sink(send, loop, service, subscription._close)
        if loop not in self._sweeps:
            self._sweeps[loop] = loop.create_task(self._sweep(loop))
        try:
            key = subscription.key
            if key == ALL_GAMES:
                sink.write(-1, HELLO)
                for game_id, version in (await self.stored_versions(service, key)).items():
                    sink.sent[game_id] = max(version, sink.sent.get(game_id, 0))
            else:
                stored = (await self.stored_versions(service, key)).get(key, 0)
                sink.push(key, await self.frame(service, key, max(stored, self.published(key))))
            await subscription.closing()
        finally:
            sink.close()

    async def _sweep(self, loop: Loop) -> None:
        """Every quarter keep-alive: for the streams of ``loop`` quiet for a
        keep-alive, a look at the store (a change another process wrote),
        then a keep-alive for those still quiet. Ends with the last stream."""
        try:
            while True:
                await asyncio.sleep(self.keepalive / 4)
                with self._lock:
                    mine = [sub for subs in self._subscribers.values() for sub in subs
                            if sub.loop is loop and sub.sink is not None]
                if not mine:
                    return
                quiet: dict[int, list[Sink]] = {}
                now = loop.time()
                for subscription in mine:
                    assert subscription.sink is not None
                    if now - subscription.sink.last >= self.keepalive:
                        quiet.setdefault(subscription.key, []).append(subscription.sink)
                for key, sinks in quiet.items():
                    if (loop, key) not in self._refreshing:
                        self._refreshing.add((loop, key))
                        loop.create_task(self._refresh(loop, key, sinks))
        finally:
            self._sweeps.pop(loop, None)

    async def _refresh(self, loop: Loop, key: int, sinks: list[Sink]) -> None:
        """Quiet streams of ``key``: newer states from the store, else a keep-alive."""
        try:
            stored = await self.stored_versions(sinks[0].service, key)
            for game_id, version in stored.items():
                behind = [s for s in sinks if version > s.sent.get(game_id, 0)]
                if behind:
                    frame = await self.frame(sinks[0].service, game_id, version)
                    for sink in behind:
                        sink.push(game_id, frame)
            now = loop.time()
            for i, sink in enumerate(sinks, 1):
                if now - sink.last >= self.keepalive and not sink.broken:
                    sink.write(-1, alive_event(0 if key == ALL_GAMES else sink.sent.get(key, 0)))
                if i % KEEPALIVE_SLICE == 0:
                    await asyncio.sleep(0)  # a change published meanwhile goes first
        finally:
            self._refreshing.discard((loop, key))


class EventStream(Response):
    """A ``text/event-stream`` response whose events the broadcaster writes
    (:meth:`Broadcaster.stream`): per page, one task waiting for the end and
    one waiting for the page to hang up (which ends it at once)."""

    media_type = "text/event-stream"

    def __init__(self, broadcaster: Broadcaster, key: int, service: Tournaments) -> None:
        # not Response.__init__: a body would set a Content-Length
        self.status_code = 200
        self.background = None
        self.init_headers({"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
        self.broadcaster = broadcaster
        self.key = key
        self.service = service

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        with self.broadcaster.subscribe(self.key) as subscription:
            hangup = asyncio.ensure_future(_hung_up(receive, subscription))
            try:
                await send({"type": "http.response.start", "status": self.status_code,
                            "headers": self.raw_headers})
                await self.broadcaster.stream(subscription, self.service, send)
                await send({"type": "http.response.body", "body": b"", "more_body": False})
            finally:
                hangup.cancel()


async def _hung_up(receive: Receive, subscription: Subscription) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass
    subscription._close()


router = APIRouter(tags=["live"])


@router.get("/api/games/{game_id}/state")
def game_state(game_id: Annotated[int, Depends(known_game)], service: Service,
               broadcaster: Broadcast) -> Response:
    """The game's state JSON: the scoreboard's first paint and its fallback."""
    return Response(broadcaster.state(service, game_id)[1], media_type="application/json",
                    headers={"Cache-Control": "no-store"})


@router.get("/live/games/{game_id}", response_class=EventStream)
async def live_game(game_id: Annotated[int, Depends(known_game)], service: Service,
                    broadcaster: Broadcast) -> EventStream:
    """The game's state now, then after every change (the newest only)."""
    return EventStream(broadcaster, game_id, service)


@router.get("/live/scores", response_class=EventStream)
async def live_scores(service: Service, broadcaster: Broadcast) -> EventStream:
    """The state of each game as it changes (the live scores page)."""
    return EventStream(broadcaster, ALL_GAMES, service)
