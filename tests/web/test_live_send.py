"""A live stream's start goes through the app's middleware (its security
headers set there), its states past it, straight to the server's ``send``
(:mod:`rinkside.web.live_send`): at 10,000 pages the wrapping layers were
most of what one page cost beyond the bare write (issue 30)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import pytest
from starlette.middleware import Middleware
from starlette.types import ASGIApp, Receive, Scope, Send
from webkit import Demo, game_in_play, record

from rinkside.rules.events import Stoppage
from rinkside.rules.times import GameTime
from rinkside.web.app import create_app
from rinkside.web.live_send import StreamSend

Message = dict[str, Any]


class Spy:
    """Middleware noting every message its ``send`` passes on."""

    def __init__(self, app: ASGIApp, seen: list[Message]) -> None:
        self.app = app
        self.seen = seen

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def spied(message: Message) -> None:
            self.seen.append(message)
            await send(message)

        await self.app(scope, receive, spied)


def states(messages: list[Message]) -> list[int]:
    """The versions of the states among the bodies (keep-alives skipped)."""
    return [json.loads(m["body"].split(b"\n")[0][len(b"data: "):])["version"]
            for m in messages if m.get("body", b"").startswith(b"data: ")]


async def until(written: asyncio.Event, condition: Callable[[], bool]) -> None:
    """Until ``condition`` holds, looked at after each write to the page."""
    async with asyncio.timeout(10):
        while not condition():
            written.clear()
            await written.wait()


def request(path: str) -> Scope:
    return {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
            "method": "GET", "scheme": "http", "path": path, "raw_path": path.encode(),
            "query_string": b"", "headers": [(b"host", b"testserver")],
            "client": ("127.0.0.1", 50000), "server": ("testserver", 80), "root_path": ""}


@pytest.mark.parametrize("pages", [1, 3])
def test_a_streams_start_goes_through_the_middleware_and_its_states_past_it(
        demo: Demo, pages: int) -> None:
    game = game_in_play(demo)
    app = create_app(demo.service)
    seen: list[Message] = []
    assert app.user_middleware[0].cls is StreamSend  # the outermost of the app's own
    app.user_middleware.insert(1, Middleware(Spy, seen=seen))  # every other layer inside it
    written = [[] for _ in range(pages)]  # what each page's socket took
    signal = asyncio.Event()

    def sender(into: list[Message]) -> Send:
        async def send(message: Message) -> None:
            into.append(message)
            signal.set()
        return send

    async def main() -> int:
        gone = asyncio.Event()

        async def receive() -> Message:
            await gone.wait()
            return {"type": "http.disconnect"}

        streams = [asyncio.create_task(app(request(f"/live/games/{game}"), receive, sender(p)))
                   for p in written]
        await until(signal, lambda: all(len(states(p)) == 1 for p in written))
        version = await asyncio.to_thread(record, demo.service, game,
                                          Stoppage(GameTime(1, 5900)))
        await until(signal, lambda: all(states(p)[-1:] == [version] for p in written))
        gone.set()
        await asyncio.wait_for(asyncio.gather(*streams), 10)
        return version

    version = asyncio.run(main())
    for page in written:
        start = page[0]
        assert start["type"] == "http.response.start" and start["status"] == 200
        headers = dict(start["headers"])
        assert headers[b"content-type"].startswith(b"text/event-stream")
        assert b"content-security-policy" in headers  # set by the middleware it went through
        assert states(page) == [version - 1, version]  # the state at once, then the new one
        assert page[-1]["more_body"] is False  # ended when the page hung up
    # through the layers inside: each start and end, never a state
    assert [m["type"] for m in seen if m["type"] == "http.response.start"] == [
        "http.response.start"] * pages
    assert states(seen) == []
    # one message for every page of a change: nothing built per page
    assert len({id(page[-2]) for page in written}) == 1


class Returns:
    """Middleware noting when the app's stack below it has returned."""

    def __init__(self, app: ASGIApp, returned: list[str]) -> None:
        self.app = app
        self.returned = returned

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.app(scope, receive, send)
        self.returned.append(str(scope["path"]))


def test_a_started_stream_holds_no_layer_of_the_app(demo: Demo) -> None:
    """Once a stream's start has gone through the middleware, the app's
    stack returns (its middleware, router, route and request let go: a page
    open for hours holds none of them, nor does the scope the server keeps
    for it, issue 30) and the outermost
    :class:`StreamSend` goes on with the stream: the states still come, and
    the page hanging up still ends it."""
    game = game_in_play(demo)
    app = create_app(demo.service)
    returned: list[str] = []
    app.user_middleware.insert(1, Middleware(Returns, returned=returned))
    page: list[Message] = []
    signal = asyncio.Event()

    async def send(message: Message) -> None:
        page.append(message)
        signal.set()

    async def main() -> int:
        gone = asyncio.Event()

        async def receive() -> Message:
            await gone.wait()
            return {"type": "http.disconnect"}

        scope = request(f"/live/games/{game}")  # the server's request cycle keeps it
        stream = asyncio.create_task(app(scope, receive, send))
        await until(signal, lambda: len(states(page)) == 1)
        assert returned == [f"/live/games/{game}"]  # the stack has returned; the stream goes on
        # nor does the scope the server keeps hold the route's exit stacks, route, endpoint
        assert set(scope) == set(request(f"/live/games/{game}"))
        version = await asyncio.to_thread(record, demo.service, game,
                                          Stoppage(GameTime(1, 5900)))
        await until(signal, lambda: states(page)[-1:] == [version])
        assert not stream.done()
        gone.set()
        await asyncio.wait_for(stream, 10)
        return version

    version = asyncio.run(main())
    assert states(page) == [version - 1, version]
    assert page[-1]["more_body"] is False  # ended when the page hung up
