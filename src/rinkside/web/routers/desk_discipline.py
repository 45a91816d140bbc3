"""Discipline and forfeits on the desk.

``/desk/tournaments/{id}/discipline``: the suspensions, those still owed at
the end (410(b)), supplementary discipline (410(a)), and a forfeit before
play (634(c)1-2) previewed (634(e)) and then confirmed. The Event
Directors' part of the page has its own router
(:mod:`rinkside.web.routers.desk_reviews`), as has a division's playoffs
(:mod:`rinkside.web.routers.desk_playoffs`).
"""

from __future__ import annotations

from fastapi import Form, Request
from fastapi.responses import HTMLResponse, Response

from rinkside.services import desk_discipline, desk_reviews, queries
from rinkside.services.tournaments import NotFound
from rinkside.web.deps import FormId, Service, Templates
from rinkside.web.routers.desk import Director, attempt, desk_pages, page, respond

router = desk_pages()


def _side(text: str) -> str:
    if text not in ("home", "away"):
        raise ValueError(f"the team forfeiting is home or away, not {text!r}")
    return text


def discipline_page_with(request: Request, service: Service, templates: Templates,
                         user: Director, tournament_id: int, *, error: str | None = None,
                         preview: desk_discipline.ForfeitPreview | None = None,
                         reason: str = "", division: str = "", name: str = "",
                         forfeit: tuple[int, str, str] | None = None) -> Response:
    """The discipline page, with a refusal or a forfeit's preview (the
    reviews' forms answer on it too); ``forfeit`` (game, side, cause) is the
    forfeit the director previewed or tried, chosen again in its form. Its
    suspensions, players and games are one division's (the one chosen, else
    the first; every division's when only a name is searched), and only the
    players whose name holds ``name``; so are the cases awaiting the Event
    Directors (404(h), 405(b)): the page does not grow with the season."""
    divisions = queries.divisions(service, tournament_id)
    chosen = next((d for d in divisions if str(d.division_id) == division.strip()), None)
    search = name.strip().casefold()
    if chosen is None and not search and divisions:
        chosen = divisions[0]
    games = queries.games(service, chosen.division_id if chosen else None,
                          tournament_id=tournament_id)
    teams = {t.team_id for d in queries.tournament_tree(
                 service, tournament_id,
                 division_ids=None if chosen is None else [chosen.division_id]).divisions
             for t in d.teams}
    players = [(p, t) for t in teams for p in queries.team(service, t).players
               if search in p.name.casefold()]
    if chosen is None:  # a name searched in every division: the teams of the players found
        teams = {t for _, t in players}
    # Their players' suspensions alone (their games read, not every division's),
    # read once for the table and the cases awaiting the Event Directors.
    shown = service.team_suspensions(tournament_id, teams)
    statuses = [st for st in desk_discipline.by_name(shown) if search in st.name.casefold()]
    return page(request, templates, "desk_discipline.html", user, {
        "title": "Desk: discipline and forfeits", "tournament_id": tournament_id,
        "statuses": statuses, "owed": desk_discipline.still_owed(statuses),
        "causes": desk_discipline.CAUSES,
        "extents": desk_discipline.EXTENT_WORDS, "unplayed": [g for g in games if g.version == 0],
        "games": games, "players": sorted(players, key=lambda pt: (pt[1], pt[0].number)),
        "team_names": queries.team_names(service), "preview": preview, "reason": reason,
        "forfeit": forfeit or (None, "", ""), "divisions": divisions, "chosen": chosen,
        "name": name.strip(),
        "pending": desk_reviews.pending_of(shown)},
        error=error)


@router.get("/desk/tournaments/{tournament_id:id}/discipline", response_class=HTMLResponse)
def discipline_page(tournament_id: int, request: Request, service: Service,
                    templates: Templates, user: Director, division: str = "",
                    name: str = "") -> Response:
    queries.known_tournament(service, tournament_id)
    return discipline_page_with(request, service, templates, user, tournament_id,
                                division=division, name=name)


@router.post("/desk/tournaments/{tournament_id:id}/supplementary", response_class=HTMLResponse)
def supplementary_form(tournament_id: int, request: Request, service: Service,
                       templates: Templates, user: Director, player: FormId,
                       games: str = Form(""), extent: str = Form(""), reason: str = Form(""),
                       after_game: str = Form("")) -> Response:
    return respond(
        lambda: desk_discipline.add_supplementary(
            service, player, desk_discipline.length_chosen(games, extent), reason,
            after_game_id=int(after_game) if after_game.strip().isdigit() else None,
            by=user.username),
        f"/desk/tournaments/{tournament_id}/discipline", "410(a)",
        lambda error: discipline_page_with(request, service, templates, user, tournament_id,
                                           error=error))


@router.post("/desk/tournaments/{tournament_id:id}/forfeit", response_class=HTMLResponse)
def forfeit_form(tournament_id: int, request: Request, service: Service, templates: Templates,
                 user: Director, game: FormId, team: str = Form(""),
                 cause: str = Form(""), reason: str = Form(""),
                 confirm: str = Form("")) -> Response:
    """Without ``confirm``: the preview (nothing recorded); with it, the forfeit."""
    row = queries.game(service, game)
    if row.tournament_id != tournament_id:
        raise NotFound(f"There is no game {game} in tournament {tournament_id}.")
    if confirm != "yes":
        preview, error = attempt(lambda: desk_discipline.forfeit_preview(
            service, game, "home" if _side(team) == "home" else "away", cause))
        return discipline_page_with(request, service, templates, user, tournament_id,
                                    error=error, preview=preview, reason=reason,
                                    division=str(row.division_id),
                                    forfeit=(game, team, cause))
    return respond(
        lambda: desk_discipline.record_forfeit(
            service, game, "home" if _side(team) == "home" else "away", cause, reason,
            by=user.username),
        f"/desk/tournaments/{tournament_id}/discipline?division={row.division_id}", "forfeit",
        lambda error: discipline_page_with(request, service, templates, user, tournament_id,
                                           error=error, division=str(row.division_id),
                                           reason=reason, forfeit=(game, team, cause)))
