"""The web routers, one module per page or API (a desk page's router,
service and template share one name: ``desk_rinks.py``,
``services/desk_rinks.py``, ``desk_rinks.html``).

:data:`ROUTERS` is every router, in the order
:func:`rinkside.web.app.create_app` includes them; :data:`DESK_PAGES` is the
desk's navigation (``desk_base.html`` draws it): a desk page added here
appears in it.
"""

from __future__ import annotations

from dataclasses import dataclass

from fastapi import APIRouter

from rinkside.web.routers import (
    api_v1,
    book,
    console,
    console_api,
    console_catalog,
    console_screens,
    desk_api,
    desk_chain,
    desk_changes,
    desk_discipline,
    desk_home,
    desk_mail,
    desk_people,
    desk_playoffs,
    desk_reviews,
    desk_rinks,
    desk_rosters,
    desk_schedule,
    desk_teams,
    desk_tournament,
    developers,
    embed,
    exports,
    live,
    login,
    my_team,
    public,
    reports,
    rinks,
    scoreboard,
    signoff,
    sync,
    verify,
)

ROUTERS: tuple[APIRouter, ...] = (
    public.router,
    scoreboard.router,
    live.router,
    login.router,
    console.router,
    console_api.router,
    console_catalog.router,
    console_screens.router,
    signoff.router,
    signoff.api_router,
    my_team.router,
    rinks.router,
    reports.router,
    exports.router,
    book.router,
    sync.router,
    sync.pages_router,
    verify.router,
    verify.api_router,
    desk_home.router,
    desk_changes.router,
    desk_changes.api_router,
    desk_chain.router,
    desk_tournament.router,
    desk_tournament.api_router,
    desk_teams.router,
    desk_rinks.router,
    desk_schedule.router,
    desk_schedule.api_router,
    desk_people.router,
    desk_rosters.router,
    desk_discipline.router,
    desk_reviews.router,
    desk_playoffs.router,
    api_v1.router,
    embed.router,
    developers.router,
    desk_api.router,
    desk_mail.router,
)


@dataclass(frozen=True, slots=True)
class DeskPage:
    """A page of the desk's navigation: its title, its path (None: not
    shown outside a tournament), its path within a tournament (with
    ``{tournament_id}``; None: not shown there) and the router serving it."""

    title: str
    path: str | None
    tournament_path: str | None
    router: APIRouter

    def href(self, tournament_id: int | None) -> str | None:
        """Where the link goes on a page of ``tournament_id`` (None: a page of
        no tournament), or None when the page is not linked there."""
        if tournament_id is None:
            return self.path
        if self.tournament_path is None:
            return None
        return self.tournament_path.format(tournament_id=tournament_id)


# The desk's navigation, in order; the consoles (the game list, each game's
# console) are one link of it, the way from the desk to the game screens
# (issue 26). A division's playoffs
# (``desk_playoffs``) are reached from the discipline page (a link per
# division), and the Event Directors' reviews (``desk_reviews``) are part of
# the discipline page: neither is a link of its own.
DESK_PAGES: tuple[DeskPage, ...] = (
    DeskPage("Desk", "/desk", "/desk", desk_home.router),
    DeskPage("Tournament", None, "/desk/tournaments/{tournament_id}", desk_tournament.router),
    DeskPage("Divisions & teams", None, "/desk/tournaments/{tournament_id}/teams",
             desk_teams.router),
    DeskPage("Rinks", None, "/desk/tournaments/{tournament_id}/rinks", desk_rinks.router),
    DeskPage("Schedule", None, "/desk/tournaments/{tournament_id}/schedule",
             desk_schedule.router),
    DeskPage("People", None, "/desk/tournaments/{tournament_id}/people", desk_people.router),
    DeskPage("Rosters submitted", None, "/desk/tournaments/{tournament_id}/rosters",
             desk_rosters.router),
    DeskPage("Discipline & playoffs", None, "/desk/tournaments/{tournament_id}/discipline",
             desk_discipline.router),
    DeskPage("Consoles", "/console", "/console", console.router),
    DeskPage("API & webhooks", None, "/desk/tournaments/{tournament_id}/api", desk_api.router),
    DeskPage("Mail", None, "/desk/tournaments/{tournament_id}/mail", desk_mail.router),
    DeskPage("Changes", "/desk/changes", "/desk/changes?tournament={tournament_id}",
             desk_changes.router),
    DeskPage("Game records", None, "/desk/tournaments/{tournament_id}/chain",
             desk_chain.router),
)
