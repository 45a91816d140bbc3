"""The console's keyboard shortcuts in chromium: a key for every frequent
action, shown on its button and in the list "?" opens; a key does what its
button does (a closed button's key says why, with the engine's rule); the
keys are changed in a dialog and kept in the browser, and a key given to two
actions is refused with a message, nothing saved."""

from __future__ import annotations

import re
from pathlib import Path

from browserkit import LiveServer, log_in, new_game
from playwright.sync_api import Page, expect

from rinkside.rules.events import FaceOff, Stoppage
from rinkside.rules.times import GameTime
from rinkside.web import auth

STORE = "rinkside.console.keys"
FREQUENT = {"Goal": "G", "Penalty": "N", "Delayed penalty": "D", "Whistle": "W",
            "Face-off": "F", "Goaltender / empty net": "K", "Period end": "E", "Undo last": "U"}


def stopped_console(page: Page, live_server: LiveServer) -> int:
    service = live_server.service
    game = new_game(live_server)
    service.record(game, 0, [FaceOff(GameTime(1, 7200)), Stoppage(GameTime(1, 7000))], by="t")
    auth.create_user(service, f"key{game}", "scorer-pass-8", "scorekeeper", games=[game])
    log_in(page, f"key{game}", "scorer-pass-8")
    page.goto(f"/console/games/{game}")
    expect(page.locator('[data-bind="link"]')).to_have_text("live")
    expect(page.locator('[data-bind="log"] li').first).to_be_visible()
    return game


def test_the_keys_are_on_the_buttons_and_in_the_list(page: Page, live_server: LiveServer,
                                                     output_dir: Path) -> None:
    stopped_console(page, live_server)
    for name, key in FREQUENT.items():
        button = page.get_by_role("button", name=name, exact=True)
        expect(button).to_have_attribute("aria-keyshortcuts", key)
        expect(button).to_have_attribute("data-key", key)
    expect(page.locator('[data-action="toggle"]')).to_have_attribute("data-key", "Space")
    page.keyboard.press("?")
    help_list = page.locator('[data-bind-page="keys-help"]')
    expect(help_list).to_be_visible()
    page.screenshot(path=str(output_dir / "console-keys-help.png"))
    expect(help_list.get_by_role("row", name="Goal G")).to_be_visible()
    expect(help_list.get_by_role("row", name="Start / stop the clock Space")).to_be_visible()
    help_list.get_by_role("button", name="Close").click()
    expect(help_list).to_be_hidden()

    form = page.locator('[data-bind="form"]')
    page.keyboard.press("g")
    expect(form).to_have_attribute("data-type", "goal")
    page.keyboard.press("n")  # typing in the form: no key works
    expect(form).to_have_attribute("data-type", "goal")
    page.keyboard.press("Escape")
    expect(form).to_be_hidden()
    page.locator("section.board").click()  # focus out of any field
    page.keyboard.press("w")
    expect(form).to_have_attribute("data-type", "stoppage")


def test_a_closed_buttons_key_says_why(page: Page, live_server: LiveServer) -> None:
    """Rule 640(a): the period cannot end with time on the clock."""
    stopped_console(page, live_server)
    expect(page.get_by_role("button", name="Period end", exact=True)).to_be_disabled()
    page.keyboard.press("e")
    expect(page.locator('[data-bind="banner"]')).to_contain_text("640(a)")
    expect(page.locator('[data-bind="form"]')).to_be_hidden()


def test_keys_are_changed_kept_and_never_shared(page: Page, live_server: LiveServer,
                                                output_dir: Path) -> None:
    stopped_console(page, live_server)
    page.get_by_role("button", name=re.compile("^Keys")).click()
    page.get_by_role("button", name="Change keys").click()
    settings = page.locator('[data-bind-page="keys-settings"]')
    expect(settings).to_be_visible()
    settings.get_by_label("Goal", exact=True).press("n")  # Penalty's key
    settings.get_by_role("button", name="Save keys").click()
    problem = settings.locator('[data-bind-page="keys-problem"]')
    expect(problem).to_have_text("N is the key of both Goal and Penalty: give each its own key.")
    expect(settings).to_be_visible()
    page.screenshot(path=str(output_dir / "console-keys-conflict.png"))
    assert page.evaluate(f"localStorage.getItem('{STORE}')") is None  # nothing saved

    settings.get_by_label("Goal", exact=True).press("x")
    settings.get_by_label("Shot on goal, home").press("s")
    settings.get_by_role("button", name="Save keys").click()
    expect(settings).to_be_hidden()
    goal = page.get_by_role("button", name="Goal", exact=True)
    expect(goal).to_have_attribute("data-key", "X")

    page.reload()  # kept in this browser
    expect(page.locator('[data-bind="link"]')).to_have_text("live")
    expect(goal).to_have_attribute("aria-keyshortcuts", "X")
    form = page.locator('[data-bind="form"]')
    page.keyboard.press("g")
    expect(page.locator('[data-bind="flash"]')).to_be_empty()
    expect(form).to_be_hidden()
    page.keyboard.press("x")
    expect(form).to_have_attribute("data-type", "goal")
    page.keyboard.press("Escape")

    shots = page.locator('[data-bind="home-shots"]')
    expect(shots).to_have_text(re.compile("^0 shots"))
    page.locator("section.board").click()
    page.keyboard.press("q")  # the old key records nothing
    page.keyboard.press("s")
    expect(shots).to_have_text(re.compile("^1 shot"))
    expect(page.locator('[data-bind="flash"]')).to_contain_text("Shot on goal")
    page.wait_for_load_state("networkidle")
    expect(shots).to_have_text(re.compile("^1 shot"))
