"""axe-core (through Playwright) on the pages the officials and the director
work on: the login page, the consoles, the scoreboard, the game page, the
sign-off pages and the report, and every page of the director's desk; and a
team's manager's (Section II): the team's page, its roster refused, a game's
lineup with a suspended player (casebook 27), the scorer's tablet they sign on
and the invitation. None has a serious or critical violation (contrast,
labels, landmarks, names).

One test over ``PAGES``: a page is added with its name, who is logged in
(None: nobody) and its path, filled from the ``Games`` the test builds."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from browserkit import LiveServer, finished_game, log_in, new_game, skaters
from playwright.sync_api import Browser, Page

from rinkside.rules.events import FaceOff, Penalty, PenaltyClass, Stoppage, TimeOut
from rinkside.rules.times import GameTime
from rinkside.services import desk_discipline, desk_teams, officiating, queries, team_officials
from rinkside.services.tournaments import Tournaments
from rinkside.web import auth
from rinkside.web.routers import DESK_PAGES

SERIOUS = ("serious", "critical")
LOGINS = {"director": ("dana", "director-pass-1"), "scorer": ("axe-scorer", "axe-scorer-pass"),
          "referee": ("axe-referee", "axe-referee-pass"),
          "game timekeeper": ("axe-gt", "axe-gt-pass-1"),
          "penalty timekeeper": ("axe-pt", "axe-pt-pass-1"),
          "official scorer": ("axe-os", "axe-os-pass-1"),
          "manager": ("axe-manager", "axe-manager-pass-1")}


@dataclass(frozen=True)
class Games:
    """What the pages show: a game in play (a penalty, a time-out), a final
    game the referee is to sign, one signed (616(a)), and the demo's tournament."""

    tournament: int
    division: int
    team: int
    playing: int
    final: int
    signed: int
    managed: int  # the manager's team, a player of it suspended (Rule 410(a))
    lineup: int  # a game of that team
    invitation: str  # a manager's invitation's token


@dataclass(frozen=True)
class AxePage:
    name: str
    login: str | None  # a key of LOGINS
    path: Callable[[Games], str]
    then: Callable[[Page], None] | None = None  # what is opened on the page before axe runs


def keys_dialog(page: Page) -> None:
    page.keyboard.press("?")
    page.get_by_role("button", name="Change keys").click()


def refused_roster(page: Page) -> None:
    page.get_by_label("letter 1", exact=True).select_option("C")  # a goaltender: 202(d)
    page.get_by_role("button", name="Submit the list").click()
    page.locator(".refused").wait_for()


def basic_mode(page: Page) -> None:
    page.get_by_role("button", name="Basic mode").click()


PAGES: tuple[AxePage, ...] = (
    AxePage("login", None, lambda g: "/login"),
    AxePage("console games", "scorer", lambda g: "/console"),
    AxePage("console", "scorer", lambda g: f"/console/games/{g.playing}"),
    AxePage("console keys", "scorer", lambda g: f"/console/games/{g.playing}", keys_dialog),
    AxePage("console basic mode", "scorer", lambda g: f"/console/games/{g.playing}", basic_mode),
    AxePage("console signed", "scorer", lambda g: f"/console/games/{g.signed}"),
    AxePage("console penalty form", "scorer", lambda g: f"/console/games/{g.playing}",
            lambda page: page.get_by_role("button", name="Penalty", exact=True).click()),
    AxePage("game timekeeper", "game timekeeper",
            lambda g: f"/games/{g.playing}/console/timekeeper"),
    AxePage("penalty timekeeper", "penalty timekeeper",
            lambda g: f"/games/{g.playing}/console/penalties"),
    AxePage("official scorer", "official scorer", lambda g: f"/games/{g.playing}/console/scorer"),
    AxePage("official scorer signing", "official scorer",
            lambda g: f"/games/{g.final}/console/scorer",
            lambda page: page.get_by_role("button", name="Sign the report").click()),
    AxePage("scoreboard", None, lambda g: f"/scoreboard/{g.playing}"),
    AxePage("scoreboard intermission", None,
            lambda g: f"/scoreboard/{g.final}?layout=intermission"),
    AxePage("game", None, lambda g: f"/games/{g.playing}"),
    AxePage("sign-off games", "referee", lambda g: "/signoff"),
    AxePage("sign-off", "referee", lambda g: f"/games/{g.final}/signoff"),
    AxePage("report", "referee", lambda g: f"/games/{g.final}/report"),
    *(AxePage(f"desk {d.title}", "director",
              lambda g, d=d: d.href(g.tournament) or "/desk") for d in DESK_PAGES),
    AxePage("desk team", "director", lambda g: f"/desk/teams/{g.team}"),
    AxePage("desk playoffs", "director", lambda g: f"/desk/divisions/{g.division}/playoffs"),
    AxePage("sync", "director", lambda g: "/sync"),
    AxePage("my team", "manager", lambda g: f"/my-team/{g.managed}"),
    AxePage("my team roster refused", "manager", lambda g: f"/my-team/{g.managed}",
            refused_roster),
    AxePage("my team lineup", "manager", lambda g: f"/my-team/{g.managed}/games/{g.lineup}"),
    AxePage("team sign", "scorer", lambda g: f"/games/{g.playing}/team-sign"),
    AxePage("invitation", None, lambda g: f"/invitations/{g.invitation}"),
)


