"""The sync API between rink laptops and the league server (JSON), and the
laptop's page of what it has not pushed yet.

On the league server (:mod:`rinkside.services.sync`), authenticated by the
rink's token (``Authorization: Bearer TOKEN``), no session, no CSRF (no
cookie is used):

- ``GET /api/sync/setup``: the rink's tournament for its laptop, its
  officials with their credentials for the laptop as hashes (never their
  league password's).
- ``POST /api/sync/games/{id}/events``: one game's revisions recorded on the
  laptop after ``league_version``; ``{"version", "taken"}`` (taken 0: a
  repeated push, nothing changed). 401 without a live token, 404 for a game
  of another rink, 403 for a revision whose ``by`` is no active scorekeeper
  of the game or lacks their ``proof`` (:mod:`rinkside.services.sync_proof`),
  409 when the game changed here meanwhile or is signed (Rule 616(a)), 422
  for an event the rules refuse: the push refused whole.
- ``POST /api/sync/games/{id}/signoff``: the game's sign-off log on the
  laptop (signed on its ``version``) and the written reports filed there;
  ``{"signoffs", "reports", "locked"}`` (0 and 0: a repeated push). 409 when
  the league's sign-off differs or the league does not hold the events
  signed, 422 for a step the sign-off's rules refuse, 403 for a signature or
  report without its referee's ``proof`` and for any reopening (Rule 616(a):
  only the director reopens, on the league server). The signature that locks
  the game has its report signed with the league's key (issue 29).
- Each revision, signature and report pushed must carry its place and link
  in the laptop's hash chain (``chain_seq``, ``link``): one that carries
  none is refused whole, 422, naming it and why (the fields stay optional
  on the wire so that the answer is that reason, not a bare "field
  required"); one the league's chain does not give the same link is refused
  whole, 409 (:mod:`rinkside.services.sync_chain`).

On the laptop (:mod:`rinkside.services.sync_local`): ``GET /sync`` and
``GET /api/sync/pending``: the games with events, sign-offs or reports not
pushed yet, and the league's refusals; ``/sync`` also the league's officials
here, and which of them signed in with their credential (what the others did
is refused by the league until they do); ``POST /sync/retry`` (the director,
with the session's CSRF token): send the refused games again.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, BackgroundTasks, Depends, Header, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse
from pydantic import BaseModel, Field, field_validator

from rinkside.reports.signed_report import sign_locked
from rinkside.reports.signing import keys_dir
from rinkside.rules.log import Op
from rinkside.services import sync, sync_local, sync_signoff
from rinkside.web import auth, documented, fields
from rinkside.web.deps import Broadcast, Service, Templates

router = APIRouter(tags=["sync"], responses=documented.api(400, 401, 404, 409, 413, 422,
                                                           refuses=True))
# The laptop's own page, and the director's retry from it.
pages_router = APIRouter(tags=["sync"], default_response_class=HTMLResponse,
                         responses=documented.page(303, 401, 403))


class ChainedIn(BaseModel):
    """What each entry a laptop pushes (a revision, a sign-off entry, a
    written report) carries of its proof and its place in the laptop's hash
    chain (issue 29)."""

    proof: str | None = Field(None, max_length=64)  # its author's (services/sync_proof.py)
    chain_seq: int | None = Field(None, ge=1)  # its place in the laptop's chain: required
    link: str | None = Field(None, pattern="^[0-9a-f]{64}$")  # its link there (sync_chain.py)


class RevisionIn(ChainedIn):
    revision: int = Field(ge=1)
    op: Op
    position: int = Field(ge=0)
    payload: list[Any] | dict[str, Any] | None  # the store's payload (version 2, or 1)
    by: fields.Who
    at: fields.Moment
    reason: fields.Reason = ""

    @field_validator("payload")
    @classmethod
    def _text(cls, value: list[Any] | dict[str, Any] | None) -> Any:
        fields.check_strings(value, "payload")  # an event's words, as the console's
        return value


class PushIn(BaseModel):
    league_version: int = Field(ge=0)
    revisions: list[RevisionIn] = Field(min_length=1, max_length=5000)


class SignOffEntryIn(ChainedIn):
    kind: str = Field(pattern="^(sign|reopen)$")
    username: fields.Who
    at: fields.Moment
    reason: fields.Reason = ""
    locks: bool = False


class ReportIn(ChainedIn):
    kind: str = Field(pattern="^(report|incident)$")
    rule: fields.Code | None = None
    text: fields.Note
    username: fields.Who
    at: fields.Moment


class SignOffPushIn(BaseModel):
    version: int = Field(ge=0)
    signoffs: list[SignOffEntryIn] = Field(max_length=200)
    reports: list[ReportIn] = Field(default_factory=list, max_length=500)


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
    revisions = [sync.Revision(r.revision, r.op, r.position, r.payload, r.by, r.at, r.reason,
                               proof=r.proof, chain_seq=r.chain_seq, link=r.link)
                 for r in body.revisions]
    try:
        outcome = sync.take_push(service, rink, game_id, body.league_version, revisions)
    except sync.SyncRefused as exc:
        raise HTTPException(exc.status, exc.message) from None
    return {"version": outcome.version, "taken": outcome.taken}


@router.post("/api/sync/games/{game_id:id}/signoff")
def push_signoff(game_id: int, body: SignOffPushIn, service: Service, broadcaster: Broadcast,
                 tasks: BackgroundTasks, authorization: Authorization = None
                 ) -> dict[str, Any]:
    """Bring the game's sign-off to the laptop's and take its written reports,
    all or none; the signature that locked the game (Rule 616(a)) has its
    report signed with the league's key after the answer, in a worker thread,
    as a signature made on the league's own page has (issue 29)."""
    rink = _rink(service, authorization)
    entries = [sync_signoff.Entry(e.kind, e.username, e.at, e.reason, e.locks, proof=e.proof,
                                  chain_seq=e.chain_seq, link=e.link) for e in body.signoffs]
    reports = [sync_signoff.Report(r.kind, r.rule, r.text, r.username, r.at, proof=r.proof,
                                   chain_seq=r.chain_seq, link=r.link) for r in body.reports]
    try:
        outcome = sync_signoff.take_signoff(service, rink, game_id, body.version, entries,
                                            reports)
    except sync.SyncRefused as exc:
        raise HTTPException(exc.status, exc.message) from None
    if outcome.signoffs:
        broadcaster.refresh(service, game_id)  # an open console learns it is locked (616(a))
    if outcome.signoffs and outcome.locked:
        tasks.add_task(sign_locked, service, game_id, keys_dir())
    return {"signoffs": outcome.signoffs, "reports": outcome.reports, "locked": outcome.locked}


