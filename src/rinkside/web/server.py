"""Running the game-day server: ``rinkside serve`` calls :func:`serve`.

Uvicorn on localhost by default; the CLI's ``--lan`` binds 0.0.0.0 so the
tablets and the scoreboard screen at the rink connect over the local
network, with no internet needed.
"""

from __future__ import annotations

import gc
import os
import socket
import threading

import uvicorn

from rinkside.web.app import create_app
from rinkside.web.broadcaster import Broadcaster

LOCALHOST = "127.0.0.1"
ALL_INTERFACES = "0.0.0.0"  # --lan: the rink's own network
GRACE = 3  # seconds open pages (live streams never end) get when the server stops


def lan_address() -> str | None:
    """This computer's address on the local network, best effort (no packet
    is sent: connecting a UDP socket only picks the outgoing interface)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 1))
            address: str = probe.getsockname()[0]
        except OSError:
            return None
    return None if address.startswith("127.") else address


def addresses(host: str, port: int) -> list[str]:
    """Where browsers reach the server."""
    if host != ALL_INTERFACES:
        return [f"http://{host}:{port}/"]
    lan = lan_address()
    return [f"http://{LOCALHOST}:{port}/"] + ([f"http://{lan}:{port}/"] if lan else [])


class GameDayServer(uvicorn.Server):
    """Uvicorn that ends the live streams first when it stops: a page with
    an open stream never hangs up, and would otherwise hold the shutdown
    until the grace time runs out and its task is cancelled."""

    def __init__(self, config: uvicorn.Config, broadcaster: Broadcaster) -> None:
        super().__init__(config)
        self.broadcaster = broadcaster
        self.ready = threading.Event()  # set once it listens (``started``), for who waits on it

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if self.started:
            self.ready.set()

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self.broadcaster.close()
        await super().shutdown(sockets)


def build_server(host: str = LOCALHOST, port: int = 8000,
                 database_url: str | None = None) -> GameDayServer:
    """The server :func:`serve` runs, over the store at ``database_url``."""
    app = create_app(database_url=database_url)
    # What is alive now (the app, the engine's tables, the templates) lives as
    # long as the server: out of the collector's sight, so that a full
    # collection under thousands of live pages stays short.
    gc.collect()
    gc.freeze()
    config = uvicorn.Config(app, host=host, port=port, timeout_graceful_shutdown=GRACE)
    return GameDayServer(config, app.state.broadcaster)


def serve(host: str = LOCALHOST, port: int = 8000, database_url: str | None = None,
          reload: bool = False) -> None:
    """Serve the store at ``database_url`` (the default store when None) on
    ``host:port`` until interrupted. ``reload`` restarts on code changes
    (development; the store is then named by RINKSIDE_DATABASE_URL)."""
    for url in addresses(host, port):
        print(f"rinkside: {url}  (scoreboard: {url}scoreboard/<game id>)", flush=True)
    if reload:
        if database_url is not None:
            os.environ["RINKSIDE_DATABASE_URL"] = database_url
        uvicorn.run("rinkside.web.app:create_app", factory=True, host=host, port=port,
                    reload=True, timeout_graceful_shutdown=GRACE)
        return
    build_server(host, port, database_url).run()
