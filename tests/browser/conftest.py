"""Fixtures of the browser tests: Debian's chromium driven by Playwright, and
the app over the demo tournament (a tmp SQLite file) served by uvicorn in a
background thread on a free loopback port.

Without /usr/bin/chromium the tests are skipped, except under ``CI=true``,
where that is a failure (the browser tests must run there).
"""

from __future__ import annotations

import os
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from browserkit import PHONE_HEIGHT, PHONE_WIDTH, LiveServer, new_game
from demokit import copy_demo
from playwright.sync_api import Browser, Page

from rinkside.rules.events import FaceOff, Stoppage
from rinkside.rules.times import GameTime
from rinkside.web import auth
from rinkside.web.app import create_app
from rinkside.web.broadcaster import Broadcaster

CHROMIUM = Path("/usr/bin/chromium")
OUTPUT = Path(__file__).resolve().parents[2] / "test-output" / "browser"


@pytest.fixture(scope="session")
def browser_type_launch_args() -> dict[str, Any]:
    if not CHROMIUM.exists():
        reason = f"{CHROMIUM} is not installed (apt-get install chromium)"
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    return {"executable_path": str(CHROMIUM), "headless": True,
            "args": ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update",
                     "--disable-sync"]}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any],
                         live_server: LiveServer) -> dict[str, Any]:
    """A landscape tablet, the console's usual screen."""
    return {**browser_context_args, "base_url": live_server.url,
            "viewport": {"width": 1180, "height": 820}}


@pytest.fixture
def phone(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[Page]:
    """A page on a phone held upright (390x844, two device pixels a CSS
    pixel, mobile): what a parent, a manager or a director on the move sees."""
    context = browser.new_context(**{**browser_context_args,
                                     "viewport": {"width": PHONE_WIDTH, "height": PHONE_HEIGHT},
                                     "device_scale_factor": 2, "is_mobile": True})
    yield context.new_page()
    context.close()


@pytest.fixture(scope="session")
def output_dir() -> Path:
    OUTPUT.mkdir(parents=True, exist_ok=True)
    return OUTPUT


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class _Server(uvicorn.Server):
    """uvicorn's server, saying when its start-up is over (``started`` tells
    whether it listens): the fixture waits for that, not for a while."""

    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        self.listening = threading.Event()

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        try:
            await super().startup(sockets)
        finally:
            self.listening.set()


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    path = tmp_path_factory.mktemp("browser") / "demo.sqlite"
    service, tournament = copy_demo(path)
    app = create_app(service)
    broadcaster: Broadcaster = app.state.broadcaster
    broadcaster.keepalive = 1.0
    port = _free_port()
    server = _Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                    timeout_graceful_shutdown=1))
    thread = threading.Thread(target=server.run, name="uvicorn", daemon=True)
    thread.start()
    if not server.listening.wait(timeout=15) or not server.started:
        raise RuntimeError("the test server did not start")
    auth.create_user(service, "dana", "director-pass-1", "director")
    yield LiveServer(f"http://127.0.0.1:{port}", service, tournament)
    broadcaster.close()
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture
def stopped_game(live_server: LiveServer) -> int:
    """A fresh game stopped at 1 11:00 after its opening face-off, scored by
    its own scorekeeper ``scorer{game}`` (password ``scorer-pass-1``): the
    console's penalty forms start from here."""
    game_id = new_game(live_server)
    auth.create_user(live_server.service, f"scorer{game_id}", "scorer-pass-1", "scorekeeper",
                     games=[game_id])
    live_server.service.record(game_id, 0, [FaceOff(GameTime(1, 7200)),
                                            Stoppage(GameTime(1, 6600))], by="test")
    return game_id
