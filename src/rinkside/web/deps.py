"""The routers' dependencies: the service, the broadcaster, the templates,
and the check that a game exists before a page or a stream begins.

Tests replace any of them with ``app.dependency_overrides`` instead of
patching (``app.dependency_overrides[get_service] = lambda: other``).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from fastapi.templating import Jinja2Templates

from rinkside.services import queries
from rinkside.services.tournaments import Tournaments
from rinkside.web.broadcaster import Broadcaster


def get_service(request: Request) -> Tournaments:
    """The tournament service the app was created with."""
    service: Tournaments = request.app.state.service
    return service


def get_broadcaster(request: Request) -> Broadcaster:
    """The app's one live broadcaster."""
    broadcaster: Broadcaster = request.app.state.broadcaster
    return broadcaster


def get_templates(request: Request) -> Jinja2Templates:
    templates: Jinja2Templates = request.app.state.templates
    return templates


Service = Annotated[Tournaments, Depends(get_service)]
Broadcast = Annotated[Broadcaster, Depends(get_broadcaster)]
Templates = Annotated[Jinja2Templates, Depends(get_templates)]


def known_game(game_id: int, service: Service) -> int:
    """The game id, once the store has that game: a stream for an unknown
    game is refused with 404 before it starts (NotFound, see errors)."""
    queries.game(service, game_id)
    return game_id
