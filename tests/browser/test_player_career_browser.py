"""``/players/{id}`` on a phone (390x844) in chromium (issue 27): a skater's
career over two tournaments and a goaltender's record, with nothing cut off
(the wide tables scroll in their frame with a sign), no serious axe
violation, and screenshots in test-output/browser/."""

from __future__ import annotations

from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from browserkit import LiveServer
from careerkit import GOALIE, SKATER, Careers, build
from playwright.sync_api import Page, expect

SERIOUS = ("serious", "critical")


@pytest.fixture(scope="module")
def careers(live_server: LiveServer) -> Careers:
    return build(live_server.service)


def _open(phone: Page, url: str, output_dir: Path, name: str) -> None:
    phone.goto(url)
    phone.wait_for_load_state("networkidle")
    wide = phone.evaluate("document.documentElement.scrollWidth")
    assert wide <= 390, f"{url} is {wide}px wide: cut off on a phone"
    results = Axe().run(phone)
    assert [v["id"] for v in results.response["violations"] if v["impact"] in SERIOUS] == []
    phone.screenshot(path=str(output_dir / f"phone-{name}.png"), full_page=True)


def test_a_skaters_career_over_two_tournaments(phone: Page, careers: Careers,
                                               output_dir: Path) -> None:
    _open(phone, f"/players/{careers.skater['Autumn Open']}", output_dir, "player-skater")
    expect(phone.locator("h1")).to_have_text(SKATER)
    rows = phone.locator("table.career tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_contain_text("Spring Cup")
    expect(rows.nth(1)).to_contain_text("Autumn Open")
    expect(phone.locator("table.career tfoot tr")).to_contain_text("Total")
    expect(phone.get_by_role("heading", name="In goal")).to_have_count(0)
    # a team of his career leads to its page, whose roster leads back here
    phone.get_by_role("link", name="Wolves").first.click()
    phone.get_by_role("link", name=SKATER).click()
    expect(phone).to_have_url(f"{phone.url.split('/players/')[0]}/players/"
                              f"{careers.skater['Spring Cup']}")
    expect(phone.locator("table.career tbody tr")).to_have_count(2)


def test_a_goaltenders_record(phone: Page, careers: Careers, output_dir: Path) -> None:
    _open(phone, f"/players/{careers.goalie['Spring Cup']}", output_dir, "player-goaltender")
    expect(phone.locator("h1")).to_have_text(GOALIE)
    expect(phone.get_by_role("heading", name="In goal")).to_be_visible()
    total = phone.locator("table.career-goalie tfoot tr")
    expect(total).to_contain_text("Total")
    cells = total.locator("td")
    expect(cells.nth(-4)).to_have_text("2")  # two wins
    expect(cells.nth(-1)).to_have_text("1")  # one shutout
    expect(phone.get_by_text("in goal when the winning goal was scored")).to_be_visible()
