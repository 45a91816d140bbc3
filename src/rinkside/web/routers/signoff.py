"""The referees' sign-off of a game (Rule 616(a)) and its officials.

GET /games/{id}/signoff shows the official report itself (the report page's
partial, in the page: no frame), the officials, who signed and who is still
to sign, and every reopening with its reason; an assigned referee signs there
once they confirm what their signature does (the last locks the game),
the tournament director names the officials and reopens a signed game
(with a reason). The same steps answer JSON under /api/games/{id}/. Each
write needs the session's CSRF token; the service decides who may sign or
reopen (a refusal names Rule 616(a)).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, BackgroundTasks, Depends, Form, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import BaseModel, Field, TypeAdapter, ValidationError
from starlette.concurrency import run_in_threadpool

from rinkside.formats.text import CODE, NOTE, REASON, TextError, check_text
from rinkside.present.corrections import correction_text
from rinkside.reports.game_report import build_report
from rinkside.reports.signed_report import sign_locked
from rinkside.reports.signing import keys_dir
from rinkside.services import logs, officiating, queries
from rinkside.web import auth, documented, fields
from rinkside.web.deps import Broadcast, Service, Templates

router = APIRouter(tags=["sign-off"], default_response_class=HTMLResponse,
                   responses=documented.page(303, 400, 401, 403, 404, 413, 422))
api_router = APIRouter(tags=["sign-off"], responses=documented.api(
    400, 401, 403, 404, 413, 422, refuses=True))

Anyone = Annotated[auth.CurrentUser, Depends(auth.require("referee"))]
Director = Annotated[auth.CurrentUser, Depends(auth.require("director"))]


def signoff_json(service: Service, game_id: int) -> dict[str, Any]:
    status = officiating.signoff(service, game_id)

    def signature(sig: officiating.Signature) -> dict[str, Any]:
        return {"username": sig.username, "role": sig.role, "at": sig.at.isoformat()}

    return {
        "game_id": game_id,
        "locked": status.locked,
        "signatures": [signature(s) for s in status.signatures],
        "awaiting": status.awaiting,
        "reopenings": [{"by": r.by, "at": r.at.isoformat(), "reason": r.reason}
                       for r in status.reopenings],
        "earlier_signatures": [signature(s) for s in status.earlier_signatures],
        "officials": officiating.officials(service, game_id),
        # Rules 506(b), 616(a): the signing logins and the report's referees apart
        "referees_unnamed": officiating.referees_unnamed(service, game_id),
    }


# --------------------------------------------------------------------------- pages


@router.get("/signoff", response_class=HTMLResponse)
def games_to_sign(request: Request, service: Service, templates: Templates,
                  user: auth.User) -> Response:
    """Where a referee lands: the games assigned to sign (616(a)), those
    still awaiting this referee first."""
    if user is None:
        return RedirectResponse("/login?next=%2Fsignoff", status_code=303)
    if user.role in auth.TEAM_ROLES:
        return RedirectResponse("/my-team", status_code=303)  # their own team's pages
    games = [g for g in queries.games(service)
             if user.role != "referee" or g.game_id in user.games]
    rows: list[tuple[bool, bool, queries.GameRow, bool]] = []  # (mine, locked, game, final)
    for g in games:
        status = officiating.signoff(service, g.game_id)
        final = g.version > 0 and service.game_state(g.game_id)[1].status == "final"
        rows.append((final and user.username in status.awaiting, status.locked, g, final))
    rows.sort(key=lambda r: (not r[0], r[1], r[2].game_id))
    return templates.TemplateResponse(request, "signoff_games.html", {
        "title": "Games to sign", "user": user, "rows": rows})


@router.get("/games/{game_id:id}/signoff", response_class=HTMLResponse)
def signoff_page(game_id: int, request: Request, service: Service, templates: Templates,
                 user: auth.User) -> Response:
    game = queries.game(service, game_id)
    record = logs.game_record(service, game_id)
    corrections = [text for r in record.revisions
                   if (text := correction_text(record.setup, r.op, r.position, r.event,
                                               r.previous, r.by, r.at, r.reason))]
    status = officiating.signoff(service, game_id)
    return templates.TemplateResponse(request, "signoff.html", {
        "title": f"Sign-off: {game.home} vs {game.away}", "game": game,
        "status": status, "report": build_report(service, game_id),
        "signing": officiating.signing_warning(status, user.username) if user else "",
        "officials": officiating.officials(service, game_id),
        "officials_shown": officiating.officials_shown(service, game_id),
        "referees_unnamed": officiating.referees_unnamed(service, game_id),
        "most": officiating.MOST, "user": user, "corrections": corrections,
        "written": officiating.written_reports(service, game_id),
        "report_rules": officiating.REPORT_RULES,
        "csrf_token": user.csrf if user else ""})


@router.post("/games/{game_id:id}/reports")
def written_report_form(game_id: int, service: Service, user: Anyone,
                        text: str = Form("", max_length=NOTE.limit),
                        rule: str = Form("", max_length=CODE.limit)) -> Response:
    """A referee's written report (502(l), 404(h), 405(b)) or incident note."""
    try:
        check_text(text, "text", NOTE)
        check_text(rule, "rule", CODE)
    except TextError as exc:
        raise HTTPException(422, str(exc)) from None
    try:
        officiating.add_written_report(service, game_id, user.username, text,
                                       rule=rule or None)
    except officiating.SignOffRefused as exc:
        raise HTTPException(422, str(exc)) from exc
    return _back(game_id)


