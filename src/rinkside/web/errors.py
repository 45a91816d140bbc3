"""Errors as the visitor sees them: a page for a browser, JSON for the API.

An id the store does not know (the service's :class:`NotFound`, or a path
no route serves) is a 404 with a sentence saying what was not found; the
API and the live streams answer the same in JSON.

A request the API cannot read is a 422 listing each field (``loc``) and
why (``msg``), without echoing what was sent: a ``NaN`` or a lone surrogate
sent is no JSON to send back. Every JSON answer goes out as UTF-8 even when
stored text holds what UTF-8 cannot carry (:class:`ReadableJSON`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.templating import Jinja2Templates
from starlette.exceptions import HTTPException

from rinkside.formats.text import readable
from rinkside.services.tournaments import NotFound
from rinkside.tournament.errors import TournamentRuleError
from rinkside.web.documented import InvalidField, InvalidRequest, Problem, RuleRefusal

_MACHINE_PREFIXES = ("/api/", "/live/")


class ReadableJSON(JSONResponse):
    """JSON as UTF-8, whatever the text in it: a lone surrogate stored before
    the edges checked text is sent as U+FFFD instead of failing the answer."""

    def render(self, content: Any) -> bytes:
        text = json.dumps(content, ensure_ascii=False, allow_nan=False,
                          separators=(",", ":"))
        try:
            return text.encode("utf-8")
        except UnicodeEncodeError:
            return readable(text).encode("utf-8")


def _problems(exc: RequestValidationError) -> list[InvalidField]:
    """Each validation error's place and reason (not the input: it may be
    no JSON at all, a NaN or a lone surrogate)."""
    return [InvalidField(loc=[p if isinstance(p, int) else readable(str(p))
                              for p in e.get("loc", ())],
                         msg=readable(str(e.get("msg", ""))), type=str(e.get("type", "")))
            for e in exc.errors()]


def _answer(request: Request, status: int, title: str, message: str,
            headers: Mapping[str, str] | None = None) -> Response:
    """``headers``: the error's own (``Retry-After`` of a 429, ``WWW-Authenticate``)."""
    if request.url.path.startswith(_MACHINE_PREFIXES):
        return ReadableJSON(Problem(detail=message).model_dump(), status_code=status,
                            headers=headers)
    templates: Jinja2Templates = request.app.state.templates
    return templates.TemplateResponse(request, "error.html",
                                      {"title": title, "message": message},
                                      status_code=status, headers=headers)


async def not_found(request: Request, exc: Exception) -> Response:
    """The service found no such tournament, division, team or game."""
    return _answer(request, 404, "Not found", str(exc))


async def http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    if exc.status_code == 404:
        message = (exc.detail if exc.detail and exc.detail != "Not Found"
                   else f"There is no page at {request.url.path}.")
        return _answer(request, 404, "Not found", str(message))
    return _answer(request, exc.status_code, "Error", str(exc.detail), exc.headers)


async def refused(request: Request, exc: Exception) -> Response:
    """A step the rule book forbids (a signed game changed, 616(a); a removed
    team's game, 634(e)): 422 with the rule, for the API and for a page."""
    assert isinstance(exc, TournamentRuleError)
    if request.url.path.startswith(_MACHINE_PREFIXES):
        return ReadableJSON(RuleRefusal(rule=exc.rule, detail=str(exc)).model_dump(),
                            status_code=422)
    return _answer(request, 422, "Refused", str(exc))


async def bad_request(request: Request, exc: Exception) -> Response:
    """What the API cannot read is a 422 naming each field and why; a page
    whose path or form cannot be read is no page (404)."""
    assert isinstance(exc, RequestValidationError)
    problems = _problems(exc)
    if request.url.path.startswith(_MACHINE_PREFIXES):
        return ReadableJSON(InvalidRequest(detail=problems).model_dump(), status_code=422)
    if request.method in ("GET", "HEAD"):
        return _answer(request, 404, "Not found", f"There is no page at {request.url.path}.")
    said = "; ".join(f"{'.'.join(map(str, p.loc[1:])) or 'form'}: {p.msg}"
                     for p in problems)
    return _answer(request, 422, "Refused", said)


def install(app: FastAPI) -> None:
    app.add_exception_handler(NotFound, not_found)
    app.add_exception_handler(HTTPException, http_error)
    app.add_exception_handler(RequestValidationError, bad_request)
    app.add_exception_handler(TournamentRuleError, refused)
