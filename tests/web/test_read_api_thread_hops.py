"""Issue 30, a read of the public API (``/api/v1``): FastAPI runs a plain
``def`` dependency in its thread pool, a hop to another thread and back, so
the dependencies that only look a value up (the rate limiter, its clock)
are ``async``; a read goes to the pool for its reader's check (a token's
look-up in the store) and for the route alone, where it went twice more."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anyio.to_thread
import pytest
from fastapi.testclient import TestClient
from webkit import Demo

from rinkside.services import queries


def test_a_read_of_the_api_goes_to_the_thread_pool_twice(
    client: TestClient, demo: Demo, monkeypatch: pytest.MonkeyPatch
) -> None:
    ran: list[str] = []
    run_sync = anyio.to_thread.run_sync

    async def counted(func: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        ran.append(getattr(func, "func", func).__name__)  # run_in_threadpool's partial
        return await run_sync(func, *args, **kwargs)

    monkeypatch.setattr(anyio.to_thread, "run_sync", counted)
    response = client.get("/api/v1/tournaments")
    assert response.status_code == 200, response.text
    assert [t["id"] for t in response.json()] == queries.tournament_ids(demo.service)
    # the reader's check, then the route and its answer's validation
    # (FastAPI's wrappers of a plain ``def`` route): no look-up among them
    assert ran[0] == "reader" and len(ran) == 3, ran
    assert not {"get_limiter", "get_rate_clock", "get_service"} & set(ran)
