"""The routers' dependencies: the service, the broadcaster, the templates,
and the check that a game exists before a page or a stream begins; and the
``id`` path convertor every stored id in a path is read with
(``/games/{game_id:id}``): ASCII digits only, at most :data:`MAX_ID`, so
that ``/games/²`` or ``/games/99999999999999999999`` is no page (404)
instead of an id the store cannot look up.

Tests replace any of them with ``app.dependency_overrides`` instead of
patching (``app.dependency_overrides[get_service] = lambda: other``). The
ones that only look a value up are ``async``: FastAPI runs a plain ``def``
dependency in its thread pool, a hop to another thread and back on every
request (issue 30).
"""

from __future__ import annotations

import re
from typing import Annotated, Final

from fastapi import Depends, Form, Query, Request
from fastapi.templating import Jinja2Templates
from starlette.convertors import Convertor, register_url_convertor

from rinkside.services import queries
from rinkside.services.tournaments import Tournaments
from rinkside.web.broadcaster import Broadcaster

# Nine digits: under 2**31, the largest id a store column holds (PostgreSQL's integer).
MAX_ID: Final = 999_999_999


class IdConvertor(Convertor[int]):
    """A stored id in a path: 1 to 9 ASCII digits (``re``'s ``\\d`` would take ``٣``)."""

    regex = "[0-9]{1,9}"

    def convert(self, value: str) -> int:
        return int(value)

    def to_string(self, value: int) -> str:
        return str(value)


register_url_convertor("id", IdConvertor())
assert re.fullmatch(IdConvertor.regex, str(MAX_ID)) and MAX_ID < 2**31


async def get_service(request: Request) -> Tournaments:
    """The tournament service the app was created with."""
    service: Tournaments = request.app.state.service
    return service


async def get_broadcaster(request: Request) -> Broadcaster:
    """The app's one live broadcaster."""
    broadcaster: Broadcaster = request.app.state.broadcaster
    return broadcaster


async def get_templates(request: Request) -> Jinja2Templates:
    templates: Jinja2Templates = request.app.state.templates
    return templates


# An id or a number in a query or a form: at most MAX_ID, so that no value
# reaches the store that its integer columns cannot hold (a 422, not a 500).
QueryId = Annotated[int, Query(ge=1, le=MAX_ID)]
QueryNumber = Annotated[int, Query(ge=0, le=MAX_ID)]
FormId = Annotated[int, Form(ge=1, le=MAX_ID)]

Service = Annotated[Tournaments, Depends(get_service)]
Broadcast = Annotated[Broadcaster, Depends(get_broadcaster)]
Templates = Annotated[Jinja2Templates, Depends(get_templates)]


def known_game(game_id: int, service: Service) -> int:
    """The game id, once the store has that game: a stream for an unknown
    game is refused with 404 before it starts (NotFound, see errors)."""
    queries.known(service, game_id)
    return game_id
