"""Three table officials, three logged-in browsers, one game at once (Rules
505-507): the game timekeeper starts the clock, the official scorer records
a goal, the penalty timekeeper sees the box and notes a player leaving it
early; a penalty and a time-out entered at the same moment on two screens
both land; the official scorer signs the report from their screen (506(b)).
Screenshots of each screen at 1280x720, on a landscape tablet (1280x800)
and, the penalty timekeeper's, on a phone (390x844)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browserkit import LiveServer, log_in, new_game, skaters
from playwright.sync_api import Browser, Locator, Page, Route, expect

from rinkside.rules.events import FaceOff, LeftBox, Penalty, PeriodEnd, TimeOut
from rinkside.rules.times import GameTime
from rinkside.services import officiating
from rinkside.web import auth

LIVE = 2000  # ms: another screen shows a write within this
PASSWORD = "table-browser-1"
SCREENS = {"gt": "timekeeper", "pt": "penalties", "os": "scorer"}
ROLES = {"gt": "game_timekeeper", "pt": "penalty_timekeeper", "os": "official_scorer"}


def bound(page: Page, name: str) -> Locator:
    return page.locator(f'[data-bind="{name}"]')


def form(page: Page) -> Locator:
    return page.locator("form.event-form")


def _screen(browser: Browser, args: dict[str, Any], who: str, game: int,
            errors: list[str]) -> Page:
    context = browser.new_context(**{**args, "viewport": {"width": 1280, "height": 720}})
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(f"{who}: {exc}"))
    log_in(page, f"{who}{game}", PASSWORD)
    page.goto(f"/games/{game}/console/{SCREENS[who]}")
    expect(bound(page, "link")).to_have_text("live")
    return page


def _shots(pages: dict[str, Page], output_dir: Path, moment: str) -> None:
    for who, page in pages.items():
        page.screenshot(path=str(output_dir / f"table-{SCREENS[who]}-{moment}-1280x720.png"),
                        full_page=False)


def test_three_officials_score_one_game_at_once(browser: Browser,
                                                browser_context_args: dict[str, Any],
                                                live_server: LiveServer,
                                                output_dir: Path) -> None:
    service = live_server.service
    game = new_game(live_server)
    for who, role in ROLES.items():
        auth.create_user(service, f"{who}{game}", PASSWORD, role, games=[game])
    auth.create_user(service, f"ref{game}", PASSWORD, "referee", games=[game])
    _, state = service.game_state(game)
    home, away = state.setup.home.name, state.setup.away.name
    scorer, helper = skaters(service, game, "home")[:2]
    culprit = skaters(service, game, "away")[0]
    errors: list[str] = []
    pages = {who: _screen(browser, browser_context_args, who, game, errors) for who in SCREENS}
    gt, pt, os_ = pages["gt"], pages["pt"], pages["os"]

    # Each sees only its own controls.
    expect(gt.locator("[data-form]")).to_have_count(0)
    expect(os_.locator('[data-action="call-timeout"]')).to_have_count(0)
    expect(pt.locator("[data-form]")).to_have_count(0)

    # The game timekeeper starts the clock (507(b)): it runs on every screen.
    toggle = bound(gt, "toggle")
    expect(toggle).to_have_text("Start period 1 (face-off)")
    toggle.click()
    expect(toggle).to_have_text("Stop (whistle)")
    for page in pages.values():
        expect(bound(page, "clock")).to_have_class("clock running", timeout=LIVE)

    # The official scorer records a goal during play (506(a)); play stops for it.
    os_.get_by_role("button", name="Goal", exact=True).click()
    form(os_).locator(".seg", has_text=home).click()
    form(os_).locator('select[name="scorer"]').select_option(str(scorer))
    form(os_).locator('select[name="assist"]').select_option(str(helper))
    form(os_).get_by_role("button", name="Record").click()
    expect(form(os_)).to_be_hidden()
    for page in pages.values():
        expect(bound(page, "home-score")).to_have_text("1", timeout=LIVE)
    expect(toggle).to_have_text("Start (face-off)", timeout=LIVE)

    # At the same moment: a minor on the scorer's screen, a time-out on the
    # timekeeper's, both made on the version each screen held: both land.
    held, before = service.game_state(game)
    os_.get_by_role("button", name="Penalty", exact=True).click()
    form(os_).locator(".seg", has_text=away).click()
    form(os_).locator('select[name="player"]').select_option(str(culprit))
    form(os_).get_by_placeholder("Find: rule number or words").fill("642 tripping")
    listbox = form(os_).locator('select[name="infraction"]')
    listbox.focus()
    listbox.select_option("tripping")
    expect(form(os_).locator('select[name="class"]')).to_have_value("minor")
    # The scorer's write is held on its way until the time-out has landed:
    # it reaches the server made on the version before it, as a race makes it.
    held_back: list[Route] = []

    def hold(route: Route) -> None:
        held_back.append(route)

    os_.route(f"**/api/games/{game}/events", hold)
    with os_.expect_request(f"**/api/games/{game}/events"):
        form(os_).get_by_role("button", name="Record").click()
    gt.locator('[data-action="call-timeout"][data-team="home"]').click()
    expect(bound(gt, "countdown")).to_contain_text("Time-out", timeout=LIVE)
    assert service.game_state(game)[0] == held + 1 and len(held_back) == 1
    held_back[0].continue_()
    expect(form(os_)).to_be_hidden(timeout=LIVE)
    expect(bound(os_, "flash")).to_contain_text("(recorded after time-out", timeout=LIVE)
    os_.unroute(f"**/api/games/{game}/events")
    version, state = service.game_state(game)
    assert version == held + 2, "both entries were recorded"
    assert [p.player for p in state.penalties] == [culprit]
    assert state.timeouts_left["home"] == before.timeouts_left["home"] - 1
    kinds = [type(e) for e in _events(live_server, game)]
    assert kinds[-2:] in ([Penalty, TimeOut], [TimeOut, Penalty])
    expect(os_.locator('[data-bind="log"] li')).to_have_count(version, timeout=LIVE)

    # The penalty timekeeper sees the box with its countdown, and the PA text (505(c)).
    entry = bound(pt, "away-box").locator("li.entry")
    expect(entry).to_have_count(1, timeout=LIVE)
    expect(entry).to_contain_text(f"#{culprit}")
    expect(bound(pt, "announcement-list")).to_contain_text("tripping", timeout=LIVE)
    _shots(pages, output_dir, "stoppage")

    # The countdown runs from the face-off; the penalized player leaves early (505(b)).
    expect(toggle).to_be_enabled(timeout=LIVE)
    toggle.click()
    expect(toggle).to_have_text("Stop (whistle)")
    expect(entry.locator(".timer")).not_to_have_text("2:00", timeout=3000)
    expect(entry).to_have_class("entry running")
    pt.screenshot(path=str(output_dir / "table-penalties-serving-1280x720.png"))
    entry.get_by_role("button", name="Left early").click()
    expect(bound(pt, "flash")).to_contain_text("left the box at", timeout=LIVE)
    assert isinstance(_events(live_server, game)[-1], LeftBox)
    expect(entry).to_contain_text("left the penalty bench early")  # 629(c), the engine's
    expect(entry.get_by_role("button", name="Left early")).to_have_count(0)  # noted once
    _shots(pages, output_dir, "play")

    # Tablet (landscape) and phone.
    for who, page in pages.items():
        page.set_viewport_size({"width": 1280, "height": 800})
        page.screenshot(path=str(output_dir / f"table-{SCREENS[who]}-tablet-1280x800.png"))
    pt.set_viewport_size({"width": 390, "height": 844})
    expect(bound(pt, "announcement-list")).to_be_visible()
    pt.screenshot(path=str(output_dir / "table-penalties-phone-390x844.png"), full_page=True)

    # The game ends; the official scorer signs from their screen (506(b)).
    length = state.period_length(2)
    version = service.game_state(game)[0]
    service.record(game, version, [PeriodEnd(GameTime(1, 0)), FaceOff(GameTime(2, length)),
                                   PeriodEnd(GameTime(2, 0))], by="test")
    assert service.game_state(game)[1].status == "final"
    sign = bound(os_, "sign")
    expect(sign).to_be_enabled(timeout=LIVE)
    sign.click()
    # The confirmation the sign-off form asks (616(a)), in words, on the screen.
    expect(bound(os_, "signing")).to_have_text(
        f"Your signature as the official scorer is not taken back and does not lock the "
        f"game (Rule 506(b)): it is locked once the referees (ref{game}) have signed "
        "(Rule 616(a)).")
    expect(bound(os_, "sign-yes")).to_be_disabled()
    bound(os_, "sign-read").check()
    bound(os_, "sign-confirm").screenshot(path=str(output_dir / "table-scorer-sign-confirm.png"))
    bound(os_, "sign-yes").click()
    expect(bound(os_, "signatures")).to_contain_text(f"official scorer os{game} signed",
                                                     timeout=LIVE)
    expect(bound(os_, "signatures")).to_contain_text(f"referee ref{game}: not yet signed")
    expect(sign).to_be_disabled()
    expect(sign).to_have_text("Signed")
    status = officiating.signoff(service, game)
    assert [s.username for s in status.signatures] == [f"os{game}"] and not status.locked
    os_.screenshot(path=str(output_dir / "table-scorer-signed-1280x800.png"), full_page=True)
    assert errors == []


def _events(server: LiveServer, game: int) -> list[Any]:
    from rinkside.services import replay
    from rinkside.store import models
    with server.service.read() as s:
        row = s.get(models.Game, game)
        assert row is not None
        return list(replay.load(s, row).events)
