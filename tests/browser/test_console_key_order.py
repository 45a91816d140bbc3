"""Keys pressed in one second keep their order: a shot on goal and the whistle
pressed within the same second of a running clock are recorded in the order
they were pressed (Rule 507(a): the clock stops at the whistle, 506(a): the
scorer records the shots). Each quick key carries the tenth of a second at
which it was pressed; a shot stamped to the whole second would read later
than a whistle blown in that same second, and the engine, rightly, refuses a
clock that runs backwards (507(a)). CI found it: the game-day walkthrough's
whistle after a burst of shots was refused under load."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browserkit import LiveServer, log_in, new_game
from clockkit import Wall, with_wall
from playwright.sync_api import Browser, Page, Route, expect

from rinkside.rules.events import FaceOff, Shot, Stoppage
from rinkside.rules.times import GameTime
from rinkside.services import logs
from rinkside.web import auth

START_MS = 1_900_000_000_000


@pytest.fixture
def laptop(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[Page]:
    context = browser.new_context(**{**browser_context_args,
                                     "viewport": {"width": 1280, "height": 720}})
    yield context.new_page()
    context.close()


@pytest.fixture
def wall(live_server: LiveServer) -> Iterator[Wall]:
    yield from with_wall(live_server.service, START_MS)


def test_a_shot_and_the_whistle_in_one_second_are_both_recorded_in_order(
        laptop: Page, live_server: LiveServer, wall: Wall) -> None:
    service = live_server.service
    game = new_game(live_server)
    auth.create_user(service, f"order{game}", "key-order-pass-1", "scorekeeper", games=[game])
    log_in(laptop, f"order{game}", "key-order-pass-1")
    laptop.clock.install(time=START_MS / 1000 - 3600)
    laptop.clock.pause_at(START_MS / 1000)
    service.record(game, 0, [FaceOff(GameTime(1, 7200))], by="test")
    laptop.goto(f"/console/games/{game}")
    toggle = laptop.locator('[data-bind="toggle"]')
    expect(toggle).to_have_text("Stop (whistle)")

    # the page has measured the server's clock (at START_MS, as its own): a
    # measure answered after the wall moves on would put it 1.5 s ahead
    laptop.wait_for_function("() => window.rinksideClock.synced()")
    # 1.5 s of play: the clock reads 11:58.5, shown as 11:58
    wall.ms += 1_500
    laptop.clock.run_for(1_500)
    expect(laptop.locator('[data-bind="clock"]')).to_have_attribute("data-tenths", "7185")
    laptop.locator("body").press("q")
    laptop.locator("body").press("Space")

    expect(toggle).to_have_text("Start (face-off)")
    expect(laptop.locator('[data-bind="banner"]')).to_be_hidden()
    events = logs.game_record(service, game).events
    assert [type(e) for e in events] == [FaceOff, Shot, Stoppage]
    assert [e.at for e in events[1:]] == [GameTime(1, 7185), GameTime(1, 7185)]


def test_the_record_buttons_wait_for_the_game_before_they_can_be_pressed(
        laptop: Page, live_server: LiveServer) -> None:
    """Until the console knows the game's state its record buttons are
    disabled: a press then would open nothing and say nothing (CI saw a
    Penalty pressed that early wait 30 s for a form)."""
    service = live_server.service
    game = new_game(live_server)
    auth.create_user(service, f"early{game}", "key-order-pass-1", "scorekeeper", games=[game])
    log_in(laptop, f"early{game}", "key-order-pass-1")
    held: list[Route] = []

    def hold(route: Route) -> None:  # a Python function: Playwright calls it with the route
        held.append(route)
    # the game's state, held back: from the state API and the live stream
    for address in (f"**/api/games/{game}/state", f"**/live/games/{game}"):
        laptop.route(address, hold)
    laptop.goto(f"/console/games/{game}")
    penalty = laptop.locator(".actions").get_by_role("button", name="Penalty", exact=True)
    expect(penalty).to_be_disabled()
    for route in held:
        route.continue_()
    laptop.unroute_all()
    expect(penalty).to_be_enabled()
