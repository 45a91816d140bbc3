"""The console at a rink's screens, in chromium: a laptop (1280x720), a
10-inch tablet in landscape (1280x800) and a phone (390x844). Every record
key and every form is inside the viewport and not covered (the board
included: ``elementFromPoint`` at its centre is the element or a child);
the time-out countdown of 641 note 1 is on the console as on the board; a
game its referees signed (616(a)) shows no key that records or corrects,
and its notice leaves the board's size alone; a long infraction wraps beside
the time in the box. Screenshots of the console in play, at an intermission
with five penalties in the box, and locked, at each size, go to
test-output/browser/ (``console-fit-*``)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from browserkit import LiveServer, finished_game, log_in, new_game, skaters
from playwright.sync_api import Browser, Locator, Page, expect

from rinkside.rules.events import (
    FaceOff,
    Penalty,
    PenaltyClass,
    PeriodEnd,
    Stoppage,
    TimeOut,
)
from rinkside.rules.times import GameTime
from rinkside.web import auth

SCREENS = {"laptop": (1280, 720), "tablet": (1280, 800), "phone": (390, 844)}
WIDE = ["laptop", "tablet"]
LONG = "Checking from behind into the boards with the stick held high"
# The forms a stopped game in period 1 opens (their buttons enabled).
FORMS = ["goal", "penalty", "penalty_signal", "stoppage", "timeout", "goalie", "penalty_shot",
         "designate", "measure", "forfeit"]

# In the viewport, and the element (or a child) is what a click at its centre hits.
UNCOVERED = """el => {
  const r = el.getBoundingClientRect();
  if (!r.width || !r.height) { return "not shown"; }
  if (r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5) {
    return "outside the viewport: " + JSON.stringify([r.left, r.top, r.right, r.bottom]);
  }
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  if (hit && (hit === el || el.contains(hit))) { return ""; }
  return "covered by " + (hit ? hit.outerHTML.slice(0, 80) : "nothing");
}"""
# The same, once the element is scrolled to the middle, in one task of the page.
SCROLLED_UNCOVERED = ("el => { el.scrollIntoView({block: 'center'}); return ("
                      + UNCOVERED + ")(el); }")


def uncovered(locator: Locator) -> str:
    """"" when ``locator`` is in the viewport and not covered, else what is wrong."""
    problem: str = locator.evaluate(UNCOVERED)
    return problem


def screen_page(browser: Browser, browser_context_args: dict[str, Any], name: str) -> Page:
    width, height = SCREENS[name]
    extra = {"device_scale_factor": 2, "is_mobile": True, "has_touch": True} \
        if name == "phone" else {}
    context = browser.new_context(**{**browser_context_args,
                                     "viewport": {"width": width, "height": height}, **extra})
    return context.new_page()


def scorer(live_server: LiveServer, game: int, page: Page) -> None:
    auth.create_user(live_server.service, f"fit{game}", "scorer-pass-9", "scorekeeper",
                     games=[game])
    log_in(page, f"fit{game}", "scorer-pass-9")


def open_console(page: Page, game: int) -> None:
    page.goto(f"/console/games/{game}")
    expect(page.locator('[data-bind="link"]')).to_have_text("live")
    expect(page.locator('[data-bind="log"] li').first).to_be_visible()


def in_play(live_server: LiveServer) -> int:
    """Stopped in period 1, a long infraction in the away box."""
    service = live_server.service
    game = new_game(live_server)
    culprit = skaters(service, game, "away")[0]
    service.record(game, 0, [
        FaceOff(GameTime(1, 7200)), Stoppage(GameTime(1, 6000)),
        Penalty(GameTime(1, 6000), "away", culprit, PenaltyClass.MINOR, LONG, "642(a)"),
        FaceOff(GameTime(1, 6000)), Stoppage(GameTime(1, 5900))], by="t")
    return game


def intermission(live_server: LiveServer) -> int:
    """The end of period 1 with five penalties still to serve."""
    service = live_server.service
    game = new_game(live_server)
    home, away = skaters(service, game, "home"), skaters(service, game, "away")
    at = GameTime(1, 300)
    service.record(game, 0, [
        FaceOff(GameTime(1, 7200)), Stoppage(at),
        Penalty(at, "home", home[0], PenaltyClass.MAJOR, "Fighting", "602(a)"),
        Penalty(at, "home", home[1], PenaltyClass.MINOR, "Tripping", "642(a)"),
        Penalty(at, "away", away[0], PenaltyClass.MAJOR, "Fighting", "602(a)"),
        Penalty(at, "away", away[1], PenaltyClass.MINOR, LONG, "642(a)"),
        Penalty(at, "away", away[2], PenaltyClass.MISCONDUCT, "Abuse of officials", "601(a)"),
        FaceOff(at), PeriodEnd(GameTime(1, 0))], by="t")
    return game


def running(live_server: LiveServer) -> int:
    """Play on in period 1: the running clock's setting (507(a)) is shown too."""
    game = new_game(live_server)
    live_server.service.record(game, 0, [FaceOff(GameTime(1, 7200))], by="t")
    return game


