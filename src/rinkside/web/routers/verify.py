"""Anyone can check a game's record (issue 29).

- ``GET /verify``: a form to upload a signed game report (a PDF, at most
  :data:`~rinkside.reports.signing.MAX_PDF` bytes, and no request over the
  server's body limit); ``POST /verify`` says in plain words whether the
  signature is valid, which key signed it, whether the document changed
  since, and whether it matches the game's current record here. A file that
  is not a PDF gets a clear answer (422), never a 500.
- ``GET /api/games/{id}/chain``: the game's chain head, its length and
  whether it is intact (what ``rinkside verify --league URL`` compares).
- ``GET /games/{id}/signed/{report}.pdf``: a signed report as it was signed.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, File, HTTPException, Request, UploadFile
from fastapi.responses import HTMLResponse, Response
from starlette.concurrency import run_in_threadpool

from rinkside.reports import signing
from rinkside.reports.verdict import current_head_words, verdict_lines
from rinkside.services import chain, queries, signed_reports
from rinkside.web import documented
from rinkside.web.deps import Service, Templates

router = APIRouter(tags=["verify"], default_response_class=HTMLResponse,
                   responses=documented.page(404, 413, 422))
api_router = APIRouter(tags=["verify"])


@router.get("/verify")
def verify_form(request: Request, templates: Templates) -> HTMLResponse:
    return templates.TemplateResponse(request, "verify.html", {
        "title": "Check a game report", "limit": signing.MAX_PDF})


@router.post("/verify")
async def verify_upload(request: Request, service: Service, templates: Templates,
                        report: Annotated[UploadFile, File()]) -> HTMLResponse:
    data = await report.read(signing.MAX_PDF + 1)
    context: dict[str, Any] = {"title": "Check a game report", "limit": signing.MAX_PDF,
                               "name": report.filename or "the file"}
    try:  # off the event loop: pyHanko's validation runs a loop of its own
        checked = await run_in_threadpool(
            signing.check_report, data, signing.league_certificate(signing.keys_dir()))
    except signing.NotAPdf as exc:
        context["problem"] = str(exc)
        return templates.TemplateResponse(request, "verify.html", context, status_code=422)
    context["lines"] = verdict_lines(checked)
    context["ok"] = checked.ok
    if checked.game_id is not None:
        found = await run_in_threadpool(chain.check_game, service, checked.game_id)
        current = None if found is None else (found.head, found.broken is None)
        context["current"] = current_head_words(checked, current)
        kept = await run_in_threadpool(signed_reports.by_digest, service,
                                       signed_reports.digest(data))
        if kept is not None and kept.superseded:
            context["superseded"] = True
    return templates.TemplateResponse(request, "verify.html", context)


@api_router.get("/api/games/{game_id:id}/chain", responses=documented.api(404))
def chain_json(game_id: int, service: Service) -> dict[str, Any]:
    """The game's chain head, its length and whether it is intact."""
    found = chain.check_game(service, game_id)
    if found is None:
        raise HTTPException(404, f"there is no game {game_id}")
    return {"game": game_id, "head": found.head, "length": found.length,
            "intact": found.broken is None,
            "broken": None if found.broken is None else str(found.broken)}


@router.get("/games/{game_id:id}/signed/{report_id:id}.pdf", response_class=Response,
            responses=documented.body("application/pdf"))
def signed_pdf(game_id: int, report_id: int, service: Service) -> Response:
    queries.game(service, game_id)  # NotFound (404) before anything else
    kept = [r for r in signed_reports.of_game(service, game_id) if r.id == report_id]
    data = signed_reports.pdf(service, report_id) if kept else None
    if data is None:
        raise HTTPException(404, f"game {game_id} has no signed report {report_id}")
    name = f"game-{game_id}-signed-{report_id}.pdf"
    return Response(data, media_type="application/pdf",
                    headers={"Content-Disposition": f'inline; filename="{name}"'})
