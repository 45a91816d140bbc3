"""The console offers only what the game takes now (state.accepts,
rules/accepts.py): a final game's record buttons are disabled with the rule
that closes them (640(a)), a signed game's all of them (616(a)), and
there it shows none of them (a signed game takes nothing); a period
with time on the clock has its end disabled with the engine's reason and no
confirmation (640(a)), and the end is proposed when the clock reaches 0:00.
The "Recorded: ..." flash covers no control at 1280x720 or 1920x1080."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserkit import LiveServer, console_module, finished_game, log_in, new_game
from clockkit import Wall, with_wall
from playwright.sync_api import Browser, Dialog, Page, expect

from rinkside.rules.events import FaceOff, Stoppage
from rinkside.rules.times import GameTime
from rinkside.services import officiating
from rinkside.web import auth

LAPTOP = {"width": 1280, "height": 720}
START_MS = 1_900_000_000_000
CLOSED = ("Goal", "Delayed penalty", "Period end", "Shootout attempt", "Face-off", "Whistle",
          "Forfeit")


@pytest.fixture
def laptop(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[Page]:
    context = browser.new_context(**{**browser_context_args, "viewport": LAPTOP})
    yield context.new_page()
    context.close()


@pytest.fixture
def dialogs(laptop: Page) -> list[str]:
    """Every confirmation the page asks (none is expected here): dismissed."""
    asked: list[str] = []

    def dismiss(dialog: Dialog) -> None:
        asked.append(dialog.message)
        dialog.dismiss()
    laptop.on("dialog", dismiss)
    return asked


def scorer_for(live_server: LiveServer, game: int, page: Page) -> None:
    auth.create_user(live_server.service, f"acc{game}", "accepts-pass-1", "scorekeeper",
                     games=[game])
    log_in(page, f"acc{game}", "accepts-pass-1")


def record_button(page: Page, name: str) -> Any:
    return page.locator(".actions").get_by_role("button", name=name, exact=True)


def reasons(page: Page) -> Any:
    return page.locator('[data-bind="refused"]')


def test_a_final_games_console_disables_the_record_buttons_with_the_rule(
        laptop: Page, live_server: LiveServer, output_dir: Path) -> None:
    game = finished_game(live_server, "home")
    scorer_for(live_server, game, laptop)
    laptop.goto(f"/console/games/{game}")
    expect(laptop.locator('[data-bind="status"]')).to_contain_text("Final")
    for name in CLOSED:
        expect(record_button(laptop, name)).to_be_disabled()
        expect(record_button(laptop, name)).to_have_attribute("data-refused", "640(a)")
    for shot in laptop.locator('[data-action="shot"]').all():
        expect(shot).to_be_disabled()
    for timeout in laptop.locator('.actions [data-form="timeout"]').all():
        expect(timeout).to_be_disabled()
    expect(record_button(laptop, "Penalty")).to_be_enabled()  # for the records (casebook 16)
    # a penalty shot for a foul in playing time, and the goaltender back for it (406(e), (i))
    expect(record_button(laptop, "Penalty shot")).to_be_enabled()
    expect(record_button(laptop, "Goaltender / empty net")).to_be_enabled()
    expect(reasons(laptop)).to_be_visible()
    expect(reasons(laptop)).to_contain_text("Rule 640(a): the game is over")
    assert reasons(laptop).bounding_box()["y"] < LAPTOP["height"]  # type: ignore[index]
    laptop.screenshot(path=str(output_dir / "console-final-1280x720.png"))
    version = live_server.service.game_state(game)[0]
    laptop.locator("body").press("q")  # the shot key: refused, and the scorer told why
    expect(laptop.locator('[data-bind="banner-rule"]')).to_have_text("Rule 640(a)")
    laptop.locator("body").press("Space")
    assert live_server.service.game_state(game)[0] == version
    # a correction inserted into the log is the replayed log's to judge: all open
    laptop.locator(".log-list").get_by_role("button", name="Insert").first.click()
    expect(record_button(laptop, "Goal")).to_be_enabled()
    expect(reasons(laptop)).to_be_hidden()
    laptop.locator('[data-bind="mode"]').get_by_role("button", name="Cancel").click()
    expect(record_button(laptop, "Goal")).to_be_disabled()


def test_a_signed_games_console_takes_nothing_616a(
        laptop: Page, live_server: LiveServer, output_dir: Path) -> None:
    game = finished_game(live_server, "away")
    auth.create_user(live_server.service, f"sig{game}", "referee-pass-7", "referee", games=[game])
    assert officiating.sign(live_server.service, game, f"sig{game}").locked
    scorer_for(live_server, game, laptop)
    laptop.goto(f"/console/games/{game}")
    expect(laptop.locator('[data-bind="locked"]')).to_be_visible()
    expect(laptop.locator('[data-bind="locked"]')).to_contain_text("Rule 616(a)")
    for kind in ("goal", "penalty_signal", "period_end", "shootout_attempt", "faceoff",
                 "stoppage", "forfeit", "penalty", "penalty_shot", "goalie"):
        button = laptop.locator(f'.actions [data-form="{kind}"]')
        expect(button).to_have_attribute("data-refused", "616(a)")
        expect(button).to_be_disabled()
        expect(button).to_be_hidden()  # only what the game takes is shown
    expect(reasons(laptop)).to_contain_text("Rule 616(a): the referees have signed the game")
    expect(reasons(laptop)).to_be_hidden()
    laptop.screenshot(path=str(output_dir / "console-signed-1280x720.png"))


def test_a_period_with_time_left_shows_the_reason_and_asks_nothing(
        laptop: Page, live_server: LiveServer, dialogs: list[str], output_dir: Path) -> None:
    game = new_game(live_server)
    live_server.service.record(game, 0, [FaceOff(GameTime(1, 7200))], by="test")
    scorer_for(live_server, game, laptop)
    laptop.goto(f"/console/games/{game}")
    end = record_button(laptop, "Period end")
    expect(end).to_be_disabled()
    expect(end).to_have_attribute("title", "Rule 640(a): a period ends when the clock reaches "
                                  "0:00; set the running clock to the rink's clock if it reads "
                                  "0:00 (Rule 507(a))")
    expect(reasons(laptop)).to_contain_text("Period end: Rule 640(a): a period ends when the "
                                            "clock reaches 0:00")
    expect(reasons(laptop)).to_be_in_viewport()
    expect(record_button(laptop, "Goal")).to_be_enabled()
    laptop.screenshot(path=str(output_dir / "console-period-end-refused-1280x720.png"))
    end.click(force=True)  # a tap on the disabled button: nothing opens, nothing is asked
    expect(laptop.locator('[data-bind="form"]')).to_be_hidden()

    laptop.locator("body").press("Space")  # the whistle: the clock stops with time left
    expect(laptop.locator('[data-bind="toggle"]')).to_have_text("Start (face-off)")
    expect(reasons(laptop)).to_contain_text("correct the whistle's time (Rule 507(a))")
    expect(end).to_be_disabled()
    assert dialogs == []
    assert live_server.service.game_state(game)[1].status == "stopped"


@pytest.fixture
def wall(live_server: LiveServer) -> Iterator[Wall]:
    yield from with_wall(live_server.service, START_MS)


def test_at_zero_the_console_proposes_the_end_and_takes_it(
        laptop: Page, live_server: LiveServer, wall: Wall, dialogs: list[str],
        output_dir: Path) -> None:
    game = new_game(live_server)
    scorer_for(live_server, game, laptop)
    laptop.clock.install(time=START_MS / 1000 - 3600)
    laptop.clock.pause_at(START_MS / 1000)
    live_server.service.record(game, 0, [FaceOff(GameTime(1, 7200)), Stoppage(GameTime(1, 50)),
                                         FaceOff(GameTime(1, 50))], by="test")
    laptop.goto(f"/console/games/{game}")
    end = record_button(laptop, "Period end")
    # the engine's state has come (the button is disabled until it does, so the
    # reason is what tells) and the page has measured the server's clock: only
    # then does time move, or the page would learn of 0:00 after it passed
    expect(end).to_have_attribute("data-refused", "640(a)")
    laptop.wait_for_function("() => window.rinksideClock.synced()")
    wall.ms += 5_000
    laptop.clock.run_for(5_000)  # 0:00: the engine's coming moment (507(c), 640(a))
    expect(end).to_be_enabled()
    toggle = laptop.locator('[data-bind="toggle"]')
    expect(toggle).to_have_text("End of period")
    expect(reasons(laptop)).to_be_hidden()
    laptop.screenshot(path=str(output_dir / "console-period-end-at-zero-1280x720.png"))
    toggle.click()
    expect(laptop.locator('[data-bind="status"]')).to_contain_text("End of")
    assert live_server.service.game_state(game)[1].status == "intermission"
    assert dialogs == []


COVERS = """() => {
  const f = document.querySelector('[data-bind="flash"]').getBoundingClientRect();
  const covered = [];
  document.querySelectorAll('button, input, select, a, [data-bind="clock"]').forEach(n => {
    const r = n.getBoundingClientRect();
    if (!r.width || !r.height || n.closest('[hidden]')) { return; }
    if (r.left < f.right && f.left < r.right && r.top < f.bottom && f.top < r.bottom) {
      covered.push(n.textContent.trim().slice(0, 40));
    }
  });
  return {covered: covered, inside: f.top >= 0 && f.bottom <= innerHeight && f.width > 0};
}"""


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_flash_covers_no_control(browser: Browser, browser_context_args: dict[str, Any],
                                     live_server: LiveServer, size: tuple[int, int],
                                     output_dir: Path) -> None:
    width, height = size
    context = browser.new_context(**{**browser_context_args,
                                     "viewport": {"width": width, "height": height}})
    page = context.new_page()
    game = new_game(live_server)
    live_server.service.record(game, 0, [FaceOff(GameTime(1, 7200)), Stoppage(GameTime(1, 7000))],
                               by="test")
    scorer_for(live_server, game, page)
    page.goto(f"/console/games/{game}")
    # the console has the game's state (a key before it is known does nothing)
    expect(page.locator('[data-bind="home-shots"]')).to_have_text("0 shots, 0 saves")
    page.locator("body").press("q")
    flash = page.locator('[data-bind="flash"]')
    expect(flash).to_have_text(re.compile("Shot on goal"))
    assert page.evaluate(COVERS) == {"covered": [], "inside": True}
    page.screenshot(path=str(output_dir / f"console-flash-{width}x{height}.png"))
    page.mouse.wheel(0, 800)  # scrolled down to the log: the board and its flash stay in sight
    page.get_by_role("button", name="Penalty", exact=True).click()
    console_module(page, "console_banner.js").evaluate(
        "banner => banner.flash('Recorded: Goal at 1 11:40')")
    expect(flash).to_have_text("Recorded: Goal at 1 11:40")
    assert page.evaluate(COVERS) == {"covered": [], "inside": True}
    page.screenshot(path=str(output_dir / f"console-flash-form-{width}x{height}.png"))
    context.close()
