"""Divisions, teams and rosters on the desk.

``/desk/tournaments/{id}/teams``: divisions and teams added and renamed, a
roster file imported (the template at ``/desk/roster-template.csv``, its
columns documented on the page); ``/desk/teams/{id}``: a team's players
added and edited, and two records of one person merged (their career, issue 27).
The checks are the services'. The rinks have their own
router (:mod:`rinkside.web.routers.desk_rinks`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Final

from fastapi import File, Form, Query, Request, UploadFile
from fastapi.responses import HTMLResponse, Response

from rinkside.services import careers, desk_teams, queries, team_styles
from rinkside.tournament.roster_problems import RosterImportError
from rinkside.tournament.roster_template import TEMPLATE_COLUMNS, template_csv
from rinkside.web import documented
from rinkside.web.deps import Broadcast, FormId, Service, Templates
from rinkside.web.routers.desk import (
    REFUSALS,
    Director,
    attempt,
    back,
    desk_pages,
    off_loop,
    page,
    refusal_text,
    respond,
)

router = desk_pages()

# Divisions a page: a league's season has dozens; the page shows these many,
# each with its teams and forms, and pages on (issue 30: it grew with the season).
DIVISIONS_A_PAGE: Final = 8


@dataclass(frozen=True, slots=True)
class Pages:
    """Where the page is among the tournament's divisions (1-based)."""

    number: int
    count: int
    first: int  # the first division shown, counted from 1
    last: int
    divisions: int


def _page_of(division_ids: list[int], division_id: int | None) -> int:
    """The page that shows ``division_id`` (the first when not given or unknown)."""
    if division_id is None or division_id not in division_ids:
        return 1
    return division_ids.index(division_id) // DIVISIONS_A_PAGE + 1


def teams_url(service: Service, tournament_id: int, division_id: int | None = None) -> str:
    """The teams page showing the division (its page of divisions)."""
    ids = [d.division_id for d in queries.divisions(service, tournament_id)]
    number = _page_of(ids, division_id if division_id is not None else
                      (ids[-1] if ids else None))
    return f"/desk/tournaments/{tournament_id}/teams" + (f"?page={number}" if number > 1 else "")


