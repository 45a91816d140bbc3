"""A team's own pages, for its manager or coach (Section II, Rules 201-206):
``/my-team`` lists their teams; ``/my-team/{team}`` shows the roster, the
lists submitted and what the director made of them, and the team's games,
and takes a new list (typed on the phone or a CSV file: Rule 203(a), (b));
``/my-team/{team}/games/{game}`` dresses the team for a game (202(c), 204),
suspended players shown with their reason and never dressed.

Every page and write is the team's officials' (or the director's) alone
(:func:`rinkside.web.auth.require_team`): a manager of another team is 403.
``/invitations/{token}`` is where an invited manager or coach sets their
password (no login: the token is the key, once).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, File, Form, Request, UploadFile
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from rinkside.services import queries, roster_submissions, team_officials, throttle, users
from rinkside.services.tournaments import NotFound
from rinkside.tournament.lineups import LineupError
from rinkside.tournament.rosters import RosterError
from rinkside.web import auth, documented
from rinkside.web.deps import Service, Templates
from rinkside.web.routers import login
from rinkside.web.routers.desk import REFUSALS, checked_form, off_loop, refusal_text

router = APIRouter(tags=["team"], default_response_class=HTMLResponse,
                   responses=documented.page(303, 401, 403, 404, 422),
                   dependencies=[Depends(checked_form)])

Official = Annotated[auth.CurrentUser, Depends(auth.require_team())]
Scorer = Annotated[auth.CurrentUser, Depends(auth.require("scorekeeper"))]
FIELDS = ("number", "name", "goalie", "captain", "birth_date", "league_number")
BLANK_ROWS = 3
LEAST_ROWS = 8


@router.get("/my-team")
def my_teams(request: Request, user: auth.User, service: Service,
             templates: Templates) -> Response:
    """The teams this manager or coach acts for (one: straight to it)."""
    if user is None:
        return RedirectResponse("/login?next=%2Fmy-team", status_code=303)
    if user.role not in auth.TEAM_ROLES:
        return RedirectResponse("/desk" if user.role == "director" else "/console",
                                status_code=303)
    teams = sorted(user.teams)
    if len(teams) == 1:
        return RedirectResponse(f"/my-team/{teams[0]}", status_code=303)
    return templates.TemplateResponse(request, "my_teams.html", {
        "title": "My teams", "user": user,
        "teams": [queries.team(service, t) for t in teams]})


def _rows(players: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The form's rows: the players, then blank ones to type more."""
    blank = max(BLANK_ROWS, LEAST_ROWS - len(players))
    return [*players, *({} for _ in range(blank))]


def _team_page(request: Request, service: Service, templates: Templates,
               user: auth.CurrentUser, team_id: int, *, rows: list[dict[str, Any]] | None = None,
               error: str | None = None, problems: list[str] | None = None) -> Response:
    team = queries.team(service, team_id)  # NotFound: 404
    submitted = roster_submissions.submissions(service, team_id=team_id)
    if rows is None:
        last = next((s for s in submitted if s.status != "approved"), None)
        rows = (list(last.players) if last is not None and not any(
            s.status == "approved" and s.submission_id > last.submission_id for s in submitted)
            else [{"number": p.number, "name": p.name, "goalie": p.goalie,
                   "captain": p.captain} for p in team.players])
    tournament_id = team.division.tournament_id
    return templates.TemplateResponse(request, "my_team.html", {
        "title": f"My team: {team.name}", "user": user, "team": team,
        "csrf_token": user.csrf, "submissions": submitted,
        "deadline": roster_submissions.deadline(service, tournament_id),
        "games": team_officials.team_games(service, team_id), "rows": _rows(rows),
        "error": error, "problems": problems or [],
        "notice": request.query_params.get("done")}, status_code=422 if error else 200)


@router.get("/my-team/{team_id:id}")
def team_page(team_id: int, request: Request, service: Service, templates: Templates,
              user: Official) -> Response:
    return _team_page(request, service, templates, user, team_id)


