"""The console's basic mode in chromium: a toggle in the header that leaves
only the frequent actions (the clock, shots, goals, penalties, the whistle and
face-off, time-outs, goaltenders, the period's end, Undo) and that the browser
remembers; off again, every action is back."""

from __future__ import annotations

from pathlib import Path

from browserkit import LiveServer, log_in, new_game
from playwright.sync_api import Page, expect

from rinkside.rules.events import FaceOff, Stoppage
from rinkside.rules.times import GameTime
from rinkside.web import auth

FREQUENT = ("Goal", "Penalty", "Delayed penalty", "Whistle", "Face-off", "Goaltender / empty net",
            "Period end", "Undo last")
RARE = ("Penalty shot", "Shootout attempt", "Designate (408(c))", "Measure equipment", "Forfeit",
        "Edit", "Insert", "Delete")


def test_basic_mode_shows_only_the_frequent_actions_and_is_remembered(
        page: Page, live_server: LiveServer, output_dir: Path) -> None:
    service = live_server.service
    game = new_game(live_server)
    service.record(game, 0, [FaceOff(GameTime(1, 7200)), Stoppage(GameTime(1, 7000))], by="t")
    auth.create_user(service, f"bas{game}", "scorer-pass-7", "scorekeeper", games=[game])
    log_in(page, f"bas{game}", "scorer-pass-7")
    page.goto(f"/console/games/{game}")
    expect(page.locator('[data-bind="log"] li').first).to_be_visible()
    toggle = page.get_by_role("button", name="Basic mode")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    for name in RARE:
        expect(page.get_by_role("button", name=name, exact=True).first).to_be_visible()

    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    page.reload()  # remembered in this browser
    expect(page.locator('[data-bind="log"] li').first).to_be_visible()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    for name in RARE:
        expect(page.get_by_role("button", name=name, exact=True)).to_have_count(0)
    expect(page.locator("details.lineups")).to_be_hidden()
    for name in FREQUENT:
        expect(page.get_by_role("button", name=name, exact=True)).to_be_visible()
    expect(page.locator('[data-action="toggle"]')).to_be_visible()
    expect(page.locator('[data-action="shot"]')).to_have_count(2)
    page.screenshot(path=str(output_dir / "console-basic-mode.png"))

    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    for name in RARE:
        expect(page.get_by_role("button", name=name, exact=True).first).to_be_visible()
