"""The console's lineup panel for a lineup changed once play has begun
(Rule 202(c)): the server's words say the team official's signature covers
the lineup as handed in and nothing more is to be signed, not that it needs
signing again; the team's page says so too and offers no signature.
Screenshots: test-output/browser/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browserkit import LiveServer, log_in, new_game
from playwright.sync_api import Browser, Page, expect

from rinkside.rules.events import FaceOff
from rinkside.rules.times import GameTime
from rinkside.services import queries, team_officials, users
from rinkside.web import auth


def test_a_lineup_changed_in_play_says_no_signature_is_asked(
        page: Page, browser: Browser, browser_context_args: dict[str, Any],
        live_server: LiveServer, output_dir: Path) -> None:
    service = live_server.service
    game = new_game(live_server)
    auth.create_user(service, f"lia{game}", "scorer-pass-1", "scorekeeper", games=[game])
    home = queries.game(service, game).home_team_id
    barred = service.barred_for(game, home)  # the live server's other tests suspend some
    players = [p for p in queries.team(service, home).players if p.player_id not in barred]
    keeper = next(p for p in players if p.goalie)
    skaters = [p for p in players if not p.goalie][:6]
    dressed = [keeper.player_id, *(p.player_id for p in skaters)]
    service.set_lineup(game, home, dressed, captain=skaters[0].player_id, by="test")
    users.create_user(service, f"boss{game}", "manager-pass-1", "manager", teams=[home])
    team_officials.sign(service, game, home, "lineup", username=f"boss{game}")
    service.record(game, 0, [FaceOff(GameTime(1, 7200))], by="test")  # play begins
    service.set_lineup(game, home, dressed, captain=skaters[1].player_id, by="test")
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    log_in(page, f"lia{game}", "scorer-pass-1")
    page.goto(f"/console/games/{game}")
    page.locator("details.lineups summary").click()
    panel = page.locator('form.lineup[data-team="home"]')
    expect(panel.locator(".lineup-changed")).to_contain_text(
        "asks no signature for a change once play has begun")
    expect(panel.locator(".lineup-resign")).to_have_count(0)
    expect(panel).not_to_contain_text("needs signing again")
    panel.scroll_into_view_if_needed()
    page.screenshot(path=str(output_dir / "console-lineup-changed-in-play.png"), full_page=True)

    # The team's page says the same and offers no signature that would be refused.
    manager = browser.new_context(**browser_context_args).new_page()
    manager.on("pageerror", lambda exc: errors.append(str(exc)))
    log_in(manager, f"boss{game}", "manager-pass-1")
    manager.goto(f"/my-team/{home}/games/{game}")
    expect(manager.locator(".lineup-changed")).to_contain_text(
        "asks no signature for a change once play has begun")
    expect(manager.get_by_role("button", name="Sign the lineup (Rule 202(c))")).to_have_count(0)
    expect(manager.locator(".team-signatures")).to_contain_text("after the game began")
    manager.screenshot(path=str(output_dir / "team-lineup-changed-in-play.png"), full_page=True)
    assert errors == []
