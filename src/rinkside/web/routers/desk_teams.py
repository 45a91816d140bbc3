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
from typing import Annotated

from fastapi import File, Form, Request, UploadFile
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

def teams_url(tournament_id: int, division_id: int | None = None) -> str:
    """The teams page showing the division (the first when not given)."""
    return f"/desk/tournaments/{tournament_id}/teams" + (
        f"?division={division_id}" if division_id is not None else "")


def _teams_page(request: Request, service: Service, templates: Templates, user: Director,
                tournament_id: int, *, error: str | None = None,
                problems: list[str] | None = None, division_id: int | None = None,
                team: str = "") -> Response:
    """One division of the tournament with its teams and the forms that add
    and import them (``division_id``, else the first), or every team whose
    name holds ``team``, in every division: as the discipline page, the page
    does not grow with the season (issue 30: every division's teams and
    forms were on it, and every tournament's players were counted)."""
    divisions = queries.divisions(service, tournament_id)
    searched = team.strip()
    chosen = next((d for d in divisions if d.division_id == division_id),
                  divisions[0] if divisions else None)
    tree = (queries.tournament_tree(service, tournament_id, team_name=searched) if searched
            else queries.tournament_tree(service, tournament_id, division_ids=[
                chosen.division_id] if chosen else []))
    return page(request, templates, "desk_teams.html", user, {
        "title": "Divisions and teams", "tree": tree, "divisions": divisions,
        "chosen": None if searched else chosen, "team": searched,
        "tournament_id": tournament_id, "columns": TEMPLATE_COLUMNS,
        "problems": problems or []}, error=error)


@router.get("/desk/tournaments/{tournament_id:id}/teams", response_class=HTMLResponse)
def teams_page(tournament_id: int, request: Request, service: Service, templates: Templates,
               user: Director, division: str = "", team: str = "") -> Response:
    """One division (``division``: its id; the first when not one of the
    tournament's), or the teams found by name in every division (``team``)."""
    chosen = int(division) if division.strip().isdigit() else None
    return _teams_page(request, service, templates, user, tournament_id,
                       division_id=chosen, team=team)


@router.get("/desk/roster-template.csv", response_class=Response,
            responses=documented.body("text/csv"))
def roster_template(user: Director) -> Response:
    return Response(template_csv(), media_type="text/csv", headers={
        "Content-Disposition": 'attachment; filename="roster-template.csv"'})


def _on_teams(request: Request, service: Service, templates: Templates, user: Director,
              tournament_id: int, write: Callable[[], object], done: str,
              division_id: int | None = None) -> Response:
    """A division's or a new team's form answer: back to the teams page at
    ``done``, showing ``division_id`` (else the division the write returns,
    a new one), else that division's page again with the refusal."""
    result, error = attempt(write)
    if error is not None:
        return _teams_page(request, service, templates, user, tournament_id, error=error,
                           division_id=division_id)
    if division_id is None and isinstance(result, int):
        division_id = result
    return back(teams_url(tournament_id, division_id), done)


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
    return back(teams_url(tid, division_id), "import")


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
                    "withdrawn", teams_url(division.tournament_id, division.division_id))


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
