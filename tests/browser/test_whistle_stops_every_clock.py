"""The clock stops the instant the whistle blows (Rule 507(a), issue 26), on
every display, in chromium at real time: a console, the scoreboard and the
public game page open at once, the clock running. The whistle (Space), and
later the Goal key pressed during play, stop every display's clock within
0.2 s of the key press; each display's clock, sampled every 50 ms by an
in-page timer (read back after, no sleeps), never reads more than 0.1 s past
the stopped time and never runs back more than the 0.1 s the tenth being
drawn allows. The goal is recorded at the stopped time, in the stoppage's
place (a goal during play stops play itself, Rule 616). The figures measured
are printed (``pytest -s``); screenshots go to test-output/browser/.
"""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from browserkit import LiveServer, log_in, new_game, skaters
from playwright.sync_api import Browser, Page, expect

from rinkside.formats.times import parse_time
from rinkside.rules.events import FaceOff, Goal, Stoppage
from rinkside.rules.times import GameTime
from rinkside.services import logs
from rinkside.web import auth

PRESS_TO_STOP_MS = 200  # the bound: key press to every display stopped
PAST_TENTHS = 1  # no display reads more than 0.1 s past the stopped time

# Each page records (time, reading in tenths, running) every 50 ms from the
# clock node a selector names, and when the node first shows the clock
# stopped (a MutationObserver: to the millisecond). Times are the epoch's
# milliseconds (performance.timeOrigin + now()), comparable between pages.
SAMPLER = """([selector, runningOf]) => {
  const running = new Function("node", "return " + runningOf);
  const now = () => performance.timeOrigin + performance.now();
  window.__clock = { samples: [], stoppedAt: null, armed: false };
  const look = () => {
    const node = document.querySelector(selector);
    if (!node || node.getAttribute("data-tenths") === null) { return null; }
    return { t: now(), tenths: parseInt(node.getAttribute("data-tenths"), 10),
             running: running(node) };
  };
  setInterval(() => { const s = look(); if (s) { window.__clock.samples.push(s); } }, 50);
  new MutationObserver(() => {
    const s = look();
    if (s && window.__clock.armed && !s.running && window.__clock.stoppedAt === null) {
      window.__clock.stoppedAt = s.t;
    }
  }).observe(document.body, { subtree: true, childList: true, attributes: true,
                              attributeFilter: ["class", "data-running", "data-tenths"] });
}"""
BOUND_CLOCK = ('[data-bind="clock"]', '!node.classList.contains("stopped")')
GAME_PAGE_CLOCK = ("[data-live-clock]", 'node.getAttribute("data-running") === "1"')

# Every EventSource the page opens, kept to wait until its stream is open.
STREAMS = """(() => {
  const Source = window.EventSource;
  window.__streams = [];
  window.EventSource = function (url) {
    const s = new Source(url); window.__streams.push(s); return s;
  };
  window.EventSource.prototype = Source.prototype;
})();"""


@pytest.fixture
def game(live_server: LiveServer) -> int:
    game_id = new_game(live_server)
    auth.create_user(live_server.service, f"gt{game_id}", "keeps-time-1", "scorekeeper",
                     games=[game_id])
    return game_id


def display(browser: Browser, browser_context_args: dict[str, Any], url: str) -> Page:
    context = browser.new_context(**{**browser_context_args,
                                     "viewport": {"width": 1280, "height": 720}})
    page = context.new_page()
    page.add_init_script(STREAMS)
    page.goto(url)
    page.wait_for_function("() => window.__streams.some(s => s.readyState === 1)")
    return page


def armed(pages: list[Page]) -> None:
    """From now on each page notes when its clock first shows stopped."""
    for p in pages:
        p.evaluate("() => { window.__clock.armed = true; window.__clock.stoppedAt = null; }")


def pressed_at(page: Page) -> float:
    value: float = page.evaluate("() => window.__pressed")
    return value


def stopped_at(page: Page) -> float:
    page.wait_for_function("() => window.__clock.stoppedAt !== null", timeout=5000)
    value: float = page.evaluate("() => window.__clock.stoppedAt")
    return value


def samples(page: Page) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate("() => window.__clock.samples")
    return found


