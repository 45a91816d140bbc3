"""The scoreboard display (a TV or projector at the rink; no login).

The page is a frame: ``static/scoreboard.js`` fills it from the game's state
JSON (first paint from ``/api/games/{id}/state``, then the live stream) and
counts the clock down from its wall-clock anchor while the engine says it runs.

Layouts (``?layout=``): ``tv`` the board (default); ``overlay`` a lower third
on a transparent background for a stream (OBS's browser source);
``intermission`` the between-periods screen (scoring summary and penalties,
from ``/api/games/{id}/summary``). ``?horn=1`` sounds a horn when a period's
time is up.
"""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse

from rinkside.present.lines import game_lines
from rinkside.services import queries
from rinkside.web import documented
from rinkside.web.deps import Service, Templates

router = APIRouter(tags=["scoreboard"], default_response_class=HTMLResponse,
                   responses=documented.page(404))

Layout = Literal["tv", "overlay", "intermission"]


@router.get("/scoreboard/{game_id:id}")
def scoreboard(game_id: int, request: Request, service: Service, templates: Templates,
               layout: Layout = "tv", horn: bool = False) -> HTMLResponse:
    game = queries.game(service, game_id)
    return templates.TemplateResponse(request, "scoreboard.html", {
        "title": f"{game.home} vs {game.away}", "game": game, "layout": layout, "horn": horn})


@router.get("/api/games/{game_id:id}/summary", response_class=JSONResponse,
            responses=documented.api(404))
def summary(game_id: int, service: Service) -> dict[str, Any]:
    """The between-periods screen's penalties (the goals are in the live
    state): period, clock, team, who, class and infraction, as recorded; the
    game page's and the report's lines (:mod:`rinkside.present.lines`)."""
    version, state = service.game_state(game_id)
    return {"version": version, "penalties": [{
        "period": p.period, "time": p.clock, "team": p.team_name, "who": p.who,
        "class_text": p.class_text, "infraction": p.recorded_infraction,
    } for p in game_lines(state).penalties]}
