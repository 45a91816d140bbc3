"""The report's routes: the printable page, the PDF, and the announcements
API of Rule 505(c); and ``rinkside report`` on the command line."""

from __future__ import annotations

from collections.abc import Iterator
from io import BytesIO
from pathlib import Path

import pytest
import typer
from fastapi.testclient import TestClient
from pypdf import PdfReader
from reportkit import Cup, scripted_game
from typer.testing import CliRunner

from rinkside.cli import report
from rinkside.services import officiating, users
from rinkside.web.app import create_app


@pytest.fixture(scope="module")
def client(cup: Cup) -> Iterator[TestClient]:
    app = create_app(cup.service)
    with TestClient(app) as client:
        yield client


class TestPage:
    def test_the_report_page(self, client: TestClient, game: int) -> None:
        page = client.get(f"/games/{game}/report")
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        html = page.text
        assert "Official game report" in html and "Blades (home) vs Storm (away)" in html
        assert "Blades 3, Storm 3 — Blades win in a shootout (Rule 639(b))" in html
        assert "#9 Blade Skater9" in html and "Too many players" in html and "205(c)" in html
        assert "502(l), 405(b)" in html and "Not signed" in html
        assert 'href="/static/report.css"' in html and f"/games/{game}/report.pdf" in html

    def test_the_style_sheet_prints(self, client: TestClient) -> None:
        css = client.get("/static/report.css")
        assert css.status_code == 200 and "@media print" in css.text
        assert "size: letter" in css.text

    def test_a_signed_then_reopened_game(self, client: TestClient, cup: Cup) -> None:
        game = scripted_game(cup)
        users.create_user(cup.service, f"whistle-{game}", "pw", "referee", [game])
        users.create_user(cup.service, f"boss-{game}", "pw", "director")
        officiating.sign(cup.service, game, f"whistle-{game}")
        html = client.get(f"/games/{game}/report").text
        assert "the scoring summary is locked (Rule 616(a))" in html
        assert f"whistle-{game} (referee)" in html
        officiating.reopen(cup.service, game, f"boss-{game}", "Penalty <2> entered twice")
        html = client.get(f"/games/{game}/report").text
        assert "Reopened" in html and "Penalty &lt;2&gt; entered twice" in html
        assert "locked (Rule 616(a))" not in html

    def test_unknown_game(self, client: TestClient) -> None:
        page = client.get("/games/987654/report")
        assert page.status_code == 404 and "no game 987654" in page.text.lower()


class TestPdf:
    def test_the_pdf(self, client: TestClient, game: int) -> None:
        answer = client.get(f"/games/{game}/report.pdf")
        assert answer.status_code == 200
        assert answer.headers["content-type"] == "application/pdf"
        assert f'filename="game-{game}-report.pdf"' in answer.headers["content-disposition"]
        reader = PdfReader(BytesIO(answer.content))
        assert len(reader.pages) == 1
        assert "Blade Skater9" in reader.pages[0].extract_text()

    def test_unknown_game(self, client: TestClient) -> None:
        assert client.get("/games/987654/report.pdf").status_code == 404


class TestAnnouncements:
    def test_every_goal_and_penalty_newest_last(self, client: TestClient, game: int) -> None:
        said = client.get(f"/api/games/{game}/announcements")
        assert said.status_code == 200
        items = said.json()
        assert [i["kind"] for i in items].count("goal") == 6
        assert [i["kind"] for i in items].count("penalty") == 6
        assert set(items[0]) == {"kind", "period", "time", "text"}
        assert items[0] == {"kind": "penalty", "period": "1", "time": "11:00",
                            "text": "Storm penalty, number 5, Storm Skater5, two minutes for "
                                    "tripping, at 1:00 of the first period."}
        assert items[-1]["text"].startswith("Storm goal scored by number 7, Storm Skater7")

    def test_unknown_game_is_json_404(self, client: TestClient) -> None:
        said = client.get("/api/games/987654/announcements")
        assert said.status_code == 404 and "987654" in said.json()["detail"]


@pytest.fixture(scope="module")
def cli() -> typer.Typer:
    app = typer.Typer()
    report.register(app)
    app.command("noop", hidden=True)(lambda: None)  # a group, as the rinkside app is
    return app


class TestCommandLine:
    def db(self, cup: Cup) -> str:
        return str(cup.service.bind.url)

    def test_files(self, cli: typer.Typer, cup: Cup, game: int, tmp_path: Path) -> None:
        pdf, html = tmp_path / "r.pdf", tmp_path / "r.html"
        run = CliRunner().invoke(cli, ["report", str(game), "--pdf", str(pdf),
                                       "--html", str(html), "--db", self.db(cup)])
        assert run.exit_code == 0, run.output
        assert len(PdfReader(pdf).pages) == 1
        page = html.read_text(encoding="utf-8")
        assert "<style>" in page and "@media print" in page  # one file: styles inlined
        assert "Blades 3, Storm 3 — Blades win in a shootout" in page

    def test_summary_and_unknown_game(self, cli: typer.Typer, cup: Cup, game: int) -> None:
        run = CliRunner().invoke(cli, ["report", str(game), "--db", self.db(cup)])
        assert run.exit_code == 0 and "Blades win in a shootout" in run.output
        assert "report 502(l), 405(b): #9 Storm Skater9" in run.output
        run = CliRunner().invoke(cli, ["report", "987654", "--db", self.db(cup)])
        assert run.exit_code == 2 and "987654" in run.output
