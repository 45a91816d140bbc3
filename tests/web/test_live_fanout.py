"""The broadcaster's fan-out: one build and one encoding per change however
many pages follow the game, written to every page at once; a page whose
socket is full holds up no one and gets only the newest state; a page that
reconnects starts from the newest state; a page that breaks is let go."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass
from typing import Any

import pytest
from fastapi.testclient import TestClient
from webkit import Demo, game_in_play, record, skaters

from rinkside.rules.events import FaceOff, Goal, Stoppage
from rinkside.rules.times import GameTime
from rinkside.services.change import Change
from rinkside.web import frames
from rinkside.web.broadcaster import Broadcaster, Subscription

Message = dict[str, Any]


def versions(messages: list[Message]) -> list[int]:
    """The versions of the states among the bodies written (keep-alives skipped)."""
    found = []
    for message in messages:
        body: bytes = message.get("body", b"")
        if body.startswith(b"data: "):
            found.append(json.loads(body.split(b"\n")[0][len(b"data: "):])["version"])
    return found


class Written:
    """Set each time a page is written to: a test waits on it (:func:`until`),
    never on a timer. Made inside the test's event loop."""

    def __init__(self) -> None:
        self.signal = asyncio.Event()

    def sender(self, into: list[Message]) -> Callable[[Message], Any]:
        async def send(message: Message) -> None:
            into.append(message)
            self.signal.set()
        return send


async def until(written: Written, condition: Callable[[], bool], seconds: float = 5.0) -> None:
    """Until ``condition`` holds, looked at after each write to a page."""
    try:
        async with asyncio.timeout(seconds):
            while not condition():
                written.signal.clear()
                await written.signal.wait()
    except TimeoutError:
        raise AssertionError("the condition did not come true in time") from None


def play_on(demo: Demo, game: int, goals: int) -> list[int]:
    """Record ``goals`` goals, each after a face-off, one event per write
    (as a scorekeeper does); the version after each write."""
    scorer = skaters(demo.service, game, "home")[0]
    written = []
    for i in range(goals):
        at = GameTime(1, 5000 - 100 * i)
        written.append(record(demo.service, game, Stoppage(at)))
        written.append(record(demo.service, game, FaceOff(at)))
        written.append(record(demo.service, game, Goal(GameTime(1, at.left - 50), "home",
                                                       scorer)))
        written.append(record(demo.service, game, FaceOff(GameTime(1, at.left - 50))))
    return written


@dataclass
class Pages:
    """Streams of one game, each writing through its own ASGI ``send``
    (what the page's socket takes), as :class:`rinkside.web.routers.live.EventStream` runs them."""

    following: ExitStack
    subscriptions: list[Subscription]
    tasks: list[asyncio.Task[None]]

    async def close(self) -> None:
        for subscription in self.subscriptions:
            subscription.close()
        await asyncio.wait_for(asyncio.gather(*self.tasks), 5)
        self.following.close()


async def open_pages(broadcaster: Broadcaster, demo: Demo, game: int,
                     sends: list[Callable[[Message], Any]]) -> Pages:
    pages = Pages(ExitStack(), [], [])
    for send in sends:
        subscription = pages.following.enter_context(broadcaster.subscribe(game))
        pages.subscriptions.append(subscription)
        pages.tasks.append(asyncio.create_task(
            broadcaster.stream(subscription, demo.service, send)))
    return pages


@pytest.fixture
def broadcaster(demo: Demo, monkeypatch: pytest.MonkeyPatch) -> Broadcaster:
    """A broadcaster of its own that the demo's service tells of each change
    (after the app's, which keeps listening)."""
    broadcaster = Broadcaster(service=demo.service)
    before = demo.service.on_change

    def both(change: Change) -> None:
        if before is not None:
            before(change)
        broadcaster.publish(change)

    monkeypatch.setattr(demo.service, "on_change", both)
    return broadcaster


def test_one_change_is_built_and_encoded_once_for_every_page(
        demo: Demo, broadcaster: Broadcaster, monkeypatch: pytest.MonkeyPatch) -> None:
    game = game_in_play(demo)
    builds: list[int] = []
    state_json = frames.views.state_json

    def counted(service: Any, game_id: int, committed: int | None = None,
                state: Any = None, live: Any = None) -> dict[str, Any]:
        builds.append(game_id)
        return state_json(service, game_id, committed, state, live)

    monkeypatch.setattr(frames.views, "state_json", counted)
    pages: list[list[Message]] = [[] for _ in range(50)]

    async def main() -> None:
        written = Written()
        opened = await open_pages(broadcaster, demo, game, [written.sender(p) for p in pages])
        await until(written, lambda: all(len(p) == 1 for p in pages))
        builds.clear()
        [version] = await asyncio.to_thread(
            lambda: [record(demo.service, game, Stoppage(GameTime(1, 5900)))])
        await until(written, lambda: all(versions(p)[-1:] == [version] for p in pages))
        assert builds == [game]  # once, however many pages
        bodies = {id(p[-1]["body"]) for p in pages}
        assert len(bodies) == 1  # the very same bytes written to every page
        await opened.close()

    asyncio.run(main())


