"""The penalty form's "penalty shot awarded for this foul" mark (FORMAT.md
second edition, casebook 62): the penalty is recorded with it, its minor is
neither served nor charged (406(h)) and the shot is due until taken; the
same foul unmarked is served and charged."""

from __future__ import annotations

from pathlib import Path

from browserkit import LiveServer, event_form, log_in, skaters
from playwright.sync_api import Page, expect


def record_trip(page: Page, team: str, player: int, *, marked: bool) -> None:
    page.get_by_role("button", name="Penalty", exact=True).click()
    event_form(page).locator(".seg", has_text=team).click()
    event_form(page).locator('select[name="player"]').select_option(str(player))
    event_form(page).get_by_placeholder("Find: rule number or words").fill("tripping")
    listbox = event_form(page).locator('select[name="infraction"]')
    listbox.focus()
    listbox.select_option("tripping")
    mark = event_form(page).get_by_label("Penalty shot awarded for this foul")
    expect(mark).not_to_be_checked()
    if marked:
        mark.check()
    event_form(page).get_by_role("button", name="Record").click()
    expect(event_form(page)).to_be_hidden()


def test_a_penalty_marked_for_the_shot_is_recorded_and_not_charged(
        page: Page, live_server: LiveServer, stopped_game: int, output_dir: Path) -> None:
    game = stopped_game
    service = live_server.service
    _, state = service.game_state(game)
    away = state.setup.away.name
    first, second = skaters(service, game, "away")[:2]
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    log_in(page, f"scorer{game}", "scorer-pass-1")
    page.goto(f"/console/games/{game}")
    record_trip(page, away, first, marked=True)
    _, after = service.game_state(game)
    assert after.penalty_shot_due == "home" and after.pim()["away"] == {}
    page.screenshot(path=str(output_dir / "console-penalty-shot-mark.png"), full_page=True)
    record_trip(page, away, second, marked=False)
    expect(page.locator('[data-bind="log"] li').first).to_contain_text("Tripping")
    _, after = service.game_state(game)
    assert after.pim()["away"] == {str(second): 2}  # casebook 62: only the marked foul
    assert errors == []
