"""The sync tests' league server and rink laptop, one set of fixtures for
every test here: the league server is the real server on a loopback port
over SQLite and over PostgreSQL (``league``), the laptop its own SQLite
store (``laptop``), and ``rink`` that laptop's service once it has pulled
the league's setup and its officials have signed in there. What the tests
do with them (pull, push, score, sign at the rink) is in ``test_sync_kit``.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "store"))
from storekit import postgres_schema_engine, postgres_url
from test_sync_kit import League, free_port, now, pull, two_teams

from rinkside.services import rinks, sync
from rinkside.services.open import open_tournaments
from rinkside.services.tournaments import Tournaments
from rinkside.web import auth
from rinkside.web.server import build_server


@pytest.fixture(name="league_store", params=["sqlite", "postgresql"])
def league_store_fixture(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The league server's store: SQLite, and PostgreSQL (a schema of its own)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'league.sqlite'}"
        return
    with postgres_schema_engine(postgres_url()) as engine, engine.connect():
        yield engine.url.render_as_string(hide_password=False)  # the schema made by connecting


@pytest.fixture(name="league")
def league_fixture(league_store: str) -> Iterator[League]:
    """The league server: a tournament with two rinks, three games at North
    and one at South, a scorekeeper and a referee of North's games with their
    credentials for North's laptop, North's token."""
    url = league_store
    service = open_tournaments(url)
    tournament, division, teams = two_teams(service, "League Cup")
    for name in ("North", "South"):
        rinks.add_rink(service, tournament, name, {})
    north = [service.add_game(division, *teams, rink="North") for _ in range(3)]
    south = service.add_game(division, *teams, rink="South")
    auth.create_user(service, "scorer", "scorer-password-1", "scorekeeper", north)
    auth.create_user(service, "ref", "ref-password-123", "referee", north)
    token = sync.issue_token(service, tournament, "North", now)
    credentials = {who: sync.issue_credential(service, tournament, "North", who, now)
                   for who in ("scorer", "ref")}
    service.close()  # the server opens the store again: this one's connections closed
    port = free_port()
    server = build_server("127.0.0.1", port, url, log_level="warning")
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    assert server.ready.wait(10)
    league_service = server.config.app.state.service  # type: ignore[attr-defined]
    try:
        yield League(league_service, url, f"http://127.0.0.1:{port}", tournament, north,
                     south, token, credentials)
    finally:
        server.should_exit = True
        thread.join(10)


@pytest.fixture(name="laptop")
def laptop_fixture(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'rink.sqlite'}"


@pytest.fixture(name="rink")
def rink_fixture(league: League, laptop: str) -> Tournaments:
    """The laptop after ``rinkside sync pull``, each official signed in there:
    its service."""
    pull(league, laptop)
    return open_tournaments(laptop)
