"""Issue 27: penalty minutes read as people write them, 1:30 and never 1.5,
from one formatter (rinkside.present.minutes) on the game page, the box
score, the standings, the leaders, the official report and its PDF. A 1:30
minor (Rule 402(a), a tournament's setting) charges 1.5 minutes (casebook 12)."""

from __future__ import annotations

import html
import re
from datetime import date
from io import BytesIO
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from pypdf import PdfReader

from rinkside.present.minutes import penalty_minutes
from rinkside.rules.events import Event, FaceOff, Penalty, PenaltyClass, PeriodEnd, Stoppage, Team
from rinkside.rules.times import GameTime
from rinkside.services.open import open_tournaments
from rinkside.services.tournaments import Tournaments
from rinkside.web.app import create_app


@pytest.mark.parametrize(("value", "text"), [
    (2, "2"), (0, "0"), (1.5, "1:30"), (3.0, "3"), (14.5, "14:30"), (0.75, "0:45")])
def test_minutes_read_as_whole_minutes_or_minutes_and_seconds(value: float, text: str) -> None:
    assert penalty_minutes(value) == text


def _cells(page: str) -> list[str]:
    return [html.unescape(re.sub(r"<[^>]+>", "", c)).strip()
            for c in re.findall(r"<td[^>]*>(.*?)</td>", page, re.S)]


def _played(service: Tournaments, division: int, home: int, away: int,
            minors: list[tuple[Team, int, int]]) -> int:
    """A game played to full time with a minor for each (team, number, minute)."""
    game = service.add_game(division, home, away)
    version, state = service.game_state(game)
    length = state.setup.settings.period_length
    events: list[Event] = [FaceOff(GameTime(1, length))]
    for team, number, minute in minors:
        at = GameTime(1, length - minute * 600)
        events += [Stoppage(at), Penalty(at, team, number, PenaltyClass.MINOR, "Tripping",
                                         "642(a)"), FaceOff(at)]
    events += [PeriodEnd(GameTime(1, 0))]
    for period in range(2, state.setup.settings.periods + 1):
        events += [FaceOff(GameTime(period, length)), PeriodEnd(GameTime(period, 0))]
    service.record(game, version, events, by="minutes test")
    return game


def test_a_minor_of_1_30_reads_1_30_on_every_page_and_the_pdf(tmp_path: Path) -> None:
    service = open_tournaments(f"sqlite:///{tmp_path / 'minutes.sqlite'}")
    tournament = service.create_tournament("Minutes Cup", date(2026, 12, 5), {"minor": "1:30"})
    division = service.add_division(tournament, "Open")
    home, away = service.add_team(division, "Blades"), service.add_team(division, "Storm")
    for team, prefix in ((home, "Blade"), (away, "Storm")):
        skaters = [{"number": n, "name": f"{prefix} Skater{n}", "captain": "C" if n == 2 else None}
                   for n in range(2, 9)]
        service.set_roster(team, [{"number": 1, "name": f"{prefix} Keeper", "goalie": True},
                                  *skaters])
    game = _played(service, division, home, away, [("away", 5, 2), ("away", 5, 5)])  # 3:00
    second = _played(service, division, home, away, [("home", 4, 1)])  # Blades' 1:30
    with TestClient(create_app(service)) as client:
        page = client.get(f"/games/{game}").text
        penalties = page.split("<h2>Penalties</h2>")[1].split("</table>")[0]
        assert _cells(penalties).count("1:30") == 2 and "1.5" not in penalties
        assert _cells(page.split("Storm Skater5")[-1].split("</tr>")[0])[-1] == "3"  # box score
        standings = client.get(f"/divisions/{division}/standings").text
        blades = _cells(standings.split("Blades")[1].split("</tr>")[0])
        assert blades[-1] == "1:30", blades
        stats = client.get(f"/divisions/{division}/stats").text
        assert "1:30" in _cells(stats) and "1.5" not in _cells(stats)
        report = client.get(f"/games/{second}/report").text
        assert _cells(report).count("1:30") >= 2 and "1.5" not in _cells(report)
        pdf = client.get(f"/games/{second}/report.pdf").content
    text = " ".join(page.extract_text() or "" for page in PdfReader(BytesIO(pdf)).pages)
    assert "1:30" in text and "1.5" not in text
