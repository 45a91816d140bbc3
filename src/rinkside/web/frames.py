"""Each game's newest state frame: built once, kept, shared by every page.

A :class:`~rinkside.web.sse.Frame` is one version of a game's state
(:func:`rinkside.web.views.state_json`) as JSON text and encoded once as
the server-sent event every page is sent as it is. The
:class:`~rinkside.web.broadcaster.Broadcaster` owns one
:class:`FrameCache` and asks it for the frame of each change it delivers.

One change costs the same work however many pages follow the game (see
``benchmarks/bench_live.py``, 1,000 and 10,000 pages): its state is built
once, in the thread that recorded it (one thread at a time per game: the
others wait and reuse it), and encoded once as the event's bytes; a stream
that finds no frame of the version it needs shares one build per game and
event loop, in a worker thread, with every other stream of that loop
needing it. Frames are kept for the games kept most recently (256 by
default), the least recent let go first.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections import OrderedDict

import anyio

from rinkside.rules.state import GameState
from rinkside.services import queries
from rinkside.services.tournaments import Tournaments
from rinkside.web import views
from rinkside.web.sse import Frame, state_event
from rinkside.web.subscription import Loop

__all__ = ["FrameCache"]


class FrameCache:
    """The newest state frame of each game, by version (of the last ``size``
    games kept).

    ``state``, ``build``, ``built``, ``cached``, ``keep`` and ``forget`` may
    be called from any thread; ``frame`` only on an event loop (the builds
    it awaits are that loop's own).
    """

    def __init__(self, size: int = 256) -> None:
        self._lock = threading.Lock()  # guards the frames kept and the game locks
        self._game_locks: dict[int, threading.Lock] = {}  # one build at a time per game
        self._frames: OrderedDict[int, Frame] = OrderedDict()
        self._size = size
        self._builds: dict[tuple[Loop, int], asyncio.Task[Frame]] = {}  # in flight, per loop
        # per game, how often it was forgotten: a build read before the last
        # forget is of the state before the change, and is not kept
        self._forgets: dict[int, int] = {}

    def state(self, service: Tournaments, game_id: int, version: int | None = None
              ) -> tuple[int, str]:
        """The game's state JSON (as text) and its version: the one built for
        ``version`` (this process's write just committed; else the store's
        current version) when there is one, so a change sent to many pages is
        computed once. Blocking: call it from a worker thread."""
        committed = version is not None
        if version is None:
            version = queries.versions(service, [game_id]).get(game_id, 0)
        frame = self.build(service, game_id, version, committed=committed)
        return frame.version, frame.text

    def built(self, service: Tournaments, game_id: int, version: int, *,
              committed: bool = True, state: GameState | None = None,
              live: queries.LiveView | None = None) -> Frame | None:
        """:meth:`build`, or None when the state cannot be built (the event
        is recorded all the same: a stream builds the state itself and fails
        visibly there)."""
        try:
            return self.build(service, game_id, version, committed=committed, state=state,
                              live=live)
        except Exception:
            return None

    def cached(self, game_id: int, version: int) -> Frame | None:
        """The frame kept of ``version`` or newer, if any."""
        with self._lock:
            frame = self._frames.get(game_id)
        return frame if frame is not None and frame.version >= version else None

    def build(self, service: Tournaments, game_id: int, version: int = -1, *,
              committed: bool = False, state: GameState | None = None,
              live: queries.LiveView | None = None) -> Frame:
        """The game's state of ``version`` or newer: the one kept, else built
        now (one thread at a time per game: the others wait and reuse it) and
        kept unless a newer one was kept meanwhile. ``committed``: this
        process has just committed ``version``, whose state it computed
        (``state``, handed with the change, else the one it holds): the
        build need not read the game's setup and log again to trust it;
        ``live``, what the write read beside it, need not be read at all."""
        with self._lock:
            building = self._game_locks.setdefault(game_id, threading.Lock())
        with building:
            return (self.cached(game_id, version)
                    or self._build_now(service, game_id, version if committed else None,
                                       state if committed else None,
                                       live if committed else None))

    def _build_now(self, service: Tournaments, game_id: int, committed: int | None,
                   state: GameState | None = None, live: queries.LiveView | None = None
                   ) -> Frame:
        with self._lock:
            forgets = self._forgets.get(game_id, 0)
        data = views.state_json(service, game_id, committed, state, live)
        text = json.dumps(data, separators=(",", ":"))
        return self.keep(game_id, Frame(int(data["version"]), text,
                                        state_event(int(data["version"]), text)), forgets)

    def keep(self, game_id: int, frame: Frame, forgets: int | None = None) -> Frame:
        """Keep ``frame`` as the game's newest state unless one of its version
        or newer is kept (a frame is replaced at its own version only once
        forgotten: :meth:`forget`), and, with ``forgets``, unless the game
        was forgotten since its build began (it read the state before the
        change at the same version); the frame kept of that version, else
        ``frame``."""
        with self._lock:
            before = self._frames.get(game_id)
            if forgets is not None and forgets != self._forgets.get(game_id, 0):
                return frame
            if before is None or before.version < frame.version:
                self._frames[game_id] = frame
                self._frames.move_to_end(game_id)
            elif before.version == frame.version:
                frame = before
            while len(self._frames) > self._size:
                self._frames.popitem(last=False)
        return frame

    def keep_text(self, game_id: int, version: int, text: str) -> Frame:
        """Keep the state ``text`` of ``version`` that another process built
        (:meth:`keep`), encoded here once."""
        return self.keep(game_id, Frame(version, text, state_event(version, text)))

    def forget(self, game_id: int) -> None:
        """Keep no frame of the game (its state changed at the same version)."""
        with self._lock:
            self._frames.pop(game_id, None)
            self._forgets[game_id] = self._forgets.get(game_id, 0) + 1

    async def frame(self, service: Tournaments, game_id: int, version: int) -> Frame:
        """The state of ``version`` or newer, built at most once at a time per
        game on this loop (in a worker thread): the streams needing one
        change share one build."""
        loop = asyncio.get_running_loop()
        key = (loop, game_id)
        built: Frame | None = None
        for _ in range(2):  # a build begun before ``version`` was stored may be older
            cached = self.cached(game_id, version)
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
        return await anyio.to_thread.run_sync(self.build, service, game_id, version)

    def _landed(self, key: tuple[Loop, int], done: asyncio.Task[Frame]) -> None:
        if self._builds.get(key) is done:
            del self._builds[key]
        if not done.cancelled():
            done.exception()  # retrieved: a failed build is the waiting streams' error
