"""A game its referees have signed is locked (Rule 616(a)): the console
offers no correction, a correction sent all the same is refused with the
rule, and the record stays as signed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browserkit import LiveServer, console_module, finished_game, log_in
from playwright.sync_api import Browser, Page, expect

from rinkside.services import officiating
from rinkside.web import auth


def test_the_console_cannot_change_a_signed_game(page: Page, live_server: LiveServer,
                                                 output_dir: Path) -> None:
    service = live_server.service
    game = finished_game(live_server, "home")
    auth.create_user(service, f"lee{game}", "scorer-pass-2", "scorekeeper", games=[game])
    auth.create_user(service, f"ref{game}", "referee-pass-2", "referee", games=[game])
    assert officiating.sign(service, game, f"ref{game}").locked
    version = service.game_state(game)[0]

    log_in(page, f"lee{game}", "scorer-pass-2")
    page.goto(f"/console/games/{game}")
    expect(page.locator('[data-bind="locked"]')).to_be_visible()
    expect(page.locator('[data-bind="log"] li').first).to_be_visible()
    expect(page.get_by_role("button", name="Undo last")).to_have_count(0)
    expect(page.get_by_role("button", name="Delete")).to_have_count(0)
    # What Undo would send, sent by the console's own module: the server refuses it.
    writes = console_module(page, "console_writes.js")
    status = page.evaluate("""async m => {
        const answer = await m.correct("delete", 0, null, "undo");
        m.written(answer, "Undone");
        return answer.status; }""", writes)
    assert status == 422
    banner = page.locator('[data-bind="banner"]')
    expect(banner).to_be_visible()
    expect(page.locator('[data-bind="banner-rule"]')).to_have_text("Rule 616(a)")
    expect(banner).to_contain_text("signed by its referees")
    page.screenshot(path=str(output_dir / "console-locked.png"), full_page=True)
    assert service.game_state(game)[0] == version
    expect(page.locator('[data-bind="home-score"]')).to_have_text("1")


def test_an_open_console_learns_its_game_was_signed(page: Page, browser: Browser,
                                                    browser_context_args: dict[str, Any],
                                                    live_server: LiveServer) -> None:
    service = live_server.service
    game = finished_game(live_server, "away")
    auth.create_user(service, f"kay{game}", "scorer-pass-3", "scorekeeper", games=[game])
    auth.create_user(service, f"ump{game}", "referee-pass-3", "referee", games=[game])
    log_in(page, f"kay{game}", "scorer-pass-3")
    page.goto(f"/console/games/{game}")
    expect(page.locator('[data-bind="link"]')).to_have_text("live")
    expect(page.locator('[data-bind="locked"]')).to_be_hidden()
    referee = browser.new_context(**browser_context_args).new_page()
    log_in(referee, f"ump{game}", "referee-pass-3")
    referee.goto(f"/games/{game}/signoff")
    referee.get_by_label("I have read the report above and sign it").check()  # 616(a)
    referee.get_by_role("button", name="Sign the official score sheet").click()
    expect(referee.locator("section.signoff")).to_have_attribute("data-locked", "yes")
    expect(page.locator('[data-bind="locked"]')).to_be_visible()


def test_an_open_console_learns_its_game_was_reopened(page: Page, browser: Browser,
                                                      browser_context_args: dict[str, Any],
                                                      live_server: LiveServer) -> None:
    """The director reopens a signed game (616(a)) with a reason: the open
    console offers its corrections again at once, with no reload."""
    service = live_server.service
    game = finished_game(live_server, "home")
    auth.create_user(service, f"ann{game}", "scorer-pass-5", "scorekeeper", games=[game])
    auth.create_user(service, f"ric{game}", "referee-pass-5", "referee", games=[game])
    assert officiating.sign(service, game, f"ric{game}").locked
    log_in(page, f"ann{game}", "scorer-pass-5")
    page.goto(f"/console/games/{game}")
    expect(page.locator('[data-bind="locked"]')).to_be_visible()
    expect(page.locator('[data-bind="log"] li').first).to_be_visible()
    expect(page.get_by_role("button", name="Undo last")).to_have_count(0)
    director = browser.new_context(**browser_context_args).new_page()
    log_in(director, "dana", "director-pass-1")
    director.goto(f"/games/{game}/signoff")
    director.get_by_label("Reason for reopening").fill("the goal's scorer was wrong")
    director.get_by_role("button", name="Reopen").click()
    expect(page.locator('[data-bind="locked"]')).to_be_hidden()
    expect(page.get_by_role("button", name="Undo last")).to_be_visible()
    expect(page.get_by_role("button", name="Edit").first).to_be_visible()
    expect(page.locator('.actions [data-form="penalty"]')).to_be_visible()