def _teams_page(request: Request, service: Service, templates: Templates, user: Director,
                tournament_id: int, *, error: str | None = None,
                problems: list[str] | None = None, number: int = 1,
                division_id: int | None = None, team: str = "") -> Response:
    """The tournament's divisions, a page of them (the one holding
    ``division_id`` when given, else page ``number``), or every team whose
    name holds ``team``, with the forms that add and import them."""
    ids = [d.division_id for d in queries.divisions(service, tournament_id)]
    count = max(1, -(-len(ids) // DIVISIONS_A_PAGE))
    number = _page_of(ids, division_id) if division_id is not None else min(max(1, number), count)
    shown = ids[(number - 1) * DIVISIONS_A_PAGE:number * DIVISIONS_A_PAGE]
    searched = team.strip()
    tree = (queries.tournament_tree(service, tournament_id, team_name=searched) if searched
            else queries.tournament_tree(service, tournament_id, division_ids=shown))
    return page(request, templates, "desk_teams.html", user, {
        "title": "Divisions and teams", "tree": tree,
        "pages": Pages(number, count, (number - 1) * DIVISIONS_A_PAGE + 1,
                       (number - 1) * DIVISIONS_A_PAGE + len(shown), len(ids)),
        "team": searched, "tournament_id": tournament_id, "columns": TEMPLATE_COLUMNS,
        "problems": problems or []}, error=error)


@router.get("/desk/tournaments/{tournament_id:id}/teams", response_class=HTMLResponse)
def teams_page(tournament_id: int, request: Request, service: Service, templates: Templates,
               user: Director, number: Annotated[int, Query(alias="page")] = 1,
               team: str = "") -> Response:
    """A page of the tournament's divisions (``page``: one before the first
    is the first, one past the last the last), or the teams found by name
    (``team``)."""
    return _teams_page(request, service, templates, user, tournament_id, number=number,
                       team=team)


@router.get("/desk/roster-template.csv", response_class=Response,
            responses=documented.body("text/csv"))
def roster_template(user: Director) -> Response:
    return Response(template_csv(), media_type="text/csv", headers={
        "Content-Disposition": 'attachment; filename="roster-template.csv"'})


def _on_teams(request: Request, service: Service, templates: Templates, user: Director,
              tournament_id: int, write: Callable[[], object], done: str,
              division_id: int | None = None) -> Response:
    """A division's or a new team's form answer: back to the teams page at
    ``done``, the page of ``division_id`` (of the last division, a new one,
    when not given), else that page again with the refusal."""
    _, error = attempt(write)
    if error is not None:
        return _teams_page(request, service, templates, user, tournament_id, error=error,
                           division_id=division_id)
    return back(teams_url(service, tournament_id, division_id), done)


@router.post("/desk/tournaments/{tournament_id:id}/divisions", response_class=HTMLResponse)
def division_add(tournament_id: int, request: Request, service: Service, templates: Templates,
                 user: Director, name: str = Form("")) -> Response:
    return _on_teams(request, service, templates, user, tournament_id, lambda: desk_teams
                     .add_division(service, tournament_id, name, by=user.username), "division")


@router.post("/desk/divisions/{division_id:id}/rename", response_class=HTMLResponse)
def division_rename(division_id: int, request: Request, service: Service,
                    templates: Templates, user: Director, name: str = Form("")) -> Response:
    tid = queries.division(service, division_id).tournament_id
    return _on_teams(request, service, templates, user, tid, lambda: desk_teams
                     .rename_division(service, division_id, name, by=user.username), "division",
                     division_id)


@router.post("/desk/divisions/{division_id:id}/teams", response_class=HTMLResponse)
def team_add(division_id: int, request: Request, service: Service, templates: Templates,
             user: Director, name: str = Form("")) -> Response:
    tid = queries.division(service, division_id).tournament_id
    return _on_teams(request, service, templates, user, tid, lambda: desk_teams
                     .add_team(service, division_id, name, by=user.username), "team", division_id)


@router.post("/desk/divisions/{division_id:id}/import", response_class=HTMLResponse)
async def roster_upload(division_id: int, request: Request, service: Service,
                        templates: Templates, user: Director,
                        file: Annotated[UploadFile, File()], team: str = Form(""),
                        reason: str = Form("")) -> Response:
    """A roster file uploaded (read within the request body's limit): read,
    checked and stored in a worker thread, off the event loop, so that a
    large workbook delays no other request (its size is bounded before it is
    parsed: :mod:`rinkside.tournament.roster_file`)."""
    content = await file.read()
    tid = await off_loop(lambda: queries.division(service, division_id).tournament_id)
    try:
        await off_loop(lambda: desk_teams.import_roster_file(
            service, division_id, file.filename or "roster.csv", content,
            team=team.strip() or None, by=user.username, reason=reason))
    except RosterImportError as exc:
        return _teams_page(request, service, templates, user, tid,
                           error=f"{exc.source}: nothing was imported",
                           problems=[str(p) for p in exc.problems], division_id=division_id)
    except REFUSALS as exc:
        return _teams_page(request, service, templates, user, tid, error=refusal_text(exc),
                           division_id=division_id)
    return back(await off_loop(teams_url, service, tid, division_id), "import")


# --------------------------------------------------------------------------- a team


def _team_page(request: Request, service: Service, templates: Templates, user: Director,
               team_id: int, error: str | None = None) -> Response:
    team = queries.team(service, team_id)
    colour, logo = service.team_styles([team_id]).get(team_id, (None, None))
    return page(request, templates, "desk_team.html", user, {
        "title": f"Desk: {team.name}", "team": team, "colour": colour, "logo": logo,
        "logo_host": team_styles.logo_host(logo),
        "tournament_id": team.division.tournament_id}, error=error)


@router.get("/desk/teams/{team_id:id}", response_class=HTMLResponse)
def team_page(team_id: int, request: Request, service: Service, templates: Templates,
              user: Director) -> Response:
    return _team_page(request, service, templates, user, team_id)


def _on_team(request: Request, service: Service, templates: Templates, user: Director,
             team_id: int, write: Callable[[], object], done: str,
             to: str | None = None) -> Response:
    """A team page's form answer: to ``to`` (the team's page) at ``done``, else
    the team's page again with the refusal."""
    return respond(write, to or f"/desk/teams/{team_id}", done,
                   lambda error: _team_page(request, service, templates, user, team_id, error))


@router.post("/desk/teams/{team_id:id}/rename", response_class=HTMLResponse)
def team_rename(team_id: int, request: Request, service: Service, templates: Templates,
                user: Director, name: str = Form("")) -> Response:
    return _on_team(request, service, templates, user, team_id, lambda: desk_teams
                    .rename_team(service, team_id, name, by=user.username), "team")


@router.post("/desk/teams/{team_id:id}/style", response_class=HTMLResponse)
def team_style(team_id: int, request: Request, service: Service, templates: Templates,
               user: Director, broadcaster: Broadcast, colour: str = Form(""),
               logo: str = Form("")) -> Response:
    """The team's colour and logo, as the scoreboards show them: every page
    following one of its games is sent the new look at once."""
    def write() -> None:
        desk_teams.set_style(service, team_id, colour, logo, by=user.username)
        for game in queries.games(service):
            if team_id in (game.home_team_id, game.away_team_id):
                broadcaster.refresh(service, game.game_id)

    return _on_team(request, service, templates, user, team_id, write, "style")


@router.post("/desk/teams/{team_id:id}/withdraw", response_class=HTMLResponse)
def team_withdraw(team_id: int, request: Request, service: Service, templates: Templates,
                  user: Director, reason: str = Form("")) -> Response:
    division = queries.team(service, team_id).division
    return _on_team(request, service, templates, user, team_id, lambda: desk_teams
                    .withdraw_team(service, team_id, by=user.username, reason=reason),
                    "withdrawn", teams_url(service, division.tournament_id, division.division_id))


@router.post("/desk/teams/{team_id:id}/players", response_class=HTMLResponse)
def player_add(team_id: int, request: Request, service: Service, templates: Templates,
               user: Director, number: str = Form(""), name: str = Form(""),
               goalie: str = Form(""), captain: str = Form(""),
               reason: str = Form("")) -> Response:
    return _on_team(request, service, templates, user, team_id, lambda: desk_teams.add_player(
        service, team_id, number=desk_teams.read_number(number), name=name, goalie=bool(goalie),
        captain=captain or None, by=user.username, reason=reason or None), "player")


@router.post("/desk/players/{player_id:id}", response_class=HTMLResponse)
def player_edit(player_id: int, request: Request, service: Service, templates: Templates,
                user: Director, team_id: FormId, number: str = Form(""),
                name: str = Form(""), goalie: str = Form(""), captain: str = Form(""),
                reason: str = Form("")) -> Response:
    return _on_team(request, service, templates, user, team_id, lambda: desk_teams.edit_player(
        service, player_id, number=desk_teams.read_number(number), name=name,
        goalie=bool(goalie), captain=captain or None, by=user.username,
        reason=reason or None), "player")


@router.post("/desk/teams/{team_id:id}/merge", response_class=HTMLResponse)
def player_merge(team_id: int, request: Request, service: Service, templates: Templates,
                 user: Director, player: FormId, same_as: str = Form(""),
                 reason: str = Form("")) -> Response:
    """Two records of one person merged (issue 27): the team's ``player`` and
    the record ``same_as`` (a player id); one career page shows both and Rule
    410(c) reads them as one person; kept in the record of changes with the
    reason."""
    return _on_team(request, service, templates, user, team_id, lambda: careers.merge(
        service, player, careers.read_player_id(same_as), by=user.username, reason=reason),
        "merged")