def _pending(service: Service) -> list[dict[str, Any]]:
    return [{"game_id": g.game_id, "league_version": g.league_version,
             "local_version": g.local_version, "unpushed": g.unpushed,
             "signoffs": g.signoffs, "reports": g.reports,
             "refusal": None if g.refusal is None else {
                 "status": g.refusal.status, "message": g.refusal.message,
                 "rule": g.refusal.rule,
                 "at": g.refusal.at.isoformat() if g.refusal.at else None}}
            for g in sync_local.pending(service)]


@router.get("/api/sync/pending")
def pending(service: Service) -> dict[str, Any]:
    """The laptop's games with events, sign-offs or reports not pushed yet."""
    linked = sync_local.link(service)
    return {"league_url": linked.league_url if linked else None, "games": _pending(service)}


@pages_router.get("/sync")
def page(request: Request, service: Service, templates: Templates, user: auth.User
         ) -> HTMLResponse:
    """What this laptop has recorded that the league server has not had yet,
    and the games the league refused."""
    linked = sync_local.link(service)
    return templates.TemplateResponse(request, "sync.html", {
        "title": "Sync", "link": linked, "games": _pending(service), "user": user,
        "officials": sync_local.officials(service),
        "csrf_token": user.csrf if user else ""})


@pages_router.post("/sync/retry")
def retry(service: Service,
          _user: Annotated[auth.CurrentUser, Depends(auth.require("director"))]
          ) -> RedirectResponse:
    """The director sends the refused games again: the next round pushes them."""
    sync_local.clear_refusals(service)
    return RedirectResponse("/sync", status_code=303)
