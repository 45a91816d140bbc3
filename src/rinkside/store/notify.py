"""PostgreSQL ``LISTEN/NOTIFY``: how the server processes on one database tell
one another that a game's log changed.

A write's process sends ``NOTIFY`` with the game's id and its new version
(:class:`Notifier`, after the write committed), and the state its pages are
sent at that version when it fits in a notification (PostgreSQL takes fewer
than 8,000 bytes): a process that hears it sends it to its own pages as it
is, without reading the store or building it again. Every process keeps one
dedicated connection listening (:class:`GameListener`, a thread) and hands
each notification on. The channel is named for the connection's schema
(``rinkside_games_<schema>``), so that stores kept side by side in one
database (the tests' schemas) never hear one another.

A listening connection that is lost (the server restarted, the backend
terminated, the network cut) is opened again with a growing delay
(``first_delay`` doubling up to ``longest_delay``); each time it listens
again, ``on_listening(True)`` is called *after* ``LISTEN``, so that the
caller's catch-up read of the store cannot miss a change: a write committed
before ``LISTEN`` is in that read, one after it is notified.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

import psycopg
from psycopg import sql
from sqlalchemy import Engine
from sqlalchemy.engine import URL

__all__ = ["CHANNEL_PREFIX", "PAYLOAD_LIMIT", "GameListener", "Heard", "Notifier", "message",
           "parse"]

CHANNEL_PREFIX: Final = "rinkside_games_"
PAYLOAD_LIMIT: Final = 7999  # bytes of a notification's payload (PostgreSQL: under 8000)
POLL: Final = 0.5  # seconds between two looks at the stop flag while listening
log = logging.getLogger("rinkside.notify")


def _conninfo(url: URL) -> str:
    """The libpq URI of a SQLAlchemy ``postgresql+psycopg`` URL (its query,
    such as ``options=-csearch_path=...``, kept)."""
    return url.set(drivername="postgresql").render_as_string(hide_password=False)


class Notifier:
    """Sends the notifications of one process, on a connection of its own in
    autocommit (one round trip per change; opened again when it was lost)."""

    def __init__(self, engine: Engine) -> None:
        self._conninfo = _conninfo(engine.url)
        self._lock = threading.Lock()
        self._connection: psycopg.Connection[Any] | None = None

    def notify(self, game_id: int, version: int, state: str | None = None, *,
               refresh: bool = False) -> None:
        """Tell the listening processes that ``game_id`` is at ``version``
        (a write already committed; ``refresh``: its state changed at the same
        version), with the game's ``state`` then (its JSON text) when it fits;
        raises psycopg's error when the server cannot be reached even on a
        new connection."""
        payload = message(game_id, version, state, refresh=refresh)
        with self._lock:
            for attempt in (1, 2):
                try:
                    if self._connection is None or self._connection.closed:
                        self._connection = psycopg.connect(
                            self._conninfo, autocommit=True,
                            application_name=f"rinkside-notifier-{os.getpid()}")
                    self._connection.execute(
                        "SELECT pg_notify(%s || current_schema(), %s)", (CHANNEL_PREFIX, payload))
                    return
                except psycopg.OperationalError:
                    self.close_locked()
                    if attempt == 2:
                        raise

    def close_locked(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def close(self) -> None:
        with self._lock:
            self.close_locked()


REFRESH: Final = "r"  # a notification's mark: the state changed at the same version


@dataclass(frozen=True, slots=True)
class Heard:
    """One notification: the game, its version, its state's JSON text when
    it was sent, and whether the state changed at the same version (a
    refresh: the running clock set, a sign-off, Rules 507(a), 616(a))."""

    game_id: int
    version: int
    state: str | None = None
    refresh: bool = False


def message(game_id: int, version: int, state: str | None = None, *,
            refresh: bool = False) -> str:
    """A notification's payload: ``"game_id:version"`` (``"r:"`` before it
    for a refresh), then ``":"`` and the state's text when there is one and
    the whole fits in :data:`PAYLOAD_LIMIT` bytes."""
    head = f"{REFRESH}:{game_id}:{version}" if refresh else f"{game_id}:{version}"
    if state is None or len(head) + 1 + len(state.encode()) > PAYLOAD_LIMIT:
        return head
    return f"{head}:{state}"


def parse(payload: str) -> Heard | None:
    """A notification's payload read back (:func:`message`); None for
    anything else (nothing of ours)."""
    refresh = payload.startswith(REFRESH + ":")
    parts = payload[len(REFRESH) + 1 if refresh else 0:].split(":", 2)
    try:
        return Heard(int(parts[0]), int(parts[1]), parts[2] if len(parts) > 2 else None,
                     refresh)
    except (ValueError, IndexError):
        return None


class GameListener:
    """One thread and one dedicated connection listening for changed games.

    ``on_game(heard)`` is called, in the listener's thread, for each
    notification (:class:`Heard`) in the order the writes committed;
    ``on_listening(again)`` each time the connection listens (``again``:
    after a lost connection, when the caller must catch up on what it did not hear)."""

    def __init__(self, engine: Engine, on_game: Callable[[Heard], None],
                 on_listening: Callable[[bool], None], *, first_delay: float = 0.1,
                 longest_delay: float = 5.0) -> None:
        self._conninfo = _conninfo(engine.url)
        self.on_game = on_game
        self.on_listening = on_listening
        self.first_delay = first_delay
        self.longest_delay = longest_delay
        self.name = f"rinkside-listener-{os.getpid()}"  # its application_name
        self.connections = 0  # how many times it has listened
        self.listening = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)

    def start(self) -> GameListener:
        self._thread.start()
        return self

    def stop(self, timeout: float = 5.0) -> None:
        self._stop.set()
        self._thread.join(timeout)

    def _run(self) -> None:
        delay = self.first_delay
        while not self._stop.is_set():
            before = self.connections
            try:
                self._listen()
            except psycopg.Error as exc:
                log.warning("rinkside: the listening connection failed (%s)",
                            str(exc).strip() or type(exc).__name__)
            self.listening.clear()
            # a connection that listened starts the delays afresh; a failed attempt doubles it
            delay = self.first_delay if self.connections > before else min(
                delay * 2, self.longest_delay)
            if self._stop.wait(delay):
                return

    def _listen(self) -> None:
        with psycopg.connect(self._conninfo, autocommit=True, application_name=self.name,
                             keepalives=1, keepalives_idle=10, keepalives_interval=5,
                             keepalives_count=3) as connection:
            row = connection.execute("SELECT current_schema()").fetchone()
            channel = CHANNEL_PREFIX + str(row[0] if row else "public")
            connection.execute(sql.SQL("LISTEN {}").format(sql.Identifier(channel)))
            again = self.connections > 0
            self.connections += 1
            self._call(self.on_listening, again)
            log.info("rinkside: listening for changed games (connection %d)", self.connections)
            self.listening.set()
            while not self._stop.is_set():
                for notice in connection.notifies(timeout=POLL):
                    heard = parse(notice.payload)
                    if heard is not None:
                        self._call(self.on_game, heard)

    @staticmethod
    def _call(callback: Callable[..., None], *args: object) -> None:
        try:
            callback(*args)
        except Exception:  # a failing page must not stop the listening
            log.exception("rinkside: handing on a changed game failed")
