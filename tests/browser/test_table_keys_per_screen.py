"""Each table official's screen takes only its own role's keys (issue 26):
Space (the clock, Rule 507(a)) on the penalty timekeeper's or the official
scorer's screen sends no face-off or whistle that the server would refuse
with 403, Q and P (shots, 506(a)) do nothing on the penalty timekeeper's;
the official scorer's Q still records a shot, and each screen says its keys."""

from __future__ import annotations

from typing import Any

from browserkit import LiveServer, log_in
from playwright.sync_api import Browser, Page, Request, expect

from rinkside.web import auth

PASSWORD = "keys-per-screen-1"


def _screen(browser: Browser, args: dict[str, Any], username: str, game: int,
            screen: str) -> tuple[Page, list[str]]:
    """The screen, logged in, and the writes it sends (method and path)."""
    page = browser.new_context(**{**args, "viewport": {"width": 1280, "height": 720}}).new_page()
    log_in(page, username, PASSWORD)
    sent: list[str] = []

    def note(request: Request) -> None:
        if request.method != "GET" and "/api/" in request.url:
            sent.append(f"{request.method} {request.url.split('/api/', 1)[1]}")

    page.goto(f"/games/{game}/console/{screen}")
    expect(page.locator('[data-bind="link"]')).to_have_text("live")
    page.on("request", note)
    return page, sent


def test_space_q_and_p_are_only_their_roles_keys(
        browser: Browser, browser_context_args: dict[str, Any], live_server: LiveServer,
        stopped_game: int) -> None:
    service, game = live_server.service, stopped_game
    auth.create_user(service, f"pt{game}", PASSWORD, "penalty_timekeeper", games=[game])
    auth.create_user(service, f"os{game}", PASSWORD, "official_scorer", games=[game])
    version = service.game_state(game)[0]
    pt, pt_sent = _screen(browser, browser_context_args, f"pt{game}", game, "penalties")
    os_, os_sent = _screen(browser, browser_context_args, f"os{game}", game, "scorer")
    expect(pt.locator('[data-bind="keys-note"]')).to_contain_text(
        "Space (the clock) is the game timekeeper's (Rule 507(a))")
    expect(os_.locator('[data-action="shot"] kbd')).to_have_text(["Q", "P"])

    # The clock is stopped: Space on either screen would send the face-off.
    for page in (pt, os_):
        page.locator("body").press("Space")
    pt.locator("body").press("q")
    pt.locator("body").press("p")
    # The scorer's own key does land, and after the Space pressed before it.
    os_.locator("body").press("q")
    expect(os_.locator('[data-bind="flash"]')).to_contain_text("Shot on goal")
    assert os_sent == [f"POST games/{game}/events"]
    assert pt_sent == []
    for page in (pt, os_):
        expect(page.locator('[data-bind="banner"]')).to_be_hidden()
    after, state = service.game_state(game)
    assert after == version + 1 and not state.running  # the shot only: no face-off