def checked(name: str, page: Page, press: float, stop_tenths: int) -> dict[str, float]:
    """The display's figures after a key press: how long until it showed
    the clock stopped, how far past the stop it read, how far back it went."""
    late = stopped_at(page) - press
    after = [s for s in samples(page) if s["t"] >= press]
    assert after, f"{name}: no reading sampled after the key press"
    past = max(stop_tenths - s["tenths"] for s in after)
    back = max([b["tenths"] - a["tenths"] for a, b in pairwise(after)] + [0])
    assert late <= PRESS_TO_STOP_MS, f"{name}: stopped {late:.0f} ms after the key press"
    assert past <= PAST_TENTHS, f"{name}: read {past} tenths past the stop at {stop_tenths}"
    assert back <= PAST_TENTHS, f"{name}: ran back {back} tenths"
    assert after[-1]["tenths"] == stop_tenths and not after[-1]["running"], \
        f"{name}: reads {after[-1]} at the end, not the stop at {stop_tenths}"
    return {"press_to_stopped_ms": round(late), "past_tenths": past, "back_tenths": back}


def run_on(pages: list[Page], selector: str, tenths: int) -> None:
    """Wait until every page's clock has run ``tenths`` past where it read."""
    for p in pages:
        start = p.evaluate("s => parseInt(document.querySelector(s).getAttribute('data-tenths'))",
                           selector)
        p.wait_for_function("([s, t]) => parseInt(document.querySelector(s)"
                            ".getAttribute('data-tenths')) <= t",
                            arg=[selector, start - tenths], timeout=5000)


@pytest.mark.timing
def test_the_whistle_and_the_goal_key_stop_every_display_at_once(
        page: Page, browser: Browser, browser_context_args: dict[str, Any],
        live_server: LiveServer, game: int, output_dir: Path) -> None:
    service = live_server.service
    scorer = skaters(service, game, "home")[0]
    home = service.game_state(game)[1].setup.home.name
    errors: list[str] = []
    service.record(game, 0, [FaceOff(GameTime(1, 7200))], by="t")  # anchored now: it runs

    log_in(page, f"gt{game}", "keeps-time-1")
    page.add_init_script(STREAMS)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"/console/games/{game}")
    expect(page.locator('[data-bind="link"]')).to_have_text("live")
    board = display(browser, browser_context_args, f"/scoreboard/{game}")
    game_page = display(browser, browser_context_args, f"/games/{game}")
    for p in (board, game_page):
        p.on("pageerror", lambda exc: errors.append(str(exc)))
    displays = {"scoreboard": (board, BOUND_CLOCK), "game page": (game_page, GAME_PAGE_CLOCK)}
    page.evaluate(SAMPLER, list(BOUND_CLOCK))
    for p, clock in displays.values():
        p.wait_for_function("s => document.querySelector(s + '[data-tenths]') !== null",
                            arg=clock[0])
        p.evaluate(SAMPLER, list(clock))
    page.evaluate("""() => document.addEventListener("keydown", () => {
        window.__pressed = performance.timeOrigin + performance.now(); }, true)""")
    page.evaluate("""() => document.addEventListener("click", () => {
        window.__pressed = performance.timeOrigin + performance.now(); }, true)""")
    run_on([page, board, game_page], "[data-tenths]", 3)
    figures: dict[str, dict[str, float]] = {}

    # The whistle (Space): the console's clock stops in the same frame.
    armed([page, board, game_page])
    page.keyboard.press("Space")
    expect(page.locator('[data-bind="toggle"]')).to_have_text("Start (face-off)")
    stop = service.game_state(game)[1]
    assert not stop.running
    console_late = stopped_at(page) - pressed_at(page)
    assert console_late <= 50, f"the console's clock stopped {console_late:.0f} ms after Space"
    for name, (p, _) in displays.items():
        figures[f"whistle, {name}"] = checked(name, p, pressed_at(page), stop.left)
    figures["whistle, console"] = checked("console", page, pressed_at(page), stop.left)
    board.screenshot(path=str(output_dir / "whistle-scoreboard-stopped.png"))

    # The face-off; the clock runs; then the Goal key during play.
    page.keyboard.press("Space")
    expect(page.locator('[data-bind="toggle"]')).to_have_text("Stop (whistle)")
    run_on([page, board, game_page], "[data-tenths]", 3)
    armed([page, board, game_page])
    page.get_by_role("button", name="Goal", exact=True).click()
    form = page.locator("form.event-form")
    expect(form).to_be_visible()
    stopped = page.locator('[data-bind="clock"]')
    expect(stopped).to_have_class("clock stopped")
    expect(page.locator('[data-bind="toggle"]')).to_have_text("Start (face-off)")
    whistle = service.game_state(game)[1]
    at = form.locator('input[name="at"]').input_value()
    for name, (p, _) in displays.items():
        figures[f"goal key, {name}"] = checked(name, p, pressed_at(page), whistle.left)
    page.screenshot(path=str(output_dir / "whistle-goal-form-clock-stopped.png"))

    # The goal, recorded at the stopped time in the whistle's place (616).
    form.locator(".seg", has_text=home).click()
    form.locator('select[name="scorer"]').select_option(str(scorer))
    form.get_by_role("button", name="Record").click()
    expect(form).to_be_hidden()
    expect(page.locator('[data-bind="home-score"]')).to_have_text("1")
    expect(board.locator('[data-bind="home-score"]')).to_have_text("1")
    state = service.game_state(game)[1]
    assert state.left == whistle.left and not state.running
    record = logs.game_record(service, game)
    log = [line.event for line in logs.log_lines(record)]
    assert [type(e) for e in log] == [FaceOff, Stoppage, FaceOff, Goal]  # no second stoppage
    goal = log[-1]
    assert isinstance(goal, Goal) and goal.team == "home" and goal.scorer == scorer
    assert goal.at == GameTime(1, whistle.left) == parse_time(at, 2)
    assert [r.reason for r in record.revisions if r.op == "replace"] == [(
        f"Rule 616: the goal stopped play at {at}; it takes the place of the whistle sent "
        "when Goal was pressed (507(a))")]
    newest = page.locator('[data-bind="log"] li').first  # the goal, plainly: no correction
    expect(newest).to_contain_text("Goal")
    expect(newest.locator(".corrected")).to_have_count(0)
    for name, (p, _) in displays.items():  # nothing ran back while the goal was recorded
        checked(name, p, pressed_at(page), whistle.left)
    assert errors == []
    board.screenshot(path=str(output_dir / "whistle-scoreboard-goal.png"))
    print("\nclock stop figures:", figures)


