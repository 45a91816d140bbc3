"""The sync API between rink laptops and the league server (JSON), and the
laptop's page of what it has not pushed yet.

On the league server (:mod:`rinkside.services.sync`), authenticated by the
rink's token (``Authorization: Bearer TOKEN``), no session, no CSRF (no
cookie is used):

- ``GET /api/sync/setup``: the rink's tournament for its laptop.
- ``POST /api/sync/games/{id}/events``: one game's revisions recorded on the
  laptop after ``league_version``; ``{"version", "taken"}`` (taken 0: a
  repeated push, nothing changed). 401 without a live token, 404 for a game
  of another rink, 409 when the game changed here meanwhile or is signed
  (Rule 616(a)), 422 for an event the rules refuse: the push refused whole.

On the laptop (:mod:`rinkside.services.sync_local`): ``GET /sync`` and
``GET /api/sync/pending``: the games with events not pushed yet.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Header, HTTPException, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field

from rinkside.services import sync, sync_local
from rinkside.web.deps import Service, Templates

router = APIRouter(tags=["sync"])


class RevisionIn(BaseModel):
    revision: int = Field(ge=1)
    op: str = Field(pattern="^(append|replace|insert|delete)$")
    position: int = Field(ge=0)
    payload: list[Any] | dict[str, Any] | None  # the store's payload (version 2, or 1)
    by: str = Field(min_length=1, max_length=100)
    at: datetime
    reason: str = ""


class PushIn(BaseModel):
    league_version: int = Field(ge=0)
    revisions: list[RevisionIn] = Field(min_length=1, max_length=5000)


def _rink(service: Service, authorization: str | None) -> sync.RinkRef:
    scheme, _, token = (authorization or "").partition(" ")
    try:
        return sync.rink_of(service, token.strip() if scheme.lower() == "bearer" else None)
    except sync.SyncRefused as exc:
        raise HTTPException(exc.status, exc.message,
                            headers={"WWW-Authenticate": "Bearer"}) from None


Authorization = Annotated[str | None, Header()]


@router.get("/api/sync/setup")
def setup(service: Service, authorization: Authorization = None) -> dict[str, Any]:
    """The rink's tournament: setup, its games' logs, their users."""
    return sync.setup_for(service, _rink(service, authorization))


@router.post("/api/sync/games/{game_id:id}/events")
def push(game_id: int, body: PushIn, service: Service,
         authorization: Authorization = None) -> dict[str, int]:
    """Append the laptop's revisions of one game, all or none."""
    rink = _rink(service, authorization)
    revisions = [sync.Revision(r.revision, r.op, r.position, r.payload, r.by, r.at, r.reason)
                 for r in body.revisions]
    try:
        outcome = sync.take_push(service, rink, game_id, body.league_version, revisions)
    except sync.SyncRefused as exc:
        raise HTTPException(exc.status, exc.message) from None
    return {"version": outcome.version, "taken": outcome.taken}


def _pending(service: Service) -> list[dict[str, int]]:
    return [{"game_id": g.game_id, "league_version": g.league_version,
             "local_version": g.local_version, "unpushed": g.unpushed}
            for g in sync_local.pending(service)]


@router.get("/api/sync/pending")
def pending(service: Service) -> dict[str, Any]:
    """The laptop's games with events not pushed yet."""
    linked = sync_local.link(service)
    return {"league_url": linked.league_url if linked else None, "games": _pending(service)}


@router.get("/sync", response_class=HTMLResponse)
def page(request: Request, service: Service, templates: Templates) -> HTMLResponse:
    """What this laptop has recorded that the league server has not had yet."""
    linked = sync_local.link(service)
    return templates.TemplateResponse(request, "sync.html", {
        "title": "Sync", "link": linked, "games": _pending(service)})
