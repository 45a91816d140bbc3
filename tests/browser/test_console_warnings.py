"""The engine's warnings reach the scorekeeper: a write answered with a new
warning shows it in the console's banner with its rule (console_warnings.js);
a box entry shows the reasons the engine gives for it; and the rule book's pages
fit a 390 px phone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browserkit import LiveServer, console_module, log_in, new_game, skaters
from playwright.sync_api import Browser, Page, expect

from rinkside.rules.events import FaceOff, PenaltyClass, PenaltySignal
from rinkside.rules.times import GameTime
from rinkside.web import auth


def test_a_goal_that_cancels_a_delayed_minor_shows_the_409c_warning(
        page: Page, live_server: LiveServer, output_dir: Path) -> None:
    service = live_server.service
    game = new_game(live_server)
    auth.create_user(service, f"wes{game}", "scorer-pass-1", "scorekeeper", games=[game])
    culprit = skaters(service, game, "away")[0]
    scorer = skaters(service, game, "home")[0]
    version, _ = service.game_state(game)
    service.record(game, version, [
        FaceOff(GameTime(1, 7200)),
        PenaltySignal(GameTime(1, 7000), "away", culprit, PenaltyClass.MINOR, "Tripping",
                      "642(a)")], by="browser test")
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    log_in(page, f"wes{game}", "scorer-pass-1")
    page.goto(f"/console/games/{game}")
    banner = page.locator('[data-bind="banner"]')
    expect(page.locator('[data-bind="link"]')).to_have_text("live")
    expect(banner).to_be_hidden()

    page.get_by_role("button", name="Goal", exact=True).click()
    form = page.locator("form.event-form")
    form.locator(".seg", has_text=service.game_state(game)[1].setup.home.name).click()
    form.locator('select[name="scorer"]').select_option(str(scorer))
    form.get_by_role("button", name="Record").click()
    expect(page.locator('[data-bind="home-score"]')).to_have_text("1")
    expect(banner).to_be_visible()
    expect(banner).to_have_class("banner warning")
    expect(page.locator('[data-bind="banner-rule"]')).to_have_text("Rule 409(c)")
    expect(page.locator('[data-bind="banner-text"]')).to_have_text(
        f"Warning: the delayed minor to #{culprit} is not imposed: the other team scored.")
    page.screenshot(path=str(output_dir / "console-warning.png"), full_page=True)

    # The next write without a new warning clears it: the face-off after the goal.
    toggle = page.locator('[data-bind="toggle"]')
    expect(toggle).to_have_text("Start (face-off)")
    toggle.click()
    expect(toggle).to_have_text("Stop (whistle)")
    expect(banner).to_be_hidden()

    # A box entry's reasons, when the engine gives them, are shown under it.
    console_module(page, "console_state.js").evaluate("""held => {
        const s = JSON.parse(JSON.stringify(held.currentState()));
        s.version += 1;
        s.box.away = [{player: 7, served_by: null, state: "pending", left_tenths: 1200,
                       left: "2:00", ticking: false, "class": "minor", class_text: "minor",
                       infraction: "Tripping", may_return: false,
                       reasons: ["waits for the first stoppage: Rule 408(b)"]}];
        held.replace(s);
    }""")
    expect(page.locator('[data-bind="away-box"] li.entry .why')).to_have_text(
        "waits for the first stoppage: Rule 408(b)")
    assert errors == []


def test_the_rule_pages_fit_a_390_px_phone(browser: Browser,
                                          browser_context_args: dict[str, Any],
                                          output_dir: Path) -> None:
    context = browser.new_context(**{**browser_context_args,
                                     "viewport": {"width": 390, "height": 844}})
    phone = context.new_page()
    for path in ("/rules", "/rules/402", "/rules/613"):
        phone.goto(path)
        expect(phone.locator("h1")).to_have_count(1)
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, (path, width)
    phone.screenshot(path=str(output_dir / "rules-402-phone.png"), full_page=False)
    phone.goto("/rules/402")
    phone.screenshot(path=str(output_dir / "rules-402-phone.png"), full_page=False)
    context.close()
