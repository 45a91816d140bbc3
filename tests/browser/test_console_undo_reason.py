"""Undo last asks why, as Edit and Delete do (issue 26): the reason is
asked on the log's last line, an undo without one is not sent, and the
reason is kept with the correction and shown on the sign-off page."""

from __future__ import annotations

from pathlib import Path

from browserkit import LiveServer, finished_game, log_in
from playwright.sync_api import Page, expect

from rinkside.services import logs


def test_undo_last_takes_a_reason(page: Page, live_server: LiveServer,
                                  output_dir: Path) -> None:
    service = live_server.service
    game = finished_game(live_server, "home")
    version = service.game_state(game)[0]
    log_in(page, "dana", "director-pass-1")
    page.goto(f"/console/games/{game}")
    log = page.locator('[data-bind="log"] li')
    expect(log).to_have_count(6)
    page.get_by_role("button", name="Undo last").click()
    reason = page.locator('[data-bind="delete-reason"]')
    expect(reason).to_be_focused()
    expect(reason).to_have_attribute("placeholder", "Why undo it?")
    confirm = page.get_by_role("button", name="Confirm undo")
    confirm.click()  # no reason given: nothing is sent
    expect(page.locator('[data-bind="banner"]')).to_contain_text("Say why the event is undone")
    assert service.game_state(game)[0] == version
    reason.fill("the period had 0:12 left")
    page.screenshot(path=str(output_dir / "console-undo-reason.png"))
    confirm.click()
    expect(log).to_have_count(5)
    assert service.game_state(game)[0] == version + 1
    last = logs.game_record(service, game).revisions[-1]
    assert (last.op, last.reason, last.by) == ("delete", "the period had 0:12 left", "dana")
    page.goto(f"/games/{game}/signoff")
    expect(page.locator("ol.corrections")).to_contain_text("the period had 0:12 left")
