"""Discipline, forfeits and playoffs on the desk.

``/desk/tournaments/{id}/discipline``: the suspensions, those still owed at
the end (410(b)), supplementary discipline (410(a)), and a forfeit before
play (634(c)1-2) previewed (634(e)) and then confirmed.
``/desk/divisions/{id}/playoffs``: the seeds with their reasons, the
bracket, the coin toss when the chain reaches it, each ready game scheduled.
The cases reported to the Event Directors (404(h) "pending review", 405(b))
resolved with the decision; a suspension shortened or lengthened (410(a));
another organisation's suspension recorded (410(d)).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, HTTPException, Query, Request
from fastapi.responses import HTMLResponse, Response

from rinkside.services import desk_discipline as dd
from rinkside.services import desk_playoffs as dp
from rinkside.services import desk_reviews as dr
from rinkside.services import queries
from rinkside.services import rinks as rink_store
from rinkside.services.tournaments import NotFound
from rinkside.web.deps import FormId, Service, Templates
from rinkside.web.routers.desk import (
    PAGES,
    CheckedForms,
    Director,
    attempt,
    off_loop,
    page,
    respond,
)
from rinkside.web.routers.desk_schedule import local_moment

router = APIRouter(tags=["desk"], default_response_class=HTMLResponse, responses=PAGES,
                   dependencies=CheckedForms)

# The teams a bracket seeds: 2 or more (a bracket needs two); a bound keeps input sane.
BRACKET_MAX: int = 64


def _bracket_teams(text: str) -> int:
    """The teams of the bracket from a form; 422 saying why for anything else."""
    if not text.strip().isdigit() or not 2 <= int(text) <= BRACKET_MAX:
        raise HTTPException(422, f"teams: {text!r} is not a number of playoff teams "
                                 f"(2 to {BRACKET_MAX})")
    return int(text)


def _side(text: str) -> str:
    if text not in ("home", "away"):
        raise ValueError(f"the team forfeiting is home or away, not {text!r}")
    return text


def _discipline_page(request: Request, service: Service, templates: Templates,
                     user: Director, tournament_id: int, *, error: str | None = None,
                     preview: dd.ForfeitPreview | None = None, reason: str = "") -> Response:
    statuses = dd.suspensions(service, tournament_id)
    games = [g for g in queries.games(service) if g.tournament_id == tournament_id]
    players = [(p, t) for t in {g.home_team_id for g in games} | {g.away_team_id for g in games}
               for p in queries.team(service, t).players]
    return page(request, templates, "desk_discipline.html", user, {
        "title": "Desk: discipline and forfeits", "tournament_id": tournament_id,
        "statuses": statuses, "owed": dd.still_owed(statuses), "causes": dd.CAUSES,
        "extents": dd.EXTENTS, "unplayed": [g for g in games if g.version == 0],
        "games": games, "players": sorted(players, key=lambda pt: (pt[1], pt[0].number)),
        "team_names": queries.team_names(service), "preview": preview, "reason": reason,
        "divisions": queries.divisions(service, tournament_id),
        "pending": dr.pending(service, tournament_id)},
        error=error, status=422 if error else 200)


@router.get("/desk/tournaments/{tournament_id:id}/discipline", response_class=HTMLResponse)
def discipline_page(tournament_id: int, request: Request, service: Service,
                    templates: Templates, user: Director) -> Response:
    if tournament_id not in queries.tournament_ids(service):
        raise NotFound(f"There is no tournament {tournament_id}.")
    return _discipline_page(request, service, templates, user, tournament_id)


@router.post("/desk/tournaments/{tournament_id:id}/supplementary", response_class=HTMLResponse)
def supplementary_form(tournament_id: int, request: Request, service: Service,
                       templates: Templates, user: Director, player: FormId,
                       games: str = Form(""), reason: str = Form(""),
                       after_game: str = Form("")) -> Response:
    return respond(
        lambda: dd.add_supplementary(
            service, player, games, reason,
            after_game_id=int(after_game) if after_game.strip().isdigit() else None,
            by=user.username),
        f"/desk/tournaments/{tournament_id}/discipline", "410(a)",
        lambda error: _discipline_page(request, service, templates, user, tournament_id,
                                       error=error))


@router.post("/desk/tournaments/{tournament_id:id}/review", response_class=HTMLResponse)
def review_form(tournament_id: int, request: Request, service: Service, templates: Templates,
                user: Director, player: int = Form(...), game: int = Form(...),
                rule: str = Form(""), decision: str = Form(""),
                reason: str = Form("")) -> Response:
    """Rule 404(h) / 405(b): the Event Directors' decision on a reported case."""
    return respond(
        lambda: dr.resolve(service, player, game, rule, decision, reason, by=user.username),
        f"/desk/tournaments/{tournament_id}/discipline", "review",
        lambda error: _discipline_page(request, service, templates, user, tournament_id,
                                       error=error))


