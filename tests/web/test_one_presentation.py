"""One presentation of a game's record: the official report, the game page
and the scoreboard show the same goal and penalty lines, built once from
the game's state by rinkside.present.lines; no router reads a state's
records itself."""

from __future__ import annotations

import ast
import html
import re
from pathlib import Path

from fastapi.testclient import TestClient
from webkit import Demo

from rinkside.present.lines import game_lines
from rinkside.present.minutes import penalty_minutes
from rinkside.reports.game_report import build_report
from rinkside.services import queries
from rinkside.web import routers

ROUTERS = Path(routers.__file__).parent
# a GameState's records, which only rinkside.present turns into lines for a person
RECORDS = frozenset({"penalties", "goals", "penalty_shots", "shootout_shots", "goaltending",
                     "scoring", "shots", "pim", "suspensions", "official_suspensions"})


def _busiest_game(demo: Demo) -> int:
    """The demo game with the most goals and penalties together."""
    def lines(game_id: int) -> int:
        _, state = demo.service.game_state(game_id)
        return len(state.goals) + len(state.penalties)
    return max((row.game_id for row in queries.games(demo.service)), key=lines)


def _table_rows(page: str, heading: str) -> list[list[str]]:
    """The cells of each body row of the table under ``<h2>heading</h2>``."""
    table = page.split(f"<h2>{heading}</h2>")[1].split("</table>", maxsplit=1)[0]
    body = table.split("<tbody>")[1]
    return [[html.unescape(re.sub(r"<[^>]+>", "", cell)) for cell in
             re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)]


def test_the_report_the_game_page_and_the_scoreboard_show_the_same_lines(
        client: TestClient, demo: Demo) -> None:
    game = _busiest_game(demo)
    _, state = demo.service.game_state(game)
    lines = game_lines(state)
    assert lines.goals and lines.penalties
    report = build_report(demo.service, game)
    assert report.penalties == lines.penalties and report.goals == lines.goals
    page = client.get(f"/games/{game}").text
    assert _table_rows(page, "Penalties") == [
        [p.period, p.clock, p.team_name,
         p.player_name + (f" (served by {p.served_by_name})" if p.served_by_name else ""),
         p.class_text, p.recorded_infraction, p.rule or "", penalty_minutes(p.minutes)]
        for p in lines.penalties]
    assert _table_rows(page, "Goals") == [
        [g.period, g.clock, g.team_name, g.scorer_name, g.assist_name or "",
         " ".join(g.board_tags)] for g in lines.goals]
    summary = client.get(f"/api/games/{game}/summary").json()["penalties"]
    assert summary == [{"period": p.period, "time": p.clock, "team": p.team_name,
                        "who": p.who, "class_text": p.class_text,
                        "infraction": p.recorded_infraction} for p in lines.penalties]
    goals = client.get(f"/api/games/{game}/state").json()["goals"]
    assert [(g["period"], g["time"], g["scorer_name"], g["assist_name"], g["tags"])
            for g in goals] == [(g.period, g.clock, g.scorer_name, g.assist_name,
                                 list(g.board_tags)) for g in lines.goals]


def test_the_boards_and_the_report_list_the_same_penalty_shots(client: TestClient,
                                                               demo: Demo) -> None:
    """406: every penalty shot taken, scored or not, on the boards and the report
    (the shootout's attempts: tests/reports/test_report_lines.py)."""
    seen = 0
    for row in queries.games(demo.service):
        report = build_report(demo.service, row.game_id)
        live = client.get(f"/api/games/{row.game_id}/state").json()
        assert [(s["period"], s["time"], s["shooter_name"], s["scored"])
                for s in live["penalty_shots"]] == [
            (s.period, s.clock, s.shooter_name, s.scored) for s in report.penalty_shots]
        seen += len(report.penalty_shots)
    assert seen  # the demo (seed 2026) has penalty shots


def _reads_records(source: str) -> list[str]:
    """Each ``x.penalties`` (and the other records) the module reads, but of
    the service or a module it imports (functions of those names: the
    application layer's, the pages') or of present.lines' ``game_lines(...)``."""
    tree = ast.parse(source)
    allowed = {"service"} | {(alias.asname or alias.name).split(".")[0]
                             for node in ast.walk(tree)
                             if isinstance(node, ast.Import | ast.ImportFrom)
                             for alias in node.names}

    def fine(value: ast.expr) -> bool:
        if isinstance(value, ast.Name):
            return value.id in allowed
        return (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)
                and value.func.id == "game_lines")

    return [f"line {node.lineno}: .{node.attr}" for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and node.attr in RECORDS
            and not fine(node.value)]


def test_no_router_reads_a_state_s_records_itself() -> None:
    """The routers show present.lines' values; none turns records into lines."""
    found = {path.name: reads for path in sorted(ROUTERS.glob("*.py"))
             if (reads := _reads_records(path.read_text(encoding="utf-8")))}
    assert found == {}
    assert _reads_records("from a import pages\ndef summary(state, service):\n"
                          "    return state.penalties, service.suspensions(1), pages.goals()\n"
                          ) == ["line 3: .penalties"]
