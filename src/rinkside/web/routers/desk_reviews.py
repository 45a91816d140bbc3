"""The Event Directors' part of the desk's discipline page.

The cases reported to them (404(h) "pending review", 405(b)) resolved with
the decision; a suspension shortened or lengthened (410(a)); another
organisation's suspension recorded (410(d)). Each form answers on the
discipline page (:mod:`rinkside.web.routers.desk_discipline`), whose
``desk_reviews.html`` part holds these forms.
"""

from __future__ import annotations

from collections.abc import Callable

from fastapi import Form, Request
from fastapi.responses import HTMLResponse, Response

from rinkside.services import desk_discipline, desk_reviews
from rinkside.web.deps import Service, Templates
from rinkside.web.routers.desk import Director, desk_pages, respond
from rinkside.web.routers.desk_discipline import discipline_page_with

router = desk_pages()


def _on_discipline(request: Request, service: Service, templates: Templates, user: Director,
                   tournament_id: int, write: Callable[[], object], done: str) -> Response:
    """A review form's answer: back to the discipline page at ``done``, else the
    page again with the refusal."""
    return respond(write, f"/desk/tournaments/{tournament_id}/discipline", done,
                   lambda error: discipline_page_with(request, service, templates, user,
                                                      tournament_id, error=error))


@router.post("/desk/tournaments/{tournament_id:id}/review", response_class=HTMLResponse)
def review_form(tournament_id: int, request: Request, service: Service, templates: Templates,
                user: Director, player: int = Form(...), game: int = Form(...),
                rule: str = Form(""), decision: str = Form(""), extent: str = Form(""),
                reason: str = Form("")) -> Response:
    """Rule 404(h) / 405(b): the Event Directors' decision on a reported case."""
    return _on_discipline(
        request, service, templates, user, tournament_id,
        lambda: desk_reviews.resolve(service, player, game, rule,
                                     desk_discipline.length_chosen(decision, extent), reason,
                                     by=user.username), "review")


@router.post("/desk/tournaments/{tournament_id:id}/suspension-change",
             response_class=HTMLResponse)
def suspension_change_form(tournament_id: int, request: Request, service: Service,
                           templates: Templates, user: Director, player: int = Form(...),
                           games: str = Form(""), reason: str = Form("")) -> Response:
    """Rule 410(a): a suspension shortened or lengthened with a reason."""
    return _on_discipline(
        request, service, templates, user, tournament_id,
        lambda: desk_reviews.change(service, player, games, reason, by=user.username), "410(a)")


@router.post("/desk/tournaments/{tournament_id:id}/other-suspension",
             response_class=HTMLResponse)
def other_suspension_form(tournament_id: int, request: Request, service: Service,
                          templates: Templates, user: Director, player: int = Form(...),
                          organisation: str = Form(""), games: str = Form(""),
                          extent: str = Form(""), reason: str = Form("")) -> Response:
    """Rule 410(d): a suspension handed down by another organisation."""
    return _on_discipline(
        request, service, templates, user, tournament_id,
        lambda: desk_reviews.other_organisation(
            service, player, organisation, desk_discipline.length_chosen(games, extent),
            reason, by=user.username),
        "410(d)")
