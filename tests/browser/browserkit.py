"""Helpers of the browser tests: the running server's handle, a fresh game to
play, and logging in through the login form (fixtures in ``conftest``)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from playwright.sync_api import JSHandle, Locator, Page, expect

from rinkside.rules.events import FaceOff, Goal, PeriodEnd, Team
from rinkside.rules.times import GameTime
from rinkside.services.tournaments import Tournaments
from rinkside.store import models

# A phone held upright (an iPhone 14's CSS pixels): the phone-sized tests' window.
PHONE_WIDTH = 390
PHONE_HEIGHT = 844


@dataclass(frozen=True)
class LiveServer:
    url: str
    service: Tournaments
    tournament_id: int


def new_game(server: LiveServer) -> int:
    """A new game between two teams of the first division still in the
    standings (a team removed by a forfeit may play no more, 634(e)),
    dressed with their eligible rosters."""
    service = server.service
    with service.read() as s:
        tournament = s.get(models.Tournament, server.tournament_id)
        assert tournament is not None
        division = min(d.id for d in tournament.divisions)
    table = service.standings(division)
    game_id = service.add_game(division, table[0].team_id, table[1].team_id)
    service.dress_eligible(game_id)  # 203(a): a player another test suspended sits out
    return game_id


def finished_game(server: LiveServer, winner: str) -> int:
    """A new game played to the end, won 1-0 by ``winner`` ("home"/"away")."""
    service = server.service
    game = new_game(server)
    side: Team = "home" if winner == "home" else "away"
    scorer = skaters(service, game, side)[0]
    service.record(game, 0, [FaceOff(GameTime(1, 7200)), Goal(GameTime(1, 6000), side, scorer),
                             FaceOff(GameTime(1, 6000)), PeriodEnd(GameTime(1, 0)),
                             FaceOff(GameTime(2, 7200)), PeriodEnd(GameTime(2, 0))], by="test")
    return game


def dressed(service: Tournaments, game_id: int, team: str) -> list[tuple[int, bool]]:
    """(number, goaltender) of each dressed player of ``team`` ("home"/"away")."""
    _, state = service.game_state(game_id)
    return [(p.number, p.goalie) for p in state.setup.roster(team).players]


def skaters(service: Tournaments, game_id: int, team: str) -> list[int]:
    return [n for n, goalie in dressed(service, game_id, team) if not goalie]


def log_in(page: Page, username: str, password: str) -> None:
    page.goto("/login")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    expect(page).not_to_have_url("/login")


def console_module(page: Page, name: str) -> JSHandle:
    """The console's ES module ``static/{name}`` as the page runs it (the same
    instance: a module is evaluated once per page), for a test to read its
    exports; the console shares no window object to read instead."""
    return page.evaluate_handle("url => import(url)", f"/static/{name}")


def event_form(page: Page) -> Locator:
    """The console's form of the event being recorded."""
    return page.locator("form.event-form")


def another_origin() -> Iterator[tuple[str, dict[str, str]]]:
    """For a fixture: a site on another port (another origin, as a club's
    site is), serving the pages put in its dict by path; its address."""
    pages: dict[str, str] = {}

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = pages.get(self.path, "").encode()
            self.send_response(200 if body else 404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}", pages
    server.shutdown()
    server.server_close()
