"""Issue 30: a change's pass over a loop's pages goes in chunks that yield to
the loop (a POST, its answer, a page's reading go between), and a version
published while a pass is under way is taken from its next chunk on: the
pages it had not reached get only the newest state, those it had get the
newest once it reaches the end, and every page ends holding the newest."""

from __future__ import annotations

import asyncio
import json
from contextlib import ExitStack
from typing import Any

import pytest
from webkit import Demo, game_in_play, record

from rinkside.rules.events import FaceOff, Stoppage
from rinkside.rules.times import GameTime
from rinkside.services.change import Change
from rinkside.web.broadcaster import CHUNK, Broadcaster
from rinkside.web.sse import Sink
from rinkside.web.subscription import Loop, Subscription, by_loop

Message = dict[str, Any]


def version_of(message: Message) -> int:
    body: bytes = message["body"]
    data = next(line for line in body.split(b"\n") if line.startswith(b"data: "))
    version: int = json.loads(data[len(b"data: "):])["version"]
    return version


def test_a_version_published_during_a_pass_is_taken_from_its_next_chunk(demo: Demo) -> None:
    game = game_in_play(demo)
    broadcaster = Broadcaster(service=demo.service)
    older = record(demo.service, game, Stoppage(GameTime(1, 5900)))
    broadcaster.state(demo.service, game, older)  # its frame built while it is the newest
    newer = record(demo.service, game, FaceOff(GameTime(1, 5900)))
    pages = 3 * CHUNK + 7
    sweeps: list[tuple[int, int]] = []  # told the benchmark: the version every page holds
    broadcaster.on_pass = lambda _game, version, count, _began, _ended, _cpu: sweeps.append(
        (version, count))
    written: list[list[int]] = [[] for _ in range(pages)]
    turns: list[str | int] = []  # what the loop ran, in order: each version written, a POST

    def page(i: int) -> Any:
        async def send(message: Message) -> None:
            turns.append(version_of(message))
            written[i].append(version_of(message))
        return send

    async def main() -> None:
        loop = asyncio.get_running_loop()
        with ExitStack() as stack:
            for i in range(pages):
                subscription = stack.enter_context(broadcaster.subscribe(game))
                subscription.sink = Sink(page(i), loop, demo.service, subscription._close)
            broadcaster.publish(Change(game, older))  # on the loop: the first chunk now
            # the loop's next turns: the second chunk (older), then the newer
            # version published, taken from the third chunk on; a POST read
            # before the pass has gone over every page
            loop.call_soon(broadcaster.publish, Change(game, newer))
            loop.call_soon(turns.append, "a POST read")
            await broadcaster.delivered()
            turns.append("delivered")

    asyncio.run(main())
    # the pages of the first two chunks: the older, then the newest once the pass
    # reached the end; the others only the newest, never the older
    assert sorted(written) == [[older, newer]] * (2 * CHUNK) + [[newer]] * (pages - 2 * CHUNK)
    assert turns[:2 * CHUNK] == [older] * (2 * CHUNK)
    assert turns.index("a POST read") < len(turns) - 2 * CHUNK  # it did not wait for the pass
    assert turns[-1] == "delivered"
    assert sweeps == [(older, pages), (newer, pages)]


def test_a_pass_over_fewer_pages_than_a_chunk_ends_at_once(demo: Demo) -> None:
    """Fewer pages than a chunk: written in the publishing call itself, and
    :meth:`Broadcaster.delivered` does not wait."""
    game = game_in_play(demo)
    version = record(demo.service, game, Stoppage(GameTime(1, 5900)))
    broadcaster = Broadcaster(service=demo.service)
    written: list[int] = []

    async def send(message: Message) -> None:
        written.append(version_of(message))

    async def main() -> None:
        with broadcaster.subscribe(game) as subscription:
            subscription.sink = Sink(send, asyncio.get_running_loop(), demo.service,
                                     subscription._close)
            broadcaster.publish(Change(game, version))
            assert written == [version]
            async with asyncio.timeout(1):
                await broadcaster.delivered()

    asyncio.run(main())


def test_who_follows_is_grouped_once_per_coming_and_going_not_per_change(
        demo: Demo, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 30: a change published to 10,000 pages looks up who follows the
    game without going over them (they are grouped by loop once each time a
    page comes or goes); a page that comes is written the next change, one
    that goes is written nothing more."""
    game = game_in_play(demo)
    broadcaster = Broadcaster(service=demo.service)
    grouped: list[int] = []

    def grouping(pages: list[Subscription]) -> dict[Loop, list[Subscription]]:
        grouped.append(len(pages))
        return by_loop(pages)

    monkeypatch.setattr("rinkside.web.broadcaster.by_loop", grouping)
    events = iter([Stoppage(GameTime(1, 5900)), FaceOff(GameTime(1, 5900)),
                   Stoppage(GameTime(1, 5800)), FaceOff(GameTime(1, 5800))])
    versions: list[int] = []

    async def change() -> None:
        versions.append(record(demo.service, game, next(events)))
        broadcaster.publish(Change(game, versions[-1]))
        await broadcaster.delivered()

    written: dict[str, list[int]] = {"first": [], "second": [], "late": []}

    def page(name: str) -> Any:
        async def send(message: Message) -> None:
            written[name].append(version_of(message))
        return send

    async def main() -> None:
        loop = asyncio.get_running_loop()
        with ExitStack() as stack:
            for name in ("first", "second"):
                subscription = stack.enter_context(broadcaster.subscribe(game))
                subscription.sink = Sink(page(name), loop, demo.service, subscription._close)
            leaving = ExitStack()
            with leaving:
                subscription = leaving.enter_context(broadcaster.subscribe(game))
                subscription.sink = Sink(page("leaving"), loop, demo.service,
                                         subscription._close)
                written["leaving"] = []
                await change()
                await change()
            late = stack.enter_context(broadcaster.subscribe(game))
            late.sink = Sink(page("late"), loop, demo.service, late._close)
            await change()
            await change()

    asyncio.run(main())
    assert written["first"] == written["second"] == versions
    assert written["leaving"] == versions[:2]
    assert written["late"] == versions[2:]
    # four changes: the pages grouped once with three pages, once with the three
    # after one went and one came, never per change
    assert grouped == [3, 3]
