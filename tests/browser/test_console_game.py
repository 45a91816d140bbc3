"""A scorekeeper plays a short game through the console in chromium while the
scoreboard, in another browser context, follows every change live.

Face-off, whistle, a minor (the box shows it pending, then running at the
face-off, and both pages show the power play "4 on 3"), the Time-out key
while the clock runs (it blows the whistle: the clock stops at once on both
pages, and stays stopped when the form is cancelled), a time-out at a time
the stopped clock never reached (refused: the banner names Rule 640(a) and
the form keeps what was chosen), a power-play goal that releases the minor
(402(d)), then a
correction: the goal deleted with a reason, and the engine's recomputed
state (0-0, the minor back in the box) on both pages. Screenshots of the
console, the scoreboard and the public game page go to test-output/browser/.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from browserkit import LiveServer, log_in, new_game, skaters
from playwright.sync_api import Browser, Locator, Page, expect

from rinkside.rules.events import FaceOff, Stoppage
from rinkside.rules.times import GameTime
from rinkside.web import auth

LIVE = 1000  # ms: the scoreboard shows each change within a second


@pytest.fixture
def game(live_server: LiveServer) -> int:
    game_id = new_game(live_server)
    auth.create_user(live_server.service, f"kim{game_id}", "scorer-pass-1", "scorekeeper",
                     games=[game_id])
    return game_id


@pytest.fixture
def scoreboard(browser: Browser, browser_context_args: dict[str, Any], game: int) -> Page:
    context = browser.new_context(**{**browser_context_args,
                                     "viewport": {"width": 1280, "height": 720}})
    board = context.new_page()
    board.goto(f"/scoreboard/{game}")
    expect(board.locator('[data-bind="link"]')).to_have_text("live")
    return board


def bound(page: Page, name: str) -> Locator:
    return page.locator(f'[data-bind="{name}"]')


def form(page: Page) -> Locator:
    return page.locator("form.event-form")


def pick_team(page: Page, name: str) -> None:
    form(page).locator(".seg", has_text=name).click()


def pick_infraction(page: Page, key: str) -> None:
    """As a finger does: the list takes the focus from the search box, then
    the entry is chosen (select_option alone leaves the focus behind)."""
    listbox = form(page).locator('select[name="infraction"]')
    listbox.focus()
    listbox.select_option(key)


def test_a_scorekeeper_plays_a_game_the_scoreboard_follows(
        page: Page, scoreboard: Page, live_server: LiveServer, game: int,
        output_dir: Path) -> None:
    service = live_server.service
    _, state = service.game_state(game)
    home, away = state.setup.home.name, state.setup.away.name
    culprit = skaters(service, game, "away")[0]
    scorer, helper = skaters(service, game, "home")[:2]
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    log_in(page, f"kim{game}", "scorer-pass-1")
    page.goto(f"/console/games/{game}")
    toggle = bound(page, "toggle")
    expect(toggle).to_have_text("Start period 1 (face-off)")
    expect(bound(page, "link")).to_have_text("live")

    # The opening face-off: one tap; both clocks run.
    toggle.click()
    expect(toggle).to_have_text("Stop (whistle)")
    expect(bound(scoreboard, "clock")).not_to_have_text("12:00", timeout=2000)
    expect(bound(page, "clock")).not_to_have_text("12:00")

    # The whistle, on the Space key; the clock stops where the console stood.
    page.keyboard.press("Space")
    expect(toggle).to_have_text("Start (face-off)")
    stopped = bound(page, "clock").inner_text()
    expect(bound(scoreboard, "clock")).to_have_text(stopped, timeout=LIVE)
    expect(bound(scoreboard, "clock")).to_have_class("clock stopped", timeout=LIVE)

    # A tripping minor to an away skater: pending in the box until the face-off.
    page.get_by_role("button", name="Penalty", exact=True).click()
    pick_team(page, away)
    form(page).locator('select[name="player"]').select_option(str(culprit))
    form(page).get_by_placeholder("Find: rule number or words").fill("642 tripping")
    pick_infraction(page, "tripping")
    expect(form(page).locator('select[name="class"]')).to_have_value("minor")
    # the whistle's time is the clock's reading to the tenth (shown to the second)
    expect(form(page).locator('input[name="at"]')).to_have_value(
        re.compile(f"^1 {stopped}(\\.[1-9])?$"))
    form(page).get_by_role("button", name="Record").click()
    expect(form(page)).to_be_hidden()
    box = bound(page, "away-box").locator("li.entry")
    expect(box).to_have_count(1)
    expect(box).to_contain_text(f"#{culprit}")
    expect(box.locator(".state")).to_have_text("pending")
    expect(bound(scoreboard, "away-box").locator("li")).to_have_count(1, timeout=LIVE)
    expect(bound(scoreboard, "away-box")).to_contain_text(f"#{culprit}", timeout=LIVE)

    # The face-off starts the minor: the power play on both pages.
    toggle.click()
    expect(toggle).to_have_text("Stop (whistle)")
    expect(box.locator(".state")).to_have_text("running")
    expect(bound(page, "strength")).to_have_text("4 on 3")
    expect(bound(scoreboard, "strength")).to_have_text("4 on 3", timeout=LIVE)
    expect(box.locator(".timer")).not_to_have_text("2:00", timeout=2000)  # ticking here
    page.screenshot(path=str(output_dir / "console-power-play.png"), full_page=True)
    scoreboard.screenshot(path=str(output_dir / "scoreboard-power-play.png"))

    # The Time-out key while the clock runs blows the whistle (507(a), 641(a)):
    # the clock stops at once, the form's time is the stop's.
    page.get_by_role("button", name=f"Time-out {home}").click()
    expect(bound(page, "clock")).to_have_class("clock stopped")
    expect(toggle).to_have_text("Start (face-off)")
    whistled = form(page).locator('input[name="at"]').input_value().split(".")[0]
    expect(bound(scoreboard, "clock")).to_have_class("clock stopped", timeout=LIVE)
    expect(bound(scoreboard, "clock")).to_have_text(whistled.split(" ")[1], timeout=LIVE)
    # A time-out at a time the stopped clock never reached is refused with the
    # rule; nothing typed is lost.
    pick_team(page, home)
    form(page).locator('input[name="at"]').fill("1 0:30")
    form(page).get_by_role("button", name="Record").click()
    banner = bound(page, "banner")
    expect(banner).to_be_visible()
    expect(bound(page, "banner-rule")).to_have_text("Rule 640(a)")
    expect(banner).to_contain_text("the stop clock does not run while play is stopped")
    expect(form(page)).to_be_visible()
    expect(form(page).locator('input[name="team"][value="home"]')).to_be_checked()
    expect(form(page).get_by_role("button", name="Record")).to_be_focused()
    page.screenshot(path=str(output_dir / "console-refused.png"), full_page=True)
    # Cancelled, the clock stays stopped: the whistle did blow.
    form(page).get_by_role("button", name="Cancel").click()
    expect(bound(page, "home-score")).to_have_text("0")
    expect(toggle).to_have_text("Start (face-off)")
    expect(bound(page, "clock")).to_have_text(whistled.split(" ")[1])

    # A power-play goal ends the minor (402(d)): the box empties on both pages.
    page.get_by_role("button", name="Goal", exact=True).click()
    pick_team(page, home)
    form(page).locator('select[name="scorer"]').select_option(str(scorer))
    form(page).locator('select[name="assist"]').select_option(str(helper))
    form(page).get_by_role("button", name="Record").click()
    expect(banner).to_be_hidden()
    expect(bound(page, "home-score")).to_have_text("1")
    expect(bound(page, "goals")).to_contain_text(f"#{scorer}")
    expect(bound(page, "goals").locator(".tag")).to_have_text("PP")
    expect(bound(page, "away-box").locator("li.entry")).to_have_count(0)
    expect(bound(page, "strength")).to_have_text("Even strength")
    expect(bound(scoreboard, "home-score")).to_have_text("1", timeout=LIVE)
    expect(bound(scoreboard, "away-box").locator("li")).to_have_count(0, timeout=LIVE)
    expect(bound(scoreboard, "strength")).to_have_text("", timeout=LIVE)
    log = bound(page, "log").locator("li")
    # face-off, whistle, penalty, face-off, goal: the goal pressed after the
    # whistle takes that whistle's place (a goal after the whistle is refused, 616(b))
    expect(log).to_have_count(5)
    expect(log.first).to_contain_text(f"Goal {home}: #{scorer}")
    page.screenshot(path=str(output_dir / "console-goal.png"), full_page=True)
    scoreboard.screenshot(path=str(output_dir / "scoreboard.png"))

    # A correction: the goal is deleted with a reason; the engine recomputes
    # the game (0-0, the minor running again, the power play back).
    log.first.get_by_role("button", name="Delete").click()
    reason = bound(page, "delete-reason")
    expect(reason).to_be_focused()
    reason.fill("puck did not cross the line")
    log.first.get_by_role("button", name="Confirm delete").click()
    expect(bound(page, "home-score")).to_have_text("0")
    expect(log).to_have_count(4)
    expect(bound(page, "away-box").locator("li.entry")).to_have_count(1)
    expect(bound(page, "strength")).to_have_text("4 on 3")
    expect(bound(scoreboard, "home-score")).to_have_text("0", timeout=LIVE)
    expect(bound(scoreboard, "away-box").locator("li")).to_have_count(1, timeout=LIVE)
    expect(bound(scoreboard, "strength")).to_have_text("4 on 3", timeout=LIVE)

    # An edit: the penalty was the other away skater's; the box says so.
    other = skaters(service, game, "away")[1]
    log.nth(1).get_by_role("button", name="Edit").click()
    expect(form(page).locator('select[name="player"]')).to_have_value(str(culprit))
    form(page).locator('select[name="player"]').select_option(str(other))
    form(page).locator('input[name="reason"]').fill("wrong number")
    form(page).get_by_role("button", name="Save correction").click()
    expect(form(page)).to_be_hidden()
    expect(bound(page, "away-box").locator("li.entry")).to_contain_text(f"#{other}")
    expect(bound(scoreboard, "away-box")).to_contain_text(f"#{other}", timeout=LIVE)

    history = page.request.get(f"/api/games/{game}/history").json()["revisions"]
    assert [(r["op"], r["by"], r["reason"]) for r in history[-2:]] == [
        ("delete", f"kim{game}", "puck did not cross the line"),
        ("replace", f"kim{game}", "wrong number")]
    assert service.game_state(game)[1].score == {"home": 0, "away": 0}

    page.screenshot(path=str(output_dir / "console.png"), full_page=True)
    public = page.context.new_page()
    public.goto(f"/games/{game}")
    expect(public.locator("main")).to_contain_text(home)
    public.screenshot(path=str(output_dir / "public-game.png"), full_page=True)
    assert errors == []


def test_goal_pressed_with_play_stopped_takes_its_whistles_place_or_is_refused(
        page: Page, live_server: LiveServer, game: int, output_dir: Path) -> None:
    """Rule 616 (402(e), 409(c)): Goal pressed after the whistle. The engine
    finds the whistle at the goal's own moment was the goal's and puts the
    goal in its place (the log holds the goal, not a whistle then a goal); a
    goal at another time than the whistle is refused (616(b)): the banner
    names the rule and the form keeps what was chosen."""
    service = live_server.service
    _, state = service.game_state(game)
    home = state.setup.home.name
    scorer = skaters(service, game, "home")[0]
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    log_in(page, f"kim{game}", "scorer-pass-1")
    page.goto(f"/console/games/{game}")
    toggle = bound(page, "toggle")
    expect(toggle).to_have_text("Start period 1 (face-off)")
    toggle.click()
    expect(toggle).to_have_text("Stop (whistle)")
    page.keyboard.press("Space")
    expect(toggle).to_have_text("Start (face-off)")
    expect(toggle).to_be_enabled()  # the whistle is in

    page.get_by_role("button", name="Goal", exact=True).click()
    pick_team(page, home)
    form(page).locator('select[name="scorer"]').select_option(str(scorer))
    form(page).get_by_role("button", name="Record").click()
    expect(form(page)).to_be_hidden()
    expect(bound(page, "home-score")).to_have_text("1")
    log = bound(page, "log").locator("li")
    expect(log).to_have_count(2)  # the face-off and the goal: the whistle gave way
    expect(log.first).to_contain_text(f"Goal {home}: #{scorer}")
    history = page.request.get(f"/api/games/{game}/history").json()["revisions"]
    assert history[-1]["op"] == "replace" and history[-1]["reason"].startswith("Rule 616: ")
    assert "the whistle recorded for it" in history[-1]["reason"]
    _, after = service.game_state(game)
    assert after.score == {"home": 1, "away": 0}

    # The face-off, a whistle, then a goal at another time: a goal after the whistle.
    toggle.click()
    expect(toggle).to_have_text("Stop (whistle)")
    page.keyboard.press("Space")
    expect(toggle).to_have_text("Start (face-off)")
    expect(toggle).to_be_enabled()
    page.get_by_role("button", name="Goal", exact=True).click()
    pick_team(page, home)
    form(page).locator('select[name="scorer"]').select_option(str(scorer))
    form(page).locator('input[name="at"]').fill("1 0:30")
    form(page).get_by_role("button", name="Record").click()
    expect(bound(page, "banner-rule")).to_have_text("Rule 616(b)")
    expect(bound(page, "banner")).to_contain_text("a goal at 1 0:30 is not that whistle's")
    expect(form(page)).to_be_visible()
    expect(form(page).locator('select[name="scorer"]')).to_have_value(str(scorer))
    expect(bound(page, "home-score")).to_have_text("1")
    page.screenshot(path=str(output_dir / "console-goal-after-whistle.png"), full_page=True)
    events = [line["event"]["type"] for line in
              page.request.get(f"/api/games/{game}/events").json()["events"]]
    assert events == ["faceoff", "goal", "faceoff", "stoppage"]
    assert errors == []


def test_a_scorekeeper_sees_only_assigned_games(
        page: Page, live_server: LiveServer, game: int, output_dir: Path) -> None:
    other = new_game(live_server)
    page.goto(f"/console/games/{game}")
    expect(page).to_have_url(f"{live_server.url}/login?next=%2Fconsole%2Fgames%2F{game}")
    page.get_by_label("Username").fill(f"kim{game}")
    page.get_by_label("Password").fill("scorer-pass-1")
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(f"{live_server.url}/console/games/{game}")  # back where it began
    page.goto("/console")
    expect(page.locator(f'li.game[data-game="{game}"]')).to_have_count(1)
    expect(page.locator(f'li.game[data-game="{other}"]')).to_have_count(0)
    page.screenshot(path=str(output_dir / "console-games.png"))
    response = page.goto(f"/console/games/{other}")
    assert response is not None and response.status == 403
    expect(page.locator("main")).to_contain_text("not assigned")


def test_the_penalty_form_offers_the_rules_classes_companions_and_server(
        page: Page, live_server: LiveServer, game: int, output_dir: Path) -> None:
    """The picker shows what the catalog says: a fight's automatic game
    misconduct is the engine's to add (615(a), casebook 42), not the form's; a bench
    minor asks who serves it (402(c)); an illegal stick found by a measurement
    is the engine's minor; the lineup panel lists both teams."""
    service = live_server.service
    _, state = service.game_state(game)
    away = state.setup.away.name
    fighter = skaters(service, game, "away")[0]
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    log_in(page, f"kim{game}", "scorer-pass-1")
    page.goto(f"/console/games/{game}")
    toggle = bound(page, "toggle")
    expect(toggle).to_have_text("Start period 1 (face-off)")
    toggle.click()
    expect(toggle).to_have_text("Stop (whistle)")
    toggle.click()
    expect(toggle).to_have_text("Start (face-off)")

    page.get_by_role("button", name="Penalty", exact=True).click()
    pick_team(page, away)
    form(page).locator('select[name="player"]').select_option(str(fighter))
    form(page).get_by_placeholder("Find: rule number or words").fill("fighting")
    pick_infraction(page, "fighting")
    expect(form(page).locator('select[name="class"] option')).to_have_text(["major"])
    expect(form(page).locator('input[name="companion"]')).to_have_count(0)
    expect(form(page).locator(".field-companions")).to_be_hidden()
    form(page).get_by_role("button", name="Record").click()
    expect(form(page)).to_be_hidden()
    log = bound(page, "log").locator("li")
    expect(log.nth(0)).to_contain_text("major, Fighting")
    _, after = service.game_state(game)
    assert [p.penalty_class.value for p in after.penalties] == ["major", "game_misconduct"]

    page.get_by_role("button", name="Penalty", exact=True).click()
    pick_team(page, away)
    form(page).get_by_label("Bench penalty (no player)").check()
    form(page).get_by_placeholder("Find: rule number or words").fill("line change")
    pick_infraction(page, "delaying_line_change")
    expect(form(page).locator('select[name="class"]')).to_have_value("bench_minor")
    expect(bound(page, "hint-served_by")).to_contain_text("Rule 402(c)")
    expect(form(page).locator(".field-player")).to_be_hidden()
    page.screenshot(path=str(output_dir / "console-penalty-form.png"), full_page=True)
    form(page).get_by_role("button", name="Cancel").click()
    expect(form(page)).to_be_hidden()

    # A measurement the home team asks for: an illegal stick is the measured
    # player's minor (301(d)), assessed by the engine.
    home = state.setup.home.name
    measured = skaters(service, game, "away")[1]
    page.get_by_role("button", name="Measure equipment").click()
    pick_team(page, home)
    form(page).locator('select[name="measured"]').select_option(str(measured))
    form(page).locator('select[name="item"]').select_option("stick")
    form(page).locator(".seg", has_text="Illegal").click()
    form(page).get_by_role("button", name="Record").click()
    expect(form(page)).to_be_hidden()
    expect(log.nth(0)).to_contain_text(f"Measurement asked by {home}: {away} #{measured}")
    expect(bound(page, "away-box").locator(f'li.entry[data-player="{measured}"]')).to_contain_text(
        "minor")

    page.locator("details.lineups summary").click()
    expect(page.locator("form.lineup")).to_have_count(2)
    expect(page.locator('form.lineup[data-team="away"] tr[data-player-id]').first).to_be_visible()
    assert errors == []


