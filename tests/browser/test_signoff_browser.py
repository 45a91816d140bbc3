"""The sign-off page in a browser at 1280x720 (issue 26): the report in the
page itself with one scrollbar (no frame scrolling inside it), and the
signature only once the referee ticks the confirmation that says the last
signature locks the game (Rule 616(a)). Screenshots: test-output/browser/signoff.png (its top),
signoff-confirm.png (the confirmation), signoff-full.png."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browserkit import LiveServer, finished_game, log_in, new_game, skaters
from playwright.sync_api import Browser, Page, expect

from rinkside.rules.events import FaceOff, Goal, Penalty, PenaltyClass, PeriodEnd, Stoppage
from rinkside.rules.times import GameTime
from rinkside.services import officiating
from rinkside.web import auth

PHONE = {"width": 390, "height": 844}


def test_the_signoff_page_shows_the_report_and_confirms_the_locking_signature(
        page: Page, live_server: LiveServer, output_dir: Path) -> None:
    service = live_server.service
    game = finished_game(live_server, "home")
    auth.create_user(service, f"sig{game}", "referee-sign-1", "referee", games=[game],
                     full_name="Γιώργος Παπαδόπουλος")
    officiating.set_officials(service, game, {"referee": [f"sig{game}"]})
    page.set_viewport_size({"width": 1280, "height": 720})
    log_in(page, f"sig{game}", "referee-sign-1")
    page.goto(f"/games/{game}/signoff")
    expect(page.locator("iframe")).to_have_count(0)
    sheet = page.locator(".score-sheet article.report")
    expect(sheet).to_be_visible()
    expect(sheet.locator("dl.officials")).to_contain_text("Γιώργος Παπαδόπουλος")
    inner_scrolls = page.evaluate(
        "() => [...document.querySelectorAll('main *')].filter(e => {"
        " const s = getComputedStyle(e);"
        " return /(auto|scroll)/.test(s.overflowY) && e.scrollHeight > e.clientHeight + 1;"
        "}).map(e => e.className)")
    assert inner_scrolls == []  # the page's own scrollbar is the only one
    warning = page.locator("form.sign .signing")
    expect(warning).to_contain_text("Your signature is the last: the game will be locked")
    page.screenshot(path=str(output_dir / "signoff.png"))
    warning.scroll_into_view_if_needed()
    page.screenshot(path=str(output_dir / "signoff-confirm.png"))
    page.screenshot(path=str(output_dir / "signoff-full.png"), full_page=True)
    button = page.get_by_role("button", name="Sign the official score sheet")
    button.click()  # the box is not ticked: the browser holds the form back
    assert not officiating.signoff(service, game).locked
    page.get_by_label("I have read the report above and sign it").check()
    button.click()
    expect(page.locator("section.signoff p.locked")).to_contain_text("Signed and locked")
    assert officiating.signoff(service, game).locked


def test_the_report_and_its_signoff_page_fit_a_phone(
        browser: Browser, browser_context_args: dict[str, Any], live_server: LiveServer,
        output_dir: Path) -> None:
    """A referee reading the report on a phone (390x844) before signing it
    (Rules 506, 616(a)): the penalties' eleven columns, the goals and the
    referees' reports widened the sign-off page and the report's own page
    to ~950 px, so the whole page scrolled sideways; a wide table now
    scrolls inside its frame, under the sign that says so, and the page
    keeps to the screen."""
    service = live_server.service
    game = new_game(live_server)
    culprit, scorer = skaters(service, game, "home")[0], skaters(service, game, "away")[0]
    service.record(game, 0, [
        FaceOff(GameTime(1, 7200)), Stoppage(GameTime(1, 6000)),
        Penalty(GameTime(1, 6000), "home", culprit, PenaltyClass.MINOR,
                "Unsportsmanlike conduct", "601(a)"),
        FaceOff(GameTime(1, 6000)), Goal(GameTime(1, 5000), "away", scorer),
        FaceOff(GameTime(1, 5000)), PeriodEnd(GameTime(1, 0)),
        FaceOff(GameTime(2, 7200)), PeriodEnd(GameTime(2, 0))], by="test")
    auth.create_user(service, f"phone{game}", "referee-phone-1", "referee", games=[game])
    phone = browser.new_context(**{**browser_context_args, "viewport": PHONE})
    page = phone.new_page()
    log_in(page, f"phone{game}", "referee-phone-1")
    for path, shot in ((f"/games/{game}/signoff", "signoff-390x844.png"),
                       (f"/games/{game}/report", "report-390x844.png")):
        page.goto(path)
        expect(page.locator("article.report table.penalties")).to_contain_text("601(a)")
        page.screenshot(path=str(output_dir / shot), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], path
        expect(page.locator(".scroll-sign").first).to_be_visible()
