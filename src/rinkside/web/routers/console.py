"""The scorekeeper's console pages (login required).

GET /console lists the games this user may score (a director: every game;
a scorekeeper: the games assigned; a referee reads every game). GET
/console/games/{id} is the console itself: a frame that ``static/console.js``
(the entry ES module of static/console*.js) fills from the game's state JSON
and the console API, and keeps in step with the live stream. Nobody logged
in is sent to /login; a scorekeeper opening a game not assigned to them gets
a 403 page; a table official is sent to their own screen
(``console_screens``: Rules 505-507).
"""

from __future__ import annotations

from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from rinkside.services import officiating, queries
from rinkside.web import auth, documented, pages
from rinkside.web.deps import Service, Templates
from rinkside.web.routers import console_screens

router = APIRouter(tags=["console"], default_response_class=HTMLResponse,
                   responses=documented.page(303, 403, 404))


def _to_login(request: Request) -> RedirectResponse:
    path = request.url.path + (f"?{request.url.query}" if request.url.query else "")
    return RedirectResponse(f"/login?next={quote(path, safe='')}", status_code=303)


@router.get("/console")
def console_games(request: Request, user: auth.User, service: Service,
                  templates: Templates) -> Response:
    """The games this user may score (or read, for a referee)."""
    if user is None:
        return _to_login(request)
    if user.role in auth.TEAM_ROLES:
        return RedirectResponse("/my-team", status_code=303)  # their own team's pages
    games = queries.games(service)
    if user.role in auth.WRITERS:
        games = [g for g in games if g.game_id in user.games]
    rows = pages.score_rows(service, games)
    return templates.TemplateResponse(request, "console_games.html", {
        "title": "Console", "user": user, "rows": rows,
        "may_write": user.role == "director" or user.role in auth.WRITERS,
        "screen": console_screens.screen_of(user.role), "screens": console_screens.SCREENS})


@router.get("/console/games/{game_id:id}")
def console(game_id: int, request: Request, user: auth.User, service: Service,
            templates: Templates) -> Response:
    """The console of one game."""
    if user is None:
        return _to_login(request)
    if user.role in auth.TEAM_ROLES:
        return RedirectResponse("/my-team", status_code=303)  # their own team's pages
    screen = console_screens.screen_of(user.role)
    if screen is not None:  # a table official works at their own screen (Rules 505-507)
        return RedirectResponse(f"/games/{game_id}/console/{screen}", status_code=303)
    game = queries.game(service, game_id)  # NotFound: the 404 page
    if user.role in auth.WRITERS and not user.may_write(game_id):
        return templates.TemplateResponse(request, "error.html", {
            "title": "Not your game",
            "message": f"{user.username} ({user.role}) is not assigned to game {game_id} "
                       f"({game.home} vs {game.away}); ask the tournament director."},
            status_code=403)
    return templates.TemplateResponse(request, "console.html", {
        "title": f"{game.home} vs {game.away}", "game": game, "user": user,
        "may_write": user.may_write(game_id), "screens": console_screens.SCREENS,
        "referees_warning": officiating.referees_warning(service, game_id),
        "lineup_warnings": service.short_lineups(game_id)})
