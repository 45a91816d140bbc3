"""Issue 27, on a phone (390x844): the game page's goals and penalties show
every column (the assist, the infraction, the minutes) with no sideways
scroll, and the standings' PTS and PIM sit in sight, under no fade. Each
cell's box lies inside the viewport. Screenshots go to test-output/browser/."""

from __future__ import annotations

from pathlib import Path

from browserkit import PHONE_WIDTH, LiveServer
from playwright.sync_api import Page

from rinkside.services import queries

WIDTH = PHONE_WIDTH


def _outside(page: Page, selector: str) -> list[str]:
    """The cells of the tables at ``selector`` that reach outside the viewport
    (or whose frame scrolls), as text; and it asserts there are cells."""
    found = page.evaluate("""sel => {
        const out = [], cells = [];
        for (const table of document.querySelectorAll(sel)) {
            const frame = table.closest('.scroll');
            if (frame && frame.scrollWidth > frame.clientWidth) out.push('frame scrolls: ' + sel);
            for (const cell of table.querySelectorAll('th, td')) {
                const box = cell.getBoundingClientRect();
                cells.push(cell);
                if (box.left < 0 || box.right > window.innerWidth || box.width === 0)
                    out.push(cell.textContent.trim() + ' at ' + box.left + '-' + box.right);
            }
        }
        return {out, count: cells.length};
    }""", selector)
    assert found["count"] > 0, selector
    return list(found["out"])


def _busiest(live_server: LiveServer) -> int:
    """The game with the most goals and penalties, one with an assist."""
    service = live_server.service

    def lines(game_id: int) -> int:
        _, state = service.game_state(game_id)
        if not any(g.assist is not None for g in state.goals) or not state.penalties:
            return -1
        return len(state.goals) + len(state.penalties)
    return max((g.game_id for g in queries.games(service) if g.version), key=lines)


def test_on_a_phone_every_column_of_the_game_and_the_standings_is_in_sight(
        phone: Page, live_server: LiveServer, output_dir: Path) -> None:
    game = _busiest(live_server)
    phone.goto(f"/games/{game}")
    phone.wait_for_load_state("networkidle")
    assert phone.evaluate("document.documentElement.scrollWidth") <= WIDTH
    for selector in ("table.lines.goals", "table.lines.penalties", "table.box"):
        assert _outside(phone, selector) == [], selector
    headers = phone.locator("table.lines.penalties th").all_inner_texts()
    assert [h.upper() for h in headers][-3:] == ["INFRACTION", "RULE", "MIN"]
    assert phone.locator(".scroll-sign").count() == 0
    phone.screenshot(path=str(output_dir / "phone-game-columns.png"), full_page=True)

    division = queries.game(live_server.service, game).division_id
    phone.goto(f"/divisions/{division}/standings")
    phone.wait_for_load_state("networkidle")
    assert _outside(phone, "table.standings") == []
    last = phone.locator("table.standings th").all_inner_texts()[-2:]
    assert [h.upper() for h in last] == ["PTS", "PIM"]
    assert phone.locator(".scroll-sign").count() == 0
    phone.screenshot(path=str(output_dir / "phone-standings-columns.png"), full_page=True)
