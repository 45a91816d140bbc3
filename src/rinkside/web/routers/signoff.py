"""The referees' sign-off of a game (Rule 616(a)) and its officials.

GET /games/{id}/signoff shows the officials, who signed and who is still to
sign, and every reopening with its reason; an assigned referee signs there,
the tournament director names the officials and reopens a signed game
(with a reason). The same steps answer JSON under /api/games/{id}/. Each
write needs the session's CSRF token; the service decides who may sign or
reopen (a refusal names Rule 616(a)).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Form, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import BaseModel

from rinkside.services import officiating, queries
from rinkside.web import auth
from rinkside.web.deps import Broadcast, Service, Templates

router = APIRouter()

Anyone = Annotated[auth.CurrentUser, Depends(auth.require("referee"))]
Director = Annotated[auth.CurrentUser, Depends(auth.require("director"))]


def signoff_json(service: Service, game_id: int) -> dict[str, Any]:
    status = officiating.signoff(service, game_id)

    def signature(sig: officiating.Signature) -> dict[str, Any]:
        return {"username": sig.username, "at": sig.at.isoformat()}

    return {
        "game_id": game_id,
        "locked": status.locked,
        "signatures": [signature(s) for s in status.signatures],
        "awaiting": status.awaiting,
        "reopenings": [{"by": r.by, "at": r.at.isoformat(), "reason": r.reason}
                       for r in status.reopenings],
        "earlier_signatures": [signature(s) for s in status.earlier_signatures],
        "officials": officiating.officials(service, game_id),
    }


# --------------------------------------------------------------------------- pages


@router.get("/games/{game_id}/signoff", response_class=HTMLResponse)
def signoff_page(game_id: int, request: Request, service: Service, templates: Templates,
                 user: auth.User) -> Response:
    game = queries.game(service, game_id)
    return templates.TemplateResponse(request, "signoff.html", {
        "title": f"Sign-off: {game.home} vs {game.away}", "game": game,
        "status": officiating.signoff(service, game_id),
        "officials": officiating.officials(service, game_id),
        "most": officiating.MOST, "user": user,
        "csrf_token": user.csrf if user else ""})


def _back(game_id: int) -> RedirectResponse:
    return RedirectResponse(f"/games/{game_id}/signoff", status_code=303)


@router.post("/games/{game_id}/sign")
def sign_form(game_id: int, service: Service, user: Anyone, broadcaster: Broadcast
              ) -> Response:
    officiating.sign(service, game_id, user.username)
    broadcaster.refresh(service, game_id)  # an open console learns it is locked (616(a))
    return _back(game_id)


@router.post("/games/{game_id}/reopen")
def reopen_form(game_id: int, service: Service, user: Director, broadcaster: Broadcast,
                reason: str = Form("")) -> Response:
    officiating.reopen(service, game_id, user.username, reason)
    broadcaster.refresh(service, game_id)
    return _back(game_id)


@router.post("/games/{game_id}/officials")
async def officials_form(game_id: int, request: Request, service: Service,
                         user: Director) -> Response:
    form = await request.form()
    named = {role: [str(v) for v in form.getlist(role)] for role in officiating.MOST}
    try:
        officiating.set_officials(service, game_id, named)
    except ValueError as exc:
        raise HTTPException(422, str(exc)) from exc
    return _back(game_id)


# --------------------------------------------------------------------------- API


class Reason(BaseModel):
    reason: str


@router.get("/api/games/{game_id}/signoff")
def signoff_api(game_id: int, service: Service) -> dict[str, Any]:
    return signoff_json(service, game_id)


@router.post("/api/games/{game_id}/sign")
def sign_api(game_id: int, service: Service, user: Anyone, broadcaster: Broadcast
             ) -> dict[str, Any]:
    officiating.sign(service, game_id, user.username)
    broadcaster.refresh(service, game_id)
    return signoff_json(service, game_id)


@router.post("/api/games/{game_id}/reopen")
def reopen_api(game_id: int, body: Reason, service: Service, user: Director,
               broadcaster: Broadcast) -> dict[str, Any]:
    officiating.reopen(service, game_id, user.username, body.reason)
    broadcaster.refresh(service, game_id)
    return signoff_json(service, game_id)


@router.put("/api/games/{game_id}/officials")
def officials_api(game_id: int, body: dict[str, list[str]], service: Service,
                  user: Director) -> dict[str, Any]:
    try:
        officiating.set_officials(service, game_id, body)
    except ValueError as exc:
        raise HTTPException(422, str(exc)) from exc
    return signoff_json(service, game_id)
