"""The official game report (Rules 502(h), 506, 507) as a page and a PDF, and
the public-address announcements of Rule 505(c) as JSON.

``GET /games/{id}/report`` is printable (report.css has the print rules);
``GET /games/{id}/report.pdf`` is the letter-size PDF; ``GET
/api/games/{id}/announcements`` lists what the public address reads, newest
last. An unknown game is the service's NotFound, a 404.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from fastapi import APIRouter, HTTPException
from fastapi.responses import HTMLResponse, Response

from rinkside.reports import html
from rinkside.reports.announcements import announcements
from rinkside.reports.fonts import FontMissing
from rinkside.reports.game_report import build_report
from rinkside.reports.pdf import render_pdf
from rinkside.services import queries
from rinkside.web import documented
from rinkside.web.deps import Service

router = APIRouter(tags=["reports"], responses=documented.page(404))


@router.get("/games/{game_id:id}/report", response_class=HTMLResponse)
def report_page(game_id: int, service: Service) -> HTMLResponse:
    return HTMLResponse(html.report_page(build_report(service, game_id)))


@router.get("/games/{game_id:id}/report.pdf", response_class=Response,
            responses=documented.body("application/pdf") | documented.page(503))
def report_pdf(game_id: int, service: Service) -> Response:
    report = build_report(service, game_id)
    name = f"game-{game_id}-report.pdf"
    try:
        data = render_pdf(report)
    except FontMissing as exc:  # said, never a 500: what to install
        raise HTTPException(503, str(exc)) from None
    return Response(data, media_type="application/pdf",
                    headers={"Content-Disposition": f'inline; filename="{name}"'})


@router.get("/api/games/{game_id:id}/announcements", responses=documented.api(404))
def announcements_json(game_id: int, service: Service) -> list[dict[str, Any]]:
    """Rule 505(c): each penalty and goal as the public address reads it."""
    queries.game(service, game_id)  # NotFound before anything else
    _, state = service.game_state(game_id)
    return [asdict(a) for a in announcements(state)]
