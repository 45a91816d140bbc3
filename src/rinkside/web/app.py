"""The web application: ``create_app`` wires the routers, the templates, the
static files and the one live broadcaster, and nothing else.

The service comes to the routers through :func:`rinkside.web.deps.get_service`
(tests may override it); the broadcaster listens to the service's
``on_change`` hook, so every page following a game hears of an event the
moment it is recorded. Everything the pages load is served from here (no
CDN, no external fonts or scripts): the rink may have no internet.

At the edge: the security headers on every answer
(:mod:`rinkside.web.headers`: a Content-Security-Policy with no inline
script); a request body over :data:`rinkside.web.limits.MAX_BODY_BYTES`
is a 413; every JSON answer and every page is UTF-8 whatever stored text
holds (a lone surrogate is shown as U+FFFD, :func:`rinkside.formats.text.readable`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from markupsafe import Markup

from rinkside.formats.text import readable
from rinkside.present.counts import counted
from rinkside.present.minutes import penalty_minutes
from rinkside.present.roles import role_words
from rinkside.services.change import Change
from rinkside.services.open import open_tournaments
from rinkside.services.tournaments import Tournaments
from rinkside.web import auth, errors
from rinkside.web.broadcaster import Broadcaster, Publish
from rinkside.web.cors import ApiCors
from rinkside.web.headers import SecurityHeaders
from rinkside.web.limits import BodyLimit
from rinkside.web.live_send import StreamSend, outside_everything
from rinkside.web.rate_limits import Allowance, RateLimiter
from rinkside.web.routers import DESK_PAGES, ROUTERS

HERE = Path(__file__).parent


def create_app(service: Tournaments | None = None, *,
               database_url: str | None = None) -> FastAPI:
    """The game-day app over ``service`` (else the store at ``database_url``,
    else RINKSIDE_DATABASE_URL, else ``rinkside.sqlite`` here)."""
    service = service if service is not None else open_tournaments(database_url)
    broadcaster = Broadcaster(service=service)
    service.on_change = _chain(service, broadcaster)

    app = FastAPI(title="rinkside", docs_url=None, redoc_url=None,
                  default_response_class=errors.ReadableJSON)
    app.add_middleware(BodyLimit)
    app.add_middleware(ApiCors)  # /api/v1 read from other origins (GET only)
    app.add_middleware(SecurityHeaders)  # on every answer, a 413 too
    app.add_middleware(StreamSend)  # outermost: a live stream's bodies skip the layers
    outside_everything(app)  # Starlette's own outermost layer too (web/live_send.py)
    app.state.service = service
    auth.configure(app, service)  # the cookies' secret (a weak one refused), lifetimes
    app.state.broadcaster = broadcaster
    app.state.api_limiter = RateLimiter(Allowance.from_environ())  # /api/v1, per reader
    templates = Jinja2Templates(directory=HERE / "templates")
    templates.env.finalize = _shown
    templates.env.globals["desk_pages"] = DESK_PAGES  # the desk's navigation (desk_base.html)
    templates.env.globals["page_user"] = auth.page_user  # the header of a public page
    templates.env.filters["penalty_minutes"] = penalty_minutes  # 1:30, never 1.5
    templates.env.filters["role_words"] = role_words  # official scorer, never official_scorer
    templates.env.filters["counted"] = counted  # 1 game, 2 games, never 1 game(s)
    app.state.templates = templates
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    for router in ROUTERS:
        app.include_router(router)
    errors.install(app)
    return app


def _shown(value: Any) -> Any:
    """Every ``{{ value }}`` of a page: stored text made safe to send (markup
    stays markup: only a character UTF-8 cannot carry is replaced)."""
    if not isinstance(value, str):
        return value
    shown = readable(value)
    return Markup(shown) if isinstance(value, Markup) and shown is not value else shown


def _chain(service: Tournaments, broadcaster: Broadcaster) -> Publish:
    """The broadcaster, after whatever listened to the service before."""
    before = service.on_change
    if before is None:
        return broadcaster.publish

    def both(change: Change) -> None:
        before(change)
        broadcaster.publish(change)

    return both
