"""Worker targets for :func:`rinkside.web.workers.serve_workers` in tests:
module-level functions (each is started in a new interpreter), importing
nothing of rinkside so that a start costs little."""

from __future__ import annotations

import os
import socket

DIED: int = 3  # the exit code of a worker that dies at once


def die_at_once(_sock: socket.socket, _host: str, _port: int, _url: str | None) -> None:
    os._exit(DIED)
