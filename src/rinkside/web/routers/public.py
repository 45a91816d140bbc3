"""The public pages: phones in the stands and the league site (no login).

The tournaments (the picker), a tournament's page with its live scores, a
game's page, standings, the schedule (filtered as its address says),
statistics leaders, a division's playoff bracket, team rosters, a player's
career and the suspensions list. Each handler gathers its values in
:mod:`rinkside.web.pages` and renders one template; an unknown id is the
service's NotFound, answered with a 404 page (:mod:`rinkside.web.errors`).
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from rinkside.services import careers, chain, queries, signed_reports
from rinkside.tournament.stats import CREDIT_RULE
from rinkside.web import documented, pages
from rinkside.web.deps import Service, Templates

router = APIRouter(tags=["public"], default_response_class=HTMLResponse,
                   responses=documented.page(404))


@router.get("/")
def tournaments(request: Request, service: Service, templates: Templates) -> HTMLResponse:
    """Every tournament, current first, with its dates and rinks: the picker."""
    return templates.TemplateResponse(request, "index.html", {
        "title": "Tournaments",
        "cards": queries.tournament_cards(service, pages.today(service))})


@router.get("/tournaments/{tournament_id:id}")
def tournament(tournament_id: int, request: Request, service: Service,
               templates: Templates) -> HTMLResponse:
    """A tournament: its divisions, the games in play and the day's games, live."""
    page = pages.tournament_page(service, tournament_id)
    return templates.TemplateResponse(request, "tournament.html", {
        "title": page.card.name, "page": page})


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
    view = service.division_view(division_id)  # one read: the table and who was removed
    return templates.TemplateResponse(request, "standings.html", {
        "title": f"{division.name} standings", "division": division,
        "rows": service.standings(division_id, view),
        "teams": queries.team_names(service, division_id),
        "removed": sorted(view.removed.values(), key=lambda r: r.team_id),
        "last_seeded": service.last_seeded(division_id, view)})


@router.get("/divisions/{division_id:id}/stats")
def stats(division_id: int, request: Request, service: Service,
          templates: Templates) -> HTMLResponse:
    page = pages.stats_page(service, division_id)
    return templates.TemplateResponse(request, "stats.html", {
        "title": f"{page.division.name} leaders", "page": page,
        "teams": page.team_names, "players": page.players, "credit_rule": CREDIT_RULE})


@router.get("/divisions/{division_id:id}/playoffs")
def playoffs(division_id: int, request: Request, service: Service,
             templates: Templates) -> HTMLResponse:
    """The division's bracket, rounds as columns, winners marked, each place
    its team or what it waits for ("Winner of SF1"), live."""
    page = pages.bracket_page(service, division_id)
    return templates.TemplateResponse(request, "playoffs.html", {
        "title": f"{page.view.division.name} playoffs · {page.view.division.tournament}",
        "page": page})


@router.get("/schedule", responses=documented.page(422))
def schedule(request: Request, service: Service, templates: Templates,
             tournament: str | None = None, division: str | None = None,
             team: str | None = None, rink: str | None = None,
             day: str | None = None) -> HTMLResponse:
    """The schedule of one day (today's unless the address names another;
    a team's every day), filtered by tournament, division, team and rink as
    the address says (a parent's bookmark keeps the choice)."""
    page = pages.schedule(service, pages.ScheduleFilter.from_address(tournament, division,
                                                                     team, rink, day))
    title = f"Schedule: {page.heading}" if page.heading else "Schedule"
    return templates.TemplateResponse(request, "schedule.html", {"title": title, "page": page})


@router.get("/teams/{team_id:id}")
def team(team_id: int, request: Request, service: Service,
         templates: Templates) -> HTMLResponse:
    """A team's roster and its games."""
    page = queries.team(service, team_id)
    games = pages.score_rows(service, [g for g in queries.games(service)
                                       if team_id in (g.home_team_id, g.away_team_id)])
    return templates.TemplateResponse(request, "team.html", {
        "title": page.name, "team": page, "games": games})


@router.get("/players/{player_id:id}")
def player(player_id: int, request: Request, service: Service,
           templates: Templates) -> HTMLResponse:
    """A player's career: each tournament and team he played for, his
    scoring and suspensions there, and a goaltender's record with the rule
    that credits his decisions."""
    page = careers.career(service, player_id)
    return templates.TemplateResponse(request, "player.html", {
        "title": page.name, "career": page, "credit_rule": CREDIT_RULE})


@router.get("/suspensions")
def suspensions(request: Request, service: Service, templates: Templates,
                division: str | None = None) -> HTMLResponse:
    """One division's suspensions (the first unless the address names
    another), each other division a link."""
    page = pages.suspensions(service, division)
    title = f"Suspensions: {page.chosen.name}" if page.chosen else "Suspensions"
    return templates.TemplateResponse(request, "suspensions.html", {
        "title": title, "page": page, "rows": page.rows})
