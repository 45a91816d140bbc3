"""Scoreboards opening one game's stream at once look the game up in the
store once between them, not once each (issue 30: 10,000 scoreboards
connecting paid a worker thread's hop and a query each before their
stream began): the stream's check that the game exists is the
broadcaster's shared look at its version, which the stream then reads
again for its first state. An unknown game is still refused (404) before
its stream starts."""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.types import Scope
from webkit import Demo, game_in_play, statements_seen

from rinkside.web.app import create_app

PAGES = 40

Message = dict[str, Any]


def request(path: str) -> Scope:
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "headers": [(b"host", b"testserver")],
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 80),
        "root_path": "",
    }


def _reads_games(statement: str) -> bool:
    return "FROM games" in statement and statement.lstrip().upper().startswith("SELECT")


def test_pages_opening_a_games_stream_at_once_look_it_up_once(demo: Demo) -> None:
    game = game_in_play(demo)
    app = create_app(demo.service)
    pages: list[list[Message]] = [[] for _ in range(PAGES)]

    async def main() -> None:
        gone = asyncio.Event()
        written = asyncio.Event()

        async def receive() -> Message:
            await gone.wait()
            return {"type": "http.disconnect"}

        def sender(into: list[Message]) -> Any:
            async def send(message: Message) -> None:
                into.append(message)
                written.set()

            return send

        streams = [
            asyncio.create_task(app(request(f"/live/games/{game}"), receive, sender(page)))
            for page in pages
        ]
        async with asyncio.timeout(20):
            while not all(
                any(m.get("body", b"").startswith(b"data: ") for m in page) for page in pages
            ):
                written.clear()
                await written.wait()
        gone.set()
        await asyncio.wait_for(asyncio.gather(*streams), 10)

    with statements_seen(_reads_games) as statements:
        asyncio.run(main())
    assert all(page[0]["status"] == 200 for page in pages)
    # one look at the game's version for the lot (and what its first state
    # reads), where each page looked the game up before its stream began
    assert len(statements) <= 3, [s for s, _ in statements]


def test_a_stream_of_an_unknown_game_is_refused_before_it_starts(demo: Demo) -> None:
    app = create_app(demo.service)
    page: list[Message] = []

    async def main() -> None:
        async def receive() -> Message:
            return {"type": "http.disconnect"}

        async def send(message: Message) -> None:
            page.append(message)

        await app(request("/live/games/99999"), receive, send)

    asyncio.run(main())
    assert page[0]["status"] == 404
    assert b"There is no game 99999." in b"".join(m.get("body", b"") for m in page)
