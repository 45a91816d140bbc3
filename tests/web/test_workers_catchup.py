"""What a server process does with the changes other processes wrote: a
notified change reaches its pages once (``heard``), never an older one, and
after notifications were lost the pages are caught up from the store
(``catch_up``): in order, nothing missed, nothing twice.

Another process is a second service over the same SQLite file: its writes
reach this broadcaster only as a notification would, or through the store.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from test_live_fanout import Message, Pages, Written, open_pages, until, versions
from webkit import Demo, game_in_play, record

from rinkside.rules.events import FaceOff, Stoppage
from rinkside.rules.times import GameTime
from rinkside.services.open import open_tournaments
from rinkside.services.tournaments import Tournaments
from rinkside.web.broadcaster import Broadcaster


@dataclass
class Followed:
    """A game in play, three pages of it on a broadcaster of their own, and
    another process's service on the same store."""

    game: int
    other: Tournaments
    broadcaster: Broadcaster
    pages: list[list[Message]]
    written: Written
    opened: Pages


async def follow(demo: Demo) -> Followed:
    game = await asyncio.to_thread(game_in_play, demo)
    broadcaster = Broadcaster(service=demo.service)
    pages: list[list[Message]] = [[] for _ in range(3)]
    written = Written()
    opened = await open_pages(broadcaster, demo, game, [written.sender(p) for p in pages])
    await until(written, lambda: all(len(p) == 1 for p in pages))
    return Followed(game, open_tournaments(f"sqlite:///{demo.path}"), broadcaster, pages,
                    written, opened)


def test_heard_changes_reach_the_pages_once_and_in_order(demo: Demo) -> None:
    async def main() -> None:
        f = await follow(demo)
        game, other, broadcaster, pages, written, opened = (
            f.game, f.other, f.broadcaster, f.pages, f.written, f.opened)
        first = versions(pages[0])[0]
        newer = await asyncio.to_thread(record, other, game, Stoppage(GameTime(1, 5800)))
        await asyncio.to_thread(broadcaster.heard, game, newer)
        await until(written, lambda: all(versions(p)[-1:] == [newer] for p in pages))
        await asyncio.to_thread(broadcaster.heard, game, newer)  # heard again (its own echo)
        await asyncio.to_thread(broadcaster.heard, game, first)  # an older one, late
        await broadcaster.delivered()
        await opened.close()
        assert all(versions(p) == [first, newer] for p in pages)

    asyncio.run(main())


def test_after_lost_notifications_the_pages_catch_up_from_the_store(demo: Demo) -> None:
    async def main() -> None:
        f = await follow(demo)
        game, other, broadcaster, pages, written, opened = (
            f.game, f.other, f.broadcaster, f.pages, f.written, f.opened)
        missed = [await asyncio.to_thread(record, other, game, event)
                  for event in (Stoppage(GameTime(1, 5800)), FaceOff(GameTime(1, 5800)))]
        # no notification of them reached this process
        await broadcaster.delivered()
        assert all(len(versions(p)) == 1 for p in pages)
        await asyncio.to_thread(broadcaster.catch_up, demo.service)  # listening again
        await until(written, lambda: all(versions(p)[-1:] == [missed[-1]] for p in pages))
        await asyncio.to_thread(broadcaster.catch_up, demo.service)  # nothing newer: no write
        await broadcaster.delivered()
        await opened.close()
        for page in pages:
            seen = versions(page)
            assert seen == sorted(set(seen)) and seen[-1] == missed[-1]

    asyncio.run(main())
