"""The rink pages: a rink's dimensions checked against Section I with its
diagram (``/rinks/{id}``, and the diagram alone as ``.svg`` and ``.png``), and
a tournament's rinks (``/tournaments/{id}/rinks``).

The rules live in :mod:`rinkside.rink`; here they are only called and shown. A
stored rink whose dimensions cannot be read or drawn still has a page, saying
why; its images answer 422 with the same sentence.
"""

from __future__ import annotations

from dataclasses import dataclass

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, Response
from markupsafe import Markup

from rinkside.rink import (
    RinkDimensions,
    RinkFormatError,
    RinkNotDrawable,
    RinkProblem,
    failures,
    layout,
)
from rinkside.rink.geometry import RinkDrawing
from rinkside.rink.png import to_png
from rinkside.rink.svg import to_svg
from rinkside.services import queries, rinks
from rinkside.services.rinks import RinkRow
from rinkside.web import documented
from rinkside.web.deps import Service, Templates

router = APIRouter(tags=["rinks"], default_response_class=HTMLResponse,
                   responses=documented.page(404, 422))

PAGE_SCALE = 5.0  # pixels a foot in the page and the .svg
PNG_WIDTH = 1200  # pixels across the .png, whatever the rink's size

# Each stored field, as the page labels it, its unit and the rule that sets it.
_FIELDS = (
    ("width", "Width", "ft", "101(c)"),
    ("length", "Length", "ft", "101(c)"),
    ("corner_radius", "Corner radius", "ft", "101(c)"),
    ("goal_line_distance", "Goal line from each end", "ft", "103(c)"),
    ("goal_width", "Goal width", "ft", "102(a)"),
    ("goal_height", "Goal height", "ft", "102(a)"),
    ("goal_post_diameter", "Goal pipe diameter", "in", "102(a)"),
    ("bench_seats", "Seats on each players' bench", "", "105(a)"),
)


@dataclass(frozen=True)
class RinkPage:
    """What the rink page shows: the stored values, the check, the diagram."""

    rink: RinkRow
    rows: list[tuple[str, str, str]]  # label, value with unit, rule
    problems: list[RinkProblem]
    errors: list[str]  # the stored dimensions cannot be read or drawn
    passes: bool
    svg: Markup | None


def _rows(row: RinkRow) -> list[tuple[str, str, str]]:
    out = []
    for key, label, unit, rule in _FIELDS:
        if key in row.dimensions:
            out.append((label, f"{row.dimensions[key]:g} {unit}".strip(), rule))
    return out


def _drawing(row: RinkRow) -> RinkDrawing:
    """The stored rink drawn; RinkFormatError or RinkNotDrawable if it cannot be."""
    return layout(RinkDimensions.from_mapping(row.dimensions))


def rink_page(row: RinkRow) -> RinkPage:
    try:
        drawing = _drawing(row)
    except RinkFormatError as exc:
        return RinkPage(row, _rows(row), [], exc.errors, False, None)
    except RinkNotDrawable as exc:
        return RinkPage(row, _rows(row), [exc.problem], [], False, None)
    problems = list(drawing.problems)
    # Markup: the SVG is our own, every text in it escaped by rinkside.rink.svg.
    return RinkPage(row, _rows(row), problems, [], not failures(problems),
                    Markup(to_svg(drawing, scale=PAGE_SCALE)))


def _image(service: Service, rink_id: int) -> RinkDrawing:
    try:
        return _drawing(rinks.rink(service, rink_id))
    except (RinkFormatError, RinkNotDrawable) as exc:
        raise HTTPException(422, detail=f"Rink {rink_id} cannot be drawn: {exc}") from exc


# The image routes come first: "/rinks/{rink_id}" would also match "3.svg".
@router.get("/rinks/{rink_id:id}.svg", response_class=Response,
            responses=documented.body("image/svg+xml"))
def rink_svg(rink_id: int, service: Service) -> Response:
    """The rink's diagram to scale, as SVG (feet are the SVG's own units)."""
    return Response(to_svg(_image(service, rink_id), scale=PAGE_SCALE),
                    media_type="image/svg+xml")


@router.get("/rinks/{rink_id:id}.png", response_class=Response,
            responses=documented.body("image/png"))
def rink_png(rink_id: int, service: Service) -> Response:
    """The rink's diagram as a PNG, PNG_WIDTH pixels across."""
    drawing = _image(service, rink_id)
    return Response(to_png(drawing, scale=PNG_WIDTH / drawing.width), media_type="image/png")


@router.get("/rinks/{rink_id:id}")
def rink(rink_id: int, request: Request, service: Service,
         templates: Templates) -> HTMLResponse:
    """A rink: its dimensions, its check against Rules 101-107, its diagram."""
    page = rink_page(rinks.rink(service, rink_id))
    return templates.TemplateResponse(request, "rink.html", {
        "title": page.rink.name, "page": page})


@router.get("/tournaments/{tournament_id:id}/rinks")
def tournament_rinks(tournament_id: int, request: Request, service: Service,
                     templates: Templates) -> HTMLResponse:
    """The tournament's rinks, each with its verdict."""
    queries.known_tournament(service, tournament_id)
    pages = [rink_page(row) for row in rinks.rinks(service, tournament_id)]
    return templates.TemplateResponse(request, "rinks.html", {
        "title": "Rinks", "tournament_id": tournament_id, "pages": pages})
