"""In the browser, a director resolves a gross misconduct pending review
(404(h)) with the decision and its reason, and sees which 634(e)1-3
sanctions a late forfeit brings before confirming it. Screenshots in
test-output/browser/."""

from __future__ import annotations

from pathlib import Path

from browserkit import LiveServer, log_in, new_game
from playwright.sync_api import Page, expect

from rinkside.rules.events import FaceOff, Forfeit, Penalty, PenaltyClass, Stoppage
from rinkside.rules.times import GameTime
from rinkside.services import queries


def test_a_director_resolves_a_review_and_previews_a_late_forfeits_sanctions(
        page: Page, live_server: LiveServer, output_dir: Path) -> None:
    service = live_server.service
    game = new_game(live_server)
    _, state = service.game_state(game)
    culprit = next(p.number for p in state.setup.away.players if not p.goalie)
    version, _ = service.game_state(game)
    service.record(game, version, [
        FaceOff(GameTime(1, 7200)), Stoppage(GameTime(1, 6000)),
        Penalty(GameTime(1, 6000), "away", culprit, PenaltyClass.GROSS_MISCONDUCT,
                "physical harm to an official", "601(f)"),
        Forfeit(GameTime(1, 6000), "home", "left the floor")], by="browser test")
    log_in(page, "dana", "director-pass-1")
    tid = live_server.tournament_id
    page.goto(f"/desk/tournaments/{tid}/discipline")
    case = page.locator(f"form.review:has(input[name=game][value='{game}'])")
    expect(case).to_contain_text("pending review")
    page.screenshot(path=str(output_dir / "desk-review-pending.png"), full_page=True)
    case.get_by_label("review decision").fill("2")
    case.get_by_role("button", name="Record the decision").click()
    expect(page.get_by_role("alert")).to_contain_text("404(h)")  # no reason given
    case = page.locator(f"form.review:has(input[name=game][value='{game}'])")
    case.get_by_label("review decision").fill("2")
    case.get_by_label("review reason").fill("two more games")
    case.get_by_role("button", name="Record the decision").click()
    expect(page.get_by_role("status")).to_contain_text("review")
    expect(page.locator(f"form.review:has(input[name=game][value='{game}'])")).to_have_count(0)
    expect(page.locator("table.suspensions")).to_contain_text("two more games")
    page.screenshot(path=str(output_dir / "desk-review-decided.png"), full_page=True)

    # A late forfeit (a game added last is each team's last game) previewed, not confirmed.
    late = new_game(live_server)
    page.goto(f"/desk/tournaments/{tid}/discipline")
    page.get_by_label("forfeited game").select_option(str(late))
    page.get_by_label("team forfeiting").select_option("home")
    page.get_by_label("forfeit cause").select_option("634(c)2")
    page.get_by_role("button", name="See what the forfeit does").click()
    preview = page.get_by_label("forfeit preview")
    expect(preview).to_contain_text("late_forfeit_sanctions apply")
    expect(preview).to_contain_text("634(e)1")  # the default setting: the last seed
    page.screenshot(path=str(output_dir / "desk-late-forfeit-preview.png"), full_page=True)
    assert queries.game(service, late).version == 0  # nothing recorded before confirming
