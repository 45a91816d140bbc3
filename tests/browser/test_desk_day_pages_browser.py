"""The desk's schedule and people pages at league scale, in the browser
(issue 30), desktop and phone-sized: the days around the shown one linked
and any day by its date; the forms' division chosen with a select that
reloads (no script needed) and then offering that division's teams alone;
the users found by name. Screenshots in test-output/browser/."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

import pytest
from browserkit import LiveServer, log_in
from playwright.sync_api import Page, expect

from rinkside.services import desk_rinks, desk_teams, users
from rinkside.store import models

RINK = {"width": 85, "length": 185, "corner_radius": 20, "goal_line_distance": 12}
SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


def build(server: LiveServer, size: str) -> int:
    """Two divisions of four, Bronze on the 12th and Silver on the 13th and
    14th, on East and West; a referee named Wren Whistler."""
    # (a tournament and a referee each run: the live server is the module's)
    service = server.service
    tid = service.create_tournament("Day Cup", date(2026, 12, 12), {})
    for name in ("East", "West"):
        desk_rinks.add(service, tid, name, RINK, by="dana")
    for division, days in (("Bronze", ("2026-12-12",)), ("Silver", ("2026-12-13", "2026-12-14"))):
        did = desk_teams.add_division(service, tid, division, by="dana")
        team = [desk_teams.add_team(service, did, f"{division} {n}", by="dana")
                for n in range(1, 5)]
        with service.write() as s:  # on each day two slots on both rinks
            s.add_all(models.Game(division_id=did, home_team_id=team[home],
                                  away_team_id=team[away], stage="pool", rink=rink,
                                  start=datetime.fromisoformat(f"{day}T{at}").astimezone())
                      for day in days
                      for at, pairs in (("08:00", ((0, 1), (2, 3))), ("08:40", ((0, 2), (1, 3))))
                      for (home, away), rink in zip(pairs, ("East", "West"), strict=True))
    users.create_user(service, f"wren-{size}", "referee-wren-1", "referee",
                      full_name=f"Wren Whistler {size}")
    return tid


@pytest.mark.parametrize("size", list(SIZES))
def test_the_day_pages_link_their_days_and_offer_one_divisions_teams(
        page: Page, live_server: LiveServer, output_dir: Path, size: str) -> None:
    tid = build(live_server, size)
    page.set_viewport_size(SIZES[size])
    log_in(page, "dana", "director-pass-1")
    page.goto(f"/desk/tournaments/{tid}/schedule")
    days = page.get_by_role("navigation", name="Days of the schedule")
    expect(days.locator("strong")).to_have_text("Sat 12 Dec")
    expect(days.get_by_role("link")).to_have_text(["Sun 13 Dec", "Mon 14 Dec"])
    page.get_by_label("division of the forms").select_option(label="Silver")
    page.get_by_role("button", name="Show their teams").click()
    home = page.locator('form.add-game select[name="home"] option')
    expect(home).to_have_text(["Silver 1", "Silver 2", "Silver 3", "Silver 4"])
    expect(page.get_by_role("heading", name="Add a game (Silver)")).to_be_visible()
    expect(days.locator("strong")).to_have_text("Sat 12 Dec")  # the day kept
    days.get_by_role("link", name="Sun 13 Dec").click()
    expect(days.locator("strong")).to_have_text("Sun 13 Dec")
    expect(home).to_have_count(4)  # the division kept
    expect(home.first).to_have_text("Silver 1")
    page.get_by_label("day to show").fill("2026-12-15")
    page.get_by_role("button", name="Show the day").click()
    expect(page.get_by_text("No game on Tuesday 15 December 2026.")).to_be_visible()
    expect(days.get_by_role("link")).to_have_text(["Sat 12 Dec", "Mon 14 Dec"])  # each once
    page.screenshot(path=str(output_dir / f"desk-day-schedule-{size}.png"), full_page=True)

    page.goto(f"/desk/tournaments/{tid}/people?day=2026-12-13")
    expect(page.locator("table.staff tbody tr")).to_have_count(4)  # two slots, two rinks
    page.get_by_label("find a user").fill(f"whistler {size}")
    page.get_by_role("button", name="Find").click()
    expect(page.locator("table.users tbody tr")).to_have_count(1)
    expect(page.locator("table.users")).to_contain_text(f"wren-{size}")
    expect(page.locator("h3", has_text="Sunday 13 December 2026")).to_be_visible()
    page.screenshot(path=str(output_dir / f"desk-day-people-{size}.png"), full_page=True)