def _typed_rows(form: Any) -> list[dict[str, str]]:
    """The form's rows as typed, blank ones left out."""
    count = len(form.getlist("name"))
    rows = []
    for i in range(count):
        row = {f: str((form.getlist(f) + [""] * count)[i]) for f in FIELDS if f != "goalie"}
        row["goalie"] = "yes" if str(i) in form.getlist("goalie") else ""
        if any(v.strip() for k, v in row.items() if k != "goalie"):
            rows.append(row)
    return rows


@router.post("/my-team/{team_id:id}/roster")
async def roster_submit(team_id: int, request: Request, service: Service,
                        templates: Templates, user: Official,
                        file: Annotated[UploadFile | None, File()] = None) -> Response:
    """The team's list submitted to the director (Rule 203(a), (b)): typed in
    the form's rows, or a CSV file (its players replace the rows). Refused
    with every problem and its rule (Section II), the rows kept as typed."""
    form = await request.form()
    typed = _typed_rows(form)
    content = await file.read() if file is not None and file.filename else b""

    def work() -> Response:
        try:
            players = (roster_submissions.read_csv(content) if content else
                       [roster_submissions.read_player(r, i) for i, r in
                        enumerate(typed, start=1)])
        except ValueError as exc:
            return _team_page(request, service, templates, user, team_id, rows=typed,
                              error=str(exc))
        try:
            roster_submissions.submit(service, team_id, players, by=user.username)
        except RosterError as exc:
            return _team_page(request, service, templates, user, team_id, rows=players,
                              error="The list was not submitted: the rule book refuses it.",
                              problems=[str(p) for p in exc.problems])
        except REFUSALS as exc:
            return _team_page(request, service, templates, user, team_id, rows=players,
                              error=refusal_text(exc))
        return RedirectResponse(f"/my-team/{team_id}?done=submitted", status_code=303)

    return await off_loop(work)


def _game_of_team(service: Service, team_id: int, game_id: int) -> queries.GameRow:
    game = queries.game(service, game_id)  # NotFound: 404
    if team_id not in (game.home_team_id, game.away_team_id):
        raise NotFound(f"Team {team_id} does not play game {game_id}.")
    return game


# A lineup as typed in the form: dressed, captain, alternates, starting goaltender.
_Typed = tuple[list[int], int | None, list[int], int | None]


def _lineup_page(request: Request, service: Service, templates: Templates,
                 user: auth.CurrentUser, team_id: int, game_id: int, *,
                 error: str | None = None, problems: list[str] | None = None,
                 typed: _Typed | None = None) -> Response:
    """The lineup page; after a refusal (``typed``) its form shows the
    lineup as it was typed, not the one handed in before: nothing is lost."""
    game = _game_of_team(service, team_id, game_id)
    team = queries.team(service, team_id)
    dressed, captain, alternates = service.lineup_of(game_id, team_id)
    starting_goalie = service.starting_goalie(game_id, team_id)
    barred = service.barred_for(game_id, team_id)
    handed_in = bool(dressed)
    if not handed_in:
        dressed = [p.player_id for p in team.players if p.player_id not in barred]
    if typed is not None:
        dressed, captain, alternates, starting_goalie = typed
    # Rule 204(a): the lineup handed in still short of a goaltender and four
    # skaters (and 202(c): no captain named) is said on every visit, the
    # hand-in's answer included, before the team official signs it (202(c)).
    standing = service.lineup_warnings(game_id, team_id) if handed_in else []
    return templates.TemplateResponse(request, "my_team_game.html", {
        "title": f"Lineup: {game.home} vs {game.away}", "user": user, "team": team,
        "game": game, "csrf_token": user.csrf, "dressed": set(dressed), "captain": captain,
        "alternates": set(alternates), "barred": barred, "handed_in": handed_in,
        "locked": game.version > 0, "error": error, "problems": problems or [],
        "final": service.game_state(game_id)[1].status == "final",
        "signatures": [t for t in team_officials.team_signatures(service, game_id)
                       if t.team_id == team_id],
        "signing": team_officials.lineup_signing_note(service, game_id, team_id),
        "starting_goalie": starting_goalie,
        "standing": standing,
        # Rule 506(b): a report the team signed is not offered for signing again.
        "report_answer": team_officials.report_answer(service, game_id, team_id),
        # Rule 202(c): a signature covers the lineup handed in; while the form
        # shows choices refused and not saved, it is not offered.
        "unsaved": typed is not None,
        "notice": request.query_params.get("done")},
        status_code=422 if error else 200)


