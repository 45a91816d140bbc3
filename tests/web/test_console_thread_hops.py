"""Issue 30, a console write near a bare POST: FastAPI runs a plain ``def``
dependency in its thread pool, a hop to another thread and back, so the
dependencies that only look a value up (the service, the broadcaster, the
sessions' settings and clock) are ``async``; a console write goes to the
pool for the login's read and for the route alone, where it went six times."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import anyio.to_thread
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from webkit import Demo, game_in_play, logged_in, skaters

from rinkside.web import auth


@pytest.fixture
def game_id(demo: Demo) -> int:
    game_id = game_in_play(demo)
    auth.create_user(demo.service, "hops", "scores-4-hops", "scorekeeper", games=[game_id])
    return game_id


@pytest.fixture
def scorer(app: FastAPI, game_id: int) -> Iterator[tuple[TestClient, str]]:
    yield from logged_in(app, "hops", "scores-4-hops")


def test_a_console_write_goes_to_the_thread_pool_twice(
    demo: Demo, game_id: int, scorer: tuple[TestClient, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    client, token = scorer
    ran: list[str] = []
    run_sync = anyio.to_thread.run_sync

    async def counted(func: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        ran.append(getattr(func, "func", func).__name__)  # run_in_threadpool's partial
        return await run_sync(func, *args, **kwargs)

    monkeypatch.setattr(anyio.to_thread, "run_sync", counted)
    version = demo.service.game_state(game_id)[0]
    event = {
        "type": "goal",
        "at": "1 9:00",
        "team": "home",
        "scorer": skaters(demo.service, game_id, "home")[0],
    }
    response = client.post(
        f"/api/games/{game_id}/events",
        json={"version": version, "events": [event]},
        headers={auth.CSRF_HEADER: token},
    )
    assert response.status_code == 200, response.text
    assert response.json()["version"] == version + 1
    # the login's read, then the route (FastAPI's wrapper of a plain ``def``)
    assert len(ran) == 2 and ran[0] == "current_user", ran
