"""The console on a 1280x720 laptop: the clock and an open form's Record
button stay on screen; Q and P record a shot on goal for each team (shots and
saves on the console); the delayed penalty is shown while signalled
(409(b)); the game timekeeper sets the running clock to the rink's without an
event (507(a)); a period's end with time left is not offered (640(a)) and a
forfeit asks first.
Screenshots go to test-output/browser/."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from browserkit import LiveServer, console_module, log_in, new_game, skaters
from playwright.sync_api import Browser, Dialog, Page, expect

from rinkside.rules.events import FaceOff, PenaltyClass, PenaltySignal
from rinkside.rules.times import GameTime
from rinkside.web import auth


@pytest.fixture
def game(live_server: LiveServer) -> int:
    game_id = new_game(live_server)
    auth.create_user(live_server.service, f"desk{game_id}", "scorer-pass-1", "scorekeeper",
                     games=[game_id])
    live_server.service.record(game_id, 0, [FaceOff(GameTime(1, 7200))], by="t")
    return game_id


@pytest.fixture
def laptop(browser: Browser, browser_context_args: dict[str, Any], game: int) -> Page:
    context = browser.new_context(**{**browser_context_args,
                                     "viewport": {"width": 1280, "height": 720}})
    page = context.new_page()
    log_in(page, f"desk{game}", "scorer-pass-1")
    page.goto(f"/console/games/{game}")
    expect(page.locator('[data-bind="link"]')).to_have_text("live")
    return page


def bound(page: Page, name: str) -> Any:
    return page.locator(f'[data-bind="{name}"]')


def on_screen(page: Page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 720


def test_the_clock_and_record_stay_on_a_laptop_screen(laptop: Page, output_dir: Path) -> None:
    laptop.locator("button[data-form=penalty]").click()
    expect(laptop.locator("form.event-form")).to_be_visible()
    laptop.mouse.wheel(0, 2000)
    assert on_screen(laptop, '[data-bind="submit"]')
    assert on_screen(laptop, '[data-bind="clock"]')
    laptop.screenshot(path=str(output_dir / "console-1280x720-penalty-form.png"))


def test_q_and_p_record_shots_and_the_board_counts_them(
        laptop: Page, live_server: LiveServer, game: int) -> None:
    # The console has the game's state (a key before it is known does nothing)
    expect(bound(laptop, "home-shots")).to_have_text("0 shots, 0 saves")
    laptop.locator("body").press("q")
    expect(bound(laptop, "home-shots")).to_have_text("1 shot, 0 saves")
    laptop.locator("body").press("p")
    expect(bound(laptop, "away-shots")).to_have_text("1 shot, 1 save")
    _, state = live_server.service.game_state(game)
    assert [s.team for s in state.shots] == ["home", "away"]


def test_a_delayed_penalty_is_shown_with_the_team(
        laptop: Page, live_server: LiveServer, game: int) -> None:
    service = live_server.service
    away = service.game_state(game)[1].setup.away.name
    culprit = skaters(service, game, "away")[0]
    version = service.game_state(game)[0]
    service.record(game, version, [PenaltySignal(GameTime(1, 7000), "away", culprit,
                                                 PenaltyClass.MINOR, "Tripping", "642(a)")],
                   by="t")
    expect(bound(laptop, "delayed")).to_have_text(f"delayed penalty: {away}")


def test_the_timekeeper_sets_the_running_clock(
        laptop: Page, live_server: LiveServer, game: int) -> None:
    version = live_server.service.game_state(game)[0]
    clock_form = bound(laptop, "set-clock")
    clock_form.locator("input").fill("9:30")
    clock_form.locator("button").click()
    # The clock is in play (the face-off of the fixture), so it runs on from
    # the reading set: any of the few seconds after 9:30 shows the set took
    # (the reading before it was near 12:00), however slow the machine.
    expect(bound(laptop, "clock")).to_have_text(re.compile(r"^9:(30|2\d)$"))
    assert live_server.service.game_state(game)[0] == version  # no event


def test_ending_a_period_with_time_left_is_not_offered(
        laptop: Page, live_server: LiveServer, game: int) -> None:
    """Rule 640(a): the engine takes a period's end only at 0:00, so the
    console neither asks nor posts one with time left: the button is
    disabled with the engine's reason (tests/browser/test_console_accepts.py)."""
    asked: list[str] = []

    def dismiss(dialog: Dialog) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    laptop.on("dialog", dismiss)
    version = live_server.service.game_state(game)[0]
    button = laptop.locator("button[data-form=period_end]")
    expect(button).to_be_disabled()
    expect(button).to_have_attribute("title", re.compile(r"^Rule 640\(a\): a period ends when"))
    button.click(force=True)
    expect(bound(laptop, "form")).to_be_hidden()
    assert asked == []
    assert live_server.service.game_state(game)[0] == version  # nothing recorded


def test_a_suspended_players_goal_is_refused_with_his_rule(
        browser: Browser, browser_context_args: dict[str, Any], live_server: LiveServer) -> None:
    """Rule 203(a), casebook 27: the game began with no lineup, so its
    eligible roster was dressed; a goal credited to the suspended player is
    refused, the banner naming the suspension's rule."""
    from rinkside.services import queries

    service = live_server.service
    row = queries.game(service, new_game(live_server))
    suspended = next(p for p in queries.team(service, row.home_team_id).players
                     if not p.goalie and p.captain is None)
    played = [g.game_id for g in queries.games(service) if g.version
              and row.home_team_id in (g.home_team_id, g.away_team_id)]
    service.add_supplementary(suspended.player_id, 1, "fighting after the game",
                              after_game_id=played[-1])
    game = service.add_game(row.division_id, row.home_team_id, row.away_team_id)
    auth.create_user(service, f"sus{game}", "scorer-pass-1", "scorekeeper", games=[game])
    service.record(game, 0, [FaceOff(GameTime(1, 7200))], by="t")
    page = browser.new_context(**browser_context_args).new_page()
    log_in(page, f"sus{game}", "scorer-pass-1")
    page.goto(f"/console/games/{game}")
    expect(page.locator('[data-bind="link"]')).to_have_text("live")
    page.wait_for_function("held => held.currentState() !== null",  # the state taken
                           arg=console_module(page, "console_state.js"))
    console_module(page, "console_writes.js").evaluate(f"""writes => writes.post(
        [{{ type: "goal", at: "1 11:00", team: "home", scorer: {suspended.number} }}])
        .then(a => writes.written(a, ""))""")
    expect(page.locator('[data-bind="banner-rule"]')).to_have_text("Rule 410(a)")
    expect(page.locator('[data-bind="banner-text"]')).to_contain_text("suspended")
    assert service.game_state(game)[1].goals == ()
