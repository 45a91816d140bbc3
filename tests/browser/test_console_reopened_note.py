"""A signed game the director reopens (Rule 616(a)) is said to be reopened
on the officials' screens (who reopened it, when and why), not simply open
to writes again: the full console and the game timekeeper's screen open
when it happens learn it with no reload; a screen opened later says it on
load; once the referees sign again, the lock replaces it. Screenshots go to
test-output/browser/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browserkit import LiveServer, finished_game, log_in
from playwright.sync_api import Browser, Page, expect
from test_axe_pages import serious_violations

from rinkside.services import officiating
from rinkside.web import auth

REASON = "the second goal's scorer was #9, not #7"


def test_the_officials_screens_say_who_reopened_the_game_and_why(
        page: Page, browser: Browser, browser_context_args: dict[str, Any],
        live_server: LiveServer, output_dir: Path) -> None:
    service = live_server.service
    game = finished_game(live_server, "home")
    auth.create_user(service, f"reo{game}", "scorer-pass-6", "scorekeeper", games=[game])
    auth.create_user(service, f"rgt{game}", "timekeeper-pass-6", "game_timekeeper",
                     games=[game])
    auth.create_user(service, f"rrf{game}", "referee-pass-6", "referee", games=[game])
    assert officiating.sign(service, game, f"rrf{game}").locked

    log_in(page, f"reo{game}", "scorer-pass-6")
    page.goto(f"/console/games/{game}")
    expect(page.locator('[data-bind="locked"]')).to_be_visible()
    note = page.locator('[data-bind="reopened"]')
    expect(note).to_be_hidden()
    timekeeper = browser.new_context(**browser_context_args).new_page()
    log_in(timekeeper, f"rgt{game}", "timekeeper-pass-6")
    timekeeper.goto(f"/games/{game}/console/timekeeper")
    expect(timekeeper.locator('[data-bind="locked"]')).to_be_visible()

    director = browser.new_context(**browser_context_args).new_page()
    log_in(director, "dana", "director-pass-1")
    director.goto(f"/games/{game}/signoff")
    director.get_by_label("Reason for reopening").fill(REASON)
    director.get_by_role("button", name="Reopen").click()

    for screen in (page, timekeeper):
        shown = screen.locator('[data-bind="reopened"]')
        expect(shown).to_be_visible()
        expect(shown).to_contain_text("Reopened by the tournament director dana")
        expect(shown).to_contain_text(REASON)
        expect(shown).to_contain_text("Rule 616(a)")
        expect(screen.locator('[data-bind="locked"]')).to_be_hidden()
    page.screenshot(path=str(output_dir / "console-reopened.png"), full_page=True)
    timekeeper.screenshot(path=str(output_dir / "timekeeper-reopened.png"), full_page=True)
    assert serious_violations(page) == []

    later = browser.new_context(**browser_context_args).new_page()  # opened after it
    log_in(later, f"reo{game}", "scorer-pass-6")
    later.goto(f"/games/{game}/console/scorer")
    expect(later.locator('[data-bind="reopened"]')).to_contain_text(REASON)

    referee = browser.new_context(**browser_context_args).new_page()
    log_in(referee, f"rrf{game}", "referee-pass-6")
    referee.goto(f"/games/{game}/signoff")
    referee.get_by_label("I have read the report above and sign it").check()
    referee.get_by_role("button", name="Sign the official score sheet").click()
    expect(referee.locator("section.signoff")).to_have_attribute("data-locked", "yes")
    expect(page.locator('[data-bind="locked"]')).to_be_visible()
    expect(note).to_be_hidden()
