"""The desk's door: the tournaments, and a new one created."""

from __future__ import annotations

from fastapi import Form, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from rinkside.services import changes, queries
from rinkside.web import auth
from rinkside.web.deps import Service, Templates
from rinkside.web.routers.desk import Director, attempt, desk_pages, optional_date, page

router = desk_pages()


@router.get("/desk", response_class=HTMLResponse)
def desk_home(request: Request, service: Service, templates: Templates,
              who: auth.User) -> Response:
    """The desk's door: nobody logged in is sent to the login form first."""
    if who is None:
        return RedirectResponse("/login?next=%2Fdesk", status_code=303)
    if who.role != "director":
        raise HTTPException(403, f"{who.username} ({who.role}) may not do this.")
    user = who
    return page(request, templates, "desk_home.html", user, {
        "title": "Director's desk", "trees": queries.tournament_trees(service)})


@router.post("/desk/tournaments", response_class=HTMLResponse)
def desk_create(request: Request, service: Service, templates: Templates, user: Director,
                name: str = Form(""), starts_on: str = Form("")) -> Response:
    tid, error = attempt(lambda: changes.create_tournament(
        service, name, optional_date(starts_on), by=user.username))
    if error is not None or tid is None:
        return page(request, templates, "desk_home.html", user, {
            "title": "Director's desk", "trees": queries.tournament_trees(service)},
            error=error, status=422)
    return RedirectResponse(f"/desk/tournaments/{tid}", status_code=303)
