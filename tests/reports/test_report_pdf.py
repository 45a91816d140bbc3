"""The report's PDF: its text read back with pypdf, its pages counted, and
its pages drawn as PNG with poppler's ``pdftoppm`` into
``test-output/reports/`` for people to look at."""

from __future__ import annotations

import os
import shutil
import subprocess
from io import BytesIO
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportkit import OUTPUT, Cup, penalty_heavy_game, scripted_game

from rinkside.reports.game_report import build_report
from rinkside.reports.pdf import render_pdf
from rinkside.services import officiating, users


def pdf_text(data: bytes) -> tuple[int, str]:
    reader = PdfReader(BytesIO(data))
    text = "\n".join(page.extract_text() for page in reader.pages)
    return len(reader.pages), " ".join(text.split())  # lines wrap anywhere: one space


@pytest.fixture(scope="module")
def pdf(cup: Cup, game: int) -> bytes:
    return render_pdf(build_report(cup.service, game))


class TestContent:
    def test_is_a_letter_pdf(self, pdf: bytes) -> None:
        assert pdf.startswith(b"%PDF-")
        box = PdfReader(BytesIO(pdf)).pages[0].mediabox
        assert (round(float(box.width)), round(float(box.height))) == (612, 792)

    def test_a_normal_game_fits_one_page(self, pdf: bytes) -> None:
        pages, _ = pdf_text(pdf)
        assert pages == 1

    def test_teams_scorers_and_result(self, pdf: bytes) -> None:
        _, text = pdf_text(pdf)
        assert "Blades (home) vs Storm (away)" in text
        for name in ("Blade Skater9", "Blade Skater2", "Storm Skater6", "Blade Skater10",
                     "Storm Skater7"):
            assert name in text
        assert "Blades 3, Storm 3 — Blades win in a shootout (Rule 639(b))" in text
        # the shootout in pairs, visitors first: the last pair Storm miss, Blades score
        assert "SD2 #3 Storm Skater3 no goal #5 Blade Skater5 goal" in text

    def test_infractions_and_rule_numbers(self, pdf: bytes) -> None:
        _, text = pdf_text(pdf)
        for infraction, rule in (("Tripping", "642(a)"), ("Hooking", "622(a)"),
                                 ("Too many players", "205(c)"), ("Slashing", "635(a)"),
                                 ("Abuse of an official", "601(d)"),
                                 ("Attempt to injure", "603(a)")):
            assert infraction in text and rule in text

    def test_reports_suspensions_and_blank_signatures(self, pdf: bytes) -> None:
        _, text = pdf_text(pdf)
        assert "502(l), 404(d)" in text and "502(l), 405(b)" in text
        assert "rest of the tournament" in text
        assert "Not signed" in text and "Official scorer" in text


class TestSignOff:
    def test_signed_then_reopened(self, cup: Cup) -> None:
        game = scripted_game(cup)
        for name in ("ump-a", "ump-b"):
            users.create_user(cup.service, f"{name}-{game}", "pw", "referee", [game])
        users.create_user(cup.service, f"dir-{game}", "pw", "director")
        officiating.sign(cup.service, game, f"ump-a-{game}")
        officiating.sign(cup.service, game, f"ump-b-{game}")

        pages, text = pdf_text(render_pdf(build_report(cup.service, game)))
        assert pages == 1
        assert "SIGNED" in text and "locked (Rule 616(a))" in text
        assert f"ump-a-{game}" in text and f"ump-b-{game}" in text
        assert "Not signed" not in text

        officiating.reopen(cup.service, game, f"dir-{game}", "Assist on goal 4 was missed")
        data = render_pdf(build_report(cup.service, game))
        _, text = pdf_text(data)
        assert "Reopened" in text and "Assist on goal 4 was missed" in text
        assert "locked (Rule 616(a))" not in text
        (OUTPUT).mkdir(parents=True, exist_ok=True)
        (OUTPUT / "reopened-game.pdf").write_bytes(data)


class TestLongGame:
    def test_flows_onto_a_second_page(self, cup: Cup) -> None:
        game = penalty_heavy_game(cup, 44)
        report = build_report(cup.service, game)
        assert len(report.penalties) == 44
        pages, text = pdf_text(render_pdf(report))
        assert pages == 2
        assert "page 2" in text and "GAME NOT FINISHED" in text
        assert text.count("Holding") == 44  # every penalty is there, none cut off


def _pdftoppm() -> str:
    found = shutil.which("pdftoppm")
    if found is None:
        if os.environ.get("CI") == "true":
            pytest.fail("pdftoppm (poppler-utils) is required under CI to draw the report")
        pytest.skip("pdftoppm (Debian poppler-utils) is not on PATH: PNG not drawn")
    return found


def test_drawn_as_png(pdf: bytes) -> None:
    """The page as a PNG in test-output/reports/ (look at it)."""
    tool = _pdftoppm()
    OUTPUT.mkdir(parents=True, exist_ok=True)
    source = OUTPUT / "scripted-game.pdf"
    source.write_bytes(pdf)
    for old in OUTPUT.glob("scripted-game-*.png"):
        old.unlink()
    subprocess.run([tool, "-r", "110", "-png", str(source), str(OUTPUT / "scripted-game")],
                   check=True, timeout=60)
    drawn = sorted(OUTPUT.glob("scripted-game-*.png"))
    assert [p.name for p in drawn] == ["scripted-game-1.png"]
    assert _png_size(drawn[0]) == (935, 1210)  # letter at 110 dpi


def _png_size(path: Path) -> tuple[int, int]:
    from PIL import Image

    with Image.open(path) as image:
        return image.size


class TestLongText:
    def test_a_500_character_infraction_and_rule_are_drawn_whole(self, cup: Cup) -> None:
        """FORMAT.md second edition: text as long as a score sheet holds is
        taken (formats.text: 500 characters), and the report draws it."""
        infraction = ("Tripping from behind with the stick as the attacker cut across the slot "
                      * 7)[:500]
        game = penalty_heavy_game(cup, 25, infraction=infraction, rule="642(a) " + "x" * 400)
        pages, text = pdf_text(render_pdf(build_report(cup.service, game)))
        assert pages >= 1 and "Tripping from behind" in text