def _back(game_id: int) -> RedirectResponse:
    return RedirectResponse(f"/games/{game_id}/signoff", status_code=303)


# What the sign-off form's checkbox sends: the referee read the warning of
# signing_warning (616(a): the last signature locks the game).
CONFIRMED = "yes"


def _sign_when_locked(status: officiating.SignOff, service: Service, game_id: int,
                      tasks: BackgroundTasks) -> None:
    """The signature that locked the game (616(a)) has its report signed with the
    league's key after the answer is sent, in a worker thread (issue 29)."""
    if status.locked:
        tasks.add_task(sign_locked, service, game_id, keys_dir())


def _confirmed(service: Service, game_id: int, user: auth.CurrentUser, confirm: str) -> None:
    """A signature is taken only once the signer confirmed what it does
    (616(a): the last locks the game): else 422, naming it, nothing signed."""
    if confirm != CONFIRMED:
        status = officiating.signoff(service, game_id)
        raise officiating.SignOffRefused(
            "Rule 616(a): confirm that you have read the report and what your signature "
            "does before signing. " + officiating.signing_warning(status, user.username,
                                                                  user.role))


@router.post("/games/{game_id:id}/sign")
def sign_form(game_id: int, service: Service, user: Anyone, broadcaster: Broadcast,
              tasks: BackgroundTasks, confirm: str = Form("", max_length=16)) -> Response:
    """A referee signs on the page, having confirmed what signing does:
    without the confirmation the signature is refused (422), nothing signed."""
    _confirmed(service, game_id, user, confirm)
    status = officiating.sign(service, game_id, user.username)
    broadcaster.refresh(service, game_id)  # an open console learns it is locked (616(a))
    _sign_when_locked(status, service, game_id, tasks)
    return _back(game_id)


@router.post("/games/{game_id:id}/reopen")
def reopen_form(game_id: int, service: Service, user: Director, broadcaster: Broadcast,
                reason: str = Form("", max_length=REASON.limit)) -> Response:
    try:
        check_text(reason, "reason", REASON)
    except TextError as exc:
        raise HTTPException(422, str(exc)) from None
    officiating.reopen(service, game_id, user.username, reason)
    broadcaster.refresh(service, game_id)
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
        await run_in_threadpool(officiating.set_officials, service, game_id, named)
    except ValueError as exc:
        raise HTTPException(422, str(exc)) from exc
    return _back(game_id)


# --------------------------------------------------------------------------- API


class Reason(BaseModel):
    reason: fields.Reason


class Confirm(BaseModel):
    """The sign-off form's checkbox as JSON: ``{"confirm": "yes"}`` once the
    signer has read what signing does (616(a))."""
    confirm: str = Field("", max_length=16)


# Each role (referee, linesman...) and the names given for it (Rules 501-504).
Names = Annotated[list[fields.Name], Field(max_length=10)]
OfficialNames = TypeAdapter(dict[Annotated[str, Field(max_length=40)], Names])


@api_router.get("/api/games/{game_id:id}/signoff")
def signoff_api(game_id: int, service: Service, user: auth.User) -> dict[str, Any]:
    """The sign-off as it stands; to a logged-in user also ``signing``: what
    their signature would do, the words they confirm before signing (616(a))."""
    answer = signoff_json(service, game_id)
    if user is not None:
        answer["signing"] = officiating.signing_warning(
            officiating.signoff(service, game_id), user.username, user.role)
    return answer


@api_router.post("/api/games/{game_id:id}/sign")
def sign_api(game_id: int, service: Service, user: Anyone, broadcaster: Broadcast,
             tasks: BackgroundTasks, body: Confirm | None = None) -> dict[str, Any]:
    """Signing as the sign-off form does: with ``{"confirm": "yes"}`` (616(a))."""
    _confirmed(service, game_id, user, body.confirm if body else "")
    status = officiating.sign(service, game_id, user.username)
    broadcaster.refresh(service, game_id)
    _sign_when_locked(status, service, game_id, tasks)
    return signoff_json(service, game_id)


@api_router.post("/api/games/{game_id:id}/reopen")
def reopen_api(game_id: int, body: Reason, service: Service, user: Director,
               broadcaster: Broadcast) -> dict[str, Any]:
    officiating.reopen(service, game_id, user.username, body.reason)
    broadcaster.refresh(service, game_id)
    return signoff_json(service, game_id)


@api_router.put("/api/games/{game_id:id}/officials")
def officials_api(game_id: int,
                  body: dict[Annotated[str, Field(max_length=40)], Names],
                  service: Service, user: Director) -> dict[str, Any]:
    try:
        officiating.set_officials(service, game_id, body)
    except ValueError as exc:
        raise HTTPException(422, str(exc)) from exc
    return signoff_json(service, game_id)