def test_the_timekeeper_nudges_the_stopped_clock_with_a_reason(
        page: Page, browser: Browser, browser_context_args: dict[str, Any],
        live_server: LiveServer, game: int, output_dir: Path) -> None:
    service = live_server.service
    service.record(game, 0, [FaceOff(GameTime(1, 7200)), Stoppage(GameTime(1, 6840))], by="t")
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    log_in(page, f"gt{game}", "keeps-time-1")
    page.goto(f"/console/games/{game}")
    board = display(browser, browser_context_args, f"/scoreboard/{game}")
    clock = page.locator('[data-bind="clock"]')
    expect(clock).to_have_text("11:24")
    nudge = page.locator('[data-bind="nudge"]')
    expect(nudge).to_be_visible()

    # No reason: nothing is sent; the banner says why and the reason field waits.
    page.locator('[data-bind="toggle"]').focus()
    page.keyboard.press("-")
    expect(page.locator('[data-bind="banner-rule"]')).to_have_text("Rule 507(a)")
    expect(page.locator('[data-bind="nudge-reason"]')).to_be_focused()
    assert service.game_state(game)[0] == 2

    # With a reason, the key takes a second off the stopped clock; the button puts it back.
    page.locator('[data-bind="nudge-reason"]').fill("the rink clock read 11:23")
    page.locator('[data-bind="toggle"]').focus()
    page.keyboard.press("-")
    expect(clock).to_have_text("11:23")
    expect(board.locator('[data-bind="clock"]')).to_have_text("11:23")
    expect(page.locator('[data-bind="flash"]')).to_contain_text(
        "Clock nudged a second on (Rule 507(a)): the rink clock read 11:23")
    expect(page.locator('[data-bind="log"] li').first).to_contain_text(
        "corrected: Rule 507(a): clock nudged a second on: the rink clock read 11:23")
    page.screenshot(path=str(output_dir / "whistle-nudge-console.png"))
    version, state = service.game_state(game)
    assert (version, state.left) == (3, 6830)
    history = page.request.get(f"/api/games/{game}/history").json()["revisions"]
    assert (history[-1]["op"], history[-1]["reason"]) == (
        "replace", "Rule 507(a): clock nudged a second on: the rink clock read 11:23")
    page.locator('[data-bind="nudge-reason"]').fill("no: 11:24 after all")
    page.locator('[data-bind="nudge-back"]').click()
    expect(clock).to_have_text("11:24")
    assert service.game_state(game)[1].left == 6840
    assert errors == []
