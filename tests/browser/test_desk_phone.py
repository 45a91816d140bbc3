"""A director builds a tournament from nothing on a phone (390x844): the
tournament, a division, a team, the rosters imported (Section II), a rink
(Section I) and the schedule. No page is wider than the screen (the roster
file's columns, a team's roster and the rink's drawing widened theirs past
it), a team's roster is one card a player with each field named and its
Save button in sight, and axe finds no serious violation on the pages
changed. Screenshots go to test-output/browser/."""

from __future__ import annotations

from pathlib import Path

from browserkit import PHONE_WIDTH, log_in
from playwright.sync_api import Page, expect
from test_axe_pages import serious_violations

WIDTH = PHONE_WIDTH
TEAMS = ("Herons", "Egrets", "Storks", "Cranes")
RINK = {"width": "85", "length": "185", "corner_radius": "20", "goal_line_distance": "12",
        "goal_width": "6", "goal_height": "4"}


def _fits(page: Page, output_dir: Path, name: str) -> None:
    """Nothing on the page reaches past the screen (a table in a .scroll
    frame scrolls inside it, as it should)."""
    page.screenshot(path=str(output_dir / f"desk-phone-{name}.png"), full_page=True)
    wide = page.evaluate("""width => [...document.querySelectorAll('main *')]
        .filter(el => !el.closest('.scroll') && el.getBoundingClientRect().right > width + 1)
        .map(el => el.tagName.toLowerCase() + (el.className.baseVal ?? el.className
             ? '.' + (el.className.baseVal ?? el.className) : '')).slice(0, 5)""", WIDTH)
    assert wide == [], name
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH, name


def _roster_csv() -> str:
    lines = ["team,number,name,goalie,captain"]
    for team in TEAMS:
        lines.append(f"{team},1,{team} Keeper,yes,")
        lines += [f"{team},{n},{team} Skater {n},no,{'C' if n == 9 else ''}"
                  for n in (9, 10, 11, 12, 14)]
    return "\n".join(lines) + "\n"


def test_a_director_builds_a_tournament_on_a_phone(phone: Page, output_dir: Path,
                                                   tmp_path: Path) -> None:
    log_in(phone, "dana", "director-pass-1")
    phone.goto("/desk")
    phone.get_by_label("Name").fill("Phone Cup")
    phone.get_by_label("First day").fill("2026-12-19")
    phone.get_by_role("button", name="Create the tournament").click()
    expect(phone.get_by_role("heading", name="Phone Cup")).to_be_visible()
    tid = int(phone.url.rstrip("/").rsplit("/", 1)[1])
    _fits(phone, output_dir, "tournament")

    phone.goto(f"/desk/tournaments/{tid}/teams")
    phone.get_by_label("new division").fill("Open")
    phone.get_by_role("button", name="Add the division").click()
    expect(phone.get_by_role("status")).to_be_visible()
    rosters = tmp_path / "rosters.csv"
    rosters.write_text(_roster_csv())
    phone.get_by_label("roster file for Open").set_input_files(str(rosters))
    phone.get_by_role("button", name="Import rosters into Open").click()
    expect(phone.get_by_role("link", name=TEAMS[0], exact=True)).to_be_visible()
    _fits(phone, output_dir, "teams")

    phone.get_by_role("link", name=TEAMS[0], exact=True).click()
    keeper = phone.get_by_label(f"name of {TEAMS[0]} Keeper")
    expect(keeper).to_have_value(f"{TEAMS[0]} Keeper")
    _fits(phone, output_dir, "team")
    save = phone.get_by_role("button", name="Save #1", exact=True)
    box = save.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= WIDTH
    label = phone.evaluate("""() => getComputedStyle(document.querySelector(
        'table.roster td[data-label]'), '::before').content""")
    assert label == '"#"'
    keeper.fill(f"{TEAMS[0]} Goalie")
    save.click()
    expect(phone.get_by_label(f"name of {TEAMS[0]} Goalie")).to_be_visible()
    assert serious_violations(phone) == []

    phone.goto(f"/desk/tournaments/{tid}/rinks")
    phone.get_by_label("rink name").fill("Lakeside")
    for key, value in RINK.items():
        phone.get_by_label(f"new rink {key}").fill(value)
    phone.get_by_role("button", name="Add the rink").click()
    expect(phone.get_by_text("meets Section I")).to_have_count(1)
    expect(phone.locator(".diagram svg")).to_be_visible()
    _fits(phone, output_dir, "rinks")
    assert serious_violations(phone) == []

    phone.goto(f"/desk/tournaments/{tid}/schedule")
    # The windows' caption reads as one sentence: the example's closing ")"
    # follows it on its line (a flex label put each piece on a line its own).
    caption = phone.evaluate("""() => {
        const code = document.querySelector('label:has(textarea[name=windows]) code');
        const close = code.nextSibling, range = document.createRange();
        range.setStart(close, 0);
        range.setEnd(close, 1);
        const rects = code.getClientRects();
        return [rects[rects.length - 1].top, range.getBoundingClientRect().top];
    }""")
    assert abs(caption[0] - caption[1]) < 2, caption
    phone.locator("textarea[name=windows]").fill("2026-12-19 08:00-18:00")
    phone.locator("input[name=game_minutes]").fill("45")
    phone.locator("input[name=rest_minutes]").fill("15")
    phone.get_by_role("button", name="Build the schedule").click()
    expect(phone.get_by_role("status")).to_contain_text("generated")
    _fits(phone, output_dir, "schedule")


def test_a_leagues_divisions_come_one_at_a_time_on_a_phone(phone: Page,
                                                          output_dir: Path) -> None:
    """A season's ten divisions on the teams page (issue 30): one at a time,
    chosen in the screen; a form's answer comes back to its division; a team
    found by name in every division; axe finds nothing serious."""
    log_in(phone, "dana", "director-pass-1")
    phone.goto("/desk")
    phone.get_by_label("Name").fill("Season")
    phone.get_by_label("First day").fill("2026-12-19")
    phone.get_by_role("button", name="Create the tournament").click()
    tid = int(phone.url.rstrip("/").rsplit("/", 1)[1])
    phone.goto(f"/desk/tournaments/{tid}/teams")
    for n in range(1, 11):
        phone.get_by_label("new division").fill(f"Division {n:02}")
        phone.get_by_role("button", name="Add the division").click()
        expect(phone.get_by_role("status")).to_be_visible()
        expect(phone.locator("section.division h2")).to_have_text(f"Division {n:02}")
    phone.get_by_label("new team in Division 10").fill("Night Herons")
    phone.get_by_role("button", name="Add the team").click()
    expect(phone.get_by_role("link", name="Night Herons")).to_be_visible()
    phone.locator('select[name="division"]').select_option(label="Division 03")
    phone.get_by_role("button", name="Show").click()
    expect(phone.locator("section.division")).to_have_count(1)
    expect(phone.locator("section.division h2")).to_have_text("Division 03")
    _fits(phone, output_dir, "teams-division")
    assert serious_violations(phone) == []
    phone.get_by_label("team's name").fill("heron")
    phone.get_by_role("button", name="Find").click()
    expect(phone.locator("section.division h2")).to_have_text("Division 10")
    expect(phone.get_by_role("link", name="Night Herons")).to_be_visible()
    _fits(phone, output_dir, "teams-found")
    assert serious_violations(phone) == []
