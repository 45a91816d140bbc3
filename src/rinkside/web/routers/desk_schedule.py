"""The schedule on the desk: built by the solver within the days' time
windows, a game added, moved or cancelled, and the grid per rink and day
with every conflict shown (``/desk/tournaments/{id}/schedule``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from typing import Annotated, Any, Final

from fastapi import Form, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, Field

from rinkside.services import desk_schedule, queries, rinks, schedule_progress, schedule_requests
from rinkside.services.schedule_requests import requests_of
from rinkside.web import documented, fields
from rinkside.web.deps import FormId, Service, Templates
from rinkside.web.routers.desk import (
    Director,
    api_attempt,
    desk_api,
    desk_pages,
    off_loop,
    page,
    respond,
)

router = desk_pages()
api_router = desk_api()


def local_moment(text: str) -> datetime:
    """A ``datetime-local`` field (2026-12-05T08:00) in the server's zone."""
    try:
        moment = datetime.fromisoformat(text.strip())
    except ValueError:
        raise ValueError(f"{text!r} is not a date and time (2026-12-05T08:00)") from None
    return moment if moment.tzinfo else moment.astimezone()


def asked_day(text: str) -> date | None:
    """The day a desk page's address asks for (2026-12-05), None when none
    is (or it is not a date: the page's own day is shown)."""
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        return None


def _whole(text: str, what: str) -> int:
    text = text.strip()
    if not text.isdigit():
        raise ValueError(f"the {what} is whole minutes, not {text!r}")
    return int(text)


@dataclass(frozen=True, slots=True)
class DivisionChoice:
    """The division a desk form's team fields offer (the one asked for, else
    the first) and its teams: a form lists one division's teams, never the
    season's."""

    divisions: list[queries.DivisionRow]
    chosen: queries.DivisionRow | None
    teams: dict[int, str]  # the chosen division's, by name

    @property
    def division_id(self) -> int | None:
        return self.chosen.division_id if self.chosen else None


def division_choice(service: Service, tournament_id: int, wanted: str) -> DivisionChoice:
    """The tournament's divisions (404 when there is no such tournament), the
    one ``wanted`` names by id (else the first) and its teams."""
    queries.known_tournament(service, tournament_id)
    divisions = queries.divisions(service, tournament_id)
    chosen = next((d for d in divisions if str(d.division_id) == wanted.strip()),
                  divisions[0] if divisions else None)
    teams = {} if chosen is None else queries.team_names(service, chosen.division_id)
    return DivisionChoice(divisions, chosen,
                          dict(sorted(teams.items(), key=lambda item: (item[1], item[0]))))


def _schedule_page(request: Request, service: Service, templates: Templates, user: Director,
                   tournament_id: int, error: str | None = None, day: str = "",
                   step: str = "", division: str = "", other_division: str = "") -> Response:
    picked = division_choice(service, tournament_id, division)
    other = (picked if not other_division.strip() or other_division.strip() == division.strip()
             else division_choice(service, tournament_id, other_division))
    try:
        step_minutes = desk_schedule.grid_step(step)
    except ValueError as bad:
        step_minutes, error = None, error or str(bad)
    # One day at a time, read alone (the page stays small and quick however
    # many games there are): the day asked for, else the first.
    nav = desk_schedule.day_nav(service, tournament_id, asked_day(day))
    grid = desk_schedule.grid(service, tournament_id, nav.day, step_minutes=step_minutes)
    shown = grid.days[0] if grid.days else None
    return page(request, templates, "desk_schedule.html", user, {
        "title": "Desk: schedule", "tournament_id": tournament_id, "picked": picked,
        "other": other, "grid": grid, "shown": shown, "nav": nav,
        "steps": desk_schedule.STEPS,
        # the requests of the chosen division's teams (the forms' division)
        "requests": requests_of(service, tournament_id, list(picked.teams)),
        "rinks": [r.name for r in rinks.rinks(service, tournament_id)]},
        error=error)