@router.get("/my-team/{team_id:id}/games/{game_id:id}")
def lineup_page(team_id: int, game_id: int, request: Request, service: Service,
                templates: Templates, user: Official) -> Response:
    return _lineup_page(request, service, templates, user, team_id, game_id)


@router.post("/my-team/{team_id:id}/games/{game_id:id}/lineup")
def lineup_submit(team_id: int, game_id: int, request: Request, service: Service,
                  templates: Templates, user: Official,
                  dressed: Annotated[list[int], Form()] = [],  # noqa: B006 (FastAPI's form)
                  captain: Annotated[str, Form()] = "",
                  alternates: Annotated[list[int], Form()] = [],  # noqa: B006
                  starting_goalie: Annotated[str, Form()] = ""
                  ) -> Response:
    """The team dressed for the game (Rules 202(c), 204, casebook 27),
    through the console's own lineup write: a suspended player refused with
    his rule; a team short of a goaltender and four skaters warned (204(a));
    the starting goaltender named among the dressed goaltenders (204(a))."""
    _game_of_team(service, team_id, game_id)
    typed: _Typed = (dressed, int(captain) if captain.isdigit() else None, alternates,
                     int(starting_goalie) if starting_goalie.isdigit() else None)
    try:
        check = service.set_lineup(game_id, team_id, dressed, captain=typed[1],
                                   alternates=alternates, starting_goalie=typed[3],
                                   by=user.username)
    except LineupError as exc:
        return _lineup_page(request, service, templates, user, team_id, game_id,
                            error="The lineup was not handed in: the rule book refuses it.",
                            problems=[str(p) for p in exc.problems], typed=typed)
    except REFUSALS as exc:
        return _lineup_page(request, service, templates, user, team_id, game_id,
                            error=refusal_text(exc), typed=typed)
    # Handed in: the page by GET (303), so a reload sends nothing again; it
    # says the lineup's warnings (204(a), 202(c)) on every visit.
    warned = check.warnings or (check.forfeit_candidate and check.forfeit_reason)
    return RedirectResponse(f"/my-team/{team_id}/games/{game_id}?done="
                            f"{'lineup-warned' if warned else 'lineup'}", status_code=303)


@router.post("/my-team/{team_id:id}/games/{game_id:id}/sign")
def sign_form(team_id: int, game_id: int, request: Request, service: Service,
              templates: Templates, user: Official, kind: Annotated[str, Form()] = "",
              remark: Annotated[str, Form()] = "") -> Response:
    """The team official signs the lineup before the game (202(c)), or the
    report after it, or declines with a written remark (506(b))."""
    _game_of_team(service, team_id, game_id)
    try:
        team_officials.sign(service, game_id, team_id, kind, username=user.username,
                            remark=remark)
    except REFUSALS as exc:
        return _lineup_page(request, service, templates, user, team_id, game_id,
                            error=refusal_text(exc))
    return RedirectResponse(f"/my-team/{team_id}/games/{game_id}?done=signed",
                            status_code=303)


# --------------------------------------------------------------------------- the tablet


