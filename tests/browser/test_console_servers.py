"""A major with an automatic game misconduct (604(e), casebook 42) at the
console: the form asks for the substitute who serves the major (404(e)),
naming the rule and offering only the players the engine lists; left
unnamed, the game waits at the stoppage with a prompt in the penalty box
panel and the face-off closed with the rule; named there, he is in the box
on the console and on the scoreboard, and the report prints him in "Served
by". Screenshots go to test-output/browser/.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browserkit import LiveServer, event_form, log_in, skaters
from playwright.sync_api import Browser, Locator, Page, expect

LIVE = 1000  # ms: the scoreboard shows each change within a second


def bound(page: Page, name: str) -> Locator:
    return page.locator(f'[data-bind="{name}"]')


def test_rule_404e_the_console_asks_for_the_substitute_and_shows_him_everywhere(
        page: Page, browser: Browser, browser_context_args: dict[str, Any],
        live_server: LiveServer, stopped_game: int, output_dir: Path) -> None:
    game = stopped_game
    service = live_server.service
    _, state = service.game_state(game)
    home = state.setup.home.name
    checker, substitute = skaters(service, game, "home")[:2]
    sub_name = state.setup.home.player(substitute).name  # type: ignore[union-attr]
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    board = browser.new_context(**{**browser_context_args,
                                   "viewport": {"width": 1280, "height": 720}}).new_page()
    board.goto(f"/scoreboard/{game}")
    expect(board.locator('[data-bind="link"]')).to_have_text("live")

    log_in(page, f"scorer{game}", "scorer-pass-1")
    page.goto(f"/console/games/{game}")
    expect(bound(page, "toggle")).to_have_text("Start (face-off)")

    # The form asks who serves the major, under 404(e), from the engine's list.
    page.get_by_role("button", name="Penalty", exact=True).click()
    event_form(page).locator(".seg", has_text=home).click()
    event_form(page).locator('select[name="player"]').select_option(str(checker))
    event_form(page).get_by_placeholder("Find: rule number or words").fill("604(e)")
    listbox = event_form(page).locator('select[name="infraction"]')
    listbox.focus()
    listbox.select_option("checking_from_behind")
    expect(event_form(page).locator('select[name="class"]')).to_have_value("major")
    expect(bound(page, "hint-served_by")).to_contain_text("Rule 404(e)")
    expect(event_form(page).locator(".field-served_by")).to_have_class("row field-served_by asked")
    server_list = event_form(page).locator('select[name="served_by"]')
    expect(server_list.locator("option").first).to_have_text("name who serves it")
    expect(server_list.locator(f'option[value="{checker}"]')).to_be_disabled()
    page.screenshot(path=str(output_dir / "console-server-asked.png"), full_page=True)

    # Recorded with nobody named: the game waits, the prompt says why.
    event_form(page).get_by_role("button", name="Record").click()
    expect(event_form(page)).to_be_hidden()
    prompt = bound(page, "servers")
    expect(prompt).to_be_visible()
    expect(prompt).to_contain_text(f"#{checker}")
    expect(prompt).to_contain_text("Rule 404(e)")
    faceoff = page.locator('.actions [data-form="faceoff"]')
    expect(faceoff).to_be_disabled()
    expect(faceoff).to_have_attribute("data-refused", "404(e)")
    expect(bound(page, "refused")).to_contain_text("Rule 404(e)")
    page.screenshot(path=str(output_dir / "console-server-waiting.png"), full_page=True)

    # Named at the prompt: he is in the box on the console and on the board.
    prompt.locator('select[name="served_by"]').select_option(str(substitute))
    prompt.get_by_role("button", name="Name").click()
    expect(prompt).to_be_hidden()
    entry = bound(page, "home-box").locator("li.entry")
    expect(entry).to_have_count(1)
    expect(entry.locator(".who")).to_have_text(f"#{checker} (served by #{substitute})")
    expect(faceoff).to_be_enabled()
    expect(bound(board, "home-box")).to_contain_text(f"served by #{substitute}", timeout=LIVE)
    page.screenshot(path=str(output_dir / "console-server-named.png"), full_page=True)
    board.screenshot(path=str(output_dir / "scoreboard-server-named.png"))

    # The face-off: the substitute's major runs.
    bound(page, "toggle").click()
    expect(bound(page, "toggle")).to_have_text("Stop (whistle)")
    expect(entry.locator(".state")).to_have_text("running")

    # The report prints him in "Served by".
    report = page.context.new_page()
    report.goto(f"/games/{game}/report")
    rows = report.locator("table.penalties tbody tr")
    major = rows.filter(has=report.locator("td:nth-child(7)", has_text="major"))
    expect(major.locator("td").nth(6)).to_have_text("major")
    expect(major.locator("td").last).to_contain_text(sub_name)
    report.screenshot(path=str(output_dir / "report-served-by.png"), full_page=True)
    assert errors == []
