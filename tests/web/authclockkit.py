"""A clock the tests move, and the app over the demo reading it (sessions and
login throttling take their time from ``auth.get_clock``, never the system)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from fastapi import FastAPI
from webkit import Demo

from rinkside.web import auth
from rinkside.web.app import create_app


class Clock:
    """Now, as the test says: it moves only when told."""

    def __init__(self) -> None:
        self.now = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


def clocked_app(demo: Demo, clock: Clock) -> FastAPI:
    """The app over the demo, its sessions and throttling on ``clock``."""
    app = create_app(demo.service)
    app.dependency_overrides[auth.get_clock] = lambda: clock
    return app
