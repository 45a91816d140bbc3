"""The record of every desk change (who, when, before and after, the reason),
all of it or one tournament's: a page and the API."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Query, Request
from fastapi.responses import HTMLResponse, Response

from rinkside.services import changes, queries
from rinkside.web.deps import MAX_ID, Service, Templates
from rinkside.web.routers.desk import Director, desk_api, desk_pages, page

router = desk_pages()
api_router = desk_api()

# A tournament id as the paths take it (a larger number is a 422, not a store error).
TournamentQuery = Annotated[int | None, Query(ge=1, le=MAX_ID)]


@router.get("/desk/changes", response_class=HTMLResponse)
def desk_changes(request: Request, service: Service, templates: Templates, user: Director,
                 tournament: TournamentQuery = None) -> Response:
    if tournament is not None:
        queries.known_tournament(service, tournament)
    return page(request, templates, "desk_changes.html", user, {
        "title": "Desk changes", "changes": changes.changes(service, tournament),
        "tournament_id": tournament})


@api_router.get("/api/desk/changes")
def desk_changes_api(service: Service, user: Director,
                     tournament: TournamentQuery = None) -> list[dict[str, Any]]:
    return [{"id": c.id, "tournament_id": c.tournament_id, "subject": c.subject,
             "action": c.action, "before": c.before, "after": c.after, "reason": c.reason,
             "by": c.by, "at": c.at.isoformat()} for c in changes.changes(service, tournament)]
