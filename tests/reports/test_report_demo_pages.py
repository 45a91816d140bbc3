"""Every game of the demo tournament (forfeits, overtime, shootouts
included) prints its official report on one letter page (Rule 506)."""

from __future__ import annotations

import io
from pathlib import Path

from demokit import copy_demo
from pypdf import PdfReader

from rinkside.demo import demo_game_count
from rinkside.reports.game_report import build_report
from rinkside.reports.pdf import render_pdf
from rinkside.services import queries


def test_every_demo_game_fits_one_page(tmp_path: Path) -> None:
    service, _ = copy_demo(tmp_path / "demo.sqlite")
    games = queries.games(service)
    assert len(games) == demo_game_count()
    pages = {row.game_id: len(PdfReader(io.BytesIO(render_pdf(build_report(
        service, row.game_id)))).pages) for row in games}
    assert set(pages.values()) == {1}, pages
