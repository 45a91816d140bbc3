"""The running clock is anchored in wall-clock time and the displays apply
the engine's coming moments, in chromium with time driven (never slept):
the server's wall clock is passed in and run by the test, the pages' by
Playwright's clock, both by the same amounts.

Entries, corrections and undos during play never move the running clock
(checked against the time run, to 0.2 s); a minor that expires during play
leaves the box and the strength goes even on the console and the
scoreboard within 0.2 s of its clock reading, with no event posted.
Screenshots go to test-output/browser/.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserkit import LiveServer, console_module, log_in, new_game, skaters
from clockkit import Wall, with_wall
from playwright.sync_api import Browser, Page, expect

from rinkside.rules.events import Event, FaceOff, Penalty, PenaltyClass, Shot, Stoppage
from rinkside.rules.times import GameTime
from rinkside.web import auth

START_MS = 1_900_000_000_000
TENTH = 100  # ms


@pytest.fixture
def wall(live_server: LiveServer) -> Iterator[Wall]:
    yield from with_wall(live_server.service, START_MS)


@pytest.fixture
def game(live_server: LiveServer) -> int:
    game_id = new_game(live_server)
    auth.create_user(live_server.service, f"tk{game_id}", "keeps-time-1", "scorekeeper",
                     games=[game_id])
    return game_id


def paused(page: Page) -> Page:
    page.clock.install(time=START_MS / 1000 - 3600)  # then paused ahead: never in its past
    page.clock.pause_at(START_MS / 1000)
    return page


@pytest.fixture
def board(browser: Browser, browser_context_args: dict[str, Any], game: int,
          wall: Wall) -> Page:
    context = browser.new_context(**{**browser_context_args,
                                     "viewport": {"width": 1920, "height": 1080}})
    return paused(context.new_page())


def run(wall: Wall, pages: list[Page], ms: int) -> None:
    """Time runs ``ms`` for the server and every page."""
    wall.ms += ms
    for page in pages:
        page.clock.run_for(ms)


def reading(page: Page) -> int:
    value: int = console_module(page, "console_state.js").evaluate("m => m.projected()")
    return value


def taken(page: Page, version: int) -> None:
    """Wait until the console holds the state of ``version``."""
    page.wait_for_function("([m, v]) => m.currentState().version === v",
                           arg=[console_module(page, "console_state.js"), version])


def version(live_server: LiveServer, game: int) -> int:
    return live_server.service.game_state(game)[0]


def opened(page: Page, board: Page, live_server: LiveServer, game: int,
           events: list[Event]) -> list[Page]:
    """The game begun with ``events`` (anchored at START_MS), its console and
    scoreboard open, their clocks paused at START_MS."""
    paused(page)
    log_in(page, f"tk{game}", "keeps-time-1")
    live_server.service.record(game, 0, events, by="t")
    page.goto(f"/console/games/{game}")
    board.goto(f"/scoreboard/{game}")
    for opened_page in (page, board):  # time moves only once each has read the server's clock
        opened_page.wait_for_function("() => window.rinksideClock.synced()")
    return [page, board]


def test_entries_corrections_and_undos_never_move_the_running_clock(
        page: Page, board: Page, live_server: LiveServer, game: int, wall: Wall,
        output_dir: Path) -> None:
    service = live_server.service
    pages = opened(page, board, live_server, game, [FaceOff(GameTime(1, 7200))])
    expect(page.locator('[data-bind="clock"]')).to_have_text("12:00")
    run(wall, pages, 30_000)
    expect(page.locator('[data-bind="clock"]')).to_have_text("11:30")
    expect(board.locator('[data-bind="clock"]')).to_have_text("11:30")

    # an entry during play, made 2 s after the shot (the form's time is the shot's)
    shooter = skaters(service, game, "home")[0]
    run(wall, pages, 2_000)
    service.record(game, version(live_server, game), [Shot(GameTime(1, 6900), "home", shooter)],
                   by="t")
    expect(page.locator('[data-bind="link"]')).to_have_text("live")
    taken(page, version(live_server, game))
    assert abs(reading(page) - (7200 - 320)) <= 2
    # the shot corrected, then undone
    run(wall, pages, 5_000)
    service.correct(game, version(live_server, game), "replace", 1,
                    Shot(GameTime(1, 6880), "home", shooter), by="t", reason="the time")
    taken(page, version(live_server, game))
    assert abs(reading(page) - (7200 - 370)) <= 2
    run(wall, pages, 1_000)
    service.correct(game, version(live_server, game), "delete", 1, None, by="t", reason="undo")
    taken(page, version(live_server, game))
    assert abs(reading(page) - (7200 - 380)) <= 2
    expect(page.locator('[data-bind="clock"]')).to_have_text("11:22")
    expect(board.locator('[data-bind="clock"]')).to_have_text("11:22")
    page.screenshot(path=str(output_dir / "live-clock-console.png"))


def test_a_minor_expiring_in_play_leaves_the_board_with_no_event(
        page: Page, board: Page, live_server: LiveServer, game: int, wall: Wall,
        output_dir: Path) -> None:
    culprit = skaters(live_server.service, game, "away")[0]
    pages = opened(page, board, live_server, game, [
        FaceOff(GameTime(1, 7200)), Stoppage(GameTime(1, 7200)),
        Penalty(GameTime(1, 7200), "away", culprit, PenaltyClass.MINOR, "Tripping", "642(a)"),
        FaceOff(GameTime(1, 7200))])
    written = version(live_server, game)
    expect(page.locator('[data-bind="strength"]')).to_have_text("4 on 3")
    expect(board.locator('[data-bind="strength"]')).to_have_text("4 on 3")
    run(wall, pages, 2 * 60_000 - 2 * TENTH)  # 10:00.2: the minor has 0.2 s left
    expect(page.locator('[data-bind="strength"]')).to_have_text("4 on 3")
    expect(board.locator(".box li")).to_have_count(1)
    run(wall, pages, 2 * TENTH)  # 10:00.0: over (402(b))
    expect(page.locator('[data-bind="strength"]')).to_have_text("Even strength")
    expect(board.locator('[data-bind="strength"]')).to_have_text("")
    expect(page.locator('[data-bind="away-box"] li.entry')).to_have_count(0)
    expect(board.locator('[data-bind="away-box"] li')).to_have_count(0)
    expect(page.locator('[data-bind="flash"]')).to_contain_text("back on the floor")
    assert version(live_server, game) == written  # no event posted
    board.screenshot(path=str(output_dir / "live-clock-minor-over-scoreboard.png"))