@router.get("/desk/tournaments/{tournament_id:id}/schedule", response_class=HTMLResponse)
def schedule_page(tournament_id: int, request: Request, service: Service,
                  templates: Templates, user: Director, day: str = "",
                  step: str = "", division: str = "", other_division: str = "") -> Response:
    return _schedule_page(request, service, templates, user, tournament_id, day=day,
                          step=step, division=division, other_division=other_division)


def _on_schedule(request: Request, service: Service, templates: Templates, user: Director,
                 tournament_id: int, write: Callable[[], object], done: str) -> Response:
    """A schedule form's answer: back to the tournament's schedule at ``done``,
    else the schedule page again with the refusal."""
    return respond(write, f"/desk/tournaments/{tournament_id}/schedule", done,
                   lambda error: _schedule_page(request, service, templates, user,
                                                tournament_id, error))


@router.post("/desk/tournaments/{tournament_id:id}/schedule/requests",
             response_class=HTMLResponse)
def request_form(tournament_id: int, request: Request, service: Service, templates: Templates,
                 user: Director, team: FormId, kind: str = Form(""), start: str = Form(""),
                 end: str = Form(""), other: str = Form(""), wish: str = Form("")
                 ) -> Response:
    """A team's request: blackout (start, end), not before (start), not after
    (end), apart (the other team); hard unless marked a wish."""
    def add() -> int:
        return schedule_requests.add_team_request(
            service, tournament_id, team, kind,
            start=local_moment(start) if start.strip() else None,
            end=local_moment(end) if end.strip() else None,
            other_team_id=int(other) if other.strip().isdigit() else None,
            hard=not wish, by=user.username)

    return _on_schedule(request, service, templates, user, tournament_id, add, "request")


@router.post("/desk/tournaments/{tournament_id:id}/schedule/requests/remove",
             response_class=HTMLResponse)
def remove_request_form(tournament_id: int, request: Request, service: Service,
                        templates: Templates, user: Director, request_id: FormId
                        ) -> Response:
    return _on_schedule(request, service, templates, user, tournament_id,
                        lambda: schedule_requests.remove_team_request(
                            service, tournament_id, request_id, by=user.username), "removed")


@router.post("/desk/tournaments/{tournament_id:id}/schedule/officials",
             response_class=HTMLResponse)
def hours_form(tournament_id: int, request: Request, service: Service, templates: Templates,
               user: Director, name: str = Form(""), hours: str = Form(""),
               most: str = Form("")) -> Response:
    """An official's hours (time windows, one a line; none: any time) and
    the most games a day."""
    return _on_schedule(request, service, templates, user, tournament_id,
                        lambda: schedule_requests.set_official_hours(
                            service, tournament_id, name,
                            desk_schedule.parse_windows(hours) if hours.strip() else [],
                            most_a_day=_whole(most, "most games a day") if most.strip() else None,
                            by=user.username), "hours")


@router.post("/desk/tournaments/{tournament_id:id}/schedule/generate",
             response_class=HTMLResponse)
async def generate_form(tournament_id: int, request: Request, service: Service,
                        templates: Templates, user: Director) -> Response:
    """The solver's round robin (seconds of work): run in a worker thread, so
    that every other request (a scorer's write) is answered meanwhile; the
    page says the work is under way (static/desk_busy.js)."""
    form = await request.form()
    return await off_loop(
        _on_schedule, request, service, templates, user, tournament_id,
        lambda: desk_schedule.generate(
            service, tournament_id, windows=desk_schedule.parse_windows(str(form.get("windows",
                                                                                     ""))),
            game_minutes=_whole(str(form.get("game_minutes", "")), "game length"),
            rest_minutes=_whole(str(form.get("rest_minutes", "0")), "rest"),
            rinks=[str(r) for r in form.getlist("rink")],
            rounds=_whole(str(form.get("rounds", "1")), "number of rounds") or 1,
            by=user.username),
        "generated")


@router.get("/desk/tournaments/{tournament_id:id}/schedule/progress",
            response_class=JSONResponse)
