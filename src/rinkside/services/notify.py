"""Changed games told across the server processes of one PostgreSQL store.

:func:`relay` gives a service's store a :class:`~rinkside.store.notify.GameListener`
(every process on the database hears each change) and the sender for its
``on_change`` hook (:meth:`Relay.send`). SQLite has no such thing: a SQLite
store is served by one process (:func:`shared_by_processes` is False).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from sqlalchemy import Engine

from rinkside.services.base import ServiceBase
from rinkside.store.notify import GameListener, Heard, Notifier

__all__ = ["Heard", "Relay", "backend", "shared_by_processes"]

log = logging.getLogger("rinkside.notify")


def _engine(service: ServiceBase) -> Engine:
    bind = service.bind
    assert isinstance(bind, Engine)
    return bind


def shared_by_processes(service: ServiceBase) -> bool:
    """Whether several server processes may serve this store (PostgreSQL)."""
    return _engine(service).dialect.name == "postgresql"


def backend(service: ServiceBase) -> str:
    """The store's database, as a person names it (``sqlite``, ``postgresql``)."""
    return _engine(service).dialect.name


class Relay:
    """The store's listener and the sender of its notifications."""

    def __init__(self, service: ServiceBase, on_game: Callable[[Heard], None],
                 on_listening: Callable[[bool], None], *, first_delay: float = 0.1,
                 longest_delay: float = 5.0) -> None:
        self.engine = _engine(service)
        self.notifier = Notifier(self.engine)
        self.listener = GameListener(self.engine, on_game, on_listening,
                                     first_delay=first_delay, longest_delay=longest_delay)

    def send(self, game_id: int, version: int, state: str | None = None, *,
             refresh: bool = False) -> None:
        """Tell every process (this one too) that the game is at ``version``
        (``refresh``: its state changed at that version), with its ``state``
        then (JSON text) if given. The write is committed
        already: when the store cannot be reached now, the others catch up
        when their own connection comes back or their pages next look at the
        store."""
        try:
            self.notifier.notify(game_id, version, state, refresh=refresh)
        except Exception as exc:  # the server's errors: the write stays recorded
            log.warning("rinkside: game %s version %s not notified: %s", game_id, version, exc)

    def start(self) -> Relay:
        self.listener.start()
        return self

    def stop(self) -> None:
        self.listener.stop()
        self.notifier.close()
