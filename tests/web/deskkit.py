"""Helpers of the desk's web tests: a director, a scorekeeper and a referee
logged in (module fixtures), and their writes with the session's CSRF token."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from webkit import Client, Demo, logged_in

from rinkside.web import auth


@pytest.fixture(scope="module")
def people(demo: Demo) -> None:
    auth.create_user(demo.service, "dora", "director-desk-1", "director")
    auth.create_user(demo.service, "skip", "scorer-desk-1", "scorekeeper")
    auth.create_user(demo.service, "rick", "referee-desk-1", "referee")


@pytest.fixture(scope="module")
def dora(app: FastAPI, people: None) -> Iterator[Client]:
    yield from logged_in(app, "dora", "director-desk-1")


@pytest.fixture(scope="module")
def skip(app: FastAPI, people: None) -> Iterator[Client]:
    yield from logged_in(app, "skip", "scorer-desk-1")


@pytest.fixture(scope="module")
def rick(app: FastAPI, people: None) -> Iterator[Client]:
    yield from logged_in(app, "rick", "referee-desk-1")


def post(who: Client, path: str, data: dict[str, Any]) -> Any:
    client, token = who
    return client.post(path, data={**data, "csrf_token": token}, follow_redirects=False)


def put(who: Client, path: str, body: Any) -> Any:
    client, token = who
    return client.put(path, json=body, headers={auth.CSRF_HEADER: token})


def new_tournament(dora: Client, name: str) -> int:
    response = post(dora, "/desk/tournaments", {"name": name, "starts_on": "2026-12-12"})
    assert response.status_code == 303
    return int(response.headers["location"].rsplit("/", 1)[1])
