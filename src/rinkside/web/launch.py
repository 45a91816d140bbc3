"""Running the game-day server: ``rinkside serve`` calls :func:`serve`, which
runs one process (:mod:`rinkside.web.server`) or several on one port
(:mod:`rinkside.web.workers`, each of which builds its own server). Here, so
that neither of those two imports the other back.
"""

from __future__ import annotations

import os

import uvicorn

from rinkside.web import server
from rinkside.web.server import LOCALHOST
from rinkside.web.workers import check_store, serve_workers


def serve(host: str = LOCALHOST, port: int = 8000, database_url: str | None = None,
          reload: bool = False, workers: int = 1) -> None:
    """Serve the store at ``database_url`` (the default store when None) on
    ``host:port`` until interrupted, in ``workers`` processes (PostgreSQL
    only when more than one). ``reload`` restarts on code changes
    (development; the store is then named by RINKSIDE_DATABASE_URL)."""
    if workers > 1:
        check_store(database_url, workers)  # before anything is printed: refused at once
    for url in server.addresses(host, port):
        print(f"rinkside: {url}  (scoreboard: {url}scoreboard/<game id>)", flush=True)
    if workers > 1:
        if not serve_workers(host, port, database_url, workers):
            raise SystemExit(1)  # the workers died too often: a service manager may retry
        return
    if reload:
        if database_url is not None:
            os.environ["RINKSIDE_DATABASE_URL"] = database_url
        uvicorn.run("rinkside.web.app:create_app", factory=True, host=host, port=port,
                    reload=True, timeout_graceful_shutdown=server.GRACE)
        return
    server.build_server(host, port, database_url).run()
