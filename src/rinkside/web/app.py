"""The web application: ``create_app`` wires the routers, the templates, the
static files and the one live broadcaster, and nothing else.

The service comes to the routers through :func:`rinkside.web.deps.get_service`
(tests may override it); the broadcaster listens to the service's
``on_change`` hook, so every page following a game hears of an event the
moment it is recorded. Everything the pages load is served from here (no
CDN, no external fonts or scripts): the rink may have no internet.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

from rinkside.services.open import open_tournaments
from rinkside.services.tournaments import Tournaments
from rinkside.web import errors
from rinkside.web.broadcaster import Broadcaster, Publish
from rinkside.web.routers import (
    console,
    console_api,
    console_catalog,
    desk,
    desk_discipline,
    desk_people,
    desk_schedule,
    desk_teams,
    desk_tournament,
    exports,
    live,
    login,
    public,
    reports,
    rinks,
    scoreboard,
    signoff,
)

HERE = Path(__file__).parent


def create_app(service: Tournaments | None = None, *,
               database_url: str | None = None) -> FastAPI:
    """The game-day app over ``service`` (else the store at ``database_url``,
    else RINKSIDE_DATABASE_URL, else ``rinkside.sqlite`` here)."""
    service = service if service is not None else open_tournaments(database_url)
    broadcaster = Broadcaster(service=service)
    service.on_change = _chain(service, broadcaster)

    app = FastAPI(title="rinkside", docs_url=None, redoc_url=None)
    app.state.service = service
    app.state.broadcaster = broadcaster
    app.state.templates = Jinja2Templates(directory=HERE / "templates")
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    app.include_router(public.router)
    app.include_router(scoreboard.router)
    app.include_router(live.router)
    app.include_router(login.router)
    app.include_router(console.router)
    app.include_router(console_api.router)
    app.include_router(console_catalog.router)
    app.include_router(signoff.router)
    app.include_router(rinks.router)
    app.include_router(reports.router)
    app.include_router(exports.router)
    app.include_router(desk.router)
    app.include_router(desk_tournament.router)
    app.include_router(desk_teams.router)
    app.include_router(desk_schedule.router)
    app.include_router(desk_people.router)
    app.include_router(desk_discipline.router)
    errors.install(app)
    return app


def _chain(service: Tournaments, broadcaster: Broadcaster) -> Publish:
    """The broadcaster, after whatever listened to the service before."""
    before = service.on_change
    if before is None:
        return broadcaster.publish

    def both(game_id: int, version: int) -> None:
        before(game_id, version)
        broadcaster.publish(game_id, version)

    return both
