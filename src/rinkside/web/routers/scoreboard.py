"""The scoreboard display (a TV or projector at the rink; no login).

The page is a frame: ``static/scoreboard.js`` fills it from the game's state
JSON (first paint from ``/api/games/{id}/state``, then the live stream) and
counts the clock down locally between updates while the engine says it runs.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from rinkside.services import queries
from rinkside.web.deps import Service, Templates

router = APIRouter(tags=["scoreboard"], default_response_class=HTMLResponse)


@router.get("/scoreboard/{game_id:id}")
def scoreboard(game_id: int, request: Request,
               service: Service, templates: Templates) -> HTMLResponse:
    game = queries.game(service, game_id)
    return templates.TemplateResponse(request, "scoreboard.html", {
        "title": f"{game.home} vs {game.away}", "game": game})
