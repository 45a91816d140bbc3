"""The suspensions on a phone (390x844), the public page and the desk's
discipline page (Rule 410): each player's "Still to serve" is in sight, on
the screen beside his name and team, not at the far end of a table that
scrolls sideways; neither page is wider than the screen (the desk's forfeit
form's long causes, Rule 634(c), widened it); axe finds no serious
violation there, nor on a player's page. Screenshots go to
test-output/browser/."""

from __future__ import annotations

from pathlib import Path

from browserkit import PHONE_WIDTH, LiveServer, log_in
from playwright.sync_api import Page, expect
from test_axe_pages import serious_violations

WIDTH = PHONE_WIDTH


def _still_to_serve_in_sight(page: Page) -> None:
    """Every row's cell under "Still to serve" lies inside the screen, says
    its count in words (``1 game``, ``served``) and is named where it stands
    (the header row is out of sight on a phone: its name is before it)."""
    expect(page.locator("table.suspensions tbody tr").first).to_be_visible()
    cells = page.evaluate("""() => {
        const table = document.querySelector('table.suspensions');
        const heads = [...table.querySelectorAll('thead th')].map(th => th.textContent.trim());
        const at = heads.indexOf('Still to serve');
        return [...table.querySelectorAll('tbody tr')].map(tr => {
            const cell = tr.children[at], box = cell.getBoundingClientRect();
            const label = getComputedStyle(cell, '::before').content;
            return {text: cell.textContent.trim(), left: box.left, right: box.right,
                    width: box.width, label};
        });
    }""")
    assert cells
    for cell in cells:
        assert cell["width"] > 0 and 0 <= cell["left"] and cell["right"] <= WIDTH, cell
        assert cell["label"] == '"Still to serve: "', cell
        assert cell["text"] != "" and "(s)" not in cell["text"], cell
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    assert page.locator(".scroll-sign").count() == 0


def test_the_public_suspensions_show_what_is_still_to_serve_on_a_phone(
        phone: Page, output_dir: Path) -> None:
    phone.goto("/suspensions")
    _still_to_serve_in_sight(phone)
    phone.screenshot(path=str(output_dir / "phone-suspensions.png"), full_page=True)
    assert serious_violations(phone) == []
    # the player's page, one tap on: his teams and tournaments counted in words
    phone.locator("table.suspensions td.player a").first.click()
    expect(phone.locator("p.links")).to_contain_text(" in ")
    assert "(s)" not in phone.locator("p.links").inner_text()
    phone.screenshot(path=str(output_dir / "phone-player.png"), full_page=True)
    assert serious_violations(phone) == []


def test_the_desks_suspensions_show_what_is_still_to_serve_on_a_phone(
        phone: Page, live_server: LiveServer, output_dir: Path) -> None:
    log_in(phone, "dana", "director-pass-1")
    phone.goto(f"/desk/tournaments/{live_server.tournament_id}/discipline")
    _still_to_serve_in_sight(phone)
    phone.screenshot(path=str(output_dir / "phone-desk-discipline.png"), full_page=True)
    assert serious_violations(phone) == []
