"""The public pages: phones in the stands and the league site (no login).

Live scores, a game's page, standings, the schedule, statistics leaders,
team rosters and the suspensions list. Each handler gathers its values in
:mod:`rinkside.web.pages` and renders one template; an unknown id is the
service's NotFound, answered with a 404 page (:mod:`rinkside.web.errors`).
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from rinkside.services import chain, queries, signed_reports
from rinkside.web import documented, pages
from rinkside.web.deps import Service, Templates

router = APIRouter(tags=["public"], default_response_class=HTMLResponse,
                   responses=documented.page(404))


@router.get("/")
def live_scores(request: Request, service: Service, templates: Templates) -> HTMLResponse:
    """Every game's score, by division, games in play first."""
    return templates.TemplateResponse(request, "index.html", {
        "title": "Live scores", "groups": pages.live_scores(service)})


@router.get("/games/{game_id:id}")
def game(game_id: int, request: Request, service: Service,
         templates: Templates) -> HTMLResponse:
    """A game: summary, goals, penalties and the box score."""
    page = pages.game_page(service, game_id)
    title = f"{page.game.home} vs {page.game.away}"
    # Its record checked as it is served (issue 29): a forged one is said so.
    return templates.TemplateResponse(request, "game.html", {
        "title": title, "page": page, "chain": chain.check_game(service, game_id),
        "signed": signed_reports.of_game(service, game_id)})


@router.get("/divisions/{division_id:id}/standings")
def standings(division_id: int, request: Request, service: Service,
              templates: Templates) -> HTMLResponse:
    division = queries.division(service, division_id)
    return templates.TemplateResponse(request, "standings.html", {
        "title": f"{division.name} standings", "division": division,
        "rows": service.standings(division_id), "teams": queries.team_names(service)})


@router.get("/divisions/{division_id:id}/stats")
def stats(division_id: int, request: Request, service: Service,
          templates: Templates) -> HTMLResponse:
    page = pages.stats_page(service, division_id)
    return templates.TemplateResponse(request, "stats.html", {
        "title": f"{page.division.name} leaders", "page": page,
        "teams": queries.team_names(service), "players": queries.player_labels(service)})


@router.get("/schedule")
def schedule(request: Request, service: Service, templates: Templates) -> HTMLResponse:
    return templates.TemplateResponse(request, "schedule.html", {
        "title": "Schedule", "days": pages.schedule(service)})


@router.get("/teams/{team_id:id}")
def team(team_id: int, request: Request, service: Service,
         templates: Templates) -> HTMLResponse:
    """A team's roster and its games."""
    page = queries.team(service, team_id)
    games = pages.score_rows(service, [g for g in queries.games(service)
                                       if team_id in (g.home_team_id, g.away_team_id)])
    return templates.TemplateResponse(request, "team.html", {
        "title": page.name, "team": page, "games": games})


@router.get("/suspensions")
def suspensions(request: Request, service: Service, templates: Templates) -> HTMLResponse:
    return templates.TemplateResponse(request, "suspensions.html", {
        "title": "Suspensions", "rows": pages.suspensions(service)})
