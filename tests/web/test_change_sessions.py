"""Issue 25, a change carries its state: a console POST's write and its
publication to a page following the game (the broadcaster builds the live
view in the recording thread, from the state the write announces) open two
store sessions, the write's own and one read of what the live view shows
beside the state (names, clocks, sign-off, colours); the POST as a whole
opens four (the login's check and the game's settings read before the
events are decoded, besides), five before."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from sqlalchemy import event
from sqlalchemy.orm import Session
from webkit import Client, Demo, game_in_play, logged_in, skaters

from rinkside.web import auth, views
from rinkside.web.broadcaster import Broadcaster


@pytest.fixture(scope="module")
def game(demo: Demo) -> int:
    game_id = game_in_play(demo)
    auth.create_user(demo.service, "sessions", "counts-them-1", "scorekeeper", games=[game_id])
    return game_id


@pytest.fixture
def scorekeeper(app: FastAPI, game: int) -> Iterator[Client]:
    yield from logged_in(app, "sessions", "counts-them-1")


class Opened:
    """Every store session begun in this process while counting (a session
    that touches the store begins a transaction on its connection), and
    those begun while the service records the write (its commit and its
    ``on_change``, which the broadcaster runs in the recording thread)."""

    def __init__(self) -> None:
        self.count = 0
        self.recording = False
        self.by_the_write = 0

    def begun(self, *_: Any) -> None:
        self.count += 1
        self.by_the_write += self.recording


def test_a_console_post_and_its_live_view_open_two_store_sessions(
        app: FastAPI, demo: Demo, game: int, scorekeeper: Client,
        monkeypatch: pytest.MonkeyPatch) -> None:
    client, token = scorekeeper
    broadcaster: Broadcaster = app.state.broadcaster
    version = demo.service.game_state(game)[0]
    body = {"version": version, "events": [
        {"type": "stoppage", "at": "1 9:30"},
        {"type": "goal", "at": "1 9:30", "team": "home",
         "scorer": skaters(demo.service, game, "home")[0]}]}
    opened = Opened()
    record = demo.service.record

    def recording(*args: Any, **kwargs: Any) -> Any:
        opened.recording = True
        try:
            return record(*args, **kwargs)
        finally:
            opened.recording = False

    monkeypatch.setattr(demo.service, "record", recording)

    async def post_while_followed() -> Any:
        with broadcaster.subscribe(game) as page:  # a page follows the game
            event.listen(Session, "after_begin", opened.begun)
            try:
                response = await asyncio.to_thread(
                    client.post, f"/api/games/{game}/events", json=body,
                    headers={auth.CSRF_HEADER: token})
            finally:
                event.remove(Session, "after_begin", opened.begun)
            await broadcaster.delivered()
            return response, await page.next(0)

    response, offered = asyncio.run(post_while_followed())
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["version"] == version + 2
    assert offered == {game: version + 2}  # the page was told of the change
    # the write, then the live view read in one session (three before: the
    # game's row and its clocks and sign-off were read apart)
    assert opened.by_the_write == 2, f"the write and its live view opened {opened.by_the_write}"
    # with the login's check and the settings the events are decoded with
    assert opened.count == 4, f"a console POST opened {opened.count} store sessions"
    monkeypatch.undo()
    demo.service.cache.clear()  # the state sent is the one a fresh read of the store gives
    assert answer["state"] == json.loads(json.dumps(views.state_json(demo.service, game)))
