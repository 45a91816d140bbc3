"""The scoreboard's layouts in chromium: the TV board (HOME/GUEST, team
colours, shots on goal, the last goal, the delayed penalty, the time-out
countdown of 641), the stream overlay on a transparent page, and the
between-periods screen (scoring summary, penalties, the intermission's
countdown of 640(a)), with the horn at the period's end. Screenshots of each
go to test-output/browser/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browserkit import LiveServer, new_game, skaters
from playwright.sync_api import Browser, Page, expect

from rinkside.rules.events import (
    FaceOff,
    Goal,
    Penalty,
    PenaltyClass,
    PenaltySignal,
    PeriodEnd,
    Shot,
    Stoppage,
    TimeOut,
)
from rinkside.rules.times import GameTime


@pytest.fixture
def screen(browser: Browser, browser_context_args: dict[str, Any]) -> Page:
    context = browser.new_context(**{**browser_context_args,
                                     "viewport": {"width": 1920, "height": 1080}})
    return context.new_page()


def bound(page: Page, name: str) -> Any:
    return page.locator(f'[data-bind="{name}"]')


def played(live_server: LiveServer) -> int:
    """A game with shots, a goal, a minor and a time-out, stopped in period 1."""
    service = live_server.service
    game = new_game(live_server)
    service.set_team_style(state_team(live_server, game, "home"), colour="#1e40af")
    scorer, helper = skaters(service, game, "home")[:2]
    culprit = skaters(service, game, "away")[0]
    service.record(game, 0, [
        FaceOff(GameTime(1, 7200)), Shot(GameTime(1, 7000), "home", scorer),
        Shot(GameTime(1, 6900), "away", culprit), Goal(GameTime(1, 6500), "home", scorer, helper),
        FaceOff(GameTime(1, 6500)), Stoppage(GameTime(1, 6000)),
        Penalty(GameTime(1, 6000), "away", culprit, PenaltyClass.MINOR, "Tripping", "642(a)"),
        TimeOut(GameTime(1, 6000), "away")], by="t")
    return game


def state_team(live_server: LiveServer, game: int, side: str) -> int:
    from rinkside.services import queries
    row = queries.game(live_server.service, game)
    return row.home_team_id if side == "home" else row.away_team_id


def test_the_tv_board(screen: Page, live_server: LiveServer, output_dir: Path) -> None:
    game = played(live_server)
    _, state = live_server.service.game_state(game)
    screen.goto(f"/scoreboard/{game}")
    expect(bound(screen, "link")).to_have_text("live")
    expect(screen.locator(".team.home .side")).to_have_text("HOME")
    expect(screen.locator(".team.away .side")).to_have_text("GUEST")
    expect(bound(screen, "home-shots")).to_have_text("2")  # a save and the goal
    expect(bound(screen, "away-shots")).to_have_text("1")
    expect(bound(screen, "last-goal")).to_contain_text(f"Goal {state.setup.home.name}")
    expect(bound(screen, "countdown")).to_contain_text("Time-out 0:")
    expect(bound(screen, "home-name")).to_have_css("background-color", "rgb(30, 64, 175)")
    screen.screenshot(path=str(output_dir / "scoreboard-tv.png"))


def test_the_delayed_penalty_on_the_board(screen: Page, live_server: LiveServer) -> None:
    service = live_server.service
    game = new_game(live_server)
    culprit = skaters(service, game, "away")[0]
    service.record(game, 0, [FaceOff(GameTime(1, 7200)), PenaltySignal(
        GameTime(1, 7000), "away", culprit, PenaltyClass.MINOR, "Hooking", "621(a)")], by="t")
    screen.goto(f"/scoreboard/{game}")
    away = service.game_state(game)[1].setup.away.name
    expect(bound(screen, "delayed")).to_have_text(f"delayed penalty: {away}")


def test_the_stream_overlay_is_a_lower_third_on_a_transparent_page(
        screen: Page, live_server: LiveServer, output_dir: Path) -> None:
    game = played(live_server)
    screen.goto(f"/scoreboard/{game}?layout=overlay")
    expect(bound(screen, "home-score")).to_have_text("1")
    assert screen.evaluate("getComputedStyle(document.body).backgroundColor") == "rgba(0, 0, 0, 0)"
    box = screen.locator("#scoreboard").bounding_box()
    assert box is not None and box["y"] > 1080 * 0.66 and box["height"] < 1080 / 3
    screen.screenshot(path=str(output_dir / "scoreboard-overlay.png"), omit_background=True)


def test_the_between_periods_screen_and_the_horn(
        screen: Page, live_server: LiveServer, output_dir: Path) -> None:
    service = live_server.service
    game = played(live_server)
    screen.goto(f"/scoreboard/{game}?layout=intermission&horn=1")
    expect(bound(screen, "link")).to_have_text("live")
    version = service.game_state(game)[0]
    service.record(game, version, [FaceOff(GameTime(1, 6000)), PeriodEnd(GameTime(1, 0))],
                   by="t")
    expect(bound(screen, "countdown")).to_contain_text("Intermission 0:")
    expect(bound(screen, "summary-goals").locator("li")).to_have_count(1)
    expect(bound(screen, "summary-penalties")).to_contain_text("Tripping")
    expect(screen.locator("#scoreboard")).to_have_attribute("data-horned", "1")
    screen.screenshot(path=str(output_dir / "scoreboard-intermission.png"))


def test_the_between_periods_screen_lists_five_penalties_at_1280x720(
        browser: Browser, browser_context_args: dict[str, Any], live_server: LiveServer,
        output_dir: Path) -> None:
    """A laptop's projector (1280x720): every penalty of the period is listed,
    none cut off at the foot of the screen."""
    service = live_server.service
    game = new_game(live_server)
    home, away = skaters(service, game, "home"), skaters(service, game, "away")
    at = GameTime(1, 300)
    service.record(game, 0, [
        FaceOff(GameTime(1, 7200)), Goal(GameTime(1, 7000), "home", home[0]),
        FaceOff(GameTime(1, 7000)), Stoppage(at),
        Penalty(at, "home", home[0], PenaltyClass.MAJOR, "Fighting", "602(a)"),
        Penalty(at, "home", home[1], PenaltyClass.MINOR, "Tripping", "642(a)"),
        Penalty(at, "away", away[0], PenaltyClass.MAJOR, "Fighting", "602(a)"),
        Penalty(at, "away", away[1], PenaltyClass.MINOR,
                "Checking from behind into the boards with the stick held high", "642(a)"),
        Penalty(at, "away", away[2], PenaltyClass.MISCONDUCT, "Abuse of officials", "601(a)"),
        FaceOff(at), PeriodEnd(GameTime(1, 0))], by="t")
    laptop = browser.new_context(**{**browser_context_args,
                                    "viewport": {"width": 1280, "height": 720}}).new_page()
    laptop.goto(f"/scoreboard/{game}?layout=intermission")
    penalties = bound(laptop, "summary-penalties").locator("li")
    expect(penalties).to_have_count(5)
    laptop.screenshot(path=str(output_dir / "scoreboard-intermission-1280x720.png"))
    summary = bound(laptop, "summary").bounding_box()
    assert summary is not None
    for line in penalties.all():
        box = line.bounding_box()
        assert box is not None
        assert box["y"] + box["height"] <= min(720, summary["y"] + summary["height"]), box


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_four_penalties_of_one_team_fit_on_the_tv_board(
        browser: Browser, browser_context_args: dict[str, Any], live_server: LiveServer,
        output_dir: Path, size: tuple[int, int]) -> None:
    """Two minors running, a third held (408) and a fourth: the board lists
    three and "+1", every line of them above the foot of the screen (the
    "+1" was cut off on a TV and on a projector alike)."""
    service = live_server.service
    game = new_game(live_server)
    away = skaters(service, game, "away")
    at = GameTime(1, 6000)
    service.record(game, 0, [
        FaceOff(GameTime(1, 7200)), Stoppage(at),
        *[Penalty(at, "away", player, PenaltyClass.MINOR, "Tripping", "642(a)")
          for player in away[:4]], FaceOff(at)], by="t")
    width, height = size
    board = browser.new_context(**{**browser_context_args,
                                   "viewport": {"width": width, "height": height}}).new_page()
    board.goto(f"/scoreboard/{game}")
    lines = bound(board, "away-box").locator("li")
    expect(lines).to_have_count(4)
    expect(lines.last).to_have_text("+1")
    board.screenshot(path=str(output_dir / f"scoreboard-four-penalties-{width}x{height}.png"))
    for line in lines.all():
        box = line.bounding_box()
        assert box is not None and box["y"] + box["height"] <= height, box


def test_the_stream_overlay_keeps_the_penalties_clear_of_the_clock(
        browser: Browser, browser_context_args: dict[str, Any], live_server: LiveServer,
        output_dir: Path) -> None:
    """A coincident pair, a penalty running and two more (the third held,
    408): the lower third shows the guests' box beside the strength, never
    over it (its "#9" was drawn across "4 on 3")."""
    service = live_server.service
    game = new_game(live_server)
    home, away = skaters(service, game, "home"), skaters(service, game, "away")
    first, second = GameTime(1, 7100), GameTime(1, 7000)
    service.record(game, 0, [
        FaceOff(GameTime(1, 7200)), Goal(GameTime(1, 7150), "home", home[0]),
        FaceOff(GameTime(1, 7150)), Stoppage(first),
        Penalty(first, "away", away[0], PenaltyClass.MINOR, "Tripping", "642(a)"),
        Penalty(first, "home", home[1], PenaltyClass.MINOR, "Roughing", "615(b)"),
        Penalty(first, "away", away[1], PenaltyClass.MINOR, "Roughing", "615(b)"),
        FaceOff(first), Stoppage(second),
        Penalty(second, "away", away[2], PenaltyClass.MINOR, "Holding", "620(a)"),
        Penalty(second, "away", away[3], PenaltyClass.MINOR, "Hooking", "622(a)")], by="t")
    overlay = browser.new_context(**{**browser_context_args,
                                     "viewport": {"width": 1280, "height": 720}}).new_page()
    overlay.goto(f"/scoreboard/{game}?layout=overlay")
    expect(bound(overlay, "away-box").locator("li").last).to_contain_text("+")  # "+2"
    expect(bound(overlay, "strength")).to_contain_text(" on ")
    overlay.screenshot(path=str(output_dir / "scoreboard-overlay-penalties.png"),
                       omit_background=True)
    centre = overlay.locator("#scoreboard .centre").bounding_box()
    strength = bound(overlay, "strength").bounding_box()
    assert centre is not None and strength is not None
    for side, beside in (("home", lambda b: b["x"] + b["width"] <= centre["x"]),
                         ("away", lambda b: b["x"] >= centre["x"] + centre["width"])):
        for line in bound(overlay, f"{side}-box").locator("li").all():
            box = line.bounding_box()
            assert box is not None and beside(box), (side, box, centre)
    assert strength["x"] + strength["width"] <= centre["x"] + centre["width"]
