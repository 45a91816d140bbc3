"""The clock toggle while its press is in flight (Rule 507(a)): the console
drops a second press before the first is in, so the button says so by being
disabled until the write's answer is taken, even when the live state has
already turned its label to the next action. A press it showed as possible
and then dropped is how a timekeeper's whistle went missing under load."""

from __future__ import annotations

from browserkit import LiveServer, log_in, new_game
from playwright.sync_api import Page, Route, expect

from rinkside.web import auth


def test_the_toggle_is_not_pressable_until_its_press_is_in(
        page: Page, live_server: LiveServer) -> None:
    game = new_game(live_server)
    auth.create_user(live_server.service, f"tia{game}", "scorer-pass-1", "scorekeeper",
                     games=[game])
    log_in(page, f"tia{game}", "scorer-pass-1")
    page.goto(f"/console/games/{game}")
    toggle = page.locator('[data-bind="toggle"]')
    expect(toggle).to_have_text("Start period 1 (face-off)")
    held: list[Route] = []

    def hold(route: Route) -> None:  # the face-off's answer waits; later writes go
        if held:
            route.continue_()
        else:
            held.append(route)

    page.route(f"**/api/games/{game}/events", hold)
    with page.expect_request(f"**/api/games/{game}/events"):
        toggle.click()
    expect(toggle).to_be_disabled()  # old code: pressable, and a press dropped
    assert len(held) == 1
    held[0].continue_()
    expect(toggle).to_have_text("Stop (whistle)")
    expect(toggle).to_be_enabled()
    toggle.click()
    expect(toggle).to_have_text("Start (face-off)")