@pytest.mark.parametrize("memory", ["holds the version", "let it go"])
def test_a_committed_change_is_built_from_the_state_it_carries(
        demo: Demo, broadcaster: Broadcaster, monkeypatch: pytest.MonkeyPatch,
        memory: str) -> None:
    """Issue 25: the write's ``on_change`` hands over the state it committed
    (:class:`Change`); the live view is built from that, without reading the
    game's setup and log again, whether or not the service's memory still
    holds the version (a full cache lets it go); it is the state a fresh read
    of the store gives."""
    game = game_in_play(demo)
    reads: list[int] = []
    game_state = demo.service.game_state

    def counted(game_id: int) -> Any:
        reads.append(game_id)
        return game_state(game_id)

    page: list[Message] = []

    async def main() -> None:
        written = Written()
        opened = await open_pages(broadcaster, demo, game, [written.sender(page)])
        await until(written, lambda: len(page) == 1)
        before, _ = demo.service.game_state(game)
        if memory == "let it go":
            monkeypatch.setattr(demo.service, "committed_state", lambda game_id, version: None)
        monkeypatch.setattr(demo.service, "game_state", counted)
        version, _ = await asyncio.to_thread(
            demo.service.record, game, before, [Stoppage(GameTime(1, 5800))], "web test")
        await until(written, lambda: versions(page)[-1:] == [version])
        assert reads == []  # built from the state the change carried
        sent = json.loads(page[-1]["body"].split(b"\n")[0][len(b"data: "):])
        assert sent["version"] == version
        monkeypatch.undo()
        demo.service.cache.clear()  # a fresh read: the log replayed from the store
        assert sent == frames.views.state_json(demo.service, game)
        await opened.close()

    asyncio.run(main())


def test_a_page_whose_socket_is_full_holds_up_no_one_and_gets_only_the_newest(
        demo: Demo, broadcaster: Broadcaster) -> None:
    game = game_in_play(demo)
    fast: list[Message] = []
    slow: list[Message] = []

    async def main() -> None:
        drained = asyncio.Event()  # the slow page's socket takes nothing until set
        written = Written()
        send_fast = written.sender(fast)

        async def send_slow(message: Message) -> None:
            await drained.wait()
            slow.append(message)
            written.signal.set()

        opened = await open_pages(broadcaster, demo, game, [send_fast, send_slow])
        await until(written, lambda: len(fast) == 1)
        first = versions(fast)[0]
        played = await asyncio.to_thread(play_on, demo, game, 2)
        await until(written, lambda: versions(fast)[-1:] == played[-1:])
        seen = versions(fast)
        assert seen == sorted(set(seen)) and seen[0] == first  # in order, none twice
        assert slow == []  # still stuck on its first state
        drained.set()
        await until(written, lambda: len(slow) == 2)
        assert versions(slow) == [first, played[-1]]  # then the newest only: no backlog
        await opened.close()

    asyncio.run(main())


def test_a_page_that_breaks_is_let_go(demo: Demo, broadcaster: Broadcaster) -> None:
    game = game_in_play(demo)
    kept: list[Message] = []

    async def main() -> None:
        written = Written()
        send_kept = written.sender(kept)

        async def send_broken(message: Message) -> None:
            raise OSError("connection reset by peer")

        opened = await open_pages(broadcaster, demo, game, [send_kept, send_broken])
        await asyncio.wait_for(opened.tasks[1], 5)  # its stream ended by itself
        kept_open, broken = opened.subscriptions
        assert broken.closed and not kept_open.closed
        [version] = await asyncio.to_thread(
            lambda: [record(demo.service, game, Stoppage(GameTime(1, 5900)))])
        await until(written, lambda: versions(kept)[-1:] == [version])
        await opened.close()

    asyncio.run(main())


def test_a_page_that_reconnects_starts_from_the_newest_state(
        client: TestClient, demo: Demo) -> None:
    game = game_in_play(demo)

    def first_state() -> dict[str, Any]:
        with client.stream("GET", f"/live/games/{game}") as response:
            for line in response.iter_lines():
                if line.startswith("data: {"):
                    state: dict[str, Any] = json.loads(line[len("data: "):])
                    return state
        raise AssertionError("no state")

    before = first_state()
    written = play_on(demo, game, 1)
    after = first_state()
    assert after["version"] == written[-1] > before["version"]
    assert after["score"]["home"] == before["score"]["home"] + 1
