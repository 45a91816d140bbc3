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
from pydantic import BaseModel, Field, TypeAdapter, ValidationError

from rinkside.formats.text import REASON, TextError, check_text
from rinkside.services import officiating, queries
from rinkside.web import auth, fields
from rinkside.web.deps import Service, Templates

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


@router.get("/games/{game_id:id}/signoff", response_class=HTMLResponse)
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


@router.post("/games/{game_id:id}/sign")
def sign_form(game_id: int, service: Service, user: Anyone) -> Response:
    officiating.sign(service, game_id, user.username)
    return _back(game_id)


@router.post("/games/{game_id:id}/reopen")
def reopen_form(game_id: int, service: Service, user: Director,
                reason: str = Form("", max_length=REASON.limit)) -> Response:
    try:
        check_text(reason, "reason", REASON)
    except TextError as exc:
        raise HTTPException(422, str(exc)) from None
    officiating.reopen(service, game_id, user.username, reason)
    return _back(game_id)


@router.post("/games/{game_id:id}/officials")
async def officials_form(game_id: int, request: Request, service: Service,
                         user: Director) -> Response:
    form = await request.form()
    named = {role: [str(v) for v in form.getlist(role)] for role in officiating.MOST}
    try:
        OfficialNames.validate_python(named)  # the names' text, as the API checks it
    except ValidationError as exc:
        raise HTTPException(422, "; ".join(
            f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())) from None
    try:
        officiating.set_officials(service, game_id, named)
    except ValueError as exc:
        raise HTTPException(422, str(exc)) from exc
    return _back(game_id)


# --------------------------------------------------------------------------- API


class Reason(BaseModel):
    reason: fields.Reason


# Each role (referee, linesman...) and the names given for it (Rules 501-504).
Names = Annotated[list[fields.Name], Field(max_length=10)]
OfficialNames = TypeAdapter(dict[Annotated[str, Field(max_length=40)], Names])


@router.get("/api/games/{game_id:id}/signoff")
def signoff_api(game_id: int, service: Service) -> dict[str, Any]:
    return signoff_json(service, game_id)


@router.post("/api/games/{game_id:id}/sign")
def sign_api(game_id: int, service: Service, user: Anyone) -> dict[str, Any]:
    officiating.sign(service, game_id, user.username)
    return signoff_json(service, game_id)


@router.post("/api/games/{game_id:id}/reopen")
def reopen_api(game_id: int, body: Reason, service: Service, user: Director) -> dict[str, Any]:
    officiating.reopen(service, game_id, user.username, body.reason)
    return signoff_json(service, game_id)


@router.put("/api/games/{game_id:id}/officials")
def officials_api(game_id: int,
                  body: dict[Annotated[str, Field(max_length=40)], Names],
                  service: Service, user: Director) -> dict[str, Any]:
    try:
        officiating.set_officials(service, game_id, body)
    except ValueError as exc:
        raise HTTPException(422, str(exc)) from exc
    return signoff_json(service, game_id)
