"""The desk's Mail page: ``/desk/tournaments/{id}/mail`` (issue 28).

Whether mail is configured (the SMTP settings of the environment,
:func:`rinkside.services.mail.status`: when it is not, nothing is queued or
sent and the page says so), and the tournament's outbox: each message's
recipients, subject, state, attempts and last error; a message not sent
(given up after its retries, or waiting) sent again at once
(:mod:`rinkside.services.desk_mail`), in the desk's record. The director's alone.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from rinkside.services import desk_mail, mail, queries
from rinkside.web.deps import Service, Templates
from rinkside.web.routers.desk import PAGES, CheckedForms, Director, back, page

router = APIRouter(tags=["desk"], default_response_class=HTMLResponse, responses=PAGES,
                   dependencies=CheckedForms)


def _url(tournament_id: int) -> str:
    return f"/desk/tournaments/{tournament_id}/mail"


def _page(request: Request, service: Service, templates: Templates, user: Director,
          tournament_id: int, *, error: str | None = None) -> Response:
    queries.known_tournament(service, tournament_id)
    return page(request, templates, "desk_mail.html", user, {
        "title": "Desk: mail", "tournament_id": tournament_id, "status": mail.status(),
        "kinds": mail.KIND_WORDS, "messages": desk_mail.outbox(service, tournament_id)},
        error=error)


@router.get("/desk/tournaments/{tournament_id:id}/mail", response_class=HTMLResponse)
def mail_page(tournament_id: int, request: Request, service: Service, templates: Templates,
              user: Director) -> Response:
    return _page(request, service, templates, user, tournament_id)


@router.post("/desk/mail/{message_id:id}/resend", response_class=HTMLResponse)
def resend_message(message_id: int, request: Request, service: Service,
                   templates: Templates, user: Director) -> Response:
    """A message not sent, sent again at once as it was; one sent is refused (422)."""
    try:
        tournament_id = desk_mail.resend(service, message_id, by=user.username)
    except ValueError as refused:
        tournament_id = desk_mail.tournament_of_message(service, message_id)
        return _page(request, service, templates, user, tournament_id, error=str(refused))
    return back(_url(tournament_id), "resent")
