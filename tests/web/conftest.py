"""Fixtures of the web tests: the demo tournament in a SQLite file (a copy of
the one built once, see ``demokit``, for each module) and the app over it
(helpers in ``webkit``)."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from demokit import copy_demo
from fastapi import FastAPI
from fastapi.testclient import TestClient
from webkit import Demo

from rinkside.web.app import create_app
from rinkside.web.broadcaster import Broadcaster


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Demo:
    path = tmp_path_factory.mktemp("web") / "demo.sqlite"
    service, tournament_id = copy_demo(path)
    return Demo(service, tournament_id, path)


@pytest.fixture(scope="module")
def app(demo: Demo) -> FastAPI:
    app = create_app(demo.service)
    broadcaster: Broadcaster = app.state.broadcaster
    broadcaster.keepalive = 0.2  # streams never stay silent long: reads return quickly
    return app


@pytest.fixture(scope="module")
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as client:
        yield client


@pytest.fixture
def new_york(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The server's local zone five hours behind UTC (in December), for this test alone."""
    monkeypatch.setenv("TZ", "America/New_York")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()
