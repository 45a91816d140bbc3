"""People on the desk (``/desk/tournaments/{id}/people``): each game's
scorekeeper, referees and other officials, with anyone busy elsewhere at the
time refused; the users with their full names, roles and games, a new user, a password
reset, a user disabled (their sessions end) or enabled again; a team's
manager or coach created, or invited (the invitation's one-time link shown
here, for the director to pass on: :func:`team_officials.invitation_link`)."""

from __future__ import annotations

from collections.abc import Callable

from fastapi import Form, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from rinkside.services import desk_people, desk_schedule, queries, team_officials, users
from rinkside.web import documented
from rinkside.web.deps import Service, Templates
from rinkside.web.routers.desk import (
    REFUSALS,
    Director,
    desk_pages,
    off_loop,
    page,
    refusal_text,
    respond,
)
from rinkside.web.routers.desk_schedule import asked_day, division_choice

router = desk_pages()


def _people_page(request: Request, service: Service, templates: Templates, user: Director,
                 tournament_id: int, error: str | None = None,
                 invitation: tuple[str, str] | None = None, day: str = "", q: str = "",
                 page_number: str = "1", division: str = "") -> Response:
    picked = division_choice(service, tournament_id, division)
    # One day's games at a time, read alone (the page stays small and quick
    # however many games there are): the day asked for, else today's, else the first.
    nav = desk_schedule.day_nav(service, tournament_id, asked_day(day),
                                today=service.now().astimezone().date())
    grid = desk_schedule.grid(service, tournament_id, nav.day) if nav.day else None
    shown = grid.days[0] if grid and grid.days else None
    games = sorted(shown.cells.values() if shown else (), key=lambda g: (g.start, g.rink))
    staff = desk_people.staffs(service, [g.game_id for g in games])
    # the users a search finds, a page at a time; the staff fields find logins
    # as they are typed (people_logins): never every user of the season
    found = desk_people.user_page(service, q, int(page_number) if page_number.isdigit() else 1)
    named = {n for st in staff.values()
             for n in (*st.scorekeepers, *st.referees, *(m for v in st.others.values() for m in v))}
    return page(request, templates, "desk_people.html", user, {
        "title": "Desk: people", "tournament_id": tournament_id, "games": games,
        "nav": nav, "shown_day": nav.day, "staff": staff,
        "found": found, "q": q.strip(), "picked": picked,
        "roles": [r for r in users.ROLES if r not in users.TEAM_ROLES],
        "team_roles": users.TEAM_ROLES, "invitation": invitation,
        "team_names": queries.team_names(
            service, team_ids={t for u in found.users for t in u.teams}),
        "other_roles": desk_people.OTHER_ROLES,
        "staff_roles": ("scorekeeper", "referee", *desk_people.OTHER_ROLES),
        "shown": desk_people.shown_names(service, named)},
        error=error)


def _on_people(request: Request, service: Service, templates: Templates, user: Director,
               tournament_id: int, write: Callable[[], object], done: str) -> Response:
    """A people form's answer: back to the people page at ``done``, else the page
    again with the refusal."""
    return respond(write, f"/desk/tournaments/{tournament_id}/people", done,
                   lambda error: _people_page(request, service, templates, user, tournament_id,
                                              error))


@router.get("/desk/tournaments/{tournament_id:id}/people", response_class=HTMLResponse)
def people_page(tournament_id: int, request: Request, service: Service, templates: Templates,
                user: Director, day: str = "", q: str = "", page: str = "1",
                division: str = "") -> Response:
    return _people_page(request, service, templates, user, tournament_id, day=day, q=q,
                        page_number=page, division=division)


@router.get("/desk/tournaments/{tournament_id:id}/people/logins",
            response_class=JSONResponse,
            responses={422: {"description": "The role is not a staff role (Rules 501-507)",
                             "model": documented.Problem | documented.InvalidRequest}})
def people_logins(tournament_id: int, service: Service, user: Director, role: str = "",
                  q: str = "") -> Response:
    """The logins of ``role`` (a scorekeeper, a referee, a table official:
    Rules 501-507) whose username or full name holds ``q``, the first few:
    what a staff field of the people page offers as it is typed
    (static/desk_people.js)."""
    queries.known_tournament(service, tournament_id)
    roles = ("scorekeeper", "referee", *desk_people.OTHER_ROLES)
    if role not in roles:
        return JSONResponse({"detail": f"role is one of {', '.join(roles)}, not {role!r}"},
                            status_code=422)
    return JSONResponse({"logins": [{"username": u.username, "shown": u.shown}
                                    for u in desk_people.find_logins(service, role, q)]})


