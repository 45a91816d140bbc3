"""``make bench-scale`` measures every size the same way (issue 30): its
first writes begin games of a copy of the store, so the store its pages
read keeps no game begun by the benchmark (the old bench left each one in
play, one more a round and size, and the pages then showed them)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session, sessionmaker

from rinkside.services import users
from rinkside.services.tournaments import Tournaments
from rinkside.store import models
from rinkside.store.db import make_engine, migrate, session_factory
from rinkside.web import auth
from rinkside.web.app import create_app

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


@pytest.fixture(scope="module")
def bench_scale() -> ModuleType:
    sys.path.insert(0, str(BENCHMARKS))
    try:
        return importlib.import_module("bench_scale")
    finally:
        sys.path.remove(str(BENCHMARKS))


def _begun(sessions: sessionmaker[Session]) -> tuple[int | None, int | None]:
    """The games begun, and the versions of every game summed."""
    with sessions() as s:
        return (s.scalar(select(func.count()).where(models.Game.version > 0)),
                s.scalar(select(func.sum(models.Game.version))))


def test_the_first_writes_leave_the_pages_store_as_they_found_it(
        bench_scale: ModuleType, tmp_path: Path) -> None:
    store = tmp_path / "league.sqlite"
    engine = make_engine(f"sqlite:///{store}")
    migrate(engine)
    sessions = session_factory(engine)
    league = bench_scale.League(sessions, seed=7)
    league.grow(50)  # the first day's 48 games played
    app_service = Tournaments(sessions)
    users.create_user(app_service, "director", bench_scale.PASSWORD, "director")
    before, unplayed = _begun(sessions), list(league.unplayed)
    assert before[0] == 50
    with TestClient(create_app(app_service)) as client:
        client.get("/login")
        client.post("/login", data={"username": "director", "password": bench_scale.PASSWORD,
                                    "csrf_token": client.cookies.get(auth.CSRF_COOKIE) or ""},
                    follow_redirects=False)
        bare, commit = bench_scale.bare_sqlite(tmp_path)
        for _ in range(2):  # two sizes' worth: nothing piles up
            result = bench_scale.measure(league, app_service, client, bench_scale.bare_app(),
                                         commit, 2, store)
            assert _begun(sessions) == before and league.unplayed == unplayed
            assert result["medians_s"]["first write"] > 0
    # the copy's games were begun there: each measured write was a first write
    copy = session_factory(make_engine(f"sqlite:///{tmp_path / 'first-writes.sqlite'}"))
    assert _begun(copy)[0] == 50 + 3
    bare.close()
    engine.dispose()
