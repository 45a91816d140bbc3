"""The official game report (Rules 502(h), 506, 507) as a page and a PDF, and
the public-address announcements of Rule 505(c) as JSON.

``GET /games/{id}/report`` is printable (report.css has the print rules);
``GET /games/{id}/report.pdf`` is the letter-size PDF; ``GET
/api/games/{id}/announcements`` lists what the public address reads, newest
last. An unknown game is the service's NotFound, a 404.
"""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path
from typing import Any, Final

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from jinja2 import Environment, FileSystemLoader, select_autoescape

from rinkside.reports.announcements import announcements
from rinkside.reports.game_report import GameReport, build_report
from rinkside.reports.pdf import render_pdf
from rinkside.services import queries
from rinkside.web.deps import Service, Templates

router = APIRouter(tags=["reports"])

WEB: Final = Path(__file__).resolve().parent.parent


def title(report: GameReport) -> str:
    return f"Game report: {report.home.name} vs {report.away.name}"


def standalone_html(report: GameReport) -> str:
    """The report page as one file (the style sheets inlined), for the CLI."""
    env = Environment(loader=FileSystemLoader(WEB / "templates"),
                      autoescape=select_autoescape(["html"]))
    css = "\n".join((WEB / "static" / name).read_text(encoding="utf-8")
                    for name in ("style.css", "report.css"))
    return env.get_template("report.html").render(title=title(report), report=report,
                                                  inline_css=css)


@router.get("/games/{game_id}/report", response_class=HTMLResponse)
def report_page(game_id: int, request: Request, service: Service,
                templates: Templates) -> HTMLResponse:
    report = build_report(service, game_id)
    return templates.TemplateResponse(request, "report.html",
                                      {"title": title(report), "report": report})


@router.get("/games/{game_id}/report.pdf")
def report_pdf(game_id: int, service: Service) -> Response:
    report = build_report(service, game_id)
    name = f"game-{game_id}-report.pdf"
    return Response(render_pdf(report), media_type="application/pdf",
                    headers={"Content-Disposition": f'inline; filename="{name}"'})


@router.get("/api/games/{game_id}/announcements")
def announcements_json(game_id: int, service: Service) -> list[dict[str, Any]]:
    """Rule 505(c): each penalty and goal as the public address reads it."""
    queries.game(service, game_id)  # NotFound before anything else
    _, state = service.game_state(game_id)
    return [asdict(a) for a in announcements(state)]
