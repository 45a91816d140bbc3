"""The one live broadcaster: who follows which game, and delivering its newest state.

The service calls :meth:`Broadcaster.publish` (its ``on_change`` hook) after
a game's log changed, from whatever thread recorded the event. Each open
page holds a :class:`~rinkside.web.subscription.Subscription`; a stream's
subscription has a :class:`~rinkside.web.sse.Sink` that writes each new
state to the page the moment it is published, and keeps only the newest
state of each game for a page too slow to read them: a burst of events, or
a slow client, costs one update with the newest state, never a backlog. A
change published while the loop has not yet run the delivery of an older
one is folded into it (the newest version, one pass over the pages), so a
busy loop, or the changes another process relays, never queues stale
versions.

A stream (:meth:`Broadcaster.stream`, served by :mod:`rinkside.web.routers.live`)
is sent the game's state (:func:`rinkside.web.views.state_json`) at once,
then after every change, and an ``alive`` event with a keep-alive comment
when nothing happened for ``keepalive`` seconds (a page can tell a silent,
half-open connection from a quiet game). At that moment the stream also
looks at the game's version in the store, so a change written by a process
that does not notify (the CLI) arrives too, if later. On PostgreSQL the
server processes of one store tell one another of every change
(:func:`rinkside.web.server.relay_changes`): a notified change comes in
through :meth:`Broadcaster.heard`, and :meth:`Broadcaster.catch_up` publishes
whatever the store holds newer whenever notifications may have been lost.

One change costs the same work however many pages follow the game (see
``benchmarks/bench_live.py``, 1,000 and 10,000 pages): its state is built
and encoded once (:class:`rinkside.web.frames.FrameCache`, which the
broadcaster owns), and every page is sent those bytes as they are;
``publish`` wakes each event loop once, and one pass there writes to
every page, in chunks of :data:`CHUNK` pages between which the loop reads
the next POST and answers the last (no task wakes up per page, no timer per
page: nothing per page outlives the write, so the garbage collector's full
passes stay rare; the pages following a game are grouped by loop once each
time one comes or goes, not per change, and a chunk reads the clock once);
a version published during a pass is taken from its next chunk on, so a
version waits at most one pass (``benchmarks/bench_pass.py`` counts a
pass's work per page against a bare loop of writes); the store's
versions are read at most once a second per game and loop, shared by the
streams that need them, and one sweep per loop sends the keep-alives.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Final

import anyio
from starlette.types import Send

from rinkside.rules.state import GameState
from rinkside.services import queries
from rinkside.services.change import Change
from rinkside.services.tournaments import Tournaments
from rinkside.web.frames import FrameCache
from rinkside.web.sse import HELLO, Frame, Sink, alive_event
from rinkside.web.subscription import ALL_GAMES, Loop, Subscription, by_loop, close_all, on_loop

__all__ = ["ALL_GAMES", "Broadcaster", "Publish", "Subscription"]

POLL_REUSE: Final = 1.0  # seconds a look at the store's versions is shared (at most)
KEEPALIVE_SLICE: Final = 250  # keep-alives written between two turns of the loop
CHUNK: Final = 250  # pages a pass writes between two turns of the loop

Publish = Callable[[Change], None]  # the service's on_change(change)


class Broadcaster:
    """Who follows which game, sent the latest state of each game by version
    (built and kept by its :class:`~rinkside.web.frames.FrameCache`).

    ``publish`` may be called from any thread (the service's ``on_change``
    runs in the thread that recorded the event); the subscriptions of each
    event loop are handed the update in one ``call_soon_threadsafe``.
    """

    def __init__(self, keepalive: float = 5.0, cached_states: int = 256,
                 service: Tournaments | None = None) -> None:
        self.keepalive = keepalive
        self.service = service  # whose states ``publish`` builds (the first stream's if None)
        self._lock = threading.Lock()
        self._followed = threading.Condition(self._lock)  # notified when pages come and go
        self._handed: dict[Loop, int] = {}  # changes handed to a loop, not yet run there
        # per loop and game, the delivery handed over and not yet run: the newest
        # version and the pages then following it (a burst is one delivery)
        self._queued: dict[tuple[Loop, int], tuple[int, list[Subscription]]] = {}
        self._drained: dict[Loop, list[asyncio.Future[None]]] = {}  # waiting for them
        self._subscribers: dict[int, set[Subscription]] = {}
        # per key, its pages by loop: built once each time pages come or go, not
        # per change (lists never changed once built: a pass may hold one)
        self._rosters: dict[int, dict[Loop, list[Subscription]]] = {}
        self._published: dict[int, int] = {}
        self._carried: dict[int, Change] = {}  # the last change no page followed, per game
        self._frames = FrameCache(cached_states)
        self._polls: dict[tuple[Loop, int], tuple[float, asyncio.Task[dict[int, int]]]] = {}
        self._sweeps: dict[Loop, asyncio.Task[None]] = {}
        self._refreshing: set[tuple[Loop, int]] = set()
        self._passes: dict[tuple[Loop, int], Pass] = {}  # per loop and game, on that loop
        # told of each refresh, to tell the other processes (set by
        # :func:`rinkside.web.server.relay_changes`)
        self.on_refresh: Callable[[int, Frame], None] | None = None
        # told of each page that subscribes, on its loop (set by the game-day server:
        # :meth:`rinkside.web.server_collector.FullPasses.page_opened`)
        self.on_subscribe: Callable[[], None] | None = None
        # told of each delivery's pass over a loop's pages, once it has written
        # to the last: (game, version, pages, began and ended on the monotonic
        # clock in ns, the loop thread's CPU over its chunks in ns); the live
        # benchmark's log
        self.on_pass: Callable[[int, int, int, int, int, int], None] | None = None

    def publish(self, change: Change) -> None:
        """The game changed (this process just committed ``change.version``):
        build its live view once, here in the recording thread (when a page
        follows it and the service is known), from the state the change
        carries (the rest from what it carries too, else read in one
        session), then hand it to each event loop's followers at once. A
        change no page follows is kept until the write's answer asks for its
        state (:meth:`state`): built then from what it carries, with no
        session of its own."""
        self._publish(change.game_id, change.version, change.state, change.live,
                      committed=True)

    def _publish(self, game_id: int, version: int, state: GameState | None = None,
                 live: queries.LiveView | None = None, *, committed: bool) -> None:
        with self._lock:
            if version > self._published.get(game_id, -1):
                self._published[game_id] = version
            targets = self._targets(game_id)
            service = self.service
        if not targets:
            if committed and state is not None and live is not None:
                with self._lock:
                    self._carried[game_id] = Change(game_id, version, state, live)
            return
        if service is not None:  # one that fails is recorded all the same: the
            # streams build the state themselves and fail visibly there
            self._frames.built(service, game_id, version, committed=committed, state=state,
                               live=live)
        for loop, subscriptions in targets.items():
            with self._lock:
                slot = (loop, game_id)
                queued = self._queued.get(slot)
                if queued is not None:  # a delivery handed over has not run yet: it
                    # takes this version (or a newer) and these pages, and no other runs
                    self._queued[slot] = (max(queued[0], version), subscriptions)
                    continue
                self._queued[slot] = (version, subscriptions)
                self._handed[loop] = self._handed.get(loop, 0) + 1
            if not on_loop(loop, self._arrive, loop, game_id):
                with self._lock:
                    self._queued.pop(slot, None)
                self._arrived(loop)  # a closed loop: its pages have gone

    def _targets(self, game_id: int) -> dict[Loop, list[Subscription]]:
        """The pages following the game (or every game), by loop; under the lock."""
        mine, every = self._roster(game_id), self._roster(ALL_GAMES)
        if not every or not mine:
            return mine or every
        return {loop: mine.get(loop, []) + every.get(loop, [])
                for loop in [*mine, *(loop for loop in every if loop not in mine)]}

    def _roster(self, key: int) -> dict[Loop, list[Subscription]]:
        roster = self._rosters.get(key)
        if roster is None:
            followers = self._subscribers.get(key)
            if not followers:
                return {}
            roster = self._rosters[key] = by_loop([*followers])
        return roster

    def expect(self, game_id: int, version: int) -> None:
        """This process is about to publish ``version`` (its own write, told
        to the other processes first): heard back, it is not published twice."""
        with self._lock:
            if version > self._published.get(game_id, -1):
                self._published[game_id] = version

    def heard(self, game_id: int, version: int, state: str | None = None) -> None:
        """A change the store notified (:mod:`rinkside.services.notify`: any
        process's write, this one's own heard back): published unless this
        process has that version already; ``state``, the game's state at
        ``version`` that the writing process built (JSON text), is sent as
        it is rather than built here again."""
        if version <= self.published(game_id):
            return
        if state is not None:
            self._frames.keep_text(game_id, version, state)
        self._publish(game_id, version, committed=True)

    def built(self, service: Tournaments, change: Change) -> Frame | None:
        """The game's state of ``change.version`` or newer, built now from
        the state the change carries unless kept (for the other processes and
        this one's pages); None when it cannot be built (the event is
        recorded all the same: a stream builds the state itself and fails
        visibly there)."""
        return self._frames.built(service, change.game_id, change.version, state=change.state,
                                  live=change.live)

    def catch_up(self, service: Tournaments) -> None:
        """Whenever notifications may have been lost (the store is listened
        to, at first or again after a lost connection): each game newer in
        the store than this process has heard, published now, so that every
        page gets the newest state (never an older version than it holds:
        :meth:`Sink.push`). A game no page follows costs only its number.
        Blocking: the listener's thread calls it."""
        stored = queries.versions(service)
        with self._lock:
            behind = [(game_id, version) for game_id, version in stored.items()
                      if version > self._published.get(game_id, -1)]
        for game_id, version in behind:
            self._publish(game_id, version, committed=False)  # another process's

    def _arrive(self, loop: Loop, game_id: int) -> None:
        """On ``loop``: the newest version handed over for the game, to its
        pages: a pass under way there takes it from its next chunk on (and
        then goes over the pages it wrote before), else a pass begins."""
        settled = 1  # the handed-over changes this call settles (a pass settles its own)
        try:
            with self._lock:
                queued = self._queued.pop((loop, game_id), None)
            if queued is None:
                return
            version, subscriptions = queued
            under_way = self._passes.get((loop, game_id))
            if under_way is not None and self._takes(under_way, game_id, version,
                                                     subscriptions):
                settled = 0
                return
            self._deliver(subscriptions, game_id, version)
            begun = self._passes.get((loop, game_id))
            if begun is not None and begun is not under_way:  # it settles this change
                begun.handed += 1
                settled = 0
        finally:
            self._arrived(loop, settled)

    def _arrived(self, loop: Loop, settled: int = 1) -> None:
        """Handed-over changes have run: wake :meth:`delivered` after the last."""
        if settled <= 0:
            return
        with self._lock:
            left = self._handed.get(loop, settled) - settled
            if left > 0:
                self._handed[loop] = left
                return
            self._handed.pop(loop, None)
            waiters = self._drained.pop(loop, [])
        for waiter in waiters:
            if not waiter.done():
                waiter.set_result(None)

    async def delivered(self) -> None:
        """Until every change published so far has reached the subscriptions
        of the running loop (:meth:`publish` hands each over from the
        recording thread; this is the moment they have all run)."""
        loop = asyncio.get_running_loop()
        with self._lock:
            if not self._handed.get(loop):
                return
            waiter: asyncio.Future[None] = loop.create_future()
            self._drained.setdefault(loop, []).append(waiter)
        await waiter

    def _deliver(self, subscriptions: list[Subscription], game_id: int, version: int) -> None:
        """On their loop: write the state to each stream and post its version
        to each mailbox in a :class:`Pass` of chunks that yield to the loop
        (when ``publish`` could not build it: each mailbox posted the version
        now, the streams written once one task has built it)."""
        frame = self._frames.cached(game_id, version)
        loop = subscriptions[0].loop  # (one loop's pages, never none)
        if frame is not None:
            under_way = self._passes[(loop, game_id)] = Pass(subscriptions, frame)
            self._chunk(loop, game_id, under_way)
            return
        sinks = self._mailed(subscriptions, game_id, version)
        if sinks:
            loop.create_task(self._push_when_built(sinks, game_id, version))

    @staticmethod
    def _mailed(subscriptions: list[Subscription], game_id: int, version: int) -> list[Sink]:
        """Each mailbox of ``subscriptions`` offered the version; their streams."""
        sinks: list[Sink] = []
        for subscription in subscriptions:
            sink = subscription.sink
            if sink is None:
                subscription._offer(game_id, version)
            else:
                sinks.append(sink)
        return sinks

    def _takes(self, under_way: Pass, game_id: int, version: int,
               subscriptions: list[Subscription]) -> bool:
        """A pass under way takes a newer version (built: else False) from
        its next chunk, and goes over the pages following the game then
        once it has reached the end (those that hold it are passed by)."""
        frame = self._frames.cached(game_id, version)
        if frame is None:
            return False
        if frame.version > under_way.frame.version:
            under_way.frame = frame
            under_way.again = subscriptions
        under_way.handed += 1
        return True

    def _chunk(self, loop: Loop, game_id: int, under_way: Pass) -> None:
        """Write the pass's frame to its next :data:`CHUNK` pages (a stream
        written, a mailbox posted the version; the clock read once for them
        all); the next chunk on the loop's next turn (a POST, its answer, a
        page's reading go between), until the pass has gone over every page."""
        cpu = time.thread_time_ns() if self.on_pass is not None else 0
        done = True
        try:
            frame, at = under_way.frame, under_way.at
            pages = under_way.pages
            now, version = loop.time(), frame.version
            for subscription in pages[at:at + CHUNK]:
                sink = subscription.sink
                if sink is None:
                    subscription._offer(game_id, version)
                else:
                    sink.push(game_id, frame, now)
            under_way.at = at + CHUNK
            if under_way.at >= len(pages) and under_way.again is not None:
                if self.on_pass is not None:  # a sweep over every page: told as a pass
                    self._told(game_id, under_way, cpu)
                    cpu = time.thread_time_ns()
                under_way.pages, under_way.again, under_way.at = under_way.again, None, 0
            done = under_way.at >= len(under_way.pages)
            if not done:
                loop.call_soon(self._chunk, loop, game_id, under_way)
        finally:
            if cpu:
                under_way.cpu += time.thread_time_ns() - cpu
            if done:
                self._passes.pop((loop, game_id), None)
                if self.on_pass is not None:
                    self._told(game_id, under_way, 0)
                self._arrived(loop, under_way.handed)

    def _told(self, game_id: int, under_way: Pass, cpu: int) -> None:
        """:attr:`on_pass` told of a sweep that has written to every page
        (``cpu``: the thread's CPU clock at the start of its last chunk, if
        still running); the next sweep of the pass counted from now."""
        assert self.on_pass is not None
        if cpu:
            under_way.cpu += time.thread_time_ns() - cpu
        now = time.monotonic_ns()
        # every page holds the version the sweep began with (or newer)
        self.on_pass(game_id, under_way.swept, len(under_way.pages), under_way.began, now,
                     under_way.cpu)
        under_way.began, under_way.cpu, under_way.swept = now, 0, under_way.frame.version

    async def _push_when_built(self, sinks: list[Sink], game_id: int, version: int) -> None:
        frame = await self._frames.frame(sinks[0].service, game_id, version)
        for sink in sinks:
            sink.push(game_id, frame)

    def refresh(self, service: Tournaments, game_id: int) -> None:
        """The game's state changed at the same version (the timekeeper set
        the running clock, Rule 507(a); the referees signed, 616(a); a team's
        colours: no event): build it again and send it to every page
        following the game, whatever version it holds, and to the other
        server processes (:attr:`on_refresh`)."""
        self._frames.forget(game_id)
        frame = self._frames.build(service, game_id)
        self._resend_all(game_id, frame)
        if self.on_refresh is not None:
            self.on_refresh(game_id, frame)

    def heard_refresh(self, service: Tournaments, game_id: int, version: int,
                      state: str | None = None) -> None:
        """Another process refreshed the game (:meth:`refresh`): its state
        (``state``, else built here) sent to this process's pages too; heard
        back by the process that sent it, nothing is sent twice."""
        if state is not None:
            kept = self._frames.cached(game_id, version)
            if kept is not None and kept.version == version and kept.text == state:
                return  # this process's own refresh, or one sent already
        self._frames.forget(game_id)
        if state is None:
            frame = self._frames.build(service, game_id)
        else:
            frame = self._frames.keep_text(game_id, version, state)
        self._resend_all(game_id, frame)

    def _resend_all(self, game_id: int, frame: Frame) -> None:
        with self._lock:
            targets = self._targets(game_id)
        for loop, subscriptions in targets.items():
            on_loop(loop, _resend, subscriptions, game_id, frame)

    def close(self) -> None:
        """End every live stream, so that a stopping server need not wait for
        pages that never hang up; they reconnect to the next one by themselves."""
        with self._lock:
            every = [sub for subs in self._subscribers.values() for sub in subs]
        for loop, subscriptions in by_loop(every).items():
            on_loop(loop, close_all, subscriptions)

    def subscribers(self, key: int) -> int:
        with self._lock:
            return len(self._subscribers.get(key, ()))

    def wait_subscribers(self, key: int, count: int, timeout: float) -> bool:
        """Block until ``key`` has ``count`` subscribers (a page that hung up
        is let go on the server's loop); False if it had not in ``timeout`` s."""
        with self._followed:
            return self._followed.wait_for(
                lambda: len(self._subscribers.get(key, ())) == count, timeout)

    @contextmanager
    def subscribe(self, key: int) -> Iterator[Subscription]:
        """Follow one game (or :data:`ALL_GAMES`) from the running loop."""
        subscription = Subscription(key, asyncio.get_running_loop())
        with self._lock:
            self._subscribers.setdefault(key, set()).add(subscription)
            self._rosters.pop(key, None)
            self._followed.notify_all()
        if self.on_subscribe is not None:
            self.on_subscribe()
        try:
            yield subscription
        finally:
            with self._lock:
                followers = self._subscribers.get(key, set())
                followers.discard(subscription)
                if not followers:
                    self._subscribers.pop(key, None)
                self._rosters.pop(key, None)
                self._followed.notify_all()

    # ----------------------------------------------------------------- states

    def state(self, service: Tournaments, game_id: int, version: int | None = None
              ) -> tuple[int, str]:
        """The game's state JSON (as text) and its version, built once for
        every page (:meth:`FrameCache.state`); for ``version`` just written
        by this process and followed by no page, from what its change carries.
        Blocking: call it from a worker thread."""
        with self._lock:
            carried = self._carried.pop(game_id, None)
        if carried is not None and version is not None and carried.version == version:
            frame = self._frames.build(service, game_id, version, committed=True,
                                       state=carried.state, live=carried.live)
            return frame.version, frame.text
        return self._frames.state(service, game_id, version)

    async def frame(self, service: Tournaments, game_id: int, version: int) -> Frame:
        """The state of ``version`` or newer, one build per game on this loop
        shared by the streams needing it (:meth:`FrameCache.frame`)."""
        return await self._frames.frame(service, game_id, version)

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
            task = loop.create_task(anyio.to_thread.run_sync(queries.versions, service, ids))
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
                newest = max(stored, self.published(key))
                sink.push(key, await self._frames.frame(service, key, newest))
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
                    frame = await self._frames.frame(sinks[0].service, game_id, version)
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


class Pass:
    """One delivery's pass over the pages of a loop following a game: the
    frame it writes (the newest built: a version published meanwhile is
    taken from the next chunk on), the pages and how far it has gone, the
    pages to go over again once it reaches the end (a newer version came:
    those written before it), the handed-over changes it settles, and for
    :attr:`Broadcaster.on_pass` when it began and the CPU of its chunks."""

    __slots__ = ("again", "at", "began", "cpu", "frame", "handed", "pages", "swept")

    def __init__(self, pages: list[Subscription], frame: Frame) -> None:
        self.pages = pages
        self.frame = frame
        self.at = 0
        self.again: list[Subscription] | None = None
        self.handed = 0
        self.began = time.monotonic_ns()
        self.cpu = 0
        self.swept = frame.version  # the version the current sweep began with


def _resend(subscriptions: list[Subscription], game_id: int, frame: Frame) -> None:
    """On their loop: each stream takes ``frame`` even at the version it holds."""
    for subscription in subscriptions:
        sink = subscription.sink
        if sink is not None:
            sink.sent[game_id] = min(sink.sent.get(game_id, -1), frame.version - 1)
            sink.push(game_id, frame)
