"""Every table official sees the time-out's thirty seconds (Rule 641, note
1) and the intermission (640(a)) run down on their own screen: the penalty
timekeeper's (505) and the official scorer's (506) showed neither, only the
game timekeeper's did (the element was there, never drawn). On the TV
scoreboard (1280x720) "Intermission 0:58" stays on one line inside the
centre column (it broke after its word). Screenshots go to
test-output/browser/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browserkit import LiveServer, log_in, new_game
from playwright.sync_api import Browser, Page, expect

from rinkside.rules.events import FaceOff, PeriodEnd, Stoppage, TimeOut
from rinkside.rules.times import GameTime
from rinkside.web import auth

PASSWORD = "countdown-pass-1"
SCREENS = {"penalty_timekeeper": "penalties", "official_scorer": "scorer"}


def _screen(browser: Browser, args: dict[str, Any], username: str, game: int,
            screen: str) -> Page:
    page = browser.new_context(**{**args, "viewport": {"width": 1280, "height": 800}}).new_page()
    log_in(page, username, PASSWORD)
    page.goto(f"/games/{game}/console/{screen}")
    expect(page.locator('[data-bind="link"]')).to_have_text("live")
    return page


def test_the_time_out_and_the_intermission_run_down_on_every_table_screen(
        browser: Browser, browser_context_args: dict[str, Any], live_server: LiveServer,
        output_dir: Path) -> None:
    service = live_server.service
    game = new_game(live_server)
    pages: dict[str, Page] = {}
    for role, screen in SCREENS.items():
        auth.create_user(service, f"cd{role[:3]}{game}", PASSWORD, role, games=[game])
        pages[screen] = _screen(browser, browser_context_args, f"cd{role[:3]}{game}", game,
                                screen)
    length = service.game_state(game)[1].period_length(1)
    service.record(game, 0, [FaceOff(GameTime(1, length)), Stoppage(GameTime(1, length - 600)),
                             TimeOut(GameTime(1, length - 600), "home")], by="test")
    for page in pages.values():
        expect(page.locator('[data-bind="countdown"]')).to_contain_text("Time-out 0:")
    version = service.game_state(game)[0]
    service.record(game, version, [FaceOff(GameTime(1, length - 600)),
                                   PeriodEnd(GameTime(1, 0))], by="test")
    for screen, page in pages.items():
        expect(page.locator('[data-bind="countdown"]')).to_contain_text("Intermission ")
        page.screenshot(path=str(output_dir / f"table-{screen}-intermission.png"))


def test_the_intermission_stays_on_one_line_on_the_tv_board(
        browser: Browser, browser_context_args: dict[str, Any], live_server: LiveServer,
        output_dir: Path) -> None:
    service = live_server.service
    game = new_game(live_server)
    length = service.game_state(game)[1].period_length(1)
    service.record(game, 0, [FaceOff(GameTime(1, length)), PeriodEnd(GameTime(1, 0))],
                   by="test")
    board = browser.new_context(**{**browser_context_args,
                                   "viewport": {"width": 1280, "height": 720}}).new_page()
    board.goto(f"/scoreboard/{game}")
    countdown = board.locator('[data-bind="countdown"]')
    expect(countdown).to_contain_text("Intermission ")
    fit = board.evaluate("""() => {
        const node = document.querySelector('[data-bind="countdown"]');
        const centre = node.closest('.centre').getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(node);
        const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
        const box = range.getBoundingClientRect();
        return {lines: lines.size, left: box.left, right: box.right,
                centreLeft: centre.left, centreRight: centre.right};
    }""")
    assert fit["lines"] == 1, fit
    assert fit["centreLeft"] <= fit["left"] and fit["right"] <= fit["centreRight"], fit
    board.screenshot(path=str(output_dir / "scoreboard-intermission-one-line.png"))
