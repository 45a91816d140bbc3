"""A division's playoffs on the desk.

``/desk/divisions/{id}/playoffs``: the seeds with their reasons (the
standings and their tiebreaks, casebook 23-25), the bracket, the coin toss
when the chain reaches it, each ready game scheduled (Rule 639 deciding it).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Form, HTTPException, Query, Request
from fastapi.responses import HTMLResponse, Response

from rinkside.services import desk_playoffs, queries, rinks
from rinkside.web.deps import Service, Templates
from rinkside.web.routers.desk import Director, desk_pages, off_loop, page, respond
from rinkside.web.routers.desk_schedule import local_moment

router = desk_pages()

# The teams a bracket seeds: 2 or more (a bracket needs two); a bound keeps input sane.
BRACKET_MAX: int = 64


def _bracket_teams(text: str) -> int:
    """The teams of the bracket from a form; 422 saying why for anything else."""
    if not text.strip().isdigit() or not 2 <= int(text) <= BRACKET_MAX:
        raise HTTPException(422, f"teams: {text!r} is not a number of playoff teams "
                                 f"(2 to {BRACKET_MAX})")
    return int(text)


def _playoffs_page(request: Request, service: Service, templates: Templates, user: Director,
                   division_id: int, teams: int, error: str | None = None) -> Response:
    division = queries.division(service, division_id)
    desk = desk_playoffs.playoff_desk(service, division_id, teams)
    return page(request, templates, "desk_playoffs.html", user, {
        "title": f"Desk: playoffs, {division.name}", "division": division, "desk": desk,
        "tournament_id": division.tournament_id,
        "rinks": [r.name for r in rinks.rinks(service, division.tournament_id)]},
        error=error)


@router.get("/desk/divisions/{division_id:id}/playoffs", response_class=HTMLResponse)
def playoffs_page(division_id: int, request: Request, service: Service, templates: Templates,
                  user: Director,
                  teams: Annotated[int, Query(ge=2, le=BRACKET_MAX)] = 4) -> Response:
    return _playoffs_page(request, service, templates, user, division_id, teams)


@router.post("/desk/divisions/{division_id:id}/coin-toss", response_class=HTMLResponse)
async def coin_toss_form(division_id: int, request: Request, service: Service,
                         templates: Templates, user: Director) -> Response:
    form = await request.form()
    teams = _bracket_teams(str(form.get("teams", "4")))
    order = [int(str(v)) for v in form.getlist("place") if str(v).isdigit()]
    return await off_loop(
        respond, lambda: desk_playoffs.coin_toss(service, division_id, order, teams=teams,
                                               by=user.username),
                   f"/desk/divisions/{division_id}/playoffs", f"coin-toss&teams={teams}",
                   lambda error: _playoffs_page(request, service, templates, user,
                                                division_id, teams, error))


@router.post("/desk/divisions/{division_id:id}/playoffs/{bracket_game:id}",
             response_class=HTMLResponse)
def playoff_game_form(division_id: int, bracket_game: int, request: Request,
                      service: Service, templates: Templates, user: Director,
                      teams: Annotated[int, Form(ge=2, le=BRACKET_MAX)] = 4,
                      start: str = Form(""),
                      rink: str = Form("")) -> Response:
    return respond(lambda: desk_playoffs.schedule_game(service, division_id, teams,
                                                       bracket_game, start=local_moment(start),
                                                       rink=rink, by=user.username),
                   f"/desk/divisions/{division_id}/playoffs", f"scheduled&teams={teams}",
                   lambda error: _playoffs_page(request, service, templates, user,
                                                division_id, teams, error))