def progress_json(tournament_id: int, user: Director) -> dict[str, object]:
    """How far the running (or the last) build's solver is: the schedules
    found and the best one's distance from the bound (desk_busy.js asks)."""
    found = schedule_progress.latest(tournament_id)
    return {"running": False, "solutions": 0} if found is None else found.as_json()


@router.post("/desk/tournaments/{tournament_id:id}/schedule/rebuild",
             response_class=HTMLResponse)
async def rebuild_form(tournament_id: int, request: Request, service: Service,
                       templates: Templates, user: Director) -> Response:
    """Every pool game not begun and not locked placed again around the
    locked ones (the solver, off the event loop as the build)."""
    form = await request.form()
    return await off_loop(
        _on_schedule, request, service, templates, user, tournament_id,
        lambda: desk_schedule.rebuild(
            service, tournament_id,
            windows=desk_schedule.parse_windows(str(form.get("rebuild_windows", ""))),
            rinks=[str(r) for r in form.getlist("rink")], by=user.username),
        "rebuilt")


@router.post("/desk/games/{game_id:id}/lock", response_class=HTMLResponse)
def lock_form(game_id: int, request: Request, service: Service, templates: Templates,
              user: Director, locked: str = Form("")) -> Response:
    tid = queries.game(service, game_id).tournament_id
    return _on_schedule(request, service, templates, user, tid,
                        lambda: desk_schedule.lock_game(service, game_id, locked=bool(locked),
                                                        by=user.username),
                        "locked" if locked else "unlocked")


@router.post("/desk/tournaments/{tournament_id:id}/games", response_class=HTMLResponse)
def add_form(tournament_id: int, request: Request, service: Service, templates: Templates,
             user: Director, home: FormId, away: FormId,
             start: str = Form(""), rink: str = Form("")) -> Response:
    def add() -> int:
        division = queries.team(service, home).division.division_id
        if queries.team(service, away).division.division_id != division:
            raise ValueError("the two teams are in different divisions")
        return desk_schedule.add_game(service, division, home, away, start=local_moment(start),
                                      rink=rink, by=user.username)

    return _on_schedule(request, service, templates, user, tournament_id, add, "added")


@router.post("/desk/games/{game_id:id}/move", response_class=HTMLResponse)
def move_form(game_id: int, request: Request, service: Service, templates: Templates,
              user: Director, start: str = Form(""), rink: str = Form(""),
              reason: str = Form("")) -> Response:
    tid = queries.game(service, game_id).tournament_id
    return _on_schedule(request, service, templates, user, tid,
                        lambda: desk_schedule.move_game(service, game_id,
                                                        start=local_moment(start), rink=rink,
                                                        by=user.username, reason=reason),
                        "moved")


@router.post("/desk/games/{game_id:id}/cancel", response_class=HTMLResponse)
def cancel_form(game_id: int, request: Request, service: Service, templates: Templates,
                user: Director, reason: str = Form("")) -> Response:
    tid = queries.game(service, game_id).tournament_id
    return _on_schedule(request, service, templates, user, tid,
                        lambda: desk_schedule.cancel_game(service, game_id, by=user.username,
                                                          reason=reason), "cancelled")


# --------------------------------------------------------------------------- API


class Move(BaseModel):
    start: fields.Moment
    rink: fields.Name
    reason: fields.Reason = ""


# The days the API's schedule answers for: those a tournament is played in
# (the store keeps every moment of them; a day at the calendar's edge has no
# midnight either side to bound its games).
FIRST_DAY: Final = date(2000, 1, 1)
LAST_DAY: Final = date(2099, 12, 31)


class GridGameOut(BaseModel):
    id: int
    start: str = Field(description="when it starts (ISO 8601, with its offset)")
    rink: str
    home: str
    away: str
    conflicts: list[str] = Field(description="what conflicts with it, each in words")


class DaysOut(BaseModel):
    """The days with a game on a time and a rink around the one answered:
    ask ``?day=`` with one of them to walk the season a day at a time."""

    first: date | None
    previous: date | None
    next: date | None
    last: date | None


