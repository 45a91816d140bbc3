"""Issue 25, a change carries its state: a console POST opens at most two
store sessions, the login's check and the write's own. The events are
decoded in the write's session (with the settings of the game it loads),
and the write reads there, before its commit, what the live view shows
beside the state (names, clocks, sign-off, colours): the change carries
both, and the broadcaster builds the live view in the recording thread
with no session of its own (four sessions before: the settings read
before the decoding and the live view's read after the commit besides)."""

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


@pytest.fixture
def game(demo: Demo) -> int:
    """A game in play of its own, scored by a user of its own."""
    game_id = game_in_play(demo)
    auth.create_user(demo.service, f"sessions-{game_id}", "counts-them-1", "scorekeeper",
                     games=[game_id])
    return game_id


@pytest.fixture
def scorekeeper(app: FastAPI, game: int) -> Iterator[Client]:
    yield from logged_in(app, f"sessions-{game}", "counts-them-1")


class Opened:
    """Every store session begun in this process while counting: a session
    that touches the store begins a transaction on its connection
    (SQLAlchemy's ``after_begin``), whoever opens it: the login's check, the
    write, the broadcaster in the recording thread or anything else."""

    def __init__(self) -> None:
        self.count = 0

    def begun(self, *_: Any) -> None:
        self.count += 1

    def __enter__(self) -> Opened:
        event.listen(Session, "after_begin", self.begun)
        return self

    def __exit__(self, *_: object) -> None:
        event.remove(Session, "after_begin", self.begun)


def test_a_console_post_and_its_live_view_open_at_most_two_store_sessions(
        app: FastAPI, demo: Demo, game: int, scorekeeper: Client) -> None:
    """A real POST through the app, a page following the game: the sessions
    are counted from the request until the page has been told of the change
    (the broadcaster's work in the recording thread included), with nothing
    of the code under test replaced."""
    client, token = scorekeeper
    broadcaster: Broadcaster = app.state.broadcaster
    version = demo.service.game_state(game)[0]
    body = {"version": version, "events": [
        {"type": "goal", "at": "1 9:30", "team": "home",
         "scorer": skaters(demo.service, game, "home")[0]},
        {"type": "faceoff", "at": "1 9:30"}]}

    async def post_while_followed() -> tuple[Any, Any, int]:
        with broadcaster.subscribe(game) as page, Opened() as opened:  # a page follows the game
            response = await asyncio.to_thread(
                client.post, f"/api/games/{game}/events", json=body,
                headers={auth.CSRF_HEADER: token})
            await broadcaster.delivered()
            offered = await page.next(0)
            return response, offered, opened.count

    response, offered, count = asyncio.run(post_while_followed())
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["version"] == version + 2
    assert offered == {game: version + 2}  # the page was told of the change
    # the login's check and the write (its live view read in its own session,
    # before the commit), and nothing else
    assert count <= 2, f"a console POST and its live view opened {count} store sessions"
    demo.service.cache.clear()  # the state sent is the one a fresh read of the store gives
    assert answer["state"] == json.loads(json.dumps(views.state_json(demo.service, game)))


def test_a_console_post_no_page_follows_opens_at_most_two_store_sessions(
        app: FastAPI, demo: Demo, game: int, scorekeeper: Client) -> None:
    """No page follows the game: the answer's state is built from what the
    change carries all the same, with no session of its own."""
    client, token = scorekeeper
    version = demo.service.game_state(game)[0]
    body = {"version": version, "events": [{"type": "stoppage", "at": "1 9:40"}]}
    with Opened() as opened:
        response = client.post(f"/api/games/{game}/events", json=body,
                               headers={auth.CSRF_HEADER: token})
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["version"] == version + 1
    assert opened.count <= 2, f"a console POST opened {opened.count} store sessions"
    demo.service.cache.clear()
    assert answer["state"] == json.loads(json.dumps(views.state_json(demo.service, game)))


def test_a_malformed_event_is_still_named_by_its_index_and_field(
        app: FastAPI, demo: Demo, game: int, scorekeeper: Client) -> None:
    """Decoded in the write's session now, a malformed event is answered as
    before: 422 with its index and field, nothing written."""
    client, token = scorekeeper
    version = demo.service.game_state(game)[0]
    body = {"version": version, "events": [{"type": "stoppage", "at": "1 8:50"},
                                           {"type": "stoppage"}]}
    response = client.post(f"/api/games/{game}/events", json=body,
                           headers={auth.CSRF_HEADER: token})
    assert response.status_code == 422, response.text
    assert (response.json()["index"], response.json()["field"]) == (1, "at")
    assert demo.service.game_state(game)[0] == version