def _tablet_page(request: Request, service: Service, templates: Templates,
                 user: auth.CurrentUser, game_id: int, *, error: str | None = None,
                 done: str | None = None) -> Response:
    game = queries.game(service, game_id)  # NotFound: 404
    return templates.TemplateResponse(request, "team_sign.html", {
        "title": f"Team officials sign: {game.home} vs {game.away}", "user": user,
        "game": game, "csrf_token": user.csrf, "error": error, "done": done,
        "final": service.game_state(game_id)[1].status == "final",
        "signatures": team_officials.team_signatures(service, game_id)},
        status_code=422 if error else 200)


@router.get("/games/{game_id:id}/team-sign")
def tablet_page(game_id: int, request: Request, service: Service, templates: Templates,
                user: Scorer) -> Response:
    """The scorer's tablet handed to a team official: they sign with their PIN."""
    return _tablet_page(request, service, templates, user, game_id)


@router.post("/games/{game_id:id}/team-sign")
def tablet_sign(game_id: int, request: Request, service: Service, templates: Templates,
                user: Scorer, access: auth.Settings, clock: auth.Now,
                username: Annotated[str, Form()] = "", pin: Annotated[str, Form()] = "",
                kind: Annotated[str, Form()] = "", remark: Annotated[str, Form()] = "") -> Response:
    """A team official's signature made on the scorer's tablet with their PIN
    (their password, throttled as a login is): the lineup before the game
    (202(c)), the report after it or declined with a remark (506(b))."""
    username = username.strip()
    address, now = request.client.host if request.client else "unknown", clock()
    refusal = throttle.admit(service, username, address, now, access.throttle)
    if refusal is not None:
        response = _tablet_page(request, service, templates, user, game_id,
                                error=login.refused_text(refusal, now))
        response.status_code = 429
        return response
    try:
        signed = team_officials.sign_at_table(service, game_id, username, pin, kind,
                                              remark=remark)
    except team_officials.WrongPin as exc:
        throttle.failed(service, username, address, now, access.throttle)
        return _tablet_page(request, service, templates, user, game_id, error=str(exc))
    except REFUSALS as exc:
        throttle.succeeded(service, username, address)
        return _tablet_page(request, service, templates, user, game_id,
                            error=refusal_text(exc))
    throttle.succeeded(service, username, address)
    return _tablet_page(request, service, templates, user, game_id, done=signed.text)


# --------------------------------------------------------------------------- invitations


@router.get("/invitations/{token}")
def invitation_page(token: str, request: Request, service: Service,
                    templates: Templates) -> Response:
    """Where an invited manager or coach sets their password, told the
    team(s) they are invited to act for (Section II)."""
    found = team_officials.invited(service, token)
    return templates.TemplateResponse(request, "invitation.html", {
        "title": "Set your password", "invited": found, "token": token, "error": None,
        "teams": _team_names(service, found)},
        status_code=200 if found is not None else 404)


def _team_names(service: Service, found: users.UserRow | None) -> list[str]:
    """The names of the teams an invited user acts for (none: not invited)."""
    if found is None:
        return []
    return sorted(queries.team_names(service, team_ids=found.teams).values())


@router.post("/invitations/{token}")
def invitation_accept(token: str, request: Request, service: Service, templates: Templates,
                      password: Annotated[str, Form()] = "",
                      again: Annotated[str, Form()] = "") -> Response:
    """The invited's password set, the invitation used up; then the login page."""
    found = team_officials.invited(service, token)
    error = None
    if found is None:
        error = "This invitation has been used or has expired: ask the tournament director."
    elif password != again:
        error = "The two passwords differ: type the same one twice."
    else:
        try:
            team_officials.accept_invitation(service, token, password)
        except ValueError as exc:
            error = str(exc)
    if error is not None:
        return templates.TemplateResponse(request, "invitation.html", {
            "title": "Set your password", "invited": found, "token": token, "error": error,
            "teams": _team_names(service, found)},
            status_code=422 if found is not None else 404)
    return RedirectResponse("/login?next=%2Fmy-team", status_code=303)
