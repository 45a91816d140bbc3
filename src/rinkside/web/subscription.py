"""One open live page's subscription, and running callbacks on its event loop.

A :class:`Subscription` belongs to one event loop (the server's, or a test's).
The broadcaster calls it from whatever thread recorded an event, so every
change is handed to the loop (:func:`on_loop`) and applied there.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Final

from rinkside.web.sse import Sink

ALL_GAMES: Final = 0  # the subscription key of a page that follows every game (ids start at 1)
Loop = asyncio.AbstractEventLoop


class Subscription:
    """One open page on its event loop. A stream gives it a :class:`Sink`,
    to which the broadcaster writes each new state as it comes; without one
    it is a mailbox keeping the latest version of each game it follows that
    it has not read yet (at most one per game), read with :meth:`next`.
    Slotted: a server holds thousands of them."""

    __slots__ = ("_closing", "_pending", "_waiter", "closed", "key", "loop", "sink")

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
        on_loop(self.loop, offer_all, [self], game_id, version)

    def close(self) -> None:
        """From any thread: the stream ends (the server is stopping)."""
        on_loop(self.loop, close_all, [self])

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


def offer_all(subscriptions: list[Subscription], game_id: int, version: int) -> None:
    for subscription in subscriptions:
        subscription._offer(game_id, version)


def close_all(subscriptions: list[Subscription]) -> None:
    for subscription in subscriptions:
        subscription._close()


def on_loop(loop: Loop, callback: Callable[..., None], *args: object) -> bool:
    """Run ``callback(*args)`` on ``loop``: now when called from it, else handed
    over; False for a closed loop (its pages have gone away: nothing to do)."""
    try:
        running: Loop | None = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    if running is loop:
        callback(*args)
        return True
    try:
        loop.call_soon_threadsafe(callback, *args)
    except RuntimeError:
        return False
    return True


def by_loop(subscriptions: list[Subscription]) -> dict[Loop, list[Subscription]]:
    grouped: dict[Loop, list[Subscription]] = {}
    for subscription in subscriptions:
        grouped.setdefault(subscription.loop, []).append(subscription)
    return grouped
