"""The live broadcaster and its streams: the state at once, then each change
the moment the service records it; bursts coalesce; a lost page is let go."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import uvicorn
from fastapi import FastAPI
from fastapi.testclient import TestClient
from webkit import Demo, game_in_play, record, skaters

from rinkside.rules.events import Goal
from rinkside.rules.times import GameTime
from rinkside.services.change import Change
from rinkside.services.open import open_tournaments
from rinkside.web import server
from rinkside.web.broadcaster import ALL_GAMES, Broadcaster
from rinkside.web.sse import RETRY_MS

Event = dict[str, Any]


def sse_events(lines: Iterator[str]) -> Iterator[Event]:
    """Server-sent events as dicts: field -> value (``comment`` for ``:`` lines)."""
    event: Event = {}
    for line in lines:
        if line == "":
            if event:
                yield event
            event = {}
            continue
        field, _, value = line.partition(":")
        event[field or "comment"] = value.removeprefix(" ")


def next_data(events: Iterator[Event], seconds: float = 5.0) -> Event:
    """The next event that carries a state (keep-alives are skipped); the
    streams send a keep-alive every 0.2 s here, so reading never blocks long."""
    deadline = time.monotonic() + seconds
    for event in events:
        if event.get("event") is None and "data" in event:
            return event
        if time.monotonic() > deadline:
            break
    raise AssertionError("no state arrived in time")


class TestBroadcaster:
    def test_a_burst_leaves_one_pending_update_with_the_newest_version(self) -> None:
        async def main() -> None:
            broadcaster = Broadcaster()
            with broadcaster.subscribe(7) as subscription:
                def burst() -> None:
                    for version in range(1, 101):
                        broadcaster.publish(Change(7, version))

                worker = threading.Thread(target=burst)
                worker.start()
                worker.join()
                await broadcaster.delivered()  # the loop has run the handed-over changes
                assert subscription.pending == 1
                assert await subscription.next(1.0) == {7: 100}
                assert subscription.pending == 0
                assert await subscription.next(0.01) == {}

        asyncio.run(main())

    def test_only_followers_of_the_game_hear_of_it(self) -> None:
        async def main() -> None:
            broadcaster = Broadcaster()
            with broadcaster.subscribe(7) as seven, broadcaster.subscribe(ALL_GAMES) as every:
                broadcaster.publish(Change(8, 3))
                broadcaster.publish(Change(7, 2))
                assert await seven.next(0.1) == {7: 2}
                assert await every.next(0.1) == {8: 3, 7: 2}
            assert broadcaster.subscribers(7) == 0 and broadcaster.subscribers(ALL_GAMES) == 0

        asyncio.run(main())

    def test_publishing_to_a_closed_loop_is_harmless(self) -> None:
        broadcaster = Broadcaster()
        loop = asyncio.new_event_loop()
        following = broadcaster.subscribe(7)

        async def enter() -> None:
            following.__enter__()

        loop.run_until_complete(enter())
        loop.close()  # the server stopped with the page still subscribed
        broadcaster.publish(Change(7, 1))  # nothing raised in the recording thread


class TestGameStream:
    def test_state_first_then_each_recorded_event(self, client: TestClient, app: FastAPI,
                                                  demo: Demo) -> None:
        game = game_in_play(demo)
        broadcaster: Broadcaster = app.state.broadcaster
        with client.stream("GET", f"/live/games/{game}") as response:
            assert response.status_code == 200
            assert response.headers["content-type"].startswith("text/event-stream")
            events = sse_events(response.iter_lines())
            first = next_data(events)
            assert first["retry"] == str(RETRY_MS)
            state = json.loads(first["data"])
            assert state["score"] == {"home": 0, "away": 0}
            assert first["id"] == str(state["version"])

            scorer = skaters(demo.service, game, "home")[0]
            version = record(demo.service, game, Goal(GameTime(1, 5400), "home", scorer))
            pushed = json.loads(next_data(events)["data"])
            assert pushed["version"] == version
            assert pushed["score"] == {"home": 1, "away": 0}
            assert pushed["goals"][0]["tags"] == ["PP"]

            keepalive = next(e for e in events if e.get("event") == "alive")
            assert keepalive["comment"] == "keep-alive"
            assert broadcaster.subscribers(game) == 1
        assert broadcaster.wait_subscribers(game, 0, timeout=5)  # the page hung up: let go

    def test_a_change_written_by_another_process_arrives_too(
            self, client: TestClient, demo: Demo) -> None:
        game = game_in_play(demo)
        elsewhere = open_tournaments(f"sqlite:///{demo.path}")  # no hook to this app
        with client.stream("GET", f"/live/games/{game}") as response:
            events = sse_events(response.iter_lines())
            assert json.loads(next_data(events)["data"])["score"]["home"] == 0
            scorer = skaters(elsewhere, game, "home")[0]
            record(elsewhere, game, Goal(GameTime(1, 5400), "home", scorer))
            assert json.loads(next_data(events)["data"])["score"]["home"] == 1

    def test_scores_stream_hears_every_game(self, client: TestClient, demo: Demo) -> None:
        game = game_in_play(demo)
        with client.stream("GET", "/live/scores") as response:
            events = sse_events(response.iter_lines())
            hello = next(events)
            assert hello["event"] == "alive" and hello["retry"] == str(RETRY_MS)
            scorer = skaters(demo.service, game, "home")[0]
            record(demo.service, game, Goal(GameTime(1, 5400), "home", scorer))
            pushed = json.loads(next_data(events)["data"])
            assert pushed["game_id"] == game and pushed["score"]["home"] == 1


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def test_over_a_real_server(app: FastAPI, demo: Demo) -> None:
    """Uvicorn, a real socket, an event recorded in another thread: the
    pushed state arrives well within a second; stopping the server ends the
    open stream at once instead of waiting for the page to hang up."""
    broadcaster: Broadcaster = app.state.broadcaster
    port = _free_port()
    uv = server.GameDayServer(uvicorn.Config(app, host="127.0.0.1", port=port,
                                             log_level="warning"), broadcaster)
    thread = threading.Thread(target=uv.run, daemon=True)
    thread.start()
    assert uv.ready.wait(10)  # listening
    game = game_in_play(demo)
    url = f"http://127.0.0.1:{port}/live/games/{game}"
    with httpx.stream("GET", url, timeout=5) as response:
        events = sse_events(response.iter_lines())
        assert json.loads(next_data(events)["data"])["score"]["home"] == 0
        scorer = skaters(demo.service, game, "home")[0]
        recorded = time.monotonic()
        record(demo.service, game, Goal(GameTime(1, 5400), "home", scorer))
        pushed = json.loads(next_data(events)["data"])
        assert pushed["score"]["home"] == 1
        assert time.monotonic() - recorded < 1.0

        stopping = time.monotonic()
        uv.should_exit = True
        thread.join(timeout=10)
        assert not thread.is_alive()
        assert time.monotonic() - stopping < 2.0
        # the stream has ended: reading the rest returns
        assert all(e.get("event") in (None, "alive") for e in events)


def test_serve_builds_uvicorn_on_localhost(demo: Demo) -> None:
    built = server.build_server(database_url=f"sqlite:///{demo.path}")
    assert built.config.host == "127.0.0.1" and built.config.port == 8000
    assert isinstance(built.config.app, FastAPI)
    assert built.broadcaster is built.config.app.state.broadcaster
    assert server.addresses("127.0.0.1", 8000) == ["http://127.0.0.1:8000/"]
    assert server.addresses(server.ALL_INTERFACES, 8000)[0] == "http://127.0.0.1:8000/"
