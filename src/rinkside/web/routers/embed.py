"""Embeds: pages a club's or a league's site frames (``<iframe>``), the one
kind of page any site may frame (``frame-ancestors *``,
:mod:`rinkside.web.headers`); every other page refuses frames.

- ``/embed/scores``: live scores (games in play first);
- ``/embed/schedule``: the schedule in start order, scores as they come;
- ``/embed/standings/{division_id}``: a division's standings, live.

The games narrow with ``?team=``, ``?division=`` or ``?tournament=``;
``?theme=light|dark`` (else the reader's own setting). Each page posts its
height to the framing page (``static/embed.js``), which sizes the iframe to
it with ``static/embed_host.js``: the one line a club pastes is on the
desk's API page and ``/developers``. Live as the public pages are
(``static/live_pages.js`` over ``/live/scores``). Links open the full site
in a new tab.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse

from rinkside.services import api_reads
from rinkside.web import documented, embeds
from rinkside.web.deps import QueryId, Service, Templates
from rinkside.web.embeds import Theme

router = APIRouter(tags=["embeds"], default_response_class=HTMLResponse,
                   responses=documented.page(404))


def _render(request: Request, templates: Templates, template: str, theme: Theme,
            context: dict[str, Any]) -> HTMLResponse:
    return templates.TemplateResponse(request, template, {
        **context, "theme": theme, "in_play": embeds.IN_PLAY})


def _narrowed(service: Service, tournament: QueryId | None = None,
              division: QueryId | None = None, team: QueryId | None = None) -> embeds.Narrowed:
    """The games of ``?team=``, ``?division=`` or ``?tournament=`` (else all)."""
    return embeds.narrowed(service, tournament, division, team)


Shown = Annotated[embeds.Narrowed, Depends(_narrowed)]


@router.get("/embed/scores")
def scores(request: Request, templates: Templates, shown: Shown,
           theme: Theme = "auto") -> HTMLResponse:
    """Live scores of a team, a division or a tournament, in play first."""
    return _render(request, templates, "embed_games.html", theme, {
        "title": f"Live scores: {shown.heading}", "heading": shown.heading,
        "games": embeds.live_first(shown.games)})


@router.get("/embed/schedule")
def schedule(request: Request, templates: Templates, shown: Shown,
             theme: Theme = "auto") -> HTMLResponse:
    """A team's or a division's schedule in start order, scores as they come."""
    return _render(request, templates, "embed_games.html", theme, {
        "title": f"Schedule: {shown.heading}", "heading": shown.heading,
        "games": shown.games})


@router.get("/embed/standings/{division_id:id}")
def standings(division_id: int, request: Request, service: Service, templates: Templates,
              theme: Theme = "auto") -> HTMLResponse:
    info = api_reads.division(service, division_id)
    return _render(request, templates, "embed_standings.html", theme, {
        "title": f"{info.name} standings", "division": info,
        "rows": api_reads.standings(service, division_id)})