@router.post("/desk/tournaments/{tournament_id:id}/suspension-change",
             response_class=HTMLResponse)
def suspension_change_form(tournament_id: int, request: Request, service: Service,
                           templates: Templates, user: Director, player: int = Form(...),
                           games: str = Form(""), reason: str = Form("")) -> Response:
    """Rule 410(a): a suspension shortened or lengthened with a reason."""
    return respond(
        lambda: dr.change(service, player, games, reason, by=user.username),
        f"/desk/tournaments/{tournament_id}/discipline", "410(a)",
        lambda error: _discipline_page(request, service, templates, user, tournament_id,
                                       error=error))


@router.post("/desk/tournaments/{tournament_id:id}/other-suspension",
             response_class=HTMLResponse)
def other_suspension_form(tournament_id: int, request: Request, service: Service,
                          templates: Templates, user: Director, player: int = Form(...),
                          organisation: str = Form(""), games: str = Form(""),
                          reason: str = Form("")) -> Response:
    """Rule 410(d): a suspension handed down by another organisation."""
    return respond(
        lambda: dr.other_organisation(service, player, organisation, games, reason,
                                      by=user.username),
        f"/desk/tournaments/{tournament_id}/discipline", "410(d)",
        lambda error: _discipline_page(request, service, templates, user, tournament_id,
                                       error=error))


@router.post("/desk/tournaments/{tournament_id:id}/forfeit", response_class=HTMLResponse)
def forfeit_form(tournament_id: int, request: Request, service: Service, templates: Templates,
                 user: Director, game: FormId, team: str = Form(""),
                 cause: str = Form(""), reason: str = Form(""),
                 confirm: str = Form("")) -> Response:
    """Without ``confirm``: the preview (nothing recorded); with it, the forfeit."""
    if queries.game(service, game).tournament_id != tournament_id:
        raise NotFound(f"There is no game {game} in tournament {tournament_id}.")
    if confirm != "yes":
        preview, error = attempt(lambda: dd.forfeit_preview(
            service, game, "home" if _side(team) == "home" else "away", cause))
        return _discipline_page(request, service, templates, user, tournament_id,
                                error=error, preview=preview, reason=reason)
    return respond(
        lambda: dd.record_forfeit(
            service, game, "home" if _side(team) == "home" else "away", cause, reason,
            by=user.username),
        f"/desk/tournaments/{tournament_id}/discipline", "forfeit",
        lambda error: _discipline_page(request, service, templates, user, tournament_id,
                                       error=error))


# --------------------------------------------------------------------------- playoffs


def _playoffs_page(request: Request, service: Service, templates: Templates, user: Director,
                   division_id: int, teams: int, error: str | None = None) -> Response:
    division = queries.division(service, division_id)
    desk = dp.playoff_desk(service, division_id, teams)
    return page(request, templates, "desk_playoffs.html", user, {
        "title": f"Desk: playoffs, {division.name}", "division": division, "desk": desk,
        "tournament_id": division.tournament_id,
        "rinks": [r.name for r in rink_store.rinks(service, division.tournament_id)]},
        error=error, status=422 if error else 200)


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
        respond, lambda: dp.coin_toss(service, division_id, order, by=user.username),
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
    return respond(lambda: dp.schedule_game(service, division_id, teams, bracket_game,
                                        start=local_moment(start), rink=rink,
                                        by=user.username),
                   f"/desk/divisions/{division_id}/playoffs", f"scheduled&teams={teams}",
                   lambda error: _playoffs_page(request, service, templates, user,
                                                division_id, teams, error))
