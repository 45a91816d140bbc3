"""Issue 30: a game-day server, once it serves, lets a waiting thread have
the interpreter within half a millisecond (a console write's thread, while
the loop writes a state to thousands of pages), not Python's 5 ms."""

from __future__ import annotations

import socket
import sys
import threading

import uvicorn
from fastapi import FastAPI

from rinkside.web import server


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def test_a_serving_game_day_server_switches_threads_within_half_a_millisecond(
        app: FastAPI) -> None:
    before = sys.getswitchinterval()
    sys.setswitchinterval(0.005)  # Python's default
    uv = server.GameDayServer(uvicorn.Config(app, host="127.0.0.1", port=_free_port(),
                                             log_level="warning"), app.state.broadcaster)
    assert sys.getswitchinterval() == 0.005  # built, not serving: the process untouched
    thread = threading.Thread(target=uv.run, daemon=True)
    thread.start()
    try:
        assert uv.ready.wait(10)
        assert sys.getswitchinterval() == server.SWITCH_INTERVAL == 0.0005
    finally:
        uv.should_exit = True
        thread.join(10)
        sys.setswitchinterval(before)
