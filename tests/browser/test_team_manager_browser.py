"""Issue 28 end to end, on a phone (390x844): a team's manager, invited by
the director, sets a password and logs in; submits a roster that breaks a
Section II rule (no goaltender: refused, Rule 203(a) shown), fixes it and
submits; the director approves it on the desk; the manager dresses the team
for its game (202(c)) and signs the lineup; the scorekeeper's console shows
the lineup handed in. Screenshots of each step in test-output/browser/."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

from browserkit import LiveServer, log_in
from playwright.sync_api import Browser, Page, expect

from rinkside.services import desk_discipline, desk_rinks, desk_teams, queries, team_officials
from rinkside.web import auth

PHONE = {"width": 390, "height": 844}
RINK = {"width": 85, "length": 185, "corner_radius": 20, "goal_line_distance": 12}
PLAYERS = [("30", "Kit Keeper"), ("31", "Cal Captain"), ("32", "Alf Alternate"),
           ("33", "Sam Skater"), ("34", "Tom Skater")]


def _fill_roster(page: Page) -> None:
    for i, (number, name) in enumerate(PLAYERS, start=1):
        page.get_by_label(f"number {i}", exact=True).fill(number)
        page.get_by_label(f"name {i}", exact=True).fill(name)
    page.get_by_label("letter 2", exact=True).select_option("C")
    page.get_by_label("letter 3", exact=True).select_option("A")


def test_a_manager_hands_in_a_roster_and_a_signed_lineup_from_a_phone(
        browser: Browser, browser_context_args: dict[str, Any], live_server: LiveServer,
        output_dir: Path) -> None:
    service = live_server.service
    tid = service.create_tournament("Managers' Cup", date(2026, 12, 20))
    did = desk_teams.add_division(service, tid, "Open", by="dana")
    ours = desk_teams.add_team(service, did, "Harbour", by="dana")
    desk_teams.import_roster_file(service, did, "visitors.csv", (
        "team,number,name,goalie,captain\nVisitors,1,Vi Keeper,yes,\n" + "".join(
            f"Visitors,{n},Vi {n},no,{'C' if n == 9 else ''}\n" for n in (9, 10, 11, 12))
    ).encode(), by="dana")
    theirs = next(t for t, name in queries.team_names(service, did).items() if name == "Visitors")
    desk_rinks.add(service, tid, "Main", RINK, by="dana")
    game = service.add_game(did, ours, theirs)
    auth.create_user(service, "harbour-scorer", "scorer-pass-1", "scorekeeper", games=[game])
    invitation = team_officials.invite(service, "hana", "manager", [ours], by="dana",
                                       email="hana@example.org", full_name="Hana Harbour")
    errors: list[str] = []

    phone = browser.new_context(**{**browser_context_args, "viewport": PHONE})
    page = phone.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"/invitations/{invitation.token}")
    page.get_by_label("Password").fill("harbour-pass-1")
    page.get_by_label("Again").fill("harbour-pass-1")
    page.get_by_role("button", name="Set my password").click()
    log_in(page, "hana", "harbour-pass-1")
    expect(page).to_have_url(f"{live_server.url}/my-team/{ours}")

    _fill_roster(page)  # no goaltender identified: refused, with the rule
    page.get_by_role("button", name="Submit the list").click()
    refusal = page.locator(".refused")
    expect(refusal).to_contain_text("no goaltender is identified")
    expect(refusal).to_contain_text("Rule 203(a)")
    refusal.scroll_into_view_if_needed()
    page.screenshot(path=str(output_dir / "manager-roster-refused-390x844.png"))

    page.get_by_label("goaltender 1", exact=True).check()  # the rows kept as typed
    expect(page.get_by_label("name 5", exact=True)).to_have_value("Tom Skater")
    page.get_by_role("button", name="Submit the list").click()
    expect(page.locator(".done")).to_contain_text("submitted")
    expect(page.locator("[data-status=submitted]")).to_have_count(1)
    page.screenshot(path=str(output_dir / "manager-roster-submitted-390x844.png"))

    desk = browser.new_context(**browser_context_args).new_page()
    log_in(desk, "dana", "director-pass-1")
    desk.goto(f"/desk/tournaments/{tid}/rosters")
    expect(desk.locator("section.submission")).to_contain_text("Kit Keeper")
    desk.screenshot(path=str(output_dir / "desk-roster-submitted.png"), full_page=True)
    desk.get_by_role("button", name="Approve Harbour's list").click()
    expect(desk.locator(".done")).to_contain_text("approve")
    assert {p.name for p in queries.team(service, ours).players} == {n for _, n in PLAYERS}

    page.goto(f"/my-team/{ours}")
    expect(page.locator("[data-status=approved]")).to_have_count(1)
    page.get_by_role("link", name="Harbour – Visitors").click()
    expect(page.locator(".lineup-state")).to_contain_text("No lineup handed in yet")
    ids = {p.number: p.player_id for p in queries.team(service, ours).players}
    page.get_by_label("captain #31").check()
    page.get_by_label("alternate #32").check()
    page.get_by_role("button", name="Hand in the lineup").click()
    expect(page.locator(".done")).to_contain_text("Lineup handed in")
    page.get_by_role("button", name="Sign the lineup").click()
    expect(page.locator(".team-signatures")).to_contain_text("Hana Harbour for Harbour signed "
                                                             "the lineup")
    page.screenshot(path=str(output_dir / "manager-lineup-signed-390x844.png"), full_page=True)
    assert service.lineup_of(game, ours) == ([ids[n] for n in (30, 31, 32, 33, 34)], ids[31],
                                             [ids[32]])

    scorer = browser.new_context(**browser_context_args).new_page()
    scorer.on("pageerror", lambda exc: errors.append(str(exc)))
    log_in(scorer, "harbour-scorer", "scorer-pass-1")
    scorer.goto(f"/console/games/{game}")
    scorer.locator("[data-bind=lineups] summary").click()
    harbour = scorer.locator("form.lineup[data-team=home]")
    expect(harbour).to_contain_text("Harbour (lineup handed in)")
    harbour.scroll_into_view_if_needed()
    scorer.screenshot(path=str(output_dir / "console-lineup-from-manager.png"))
    assert errors == []


def test_a_suspended_players_reason_wraps_on_the_phones_lineup_page(
        browser: Browser, browser_context_args: dict[str, Any], live_server: LiveServer,
        output_dir: Path) -> None:
    """The reason a suspended player may not dress (Rule 410(a) here) is
    shown under his name; table cells keep to one line elsewhere, and this
    one widened the lineup to about 960 px on a 390 px phone: the page
    scrolled sideways and the hand-in button sat off the screen."""
    service = live_server.service
    tid = service.create_tournament("Wrapping Cup", date(2026, 12, 21))
    did = desk_teams.add_division(service, tid, "Open", by="dana")
    desk_teams.import_roster_file(service, did, "teams.csv", (
        "team,number,name,goalie,captain\n" + "".join(
            f"{team},1,{team} Keeper,yes,\n" + "".join(
                f"{team},{n},{team} {n},no,{'C' if n == 9 else ''}\n"
                for n in (9, 10, 11, 12, 13))
            for team in ("Quay", "Pier"))).encode(), by="dana")
    names = {name: t for t, name in queries.team_names(service, did).items()}
    game = service.add_game(did, names["Quay"], names["Pier"])
    player = next(p.player_id for p in queries.team(service, names["Quay"]).players
                  if p.number == 12)
    desk_discipline.add_supplementary(service, player, "rest_of_tournament",
                                      "fighting after the whistle at the players' bench",
                                      after_game_id=None, by="dana")
    auth.create_user(service, "quinn", "quay-pass-1", "manager", teams=[names["Quay"]])

    phone = browser.new_context(**{**browser_context_args, "viewport": PHONE})
    page = phone.new_page()
    log_in(page, "quinn", "quay-pass-1")
    page.goto(f"/my-team/{names['Quay']}/games/{game}")
    expect(page.locator("tr.barred .reason")).to_contain_text("Rule 410(a)")
    page.screenshot(path=str(output_dir / "manager-lineup-suspended-390x844.png"),
                    full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.get_by_role("button", name="Hand in the lineup").click()  # in reach: it is tapped
    expect(page.locator(".lineup-state")).to_contain_text("A lineup is handed in")
