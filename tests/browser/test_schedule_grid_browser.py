"""The schedule grid on the desk, dragged in the browser (issue 31): a game
dragged over a slot where a player on two teams would be in two games at
once shows the server's conflict before the drop, and dropped there is
refused with the reason; dropped on a free slot it moves, the move is in the
desk's record, and the public schedule and the team's calendar (ICS) show
the new time. The same with the keyboard: Enter picks, an arrow key asks,
Escape puts back. Screenshots in test-output/browser/."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from browserkit import LiveServer, log_in
from playwright.sync_api import Locator, Page, expect

from rinkside.services import changes, desk_rinks, desk_schedule, desk_teams, queries

RINK = {"width": 85, "length": 185, "corner_radius": 20, "goal_line_distance": 12}


def build(server: LiveServer) -> tuple[int, dict[str, int]]:
    """Two divisions of four on East and West (North stays free); Ann Lee
    plays for Bronze 1 and Silver 1."""
    service = server.service
    tid = service.create_tournament("Grid Cup", datetime(2026, 12, 12).date(), {})
    for division in ("Bronze", "Silver"):
        did = desk_teams.add_division(service, tid, division, by="dana")
        for n in range(1, 5):
            desk_teams.add_team(service, did, f"{division} {n}", by="dana")
    for name in ("East", "West", "North"):
        desk_rinks.add(service, tid, name, RINK, by="dana")
    tree = next(t for t in queries.tournament_trees(service) if t.tournament_id == tid)
    teams = {team.name: team.team_id for d in tree.divisions for team in d.teams}
    for team in ("Bronze 1", "Silver 1"):
        desk_teams.add_player(service, teams[team], number=9, name="Ann Lee", goalie=False,
                              captain=None, by="dana")
    desk_schedule.generate(service, tid, windows=desk_schedule.parse_windows(
        "2026-12-12 08:00-18:00"), game_minutes=40, rest_minutes=20, rinks=["East", "West"],
        by="dana")
    return tid, teams


def games(server: LiveServer, tid: int) -> list[desk_schedule.GridGame]:
    grid = desk_schedule.grid(server.service, tid)
    return sorted((g for day in grid.days for g in day.cells.values()),
                  key=lambda g: (g.start, g.rink))


def cell(page: Page, start: datetime, rink: str) -> Locator:
    for one in page.locator(f'td.cell[data-rink="{rink}"]').all():
        if datetime.fromisoformat(one.get_attribute("data-start") or "") == start:
            return one
    raise AssertionError(f"no cell at {start} on {rink}")


def drag_and_hold(page: Page, source: Locator, target: Locator) -> None:
    """Press on the game and carry it over the target, not yet dropped."""
    source.scroll_into_view_if_needed()
    source.hover()
    page.mouse.down()
    start = source.bounding_box()
    assert start is not None
    page.mouse.move(start["x"] + 5, start["y"] + 5)  # the drag begins
    box = target.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y, steps=8)
    page.mouse.move(x + 2, y + 2)  # the drag is under way: over the target now


def test_a_game_dragged_shows_its_conflicts_first_and_moves_only_where_free(
        page: Page, live_server: LiveServer, output_dir: Path) -> None:
    service = live_server.service
    tid, teams = build(live_server)
    placed = games(live_server, tid)
    mine = next(g for g in placed if "Bronze 1" in (g.home, g.away))
    hers = next(g for g in placed if "Silver 1" in (g.home, g.away)
                and abs((g.start - mine.start).total_seconds()) >= 3600)
    rows = desk_schedule.grid(service, tid).days[0].times
    free = next(t for t in rows if t != mine.start and not desk_schedule.preview_move(
        service, mine.game_id, start=t, rink="North"))
    page.set_viewport_size({"width": 1280, "height": 3000})  # the day's grid in view
    log_in(page, "dana", "director-pass-1")
    page.goto(f"/desk/tournaments/{tid}/schedule")
    status = page.locator("#grid-status")  # aria-live: what the server said
    slot = page.locator(f'.slot[data-game="{mine.game_id}"]')

    # Over Silver 1's time on the free rink: the server's conflict, before the drop.
    drag_and_hold(page, slot, cell(page, hers.start, "North"))
    expect(status).to_contain_text("Ann Lee is due in two games at once")
    expect(cell(page, hers.start, "North")).to_have_class("cell cursor drop-conflict")
    page.screenshot(path=str(output_dir / "schedule-grid-preview.png"), full_page=True)
    page.mouse.up()
    expect(status).to_contain_text("Refused: ")
    expect(status).to_contain_text("Ann Lee is due in two games at once")
    page.screenshot(path=str(output_dir / "schedule-grid-refused.png"), full_page=True)
    assert next(g for g in games(live_server, tid) if g.game_id == mine.game_id) == mine

    # Over a free slot: no conflict; dropped, the game moves and the page shows it there.
    drag_and_hold(page, page.locator(f'.slot[data-game="{mine.game_id}"]'),
                  cell(page, free, "North"))
    expect(status).to_contain_text("no conflict")
    page.mouse.up()
    expect(page).to_have_url(f"{live_server.url}/desk/tournaments/{tid}/schedule?day="
                             f"{free.date()}&done=moved")
    expect(cell(page, free, "North").locator(f'.slot[data-game="{mine.game_id}"]')
           ).to_be_visible()
    page.screenshot(path=str(output_dir / "schedule-grid-moved.png"), full_page=True)
    moved = next(g for g in games(live_server, tid) if g.game_id == mine.game_id)
    assert (moved.start, moved.rink) == (free, "North")
    last = changes.changes(service, tid)[0]
    assert (last.subject, last.action, last.after["rink"]) == (f"game {mine.game_id}",
                                                               "moved", "North")
    public = page.request.get(f"/schedule?tournament={tid}").text()
    assert "North" in public
    team = teams["Bronze 1"]
    ics = page.request.get(f"/teams/{team}/schedule.ics").text()
    assert f"DTSTART:{free.astimezone(UTC):%Y%m%dT%H%M%SZ}" in ics

    # The keyboard: Enter picks the game, an arrow key asks the server, Escape puts it back.
    page.locator(f'.slot[data-game="{mine.game_id}"]').focus()
    page.keyboard.press("Enter")
    expect(status).to_contain_text(f"Game {mine.game_id} picked")
    page.keyboard.press("ArrowLeft")
    expect(status).to_contain_text(f"Game {mine.game_id} to")
    page.screenshot(path=str(output_dir / "schedule-grid-keyboard.png"), full_page=True)
    page.keyboard.press("Escape")
    expect(status).to_have_text("")
