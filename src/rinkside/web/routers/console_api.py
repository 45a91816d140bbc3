"""The scorekeeper's console API: recording a game's events.

POST /api/games/{id}/events with ``{"version": N, "events": [...]}`` (the
events as FORMAT.md writes them) appends them all or none: 200 with the new
version and the state; 422 naming the rule for an event the rule book
refuses, or the event index and field for a malformed one; 409 when the
game moved on since version N. Writing needs a login, the session's CSRF
token (``X-CSRF-Token``) and a role that may score the game.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from rinkside.formats.scenario import decode_event
from rinkside.rules.errors import MalformedEvent, RuleViolation
from rinkside.rules.events import Event
from rinkside.store.errors import StaleWrite
from rinkside.tournament.errors import TournamentRuleError
from rinkside.web import auth, views
from rinkside.web.deps import Service

router = APIRouter(prefix="/api")

Scorer = Annotated[auth.CurrentUser, Depends(auth.require("scorekeeper"))]
Reader = Annotated[auth.CurrentUser, Depends(auth.require("referee"))]


class EventBatch(BaseModel):
    version: int
    events: list[Any]


@router.get("/session")
def session(user: Reader) -> dict[str, Any]:
    """Who is logged in, and the CSRF token the console's writes send back."""
    return {"username": user.username, "role": user.role, "games": sorted(user.games),
            "csrf_token": user.csrf}


@router.post("/games/{game_id}/events", response_model=None)
def record_events(game_id: int, batch: EventBatch, user: Scorer,
                  service: Service) -> dict[str, Any] | JSONResponse:
    _, state = service.game_state(game_id)  # NotFound: 404
    periods = state.setup.settings.periods
    try:
        events: list[Event] = [decode_event(raw, i, periods) for i, raw in enumerate(batch.events)]
    except MalformedEvent as exc:
        return JSONResponse({"detail": str(exc), "index": exc.index, "field": exc.field},
                            status_code=422)
    try:
        version, _ = service.record(game_id, batch.version, events, by=user.username)
    except (RuleViolation, TournamentRuleError) as exc:
        return JSONResponse({"rule": exc.rule, "detail": str(exc)}, status_code=422)
    except StaleWrite as exc:
        return JSONResponse({"detail": str(exc), "version": exc.current_version},
                            status_code=409)
    except MalformedEvent as exc:
        return JSONResponse({"detail": str(exc), "index": exc.index, "field": exc.field},
                            status_code=422)
    return {"version": version, "state": views.state_json(service, game_id)}
