"""The sign-off page in a browser at 1280x720 (issue 26): the report in the
page itself with one scrollbar (no frame scrolling inside it), and the
signature only once the referee ticks the confirmation that says the last
signature locks the game (Rule 616(a)). Screenshots: test-output/browser/signoff.png (its top),
signoff-confirm.png (the confirmation), signoff-full.png."""

from __future__ import annotations

from pathlib import Path

from browserkit import LiveServer, finished_game, log_in
from playwright.sync_api import Page, expect

from rinkside.services import officiating
from rinkside.web import auth


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
