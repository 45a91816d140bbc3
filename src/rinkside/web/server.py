"""The game-day server of one process (:func:`build_server`); ``rinkside
serve`` runs it, or several of them, through :func:`rinkside.web.launch.serve`.

Uvicorn on localhost by default; the CLI's ``--lan`` binds 0.0.0.0 so the
tablets and the scoreboard screen at the rink connect over the local
network, with no internet needed.

On PostgreSQL each server process relays its changes to the others
(:func:`relay_changes`: ``NOTIFY`` after each write, a listening connection
per process whose notifications go to the broadcaster), so that a write on
any process reaches the pages of every process at once; ``--workers N``
runs N of them on one port (:mod:`rinkside.web.workers`). On a rink
laptop's store, pulled from a league server, a loop pushes the games' new
events while it serves (:func:`push_to_league`). Webhooks and mail are
delivered by a loop of their own (:func:`deliver_webhooks`), off the writes.
"""

from __future__ import annotations

import socket
import sys
import threading
import time
from typing import Any

import uvicorn
from fastapi import FastAPI

from rinkside.services import mail, sync_local, webhooks
from rinkside.services.change import Change
from rinkside.services.notify import Heard, Relay, shared_by_processes
from rinkside.services.sync_client import PushLoop
from rinkside.services.tournaments import Tournaments
from rinkside.web.app import create_app
from rinkside.web.broadcaster import Broadcaster
from rinkside.web.server_collector import FullPasses, settle

LOCALHOST = "127.0.0.1"
ALL_INTERFACES = "0.0.0.0"  # --lan: the rink's own network
GRACE = 3  # seconds open pages (live streams never end) get when the server stops
# seconds a thread holds the interpreter while another waits for it (Python's
# default 0.005): a console write's thread takes it back after each statement
# while the loop writes a state to 10,000 pages, and waited up to 5 ms each
# time (a write's commit 0.3 s, issue 30); only a waiting thread ever asks
SWITCH_INTERVAL = 0.0005


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

    def __init__(self, config: uvicorn.Config, broadcaster: Broadcaster,
                 relay: Relay | None = None, pushing: PushLoop | None = None,
                 collector: FullPasses | None = None,
                 deliveries: webhooks.DeliveryLoop | None = None,
                 switch_interval: float = SWITCH_INTERVAL,
                 service: Tournaments | None = None) -> None:
        super().__init__(config)
        self.service = service  # the service it opened: closed when it stops
        self.switch_interval = switch_interval  # set for the process once it serves
        self.broadcaster = broadcaster
        self.relay = relay
        self.pushing = pushing
        self.deliveries = deliveries
        self.collector = collector  # its full passes (web/server_collector.py)
        if collector is not None:  # live pages frozen out of them as they connect
            broadcaster.on_subscribe = collector.page_opened
        self.ready = threading.Event()  # set once it listens (``started``), for who waits on it

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if self.started:
            sys.setswitchinterval(self.switch_interval)
            if self.collector is not None:
                self.collector.start()
            if self.deliveries is not None:
                self.deliveries.start()  # once it serves: a server built, never run, sends nothing
            self.ready.set()

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self.broadcaster.close()
        for part in (self.relay, self.pushing, self.collector, self.deliveries):
            if part is not None:
                part.stop()
        await super().shutdown(sockets)
        if self.service is not None:  # its pooled connections, closed with it
            self.service.close()


def relay_changes(app: FastAPI, first_delay: float = 0.1) -> Relay | None:
    """On PostgreSQL: every change this process writes is notified to every
    process on the store (then published to its own pages), and every change
    notified reaches this process's pages (caught up from the store each
    time the listening connection comes back, reconnecting from
    ``first_delay`` seconds, doubling); a state refreshed at the same version
    (:meth:`Broadcaster.refresh`: the clock set, a sign-off) reaches them
    too. None on SQLite (one process)."""
    service = app.state.service
    broadcaster: Broadcaster = app.state.broadcaster
    if not shared_by_processes(service):
        return None

    def heard(notice: Heard) -> None:
        if notice.refresh:
            broadcaster.heard_refresh(service, notice.game_id, notice.version, notice.state)
        else:
            broadcaster.heard(notice.game_id, notice.version, notice.state)

    relay = Relay(service, heard, lambda _again: broadcaster.catch_up(service),
                  first_delay=first_delay)
    broadcaster.on_refresh = lambda game_id, frame: relay.send(
        game_id, frame.version, frame.text, refresh=True)
    local = service.on_change

    def on_change(change: Change) -> None:
        # The state is built once, here, from the one the change carries: the
        # other processes are sent it with the notification (when it fits),
        # then this one's pages.
        broadcaster.expect(change.game_id, change.version)
        frame = broadcaster.built(service, change)
        if frame is None:
            relay.send(change.game_id, change.version)
        else:
            relay.send(change.game_id, frame.version, frame.text)
        if local is not None:
            local(change)

    service.on_change = on_change
    return relay.start()


def push_to_league(app: FastAPI) -> PushLoop | None:
    """On a rink laptop's store (pulled from a league server): a loop that
    pushes the games' new events while the server runs, retrying while the
    league cannot be reached (time from the monotonic clock)."""
    if sync_local.link(app.state.service) is None:
        return None
    return PushLoop(app.state.service, time.monotonic).start()


def deliver_webhooks(app: FastAPI) -> webhooks.DeliveryLoop:
    """The webhooks' delivery loop (:mod:`rinkside.services.webhooks`), which
    the server starts once it listens: a thread of its own, woken by each
    change this process commits (its event may wait in the outbox), else once
    a second for the retries due. On PostgreSQL with several workers each
    runs one; a delivery is leased to one of them at a time. The mail's
    outbox (:mod:`rinkside.services.mail`) is sent by the same loop when
    mail is configured. A server without the key that reads the webhooks'
    secrets says so as it starts (on stderr): their deliveries wait for it."""
    service = app.state.service
    problem = webhooks.key_problem(service)
    if problem is not None:
        print(f"rinkside: warning: {problem}", file=sys.stderr, flush=True)
    sending = mail.deliverer(service, webhooks.wall_clock)
    loop = webhooks.DeliveryLoop(service, more=() if sending is None else (sending,))
    local = service.on_change

    def on_change(change: Change) -> None:
        if local is not None:
            local(change)
        loop.wake()

    service.on_change = on_change
    return loop


def build_server(host: str = LOCALHOST, port: int = 8000,
                 database_url: str | None = None, **config: Any) -> GameDayServer:
    """The server :func:`serve` runs, over the store at ``database_url``
    (``config``: more of uvicorn's settings)."""
    app = create_app(database_url=database_url)
    relay = relay_changes(app)
    # What is alive now (the app, the engine's tables, the templates) lives as
    # long as the server: frozen out of the collector's sight, and full passes
    # at set times rather than in the middle of a broadcast.
    settle()
    settings = uvicorn.Config(app, host=host, port=port, timeout_graceful_shutdown=GRACE,
                              **config)
    return GameDayServer(settings, app.state.broadcaster, relay, push_to_league(app),
                         FullPasses(), deliver_webhooks(app), service=app.state.service)
