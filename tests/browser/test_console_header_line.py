"""The full console's header on a landscape tablet (1180x820), a
scorekeeper logged in: one line that keeps to the screen, "← Games" and
"Log out" each on one line (they broke in two), and who is logged in,
where it is cut, whole in its title."""

from __future__ import annotations

from pathlib import Path

from browserkit import LiveServer, log_in, new_game
from playwright.sync_api import Page, expect

from rinkside.web import auth

ONE_LINE = """node => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
}"""


def test_the_console_header_is_one_line_in_the_screen(page: Page, live_server: LiveServer,
                                                      output_dir: Path) -> None:
    game = new_game(live_server)
    auth.create_user(live_server.service, f"hdr{game}", "header-pass-1", "scorekeeper",
                     games=[game])
    log_in(page, f"hdr{game}", "header-pass-1")
    page.goto(f"/console/games/{game}")
    expect(page.locator('[data-bind="link"]')).to_have_text("live")
    width = page.viewport_size["width"] if page.viewport_size else 0
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    for part in (page.locator("header.bar .back"),
                 page.get_by_role("button", name="Log out")):
        assert part.evaluate(ONE_LINE) == 1, part
        box = part.bounding_box()
        assert box is not None and box["x"] + box["width"] <= width
    who = page.locator("header.bar .who")
    expect(who).to_have_attribute("title", f"Logged in as hdr{game} (scorekeeper)")
    page.locator("header.bar").screenshot(path=str(output_dir / "console-header-1180.png"))