@pytest.fixture(scope="module")
def games(live_server: LiveServer) -> Games:
    service = live_server.service
    playing = new_game(live_server)
    culprit = skaters(service, playing, "away")[0]
    service.record(playing, 0, [
        FaceOff(GameTime(1, 7200)), Stoppage(GameTime(1, 6000)),
        Penalty(GameTime(1, 6000), "away", culprit, PenaltyClass.MINOR, "Tripping", "642(a)"),
        TimeOut(GameTime(1, 6000), "home")], by="t")
    final, signed = finished_game(live_server, "home"), finished_game(live_server, "away")
    auth.create_user(service, LOGINS["scorer"][0], LOGINS["scorer"][1], "scorekeeper",
                     games=[playing, final, signed])
    auth.create_user(service, LOGINS["referee"][0], LOGINS["referee"][1], "referee",
                     games=[final, signed])
    for role in ("game timekeeper", "penalty timekeeper", "official scorer"):
        auth.create_user(service, LOGINS[role][0], LOGINS[role][1], role.replace(" ", "_"),
                         games=[playing, final])
    assert officiating.sign(service, signed, LOGINS["referee"][0]).locked
    row = queries.game(service, playing)
    managed, lineup = _managed_team(service)
    auth.create_user(service, LOGINS["manager"][0], LOGINS["manager"][1], "manager",
                     teams=[managed])
    invited = team_officials.invite(service, "axe-invited", "coach", [managed], by="dana")
    return Games(live_server.tournament_id, row.division_id, row.home_team_id, playing, final,
                 signed, managed, lineup, invited.token)


def _managed_team(service: Tournaments) -> tuple[int, int]:
    """A team of a tournament of its own (the demo's players keep their
    suspensions), its #12 suspended for the rest of it (Rule 410(a)), and a
    game of it: (team, game)."""
    tid = service.create_tournament("Axe Cup", date(2026, 12, 22))
    did = desk_teams.add_division(service, tid, "Open", by="dana")
    rows = "".join(f"{team},{n},{team} {n},{'yes' if n == 1 else 'no'},{'C' if n == 9 else ''}\n"
                   for team in ("Axe", "Saw") for n in (1, 9, 10, 11, 12, 13))
    desk_teams.import_roster_file(service, did, "teams.csv",
                                  ("team,number,name,goalie,captain\n" + rows).encode(), by="dana")
    teams = {name: t for t, name in queries.team_names(service, did).items()}
    game = service.add_game(did, teams["Axe"], teams["Saw"])
    player = next(p.player_id for p in queries.team(service, teams["Axe"]).players
                  if p.number == 12)
    desk_discipline.add_supplementary(service, player, "rest_of_tournament",
                                      "fighting after the whistle", after_game_id=None, by="dana")
    return teams["Axe"], game


@pytest.fixture
def fresh(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[Page]:
    context = browser.new_context(**browser_context_args)
    yield context.new_page()
    context.close()


def serious_violations(page: Page) -> list[str]:
    results = Axe().run(page)
    return [f"{v['id']} ({v['impact']}): {v['help']} at "
            + "; ".join(", ".join(n["target"]) for n in v["nodes"][:3])
            for v in results.response["violations"] if v["impact"] in SERIOUS]


@pytest.mark.parametrize("shown", PAGES, ids=[p.name for p in PAGES])
def test_axe_finds_no_serious_violation(fresh: Page, games: Games, shown: AxePage) -> None:
    if shown.login is not None:
        log_in(fresh, *LOGINS[shown.login])
    response = fresh.goto(shown.path(games))
    assert response is not None and response.status == 200, shown.path(games)
    fresh.wait_for_load_state("networkidle")
    if shown.then is not None:
        shown.then(fresh)
    assert serious_violations(fresh) == []
