"""An embed inside a page served from another origin (a second local server
on another port, as a club's site would be): the iframe renders the live
scores, the one-line snippet's host script sizes it to its content, and a
goal recorded on the league's server reaches it live. Light and dark
screenshots go to test-output/browser/."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from browserkit import LiveServer, another_origin, new_game, skaters
from playwright.sync_api import Page, expect

from rinkside.rules.events import FaceOff, Goal
from rinkside.rules.times import GameTime
from rinkside.services import queries


@pytest.fixture
def club_site(live_server: LiveServer) -> Iterator[tuple[str, dict[str, str]]]:
    """A club's site on another port: its pages hold the desk's one-line snippet."""
    yield from another_origin()


def _club_page(league: str, embed: str) -> str:
    return ("<!doctype html><html lang='en'><head><meta charset='utf-8'><title>Blades HC</title>"
            "</head><body><h1>Blades Hockey Club</h1><p>Our games:</p>"
            f'<iframe src="{league}{embed}" width="100%" title="Live scores"></iframe>'
            f'<script src="{league}/static/embed_host.js"></script><p>Footer</p></body></html>')


def test_an_embed_on_another_origin_renders_sizes_itself_and_updates_live(
        page: Page, live_server: LiveServer, club_site: tuple[str, dict[str, str]],
        output_dir: Path) -> None:
    service = live_server.service
    game = new_game(live_server)
    team = queries.game(service, game).home_team_id
    site, pages = club_site
    assert site.rsplit(":", 1)[1] != live_server.url.rsplit(":", 1)[1]  # another origin
    pages["/"] = _club_page(live_server.url, f"/embed/scores?team={team}&theme=light")
    pages["/dark"] = _club_page(live_server.url, f"/embed/schedule?team={team}&theme=dark")
    page.goto(site + "/")
    frame = page.frame_locator("iframe")
    row = frame.locator(f'li.game[data-game="{game}"]')
    expect(row).to_be_visible()
    expect(row.locator('[data-field="status_text"]')).to_have_text("Not started")
    iframe = page.locator("iframe")
    expect(iframe).to_have_attribute("style", re.compile(r"height: \d+px"))
    content = frame.locator("html").evaluate("e => Math.ceil(e.getBoundingClientRect().height)")
    box = iframe.bounding_box()
    assert box is not None and abs(box["height"] - content) <= 4 and box["height"] > 150
    scorer = skaters(service, game, "home")[0]
    service.record(game, 0, [FaceOff(GameTime(1, 7200)), Goal(GameTime(1, 6000), "home",
                                                               scorer)], by="test")
    expect(row.locator('[data-field="home"]')).to_have_text("1")
    expect(row.locator('[data-field="away"]')).to_have_text("0")
    expect(row).to_have_class("game live")
    page.screenshot(path=str(output_dir / "embed-light.png"), full_page=True)
    page.goto(site + "/dark")
    dark = page.frame_locator("iframe").locator(f'li.game[data-game="{game}"]')
    expect(dark.locator('[data-field="home"]')).to_have_text("1")
    background = page.frame_locator("iframe").locator("body").evaluate(
        "e => getComputedStyle(e).backgroundColor")
    assert background == "rgb(21, 24, 29)"
    page.screenshot(path=str(output_dir / "embed-dark.png"), full_page=True)
