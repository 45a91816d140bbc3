"""What others build on, on the desk: ``/desk/tournaments/{id}/api``.

Read tokens for the public API (``/api/v1``): issued with a label (the
token shown on this page once, only its hash kept) and revoked
(:mod:`rinkside.services.api_tokens`). The tournament's webhooks: a URL
registered with the events it is told of (the signing secret shown once),
removed; each one's latest deliveries with the receiver's answer, a
delivery sent again (:mod:`rinkside.services.desk_api`). Each change in
the desk's record; the director's alone.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, Response

from rinkside.services import api_tokens, desk_api, queries, webhooks
from rinkside.web import fields
from rinkside.web.deps import Service, Templates
from rinkside.web.routers.desk import PAGES, CheckedForms, Director, attempt, back, page

router = APIRouter(tags=["desk"], default_response_class=HTMLResponse, responses=PAGES,
                   dependencies=CheckedForms)


def _url(tournament_id: int) -> str:
    return f"/desk/tournaments/{tournament_id}/api"


def _page(request: Request, service: Service, templates: Templates, user: Director,
          tournament_id: int, *, error: str | None = None,
          shown: dict[str, Any] | None = None) -> Response:
    queries.known_tournament(service, tournament_id)
    base = str(request.base_url).rstrip("/")
    return page(request, templates, "desk_api.html", user, {
        "title": "Desk: API & webhooks", "tournament_id": tournament_id,
        "tokens": api_tokens.tokens(service), "events": webhooks.EVENTS,
        "event_words": webhooks.EVENT_WORDS, "base": base,
        "hooks": desk_api.webhooks(service, tournament_id), **(shown or {})},
        error=error)


@router.get("/desk/tournaments/{tournament_id:id}/api", response_class=HTMLResponse)
def api_page(tournament_id: int, request: Request, service: Service, templates: Templates,
             user: Director) -> Response:
    return _page(request, service, templates, user, tournament_id)


@router.post("/desk/tournaments/{tournament_id:id}/api-tokens", response_class=HTMLResponse)
def issue_token(tournament_id: int, request: Request, service: Service, templates: Templates,
                user: Director, label: Annotated[fields.Name, Form()] = "") -> Response:
    """A read token, shown on the page this once (never again)."""
    queries.known_tournament(service, tournament_id)
    token, error = attempt(lambda: api_tokens.issue(service, label, by=user.username,
                                                    tournament_id=tournament_id))
    return _page(request, service, templates, user, tournament_id, error=error,
                 shown=None if token is None else {"new_token": (label.strip(), token)})


@router.post("/desk/tournaments/{tournament_id:id}/api-tokens/{token_id:id}/revoke",
             response_class=HTMLResponse)
def revoke_token(tournament_id: int, token_id: int, request: Request, service: Service,
                 templates: Templates, user: Director) -> Response:
    queries.known_tournament(service, tournament_id)
    _, error = attempt(lambda: api_tokens.revoke(service, token_id, by=user.username,
                                                 tournament_id=tournament_id))
    if error is not None:
        return _page(request, service, templates, user, tournament_id, error=error)
    return back(_url(tournament_id), "revoked")


@router.post("/desk/tournaments/{tournament_id:id}/webhooks", response_class=HTMLResponse)
def register_webhook(tournament_id: int, request: Request, service: Service,
                     templates: Templates, user: Director,
                     url: Annotated[fields.Reason, Form()] = "",
                     events: Annotated[list[fields.Name] | None, Form()] = None) -> Response:
    """A webhook, its signing secret shown on the page this once."""
    made, error = attempt(lambda: desk_api.register(service, tournament_id, url,
                                                         events or [], by=user.username))
    return _page(request, service, templates, user, tournament_id, error=error,
                 shown=None if made is None else {"new_secret": (url.strip(), made[1])})


@router.post("/desk/webhooks/{webhook_id:id}/remove", response_class=HTMLResponse)
def remove_webhook(webhook_id: int, service: Service, user: Director) -> Response:
    return back(_url(desk_api.remove(service, webhook_id, by=user.username)), "removed")


@router.post("/desk/webhook-deliveries/{delivery_id:id}/resend", response_class=HTMLResponse)
def resend_delivery(delivery_id: int, request: Request, service: Service,
                    templates: Templates, user: Director) -> Response:
    """The delivery posted again as it was (its id and body), at once."""
    try:
        tournament_id = desk_api.resend(service, delivery_id, by=user.username)
    except ValueError as refused:
        tournament_id = desk_api.tournament_of_delivery(service, delivery_id)
        return _page(request, service, templates, user, tournament_id, error=str(refused))
    return back(_url(tournament_id), "resent")
