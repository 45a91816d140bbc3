"""The hash chains of a tournament's games on the desk (issue 29).

``/desk/tournaments/{id}/chain``: a button that checks every game's chain
(:mod:`rinkside.services.desk_chain`) and the games whose record was changed
behind rinkside's back, each with the entry where its chain breaks. The
check runs when the director presses it (a POST, off the event loop), never
on the page's load. The director's alone.
"""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import HTMLResponse, Response

from rinkside.services import desk_chain, queries
from rinkside.web.deps import Service, Templates
from rinkside.web.routers.desk import Director, desk_pages, off_loop, page

router = desk_pages()


def _known(service: Service, tournament_id: int) -> None:
    queries.known_tournament(service, tournament_id)


@router.get("/desk/tournaments/{tournament_id:id}/chain", response_class=HTMLResponse)
def chain_page(tournament_id: int, request: Request, service: Service, templates: Templates,
               user: Director) -> Response:
    """The page and its button; nothing checked yet."""
    _known(service, tournament_id)
    return page(request, templates, "desk_chain.html", user, {
        "title": "Desk: game records", "tournament_id": tournament_id, "report": None})


@router.post("/desk/tournaments/{tournament_id:id}/chain", response_class=HTMLResponse)
async def chain_check(tournament_id: int, request: Request, service: Service,
                      templates: Templates, user: Director) -> Response:
    """Every game's chain checked now; the broken ones listed (nothing written)."""
    await off_loop(_known, service, tournament_id)
    report = await off_loop(desk_chain.check_tournament, service, tournament_id)
    return page(request, templates, "desk_chain.html", user, {
        "title": "Desk: game records", "tournament_id": tournament_id, "report": report})