class GridOut(BaseModel):
    """One day of the schedule (never the season's: a league's holds
    thousands of games), its games on a time and a rink with what conflicts
    with them, and the days around it."""

    day: date | None = Field(description="the day answered (None: no game is on the "
                                         "schedule yet)")
    days: DaysOut
    game_minutes: int
    rest_minutes: int
    games: list[GridGameOut]
    conflicts: list[str] = Field(description="every conflict the day's games are in")


@api_router.get("/api/desk/tournaments/{tournament_id:id}/schedule", response_model=GridOut,
                responses={422: {"description": "The day is not a date (YYYY-MM-DD) from "
                                                "2000 to 2099",
                                 "model": documented.InvalidRequest | documented.FieldRefusal}})
def grid_api(tournament_id: int, service: Service, user: Director,
             day: Annotated[date | None, Query(
                 description="The day to answer for (YYYY-MM-DD, the server's zone; from "
                             "2000 to 2099); none: the first day with a game. The answer's "
                             "`days` names the days before and after it.")] = None
             ) -> GridOut | JSONResponse:
    """The schedule of one day, as the desk's schedule page shows it: the day
    asked for, else the first with a game; its games and their conflicts
    (found among the games around the day, as the page's), and the first,
    previous, next and last days with a game, to ask for next."""
    if day is not None and not FIRST_DAY <= day <= LAST_DAY:
        return JSONResponse(documented.FieldRefusal(
            detail=f"{day.isoformat()} is not a day of a tournament: a day from "
                   f"{FIRST_DAY.isoformat()} to {LAST_DAY.isoformat()}",
            field="day").model_dump(), status_code=422)
    nav = desk_schedule.day_nav(service, tournament_id, day)
    grid = desk_schedule.grid(service, tournament_id, nav.day)
    return GridOut(
        day=nav.day, days=DaysOut(first=nav.first, previous=nav.previous, next=nav.next,
                                  last=nav.last),
        game_minutes=grid.game_minutes, rest_minutes=grid.rest_minutes,
        games=[GridGameOut(id=g.game_id, start=g.start.isoformat(), rink=g.rink, home=g.home,
                           away=g.away, conflicts=list(g.conflicts))
               for shown in grid.days for g in shown.cells.values()],
        conflicts=[c.message for c in grid.conflicts])


@api_router.post("/api/desk/games/{game_id:id}/preview", response_model=None)
def preview_api(game_id: int, body: Move, service: Service, user: Director) -> Any:
    """What a move would make, before it is made: the grid asks while a game
    is dragged (every rule is the server's)."""
    def preview() -> dict[str, Any]:
        start = body.start if body.start.tzinfo else body.start.astimezone()
        found = desk_schedule.preview_move(service, game_id, start=start, rink=body.rink)
        return {"game": game_id, "start": start.isoformat(), "rink": body.rink,
                "conflicts": [c.message for c in found if not c.soft],
                "wishes": [c.message for c in found if c.soft]}

    return api_attempt(preview)


class Swap(BaseModel):
    other: int
    reason: fields.Reason = ""


@api_router.post("/api/desk/games/{game_id:id}/swap", response_model=None)
def swap_api(game_id: int, body: Swap, service: Service, user: Director) -> Any:
    def swap() -> dict[str, Any]:
        desk_schedule.swap_games(service, game_id, body.other, by=user.username,
                                 reason=body.reason)
        return {"swapped": [game_id, body.other]}

    return api_attempt(swap)


@api_router.put("/api/desk/games/{game_id:id}/place", response_model=None)
def move_api(game_id: int, body: Move, service: Service, user: Director) -> Any:
    def move() -> dict[str, Any]:
        start = body.start if body.start.tzinfo else body.start.astimezone()
        desk_schedule.move_game(service, game_id, start=start, rink=body.rink, by=user.username,
                                reason=body.reason)
        return {"moved": game_id, "start": start.isoformat(), "rink": body.rink}

    return api_attempt(move)
