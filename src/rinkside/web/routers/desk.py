"""What the director's desk's pages share: the form check, the director's
door, a page with its refusal, a write's answer.

Every desk page and write is the director's alone (``auth.require``: 401 for
nobody logged in, 403 for any other role, and a write without the session's
CSRF token). The rules are the services' and the engine's: a form sends
what was typed, a refusal comes back with the rule that refused it, shown on
the same page with a 422, and nothing is recorded.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import date
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from rinkside.rules.errors import RuleViolation, SettingsError
from rinkside.tournament.errors import TournamentRuleError
from rinkside.tournament.roster_problems import RosterImportError
from rinkside.tournament.rosters import RosterError
from rinkside.web import auth, documented, fields
from rinkside.web.deps import Templates

# What the desk's pages and forms answer beside the page (a form: the page
# again with the refusal, 422, or back to its page, 303), and its API.
PAGES = documented.page(303, 400, 401, 403, 404, 413, 422)
API = documented.api(400, 401, 403, 404, 413, 422, refuses=True)


async def checked_form(request: Request, who: auth.User) -> None:
    """Every desk form's text checked once, as the console's API checks its
    own (:func:`rinkside.web.fields.check_form`: no lone surrogate, NUL or
    control character, a length that fits both stores), before any write.
    Nobody logged in is left to the route's own 401."""
    if who is None or request.method != "POST":
        return
    kind = request.headers.get("content-type", "")
    if kind.startswith(("application/x-www-form-urlencoded", "multipart/form-data")):
        fields.check_form((await request.form()).multi_items())


CheckedForms = [Depends(checked_form)]  # every desk router's


def desk_pages() -> APIRouter:
    """A desk page's router: HTML pages and their forms, each form's text
    checked (:func:`checked_form`), answering :data:`PAGES`."""
    return APIRouter(tags=["desk"], default_response_class=HTMLResponse, responses=PAGES,
                     dependencies=CheckedForms)


def desk_api() -> APIRouter:
    """A desk page's JSON twin under ``/api/desk/``: the same writes, the same
    check of their text, answering :data:`API`."""
    return APIRouter(tags=["desk"], responses=API, dependencies=CheckedForms)

Director = Annotated[auth.CurrentUser, Depends(auth.require("director"))]
# What a desk write may be refused with: each says what and why (the rule where one applies).
REFUSALS: tuple[type[Exception], ...] = (
    SettingsError, TournamentRuleError, RuleViolation, RosterError, RosterImportError,
    ValueError)
T = TypeVar("T")


def refusal_text(exc: Exception) -> str:
    """The sentence a refusal shows, with its rule where it has one."""
    rule = getattr(exc, "rule", None)
    text = str(exc)
    if rule and f"Rule {rule}" not in text and rule not in text:
        return f"Rule {rule}: {text}"
    return text


def page(request: Request, templates: Templates, template: str, user: auth.CurrentUser,
         context: Mapping[str, Any], *, error: str | None = None,
         status: int | None = None) -> HTMLResponse:
    """A desk page, with the session's CSRF token for its forms: 422 when it
    shows a refusal (``error``), else 200, unless ``status`` says otherwise."""
    if status is None:
        status = 422 if error else 200
    return templates.TemplateResponse(request, template, {
        **context, "user": user, "csrf_token": user.csrf, "error": error,
        "notice": request.query_params.get("done")}, status_code=status)


def attempt(write: Callable[[], T]) -> tuple[T | None, str | None]:
    """Run a desk write: its result, or the refusal's sentence (nothing recorded)."""
    try:
        return write(), None
    except REFUSALS as exc:
        return None, refusal_text(exc)


def api_attempt(write: Callable[[], T]) -> T | JSONResponse:
    """A desk write for the API: its result, or 422 with the rule and the sentence."""
    try:
        return write()
    except REFUSALS as exc:
        return JSONResponse(documented.RuleRefusal(
            rule=getattr(exc, "rule", None), detail=refusal_text(exc)).model_dump(),
            status_code=422)


def back(url: str, done: str) -> RedirectResponse:
    return RedirectResponse(f"{url}{'&' if '?' in url else '?'}done={done}", status_code=303)


def respond(write: Callable[[], object], url: str, done: str,
            refused: Callable[[str], Response]) -> Response:
    """A desk form's answer: back to ``url`` when the write is done, else the
    page again with the refusal (``refused(sentence)``), nothing recorded."""
    _, error = attempt(write)
    return refused(error) if error is not None else back(url, done)


async def off_loop(work: Callable[..., T], *args: Any) -> T:
    """``work(*args)`` in a worker thread. A route that awaits its form runs on
    the event loop: what it does with the store goes here, so that a slow
    write (the solver, a large file, a busy store) holds no other request
    back (a scorer's console, the live pages)."""
    return await run_in_threadpool(work, *args)


def optional_date(text: str) -> date | None:
    text = text.strip()
    if not text:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a date (YYYY-MM-DD)") from None
