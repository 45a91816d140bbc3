"""Errors as the visitor sees them: a page for a browser, JSON for the API.

An id the store does not know (the service's :class:`NotFound`, or a path
no route serves) is a 404 with a sentence saying what was not found; the
API and the live streams answer the same in JSON.
"""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exception_handlers import request_validation_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.templating import Jinja2Templates
from starlette.exceptions import HTTPException

from rinkside.services.tournaments import NotFound
from rinkside.tournament.errors import TournamentRuleError

_MACHINE_PREFIXES = ("/api/", "/live/")


def _answer(request: Request, status: int, title: str, message: str) -> Response:
    if request.url.path.startswith(_MACHINE_PREFIXES):
        return JSONResponse({"detail": message}, status_code=status)
    templates: Jinja2Templates = request.app.state.templates
    return templates.TemplateResponse(request, "error.html",
                                      {"title": title, "message": message},
                                      status_code=status)


async def not_found(request: Request, exc: Exception) -> Response:
    """The service found no such tournament, division, team or game."""
    return _answer(request, 404, "Not found", str(exc))


async def http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    if exc.status_code == 404:
        message = (exc.detail if exc.detail and exc.detail != "Not Found"
                   else f"There is no page at {request.url.path}.")
        return _answer(request, 404, "Not found", str(message))
    return _answer(request, exc.status_code, "Error", str(exc.detail))


async def refused(request: Request, exc: Exception) -> Response:
    """A step the rule book forbids (a signed game changed, 616(a); a removed
    team's game, 634(e)): 422 with the rule, for the API and for a page."""
    assert isinstance(exc, TournamentRuleError)
    if request.url.path.startswith(_MACHINE_PREFIXES):
        return JSONResponse({"rule": exc.rule, "detail": str(exc)}, status_code=422)
    return _answer(request, 422, "Refused", str(exc))


async def bad_path(request: Request, exc: Exception) -> Response:
    """``/games/abc`` is no page: 404 for a browser, the 422 details for the API."""
    assert isinstance(exc, RequestValidationError)
    if request.url.path.startswith(_MACHINE_PREFIXES):
        return await request_validation_exception_handler(request, exc)
    return _answer(request, 404, "Not found", f"There is no page at {request.url.path}.")


def install(app: FastAPI) -> None:
    app.add_exception_handler(NotFound, not_found)
    app.add_exception_handler(HTTPException, http_error)
    app.add_exception_handler(RequestValidationError, bad_path)
    app.add_exception_handler(TournamentRuleError, refused)