@pytest.mark.parametrize("play", ["stopped", "running"])
@pytest.mark.parametrize("name", WIDE)
def test_every_key_and_form_fits_a_laptop_and_a_tablet(
        browser: Browser, browser_context_args: dict[str, Any], live_server: LiveServer,
        name: str, play: str) -> None:
    page = screen_page(browser, browser_context_args, name)
    game = in_play(live_server) if play == "stopped" else running(live_server)
    scorer(live_server, game, page)
    open_console(page, game)
    assert page.evaluate("document.documentElement.scrollHeight") <= SCREENS[name][1]
    keys = page.locator('[data-action="toggle"], [data-action="shot"], .actions .grid button, '
                        '[data-action="undo"]')
    assert keys.count() == 18
    problems = {k.inner_text(): uncovered(k) for k in keys.all()}
    assert {k: p for k, p in problems.items() if p} == {}
    for kind in FORMS:
        page.locator(f'.actions [data-form="{kind}"]').first.click()
        form = page.locator('[data-bind="form"]')
        expect(form).to_have_attribute("data-type", kind)
        shown = [form.locator("h2"), form.locator(".fields > *").first,
                 form.locator('[data-bind="submit"]'), form.get_by_role("button", name="Cancel")]
        if kind == "penalty":  # the title and the team buttons (the example)
            shown += [form.locator(".seg").first, form.locator(".seg").last]
        assert [uncovered(x) for x in shown] == [""] * len(shown), kind
        form.get_by_role("button", name="Cancel").click()
        expect(form).to_be_hidden()


def test_a_phone_scrolls_to_every_key_and_form(
        browser: Browser, browser_context_args: dict[str, Any], live_server: LiveServer) -> None:
    page = screen_page(browser, browser_context_args, "phone")
    game = in_play(live_server)
    scorer(live_server, game, page)
    open_console(page, game)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for key in page.locator('[data-action="toggle"], [data-action="shot"], '
                            '.actions .grid button').all():
        key.evaluate("el => el.scrollIntoView({block: 'center'})")
        assert uncovered(key) == "", key.inner_text()
    page.locator('.actions [data-form="penalty"]').click()
    form = page.locator('[data-bind="form"]')
    assert uncovered(form.locator("h2")) == ""
    assert uncovered(form.locator(".seg").first) == ""


@pytest.mark.parametrize("name", list(SCREENS))
def test_the_box_keeps_a_long_infraction_beside_its_time(
        browser: Browser, browser_context_args: dict[str, Any], live_server: LiveServer,
        output_dir: Path, name: str) -> None:
    page = screen_page(browser, browser_context_args, name)
    game = in_play(live_server)
    scorer(live_server, game, page)
    open_console(page, game)
    entry = page.locator('[data-bind="away-box"] li.entry').first
    expect(entry.locator(".what")).to_contain_text(LONG)
    what, timer = entry.locator(".what").bounding_box(), entry.locator(".timer").bounding_box()
    assert what is not None and timer is not None
    assert what["x"] + what["width"] <= timer["x"], (what, timer)
    page.screenshot(path=str(output_dir / f"console-fit-{name}-in-play.png"))


