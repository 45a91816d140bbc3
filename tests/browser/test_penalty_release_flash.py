"""Rule 402(d) on the penalty timekeeper's screen (505): a power-play goal
scored elsewhere (the official scorer's screen) ends the minor, and this
screen says at once who comes back on, where before the box entry simply
went. Screenshot in test-output/browser/."""

from __future__ import annotations

from pathlib import Path

from browserkit import LiveServer, log_in, new_game, skaters
from playwright.sync_api import Page, expect

from rinkside.rules.events import FaceOff, Goal, Penalty, PenaltyClass, Stoppage
from rinkside.rules.times import GameTime
from rinkside.web import auth


def test_the_penalty_timekeeper_is_told_who_a_goal_lets_back_on(
        page: Page, live_server: LiveServer, output_dir: Path) -> None:
    service = live_server.service
    game = new_game(live_server)
    auth.create_user(service, f"rel{game}", "release-pass-1", "penalty_timekeeper",
                     games=[game])
    culprit = skaters(service, game, "away")[0]
    length = service.game_state(game)[1].period_length(1)
    service.record(game, 0, [
        FaceOff(GameTime(1, length)), Stoppage(GameTime(1, length - 600)),
        Penalty(GameTime(1, length - 600), "away", culprit, PenaltyClass.MINOR, "Tripping",
                "642(a)"),
        FaceOff(GameTime(1, length - 600))], by="test")
    log_in(page, f"rel{game}", "release-pass-1")
    page.goto(f"/games/{game}/console/penalties")
    entry = page.locator('[data-bind="away-box"] li.entry')
    expect(entry).to_have_count(1)
    version = service.game_state(game)[0]
    service.record(game, version, [Goal(GameTime(1, length - 900), "home",
                                        skaters(service, game, "home")[0])], by="test")
    flash = page.locator('[data-bind="flash"]')
    expect(flash).to_contain_text(f"#{culprit} ")
    expect(flash).to_contain_text("comes back on: minor")
    expect(flash).to_contain_text("Rule 402(d)")
    expect(entry).to_have_count(0)
    page.screenshot(path=str(output_dir / "table-penalties-released.png"))
