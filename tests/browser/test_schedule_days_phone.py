"""The public schedule's days on a phone (390x844, issue 30): a
tournament's schedule is one day with the previous and the next day with
games as links and a day picker for any other, each keeping the filter;
a team's is its every day. Nothing wider than the screen, axe-core finds
no serious or critical violation. Screenshots go to test-output/browser/."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from browserkit import LiveServer
from playwright.sync_api import Page, expect

from rinkside.services.base import system_ms

SERIOUS = ("serious", "critical")
FIRST = datetime(2027, 3, 1, 9).astimezone()  # a Monday, the server's local time


@pytest.fixture(scope="module")
def cup(live_server: LiveServer) -> Iterator[tuple[int, dict[str, int]]]:
    """Day Cup: four teams, two games a day on three days from Monday 1
    March 2027; today its Tuesday."""
    service = live_server.service
    tid = service.create_tournament("Day Cup", FIRST.date())
    did = service.add_division(tid, "12U")
    teams = {name: service.add_team(did, f"Day {name}") for name in ("Ants", "Bees", "Cats",
                                                                     "Dogs")}
    ants, bees, cats, dogs = teams.values()
    for day, pairs in enumerate((((ants, bees), (cats, dogs)), ((ants, cats), (bees, dogs)),
                                 ((ants, dogs), (bees, cats)))):
        for slot, (home, away) in enumerate(pairs):
            service.add_game(did, home, away, rink="Main",
                             start=FIRST + timedelta(days=day, hours=slot * 2))
    today = int((FIRST + timedelta(days=1, hours=3)).timestamp() * 1000)
    service.use_clock(lambda: today)
    yield tid, teams
    service.use_clock(system_ms)


def _fits(phone: Page, output_dir: Path, name: str) -> None:
    phone.wait_for_load_state("networkidle")
    wide = phone.evaluate("document.documentElement.scrollWidth")
    assert wide <= 390, f"{phone.url} is {wide}px wide: cut off on a phone"
    found = [f"{v['id']} ({v['impact']}): {v['help']}"
             for v in Axe().run(phone).response["violations"] if v["impact"] in SERIOUS]
    assert found == [], phone.url
    phone.screenshot(path=str(output_dir / f"phone-{name}.png"), full_page=True)


def test_a_tournaments_schedule_walks_its_days_on_a_phone(
        phone: Page, live_server: LiveServer, cup: tuple[int, dict[str, int]],
        output_dir: Path) -> None:
    tid, teams = cup
    phone.goto(f"/schedule?tournament={tid}")
    expect(phone.locator("main h2")).to_have_text("Tuesday 02 March 2027")  # today
    expect(phone.locator("li.game")).to_have_count(2)
    days = phone.get_by_role("navigation", name="Days")
    expect(days.locator("[aria-current=date]")).to_have_text("Tue 02 Mar")
    expect(days.locator("a[rel=prev]")).to_have_text("‹ Mon 01 Mar")
    _fits(phone, output_dir, "schedule-day")
    days.locator("a[rel=next]").click()
    expect(phone).to_have_url(f"{live_server.url}/schedule?tournament={tid}&day=2027-03-03")
    expect(phone.locator("main h2")).to_have_text("Wednesday 03 March 2027")
    expect(days.locator("a[rel=next]")).to_have_count(0)  # the last day with games
    # any other day from the picker, the tournament kept
    phone.get_by_label("Day", exact=True).fill("2027-03-01")
    phone.get_by_role("button", name="Go").click()
    expect(phone).to_have_url(f"{live_server.url}/schedule?tournament={tid}&day=2027-03-01")
    expect(phone.locator("li.game")).to_have_count(2)
    expect(phone.locator("li.game").first).to_contain_text("Day Ants")
    _fits(phone, output_dir, "schedule-picked-day")
    # a team's every day: a parent's bookmark
    phone.goto(f"/schedule?tournament={tid}")
    phone.get_by_label("Team").select_option(value=str(teams["Cats"]))
    phone.get_by_role("button", name="Show").click()
    expect(phone.locator("main h2")).to_have_count(3)
    expect(phone.locator("li.game")).to_have_count(3)
    _fits(phone, output_dir, "schedule-team")
