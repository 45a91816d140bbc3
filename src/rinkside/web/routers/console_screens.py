"""The table officials' screens, one per role of the book, each on its own
device at the same time (login required):

- GET /games/{id}/console/timekeeper: the game timekeeper's (Rule 507): the
  clock, the period, start and stop, the period's end, time-outs with their
  countdown, the game's start and finish times (507(a));
- GET /games/{id}/console/penalties: the penalty timekeeper's (Rule 505):
  the box with every countdown, who may leave and when, a player leaving
  early noted with the time (505(b)), the public-address text (505(c));
- GET /games/{id}/console/scorer: the official scorer's (Rule 506): goals
  and assists, penalties, shots, goaltenders, the log and its corrections,
  the lineups, the report and the signatures (506(b)).

Each is a frame its own entry module (``static/console_timekeeper.js``,
``console_penalties.js``, ``console_scorer.js``) fills from the game's
state and keeps live, as the full console (``/console/games/{id}``) does.
A table official opens their own screen (another's is a 403 page pointing
to theirs); a scorekeeper assigned to the game and the director open any;
a referee reads them. What each may record is the server's check
(:mod:`rinkside.rules.table_officials`).
"""

from __future__ import annotations

from typing import Final
from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from rinkside.services import officiating, queries
from rinkside.web import auth, documented
from rinkside.web.deps import Service, Templates

router = APIRouter(tags=["console"], default_response_class=HTMLResponse,
                   responses=documented.page(303, 403, 404))

# Each screen: its address's last part, its role, its title, its rule.
SCREENS: Final = {
    "timekeeper": ("game_timekeeper", "Game timekeeper", "507"),
    "penalties": ("penalty_timekeeper", "Penalty timekeeper", "505"),
    "scorer": ("official_scorer", "Official scorer", "506"),
}
SCREEN_OF_ROLE: Final = {role: screen for screen, (role, _, _) in SCREENS.items()}


def screen_of(role: str) -> str | None:
    """The screen a user of ``role`` works at (None: the full console)."""
    return SCREEN_OF_ROLE.get(role)


def _page(screen: str, game_id: int, request: Request, user: auth.User, service: Service,
          templates: Templates) -> Response:
    if user is None:
        path = quote(request.url.path, safe="")
        return RedirectResponse(f"/login?next={path}", status_code=303)
    if user.role in auth.TEAM_ROLES:
        return RedirectResponse("/my-team", status_code=303)  # their own team's pages
    game = queries.game(service, game_id)  # NotFound: the 404 page
    role, title, rule = SCREENS[screen]
    own = screen_of(user.role)
    if user.role in auth.WRITERS and not user.may_write(game_id):
        return _refused(request, templates, f"{user.username} ({user.role}) is not assigned to "
                        f"game {game_id} ({game.home} vs {game.away}); ask the tournament "
                        "director.")
    if own is not None and own != screen:
        return _refused(request, templates, f"{user.username} is the game's "
                        f"{SCREENS[own][1].lower()}: their screen is "
                        f"/games/{game_id}/console/{own} (Rule {SCREENS[own][2]}).")
    started, finished = officiating.times(service, game_id)
    return templates.TemplateResponse(request, f"console_{screen}.html", {
        "title": f"{title}: {game.home} vs {game.away}", "game": game, "user": user,
        "screen": screen, "role": role, "role_title": title, "rule": rule,
        "screens": SCREENS, "may_write": user.may_write(game_id),
        "started": started, "finished": finished})


def _refused(request: Request, templates: Templates, message: str) -> Response:
    return templates.TemplateResponse(request, "error.html", {
        "title": "Not your screen", "message": message}, status_code=403)


@router.get("/games/{game_id:id}/console/timekeeper")
def timekeeper(game_id: int, request: Request, user: auth.User, service: Service,
               templates: Templates) -> Response:
    """The game timekeeper's screen (Rule 507)."""
    return _page("timekeeper", game_id, request, user, service, templates)


@router.get("/games/{game_id:id}/console/penalties")
def penalties(game_id: int, request: Request, user: auth.User, service: Service,
              templates: Templates) -> Response:
    """The penalty timekeeper's screen (Rule 505)."""
    return _page("penalties", game_id, request, user, service, templates)


@router.get("/games/{game_id:id}/console/scorer")
def scorer(game_id: int, request: Request, user: auth.User, service: Service,
           templates: Templates) -> Response:
    """The official scorer's screen (Rule 506)."""
    return _page("scorer", game_id, request, user, service, templates)