def test_a_stale_console_reloads_and_says_so(
        page: Page, live_server: LiveServer, game: int) -> None:
    """Another console wrote first (here: the service, with this page's live
    stream cut) the very face-off this page sends: the same entry twice is
    refused with 409 and both sides, the page reloads the game and tells the
    scorekeeper; nothing is written twice."""
    service = live_server.service
    page.route("**/live/**", lambda route: route.abort())
    log_in(page, f"kim{game}", "scorer-pass-1")
    page.goto(f"/console/games/{game}")
    toggle = bound(page, "toggle")
    expect(toggle).to_have_text("Start period 1 (face-off)")
    version, _ = service.game_state(game)
    service.record(game, version, [FaceOff(GameTime(1, 7200)), Stoppage(GameTime(1, 7000))],
                   by="the other console")
    toggle.click()  # still thinks the game has not started
    expect(bound(page, "banner")).to_contain_text(
        "Not recorded: another official got there first. You tried: face-off, at P1 12:00. "
        "There now: face-off, at P1 12:00 (recorded by the other console).")
    expect(toggle).to_have_text("Start (face-off)")  # reloaded: stopped at 1 11:40
    expect(bound(page, "clock")).to_have_text("11:40")
    expect(bound(page, "log").locator("li")).to_have_count(2)
    assert service.game_state(game)[0] == version + 2
