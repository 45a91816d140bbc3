"""Rinks on the desk.

``/desk/tournaments/{id}/rinks``: rinks added and edited, each with its
Section I verdict (Rules 101-103 checked by the services), its opening hours
and closed slots (the schedule keeps games within them), and a rink's sync
tokens issued and revoked.
"""

from __future__ import annotations

from typing import Any

from fastapi import Form, Request
from fastapi.responses import HTMLResponse, Response

from rinkside.services import desk_rinks, queries, rinks, sync
from rinkside.web.deps import Service, Templates
from rinkside.web.routers.desk import Director, attempt, desk_pages, off_loop, page, respond
from rinkside.web.routers.rinks import rink_page

router = desk_pages()

RINK_FIELDS = (("width", "Width (ft)", "101(c)"), ("length", "Length (ft)", "101(c)"),
               ("corner_radius", "Corner radius (ft)", "101(c)"),
               ("goal_line_distance", "Goal line from each end (ft)", "103(c)"),
               ("goal_width", "Goal width (ft)", "102(a)"),
               ("goal_height", "Goal height (ft)", "102(a)"))


def _rinks_page(request: Request, service: Service, templates: Templates, user: Director,
                tournament_id: int, error: str | None = None,
                new_token: tuple[str, str] | None = None) -> Response:
    queries.known_tournament(service, tournament_id)
    return page(request, templates, "desk_rinks.html", user, {
        "title": "Desk: rinks", "tournament_id": tournament_id, "fields": RINK_FIELDS,
        "pages": [rink_page(r) for r in rinks.rinks(service, tournament_id)],
        "tokens": sync.tokens(service, tournament_id), "new_token": new_token,
        "travel_minutes": desk_rinks.travel_minutes(service, tournament_id),
        "travel_pairs": desk_rinks.travel_pairs(service, tournament_id)},
        error=error)


@router.get("/desk/tournaments/{tournament_id:id}/rinks", response_class=HTMLResponse)
def rinks_page(tournament_id: int, request: Request, service: Service, templates: Templates,
               user: Director) -> Response:
    return _rinks_page(request, service, templates, user, tournament_id)


async def _dimensions(request: Request) -> tuple[str, dict[str, Any]]:
    form = await request.form()
    out: dict[str, Any] = {}
    for key, _, _ in RINK_FIELDS:
        text = str(form.get(key, "")).strip()
        if text:
            try:
                out[key] = float(text)
            except ValueError:
                out[key] = text  # refused by the rink's reader, naming the field
    return str(form.get("name", "")), out


@router.post("/desk/tournaments/{tournament_id:id}/rinks", response_class=HTMLResponse)
async def rink_add(tournament_id: int, request: Request, service: Service,
                   templates: Templates, user: Director) -> Response:
    name, dims = await _dimensions(request)
    return await off_loop(
        respond, lambda: desk_rinks.add(service, tournament_id, name, dims, by=user.username),
                   f"/desk/tournaments/{tournament_id}/rinks", "rink",
                   lambda error: _rinks_page(request, service, templates, user, tournament_id,
                                             error))


@router.post("/desk/rinks/{rink_id:id}", response_class=HTMLResponse)
async def rink_edit(rink_id: int, request: Request, service: Service, templates: Templates,
                    user: Director) -> Response:
    name, dims = await _dimensions(request)
    tid = await off_loop(lambda: rinks.rink(service, rink_id).tournament_id)
    return await off_loop(
        respond, lambda: desk_rinks.edit(service, rink_id, name, dims, by=user.username),
                   f"/desk/tournaments/{tid}/rinks", "rink",
                   lambda error: _rinks_page(request, service, templates, user, tid, error))


@router.post("/desk/rinks/{rink_id:id}/hours", response_class=HTMLResponse)
def rink_hours_form(rink_id: int, request: Request, service: Service, templates: Templates,
                    user: Director, opening_hours: str = Form(""),
                    closed_slots: str = Form(""), venue: str = Form("")) -> Response:
    """The rink's opening hours and closed slots, one a line, and its venue."""
    tid = rinks.rink(service, rink_id).tournament_id
    return respond(lambda: desk_rinks.set_hours(service, rink_id, opening=opening_hours,
                                                closed=closed_slots, by=user.username,
                                                venue=venue),
                   f"/desk/tournaments/{tid}/rinks", "hours",
                   lambda error: _rinks_page(request, service, templates, user, tid, error))


@router.post("/desk/tournaments/{tournament_id:id}/travel", response_class=HTMLResponse)
def travel_form(tournament_id: int, request: Request, service: Service, templates: Templates,
                user: Director, travel_minutes: str = Form(""),
                travel_pairs: str | None = Form(None)) -> Response:
    """The travel time between two venues, in minutes: the default, and pair
    by pair (one a line, ``North Hall / Civic Centre: 20``)."""
    def save() -> None:
        text = travel_minutes.strip() or "0"
        if not text.isdigit():
            raise ValueError(f"the travel time between venues ({text!r}) is not a whole "
                             "number of minutes")
        if travel_pairs is not None:  # checked before the default is saved
            desk_rinks.set_travel_pairs(service, tournament_id, travel_pairs,
                                        by=user.username)
        desk_rinks.set_travel(service, tournament_id, int(text), by=user.username)
    return respond(save, f"/desk/tournaments/{tournament_id}/rinks", "travel",
                   lambda error: _rinks_page(request, service, templates, user,
                                             tournament_id, error))


@router.post("/desk/tournaments/{tournament_id:id}/sync-tokens", response_class=HTMLResponse)
def sync_token_form(tournament_id: int, request: Request, service: Service,
                    templates: Templates, user: Director, rink: str = Form(""),
                    action: str = Form("issue")) -> Response:
    """Issue a rink's sync token (shown on this page once, never again) or
    revoke the rink's tokens."""
    if action == "revoke":
        return respond(lambda: desk_rinks.revoke_tokens(service, tournament_id, rink,
                                                        by=user.username),
                       f"/desk/tournaments/{tournament_id}/rinks", "revoked",
                       lambda error: _rinks_page(request, service, templates, user,
                                                 tournament_id, error))
    token, error = attempt(lambda: desk_rinks.issue_token(service, tournament_id, rink,
                                                          by=user.username))
    return _rinks_page(request, service, templates, user, tournament_id, error,
                       None if token is None else (rink.strip(), token))
