"""The tournament on the desk: name and dates, the pool and playoff settings
as a form built from the settings table (each row with its rule, description
and default), the tiebreak chain and the forfeit dress deadline (634(c)
note 1). Forms post here; the same writes answer JSON under /api/desk/.
"""

from __future__ import annotations

from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, Field, field_validator

from rinkside.formats.text import NAME
from rinkside.services import desk_tournament
from rinkside.tournament.standings import CRITERIA
from rinkside.web import fields
from rinkside.web.deps import Service, Templates
from rinkside.web.routers.desk import (
    Director,
    api_attempt,
    attempt,
    back,
    desk_api,
    desk_pages,
    off_loop,
    optional_date,
    page,
)

router = desk_pages()
api_router = desk_api()


def _context(service: Service, tournament_id: int) -> dict[str, Any]:
    info = desk_tournament.desk(service, tournament_id)
    return {"title": f"Desk: {info.name}", "t": info, "criteria": CRITERIA,
            "tournament_id": tournament_id}


def _url(tournament_id: int) -> str:
    return f"/desk/tournaments/{tournament_id}"


@router.get("/desk/tournaments/{tournament_id:id}", response_class=HTMLResponse)
def tournament_page(tournament_id: int, request: Request, service: Service,
                    templates: Templates, user: Director) -> Response:
    return page(request, templates, "desk_tournament.html", user,
                _context(service, tournament_id))


def _form_amendments(form: Any) -> dict[str, Any]:
    """The settings form's rows: a blank row is the default (no amendment)."""
    out = {}
    for row in desk_tournament.settings_table_keys():
        text = str(form.get(f"s_{row}", "")).strip()
        if text:
            out[row] = desk_tournament.read_form_value(row, text)
    return out


def _answer(request: Request, templates: Templates, service: Service, user: Director,
            tournament_id: int, error: str | None, done: str,
            typed: dict[str, dict[str, str]] | None = None) -> Response:
    """Back to the page, or the page again with the refusal and what was
    typed in the settings form that was refused (nothing is lost)."""
    if error is not None:
        return page(request, templates, "desk_tournament.html", user,
                    {**_context(service, tournament_id), "typed": typed or {}},
                    error=error, status=422)
    return back(_url(tournament_id), done)


@router.post("/desk/tournaments/{tournament_id:id}/details", response_class=HTMLResponse)
async def details_form(tournament_id: int, request: Request, service: Service,
                       templates: Templates, user: Director) -> Response:
    form = await request.form()
    _, error = await off_loop(attempt, lambda: desk_tournament.set_details(
        service, tournament_id, name=str(form.get("name", "")),
        starts_on=optional_date(str(form.get("starts_on", ""))),
        ends_on=optional_date(str(form.get("ends_on", ""))), by=user.username))
    return await off_loop(_answer, request, templates, service, user, tournament_id, error,
                          "details")


@router.post("/desk/tournaments/{tournament_id:id}/settings/{stage}", response_class=HTMLResponse)
async def settings_form(tournament_id: int, stage: str, request: Request, service: Service,
                        templates: Templates, user: Director) -> Response:
    form = await request.form()
    _, error = await off_loop(attempt, lambda: desk_tournament.set_settings(
        service, tournament_id, desk_tournament.stage(stage), _form_amendments(form),
                                                                            by=user.username,
        reason=str(form.get("reason", ""))))
    typed = {stage: {key: str(form.get(f"s_{key}",
                                       "")) for key in desk_tournament.settings_table_keys()}}
    return await off_loop(_answer, request, templates, service, user, tournament_id, error,
                          "settings", typed)


@router.post("/desk/tournaments/{tournament_id:id}/tiebreaks", response_class=HTMLResponse)
async def tiebreaks_form(tournament_id: int, request: Request, service: Service,
                         templates: Templates, user: Director) -> Response:
    form = await request.form()
    chain = [str(v) for v in form.getlist("tiebreak")]
    _, error = await off_loop(attempt, lambda: desk_tournament.set_tiebreaks(
        service, tournament_id, chain, by=user.username, reason=str(form.get("reason", ""))))
    return await off_loop(_answer, request, templates, service, user, tournament_id, error,
                          "tiebreaks")


@router.post("/desk/tournaments/{tournament_id:id}/dress", response_class=HTMLResponse)
async def dress_form(tournament_id: int, request: Request, service: Service,
                     templates: Templates, user: Director) -> Response:
    form = await request.form()
    _, error = await off_loop(attempt, lambda: desk_tournament.set_dress_minutes(
        service, tournament_id, desk_tournament.whole_minutes(str(form.get("minutes", ""))),
        by=user.username))
    return await off_loop(_answer, request, templates, service, user, tournament_id, error,
                          "dress")


# --------------------------------------------------------------------------- API


class SettingsBody(BaseModel):
    settings: dict[str, Any]
    reason: fields.Reason = ""

    @field_validator("settings")
    @classmethod
    def _text(cls, value: dict[str, Any]) -> dict[str, Any]:
        fields.check_strings(value, "settings", NAME)
        return value


class ChainBody(BaseModel):
    tiebreaks: list[fields.Name] = Field(max_length=20)
    reason: fields.Reason = ""


@api_router.get("/api/desk/tournaments/{tournament_id:id}")
def tournament_api(tournament_id: int, service: Service, user: Director) -> dict[str, Any]:
    info = desk_tournament.desk(service, tournament_id)
    return {"id": info.tournament_id, "name": info.name, "settings": info.settings,
            "playoff_settings": info.playoff_settings, "tiebreaks": info.tiebreaks,
            "dress_minutes": info.dress_minutes, "started_games": info.started_games}


@api_router.put("/api/desk/tournaments/{tournament_id:id}/settings/{stage}", response_model=None)
def settings_api(tournament_id: int, stage: str, body: SettingsBody, service: Service,
                 user: Director) -> Any:
    return api_attempt(lambda: {"settings": desk_tournament.set_settings(
        service, tournament_id, desk_tournament.stage(stage), body.settings, by=user.username,
        reason=body.reason)})


@api_router.put("/api/desk/tournaments/{tournament_id:id}/tiebreaks", response_model=None)
def tiebreaks_api(tournament_id: int, body: ChainBody, service: Service,
                  user: Director) -> Any:
    return api_attempt(lambda: {"tiebreaks": desk_tournament.set_tiebreaks(
        service, tournament_id, body.tiebreaks, by=user.username, reason=body.reason)})