@router.post("/desk/games/{game_id:id}/staff", response_class=HTMLResponse)
async def staff_form(game_id: int, request: Request, service: Service, templates: Templates,
                     user: Director) -> Response:
    form = await request.form()
    game = await off_loop(queries.game, service, game_id)
    tid = game.tournament_id
    # back to the game's own day of the people page
    day = game.start.astimezone().date().isoformat() if game.start is not None else ""

    def write() -> desk_people.Staff:
        return desk_people.set_staff(
            service, game_id, scorekeeper=str(form.get("scorekeeper", "")) or None,
            referees=[str(v) for v in form.getlist("referee")],
            others={role: [str(form.get(role, ""))] for role in desk_people.OTHER_ROLES},
            by=user.username)

    return await off_loop(respond, write, f"/desk/tournaments/{tid}/people?day={day}",
                          "officials", lambda error: _people_page(
                              request, service, templates, user, tid, error, day=day))


@router.post("/desk/tournaments/{tournament_id:id}/users", response_class=HTMLResponse)
def user_add(tournament_id: int, request: Request, service: Service, templates: Templates,
             user: Director, username: str = Form(""), password: str = Form(""),
             role: str = Form(""), full_name: str = Form("")) -> Response:
    return _on_people(request, service, templates, user, tournament_id, lambda: desk_people
                      .add_user(service, username, password, role, by=user.username,
                                full_name=full_name), "user")


@router.post("/desk/tournaments/{tournament_id:id}/users/{username:path}/password",
             response_class=HTMLResponse)
def password_reset(tournament_id: int, username: str, request: Request, service: Service,
                   templates: Templates, user: Director,
                   password: str = Form("")) -> Response:
    return _on_people(request, service, templates, user, tournament_id, lambda: desk_people
                      .reset_password(service, username, password, by=user.username), "password")


@router.post("/desk/tournaments/{tournament_id:id}/users/{username:path}/name",
             response_class=HTMLResponse)
def user_name(tournament_id: int, username: str, request: Request, service: Service,
              templates: Templates, user: Director, full_name: str = Form("")) -> Response:
    return _on_people(request, service, templates, user, tournament_id, lambda: desk_people
                      .set_full_name(service, username, full_name, by=user.username), "name")


@router.post("/desk/tournaments/{tournament_id:id}/users/{username:path}/active",
             response_class=HTMLResponse)
def user_active(tournament_id: int, username: str, request: Request, service: Service,
                templates: Templates, user: Director, active: str = Form("")) -> Response:
    return _on_people(request, service, templates, user, tournament_id, lambda: desk_people
                      .set_active(service, username, active == "yes", by=user.username), "user")


@router.post("/desk/tournaments/{tournament_id:id}/team-officials",
             response_class=HTMLResponse)
def team_official_add(tournament_id: int, request: Request, service: Service,
                      templates: Templates, user: Director, username: str = Form(""),
                      role: str = Form(""), team: str = Form(""), email: str = Form(""),
                      full_name: str = Form(""), password: str = Form("")) -> Response:
    """A team's manager or coach (Section II): with a password, created;
    without, invited: the page shows the invitation's one-time link."""
    team_ids = [int(team)] if team.strip().isdigit() else []
    if not team_ids:
        return _people_page(request, service, templates, user, tournament_id,
                            error="a manager or coach acts for a team: choose the team")
    if password:
        return _on_people(request, service, templates, user, tournament_id, lambda: desk_people
                          .add_user(service, username, password, role, by=user.username,
                                    full_name=full_name, teams=team_ids, email=email),
                          "team official")
    try:
        invited = team_officials.invite(service, username, role, team_ids, by=user.username,
                                        email=email, full_name=full_name,
                                        base_url=str(request.base_url))
    except REFUSALS as exc:
        return _people_page(request, service, templates, user, tournament_id,
                            error=refusal_text(exc))
    link = team_officials.invitation_link(str(request.base_url), invited.token)
    return _people_page(request, service, templates, user, tournament_id,
                        invitation=(invited.username, link))