@pytest.mark.parametrize("name", list(SCREENS))
def test_the_intermission_shows_five_penalties(
        browser: Browser, browser_context_args: dict[str, Any], live_server: LiveServer,
        output_dir: Path, name: str) -> None:
    page = screen_page(browser, browser_context_args, name)
    game = intermission(live_server)
    scorer(live_server, game, page)
    open_console(page, game)
    expect(page.locator(".box-list li.entry")).to_have_count(5)
    expect(page.locator('[data-bind="countdown"]')).to_contain_text("Intermission")
    for entry in page.locator(".box-list li.entry").all():
        if name in WIDE:  # a laptop shows all five at once
            assert uncovered(entry) == ""
        else:  # a phone scrolls to it: scrolled and measured in one task, so that the
            # live page's next render cannot come between the two
            assert entry.evaluate(SCROLLED_UNCOVERED) == ""
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(output_dir / f"console-fit-{name}-intermission.png"))


def test_the_console_counts_a_time_out_down(page: Page, live_server: LiveServer) -> None:
    """Rule 641 note 1: the time-out's thirty seconds, as the board has them."""
    service = live_server.service
    game = new_game(live_server)
    service.record(game, 0, [FaceOff(GameTime(1, 7200)), Stoppage(GameTime(1, 7000)),
                             TimeOut(GameTime(1, 7000), "away")], by="t")
    scorer(live_server, game, page)
    open_console(page, game)
    countdown = page.locator('[data-bind="countdown"]')
    expect(countdown).to_have_text(re.compile(r"^Time-out 0:[0-3]\d$"))
    first = countdown.inner_text()
    expect(countdown).not_to_have_text(first, timeout=3000)  # it counts


@pytest.mark.parametrize("name", list(SCREENS))
def test_a_signed_console_offers_nothing_to_change(
        browser: Browser, browser_context_args: dict[str, Any], live_server: LiveServer,
        output_dir: Path, name: str) -> None:
    """Rule 616(a): once signed, no Undo, Edit, Insert or Delete, no record
    key, no lineup to save; the notice is a line of its own and the board
    keeps its size."""
    service = live_server.service
    page = screen_page(browser, browser_context_args, name)
    game = finished_game(live_server, "home")
    auth.create_user(service, f"sig{game}", "referee-pass-9", "referee", games=[game])
    scorer(live_server, game, page)
    open_console(page, game)
    board = page.locator("section.board")
    before = board.bounding_box()
    expect(page.get_by_role("button", name="Edit").first).to_be_visible()
    referee = browser.new_context(**browser_context_args).new_page()
    log_in(referee, f"sig{game}", "referee-pass-9")
    referee.goto(f"/games/{game}/signoff")
    referee.get_by_label("I have read the report above and sign it").check()  # 616(a)
    referee.get_by_role("button", name="Sign the official score sheet").click()
    expect(referee.locator("section.signoff")).to_have_attribute("data-locked", "yes")
    expect(page.locator('[data-bind="locked"]')).to_be_visible()  # live, then as loaded
    page.reload()
    expect(page.locator('[data-bind="locked"]')).to_be_visible()
    expect(page.locator('[data-bind="log"] li').first).to_be_visible()
    after = board.bounding_box()
    assert before is not None and after is not None
    assert (after["width"], after["height"]) == (before["width"], before["height"])
    for words in ("Undo last", "Edit", "Insert", "Delete", "Goal", "Penalty", "Forfeit"):
        expect(page.get_by_role("button", name=words, exact=True)).to_have_count(0)
    expect(page.locator('[data-action="toggle"]')).to_be_hidden()
    expect(page.locator('[data-action="shot"]').first).to_be_hidden()
    assert uncovered(page.locator('[data-bind="locked"]')) == ""
    page.screenshot(path=str(output_dir / f"console-fit-{name}-locked.png"))
    page.locator("details.lineups summary").click()  # read, not saved: 616(a)
    expect(page.locator(".lineups table").first).to_be_visible()
    expect(page.get_by_role("button", name=re.compile("^Save .* lineup$"))).to_have_count(0)
