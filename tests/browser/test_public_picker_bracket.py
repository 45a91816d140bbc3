"""The tournament picker, a tournament's page, a filtered schedule and a
division's bracket on a phone (390x844, issue 27): nothing wider than the
screen, axe-core finds no serious or critical violation, and the bracket's
places fill in live when the semi-final that decides one is signed (Rule
616(a)). Screenshots go to test-output/browser/."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from browserkit import LiveServer
from playwright.sync_api import Page, expect

from rinkside.rules.events import FaceOff, Goal, PeriodEnd, Team
from rinkside.rules.times import GameTime
from rinkside.services import (
    desk_playoffs,
    desk_rinks,
    desk_schedule,
    desk_teams,
    officiating,
    queries,
    users,
)
from rinkside.services.tournaments import Tournaments
from rinkside.web import auth

SERIOUS = ("serious", "critical")
TEAMS = ("Ants", "Bees", "Cats", "Dogs")
RINK: dict[str, Any] = {"width": 85, "length": 185, "corner_radius": 20,
                        "goal_line_distance": 12}
REFEREE = "phone-ref"


def _play(service: Tournaments, game_id: int, winner: Team) -> None:
    service.dress_eligible(game_id)
    _, state = service.game_state(game_id)
    scorer = next(p.number for p in state.setup.roster(winner).players if not p.goalie)
    service.record(game_id, 0, [
        FaceOff(GameTime(1, 7200)), Goal(GameTime(1, 6000), winner, scorer),
        FaceOff(GameTime(1, 6000)), PeriodEnd(GameTime(1, 0)),
        FaceOff(GameTime(2, 7200)), PeriodEnd(GameTime(2, 0))], by="t")


def _sign(service: Tournaments, game_id: int) -> None:
    users.assign(service, REFEREE, [game_id])
    assert officiating.sign(service, game_id, REFEREE).locked
    service.changed(game_id, service.game_state(game_id)[0])  # as the sign-off page does


@pytest.fixture(scope="module")
def cup(live_server: LiveServer) -> tuple[int, int]:
    """A tournament of one division "16U" of four teams, its round robin
    played and signed (Ants beat all, Bees beat Cats and Dogs, Cats beat
    Dogs), its bracket of four scheduled before the pool began."""
    service = live_server.service
    auth.create_user(service, REFEREE, "referee-phone-1", "referee")
    tid = service.create_tournament("Phone Cup", date(2026, 12, 12))
    did = desk_teams.add_division(service, tid, "16U", by="t")
    lines = ["team,number,name,goalie,captain"]
    for team in TEAMS:
        lines += [f"{team},1,{team} Keeper,yes,"]
        lines += [f"{team},{n},{team} {n},no,{'C' if n == 9 else ''}" for n in (9, 10, 11, 12)]
    desk_teams.import_roster_file(service, did, "r.csv", ("\n".join(lines) + "\n").encode(),
                                  by="t")
    desk_rinks.add(service, tid, "Main", RINK, by="t")
    desk_schedule.generate(service, tid, windows=desk_schedule.parse_windows(
        "2026-12-12 08:00-16:00"), game_minutes=50, rest_minutes=0, by="t")
    for n, hour in ((1, 9), (2, 10), (3, 12)):
        start = datetime(2026, 12, 13, hour).astimezone()
        assert desk_playoffs.schedule_game(service, did, 4, n, start=start, rink="Main",
                                           by="t") is None  # a place: no team known yet
    names = queries.team_names(service, did)
    for g in queries.games(service, did):
        home, away = names[g.home_team_id], names[g.away_team_id]
        _play(service, g.game_id, "home" if TEAMS.index(home) < TEAMS.index(away) else "away")
        _sign(service, g.game_id)
    return tid, did


def _serious(page: Page) -> list[str]:
    results = Axe().run(page)
    return [f"{v['id']} ({v['impact']}): {v['help']}"
            for v in results.response["violations"] if v["impact"] in SERIOUS]


def _check(phone: Page, url: str, output_dir: Path, name: str) -> None:
    phone.goto(url)
    phone.wait_for_load_state("networkidle")
    wide = phone.evaluate("document.documentElement.scrollWidth")
    assert wide <= 390, f"{url} is {wide}px wide: cut off on a phone"
    assert _serious(phone) == [], url
    phone.screenshot(path=str(output_dir / f"phone-{name}.png"), full_page=True)


def test_the_picker_a_tournament_and_its_filtered_schedule_on_a_phone(
        phone: Page, live_server: LiveServer, cup: tuple[int, int], output_dir: Path) -> None:
    tid, did = cup
    _check(phone, "/", output_dir, "picker")
    expect(phone.get_by_role("link", name="Phone Cup").first).to_be_visible()
    phone.get_by_role("link", name="Phone Cup").first.click()
    expect(phone.locator("h1")).to_have_text("Phone Cup")
    _check(phone, f"/tournaments/{tid}", output_dir, "tournament")
    # the filters, chosen on the form, land in the address: a bookmark keeps them
    phone.goto("/schedule")
    phone.get_by_label("Tournament").select_option(label="Phone Cup")
    phone.get_by_role("button", name="Show").click()
    phone.get_by_label("Division").select_option(label="16U")
    phone.get_by_role("button", name="Show").click()
    expect(phone).to_have_url(f"{live_server.url}/schedule?tournament={tid}&division={did}"
                              "&team=&rink=")
    expect(phone.locator("h1")).to_have_text("Schedule: 16U · Phone Cup")
    expect(phone.locator("li.game:not(.waiting)")).to_have_count(8)  # 6 pool, 2 semi-finals
    expect(phone.locator("li.game", has_text="semi-final")).to_have_count(2)
    expect(phone.locator("li.game.waiting")).to_contain_text("Winner of SF1")  # the final
    _check(phone, f"/schedule?tournament={tid}&division={did}", output_dir, "schedule-filtered")


def test_the_bracket_fills_in_live_when_a_semi_final_is_signed(
        phone: Page, live_server: LiveServer, cup: tuple[int, int], output_dir: Path) -> None:
    service = live_server.service
    _, did = cup
    _check(phone, f"/divisions/{did}/playoffs", output_dir, "bracket-waiting")
    final = phone.locator('[data-code="F"]')
    expect(final).to_contain_text("Winner of SF1")
    expect(phone.locator('[data-code="SF1"]')).to_contain_text("Ants")
    expect(phone.locator('[data-code="SF1"]')).to_contain_text("Dogs")
    names = queries.team_names(service, did)
    sf1 = next(g for g in queries.games(service, did) if g.stage == "playoff"
               and names[g.home_team_id] == "Ants")
    _play(service, sf1.game_id, "home")
    _sign(service, sf1.game_id)
    expect(final).to_contain_text("Ants", timeout=10_000)  # the page was not reloaded
    expect(final).to_contain_text("Winner of SF2")
    expect(phone.locator('[data-code="SF1"] .winner')).to_contain_text("Ants")
    _check(phone, f"/divisions/{did}/playoffs", output_dir, "bracket-filling")
