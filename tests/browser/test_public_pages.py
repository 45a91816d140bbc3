"""The public pages in chromium: axe-core finds no serious or critical
accessibility violation on the main pages; on a phone (390x844) the wide
tables fit or scroll inside a frame that says so, nothing cut off; the live
clock ticks on the live scores and the game page. Screenshots of the phone
pages go to test-output/browser/."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from browserkit import LiveServer, new_game
from clockkit import Wall, with_wall
from playwright.sync_api import Page, expect

from rinkside.rules.events import FaceOff
from rinkside.rules.times import GameTime
from rinkside.services import queries

SERIOUS = ("serious", "critical")


def main_pages(live_server: LiveServer) -> list[str]:
    games = [g for g in queries.games(live_server.service) if g.version]
    division = games[0].division_id
    player = queries.team(live_server.service, games[0].home_team_id).players[0].player_id
    return ["/", f"/tournaments/{games[0].tournament_id}", f"/games/{games[0].game_id}",
            f"/divisions/{division}/standings", f"/divisions/{division}/stats",
            f"/divisions/{division}/playoffs", "/schedule",
            f"/schedule?tournament={games[0].tournament_id}&division={division}",
            f"/teams/{games[0].home_team_id}",
            f"/players/{player}",
            "/suspensions", f"/scoreboard/{games[0].game_id}"]


def serious_violations(page: Page) -> list[str]:
    results = Axe().run(page)
    return [f"{v['id']} ({v['impact']}): {v['help']} at "
            + "; ".join(", ".join(n["target"]) for n in v["nodes"][:3])
            for v in results.response["violations"] if v["impact"] in SERIOUS]


def test_axe_finds_no_serious_violation_on_the_main_pages(
        page: Page, live_server: LiveServer) -> None:
    found: dict[str, list[str]] = {}
    for url in main_pages(live_server):
        page.goto(url)
        page.wait_for_load_state("networkidle")
        problems = serious_violations(page)
        if problems:
            found[url] = problems
    assert found == {}


def test_phone_tables_fit_or_scroll_with_a_sign(phone: Page, live_server: LiveServer,
                                                output_dir: Path) -> None:
    """Every wide table (a game's goals and penalties, standings, leaders)
    scrolls in a frame with a sign before it that reads at a
    glance (axe's contrast check passes on the phone) and that a keyboard
    can scroll; a table that fits has no sign."""
    service = live_server.service
    penalised = next(g.game_id for g in queries.games(service)
                     if g.version and service.game_state(g.game_id)[1].penalties)
    signed: list[str] = []
    for url in [*main_pages(live_server)[:-1], f"/games/{penalised}"]:
        phone.goto(url)
        phone.wait_for_load_state("networkidle")
        wide = phone.evaluate("document.documentElement.scrollWidth")
        assert wide <= 390, f"{url} is {wide}px wide: cut off on a phone"
        for frame in phone.locator(".scroll").all():
            scrolls = frame.evaluate("n => n.scrollWidth > n.clientWidth")
            sign = frame.locator("xpath=preceding-sibling::*[1][contains(@class, 'scroll-sign')]")
            if scrolls:
                expect(sign).to_be_visible()
                expect(sign).to_have_text(re.compile("scrolls sideways"))
                assert frame.get_attribute("tabindex") == "0", url
                signed.append(frame.get_attribute("aria-label") or "")
            else:
                expect(sign).to_have_count(0)
        assert serious_violations(phone) == [], url
        name = url.strip("/").replace("/", "-").replace("?", "-").replace("&", "-") or "index"
        phone.screenshot(path=str(output_dir / f"phone-{name}.png"), full_page=True)
    # a game's goals and penalties and the standings fit a phone, no sign
    # (tests/browser/test_phone_game_columns.py), nor the suspensions, each a
    # card with its "Still to serve" in sight (test_suspensions_phone.py); the
    # leaders scroll
    assert any("Points" in label for label in signed), signed
    assert not any("Suspensions" in label for label in signed), signed


START_MS = 1_900_000_000_000


@pytest.fixture
def wall(live_server: LiveServer) -> Iterator[Wall]:
    yield from with_wall(live_server.service, START_MS)


def _seconds(text: str) -> int:
    minutes, seconds = re.fullmatch(r"P1 (\d+):(\d\d)", text.strip()).groups()  # type: ignore[union-attr]
    return int(minutes) * 60 + int(seconds)


def test_the_live_clock_ticks_on_the_public_pages(page: Page, live_server: LiveServer,
                                                  wall: Wall) -> None:
    """The status line ticks with the game's clock: time run by the test for
    the server and the page alike, a minute on the reading is a minute less."""
    game = new_game(live_server)
    live_server.service.record(game, 0, [FaceOff(GameTime(1, 7200))], by="t")
    page.clock.install(time=START_MS / 1000 - 3600)  # then paused ahead: never in its past
    page.clock.pause_at(START_MS / 1000)

    def run(ms: int) -> None:
        wall.ms += ms
        page.clock.run_for(ms)

    tournament = queries.game(live_server.service, game).tournament_id
    for url in (f"/tournaments/{tournament}", f"/games/{game}"):
        page.goto(url)
        clock = page.locator(f'[data-live-clock="{game}"]').first
        served = clock.inner_text()
        for _ in range(50):  # the page takes the state, then its ticks show the reading
            run(200)
            if clock.inner_text() != served:
                break
        before = _seconds(clock.inner_text())
        assert before < _seconds(served) or before == 12 * 60 - 1
        run(65_000)
        # A node the live page swapped in (its stream reconnected after the
        # jump) shows the server's words until its next tick: one reading,
        # taken once it is a tick's, is checked whole.
        for _ in range(50):
            reading = clock.inner_text().strip()
            if re.fullmatch(r"P1 (10|9):\d\d", reading):
                break
            run(200)
        assert re.fullmatch(r"P1 (10|9):\d\d", reading), reading
        assert before - _seconds(reading) in range(64, 77)  # 65 s and the ticks waited
