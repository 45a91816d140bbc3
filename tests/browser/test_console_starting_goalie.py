"""The console's lineup panel and the starting goaltender (issue 28): the
goaltender a lineup names to start (Rule 204(a)) is checked in the panel,
and prefills the first goaltender event of that team (a prefill only: the
scorer records it); a lineup changed after its team official signed it says
it needs signing again (202(c)). Screenshot: test-output/browser/."""

from __future__ import annotations

from pathlib import Path

from browserkit import LiveServer, log_in, new_game
from playwright.sync_api import Page, expect

from rinkside.services import queries, team_officials, users
from rinkside.web import auth


def test_the_panel_shows_the_starter_and_the_first_goalie_event_is_prefilled(
        page: Page, live_server: LiveServer, output_dir: Path) -> None:
    service = live_server.service
    game = new_game(live_server)
    auth.create_user(service, f"kim{game}", "scorer-pass-1", "scorekeeper", games=[game])
    row = queries.game(service, game)
    home = row.home_team_id
    barred = service.barred_for(game, home)  # the live server's other tests suspend some
    players = [p for p in queries.team(service, home).players if p.player_id not in barred]
    keeper = next(p for p in players if p.goalie)
    skaters = [p for p in players if not p.goalie][:6]
    dressed = [keeper.player_id, *(p.player_id for p in skaters)]
    service.set_lineup(game, home, dressed, captain=skaters[0].player_id,
                       starting_goalie=keeper.player_id, by="test")
    users.create_user(service, f"mgr{game}", "manager-pass-1", "manager", teams=[home])
    team_officials.sign(service, game, home, "lineup", username=f"mgr{game}")
    service.set_lineup(game, home, dressed, captain=skaters[1].player_id,
                       starting_goalie=keeper.player_id, by="test")  # changed after signing
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    log_in(page, f"kim{game}", "scorer-pass-1")
    page.goto(f"/console/games/{game}")
    page.locator("details.lineups summary").click()
    panel = page.locator('form.lineup[data-team="home"]')
    expect(panel.locator(".lineup-resign")).to_contain_text("needs signing again (Rule 202(c))")
    expect(panel.get_by_label(f"Starting goaltender #{keeper.number}")).to_be_checked()
    expect(page.locator('form.lineup[data-team="away"] .lineup-resign')).to_have_count(0)
    page.screenshot(path=str(output_dir / "console-starting-goalie.png"), full_page=True)

    page.locator('.actions [data-form="goalie"]').click()
    form = page.locator("form.event-form")
    form.locator(".seg", has_text=row.home).click()
    expect(form.locator('select[name="in"]')).to_have_value(str(keeper.number))
    form.locator(".seg", has_text=row.away).click()  # the away lineup named none
    expect(form.locator('select[name="in"]')).to_have_value("")
    form.locator(".seg", has_text=row.home).click()
    expect(form.locator('select[name="in"]')).to_have_value(str(keeper.number))
    page.screenshot(path=str(output_dir / "console-starting-goalie-event.png"), full_page=True)
    assert errors == []
