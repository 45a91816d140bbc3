"""The console's time-out buttons, one a team: the team that has used its
time-outs has its button disabled (Rule 641(b) note 1), by the engine's count
(``state.timeouts_left``), while the other team's still opens the form."""

from __future__ import annotations

from pathlib import Path

from browserkit import LiveServer, log_in, new_game
from playwright.sync_api import Page, expect

from rinkside.rules.events import FaceOff, Stoppage, TimeOut
from rinkside.rules.times import GameTime
from rinkside.web import auth


def test_only_the_team_with_no_time_out_left_has_its_button_disabled(
        page: Page, live_server: LiveServer, output_dir: Path) -> None:
    service = live_server.service
    game = new_game(live_server)
    _, state = service.game_state(game)
    home, away = state.setup.home.name, state.setup.away.name
    service.record(game, 0, [FaceOff(GameTime(1, 7200)), Stoppage(GameTime(1, 7000)),
                             TimeOut(GameTime(1, 7000), "home")], by="test")
    assert service.game_state(game)[1].timeouts_left["home"] == 0
    assert service.game_state(game)[1].timeouts_left["away"] >= 1
    auth.create_user(service, f"tim{game}", "scorer-pass-4", "scorekeeper", games=[game])
    log_in(page, f"tim{game}", "scorer-pass-4")
    page.goto(f"/console/games/{game}")

    home_button = page.get_by_role("button", name=f"Time-out {home}")
    away_button = page.get_by_role("button", name=f"Time-out {away}")
    expect(home_button).to_be_disabled()
    expect(home_button).to_have_attribute("title",
                                          f"{home} has no time-out left (Rule 641, note 1)")
    expect(away_button).to_be_enabled()
    page.screenshot(path=str(output_dir / "console-timeouts.png"), full_page=True)

    away_button.click()
    form = page.locator('[data-bind="form"]')
    expect(form).to_be_visible()
    expect(form.locator('input[name="team"][value="away"]')).to_be_checked()
    expect(form.locator('input[name="team"][value="home"]')).to_be_disabled()
    form.get_by_role("button", name="Record").click()
    expect(form).to_be_hidden()
    expect(away_button).to_be_disabled()
    assert service.game_state(game)[1].timeouts_left["away"] == 0
