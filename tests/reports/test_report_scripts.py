"""Issue 27, "every name prints": the report's PDF embeds a Unicode font
(DejaVu Sans Condensed, rinkside/reports/fonts.py) and prints names in
Latin with diacritics, Cyrillic and Greek as typed; read back with pypdf."""

from __future__ import annotations

from io import BytesIO
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportkit import OUTPUT, Cup, scripted_game

from rinkside.reports import fonts
from rinkside.reports.game_report import build_report
from rinkside.reports.pdf import render_pdf
from rinkside.services import officiating, users

NAMES = ("Łukasz Żółć", "Иван Петров", "Γιώργος Παπαδόπουλος", "Søren Ærø", "Ðorđe Čačak")


def test_names_in_five_scripts_print_as_typed(cup: Cup) -> None:
    game = scripted_game(cup)
    polish, russian, greek, danish, serbian = NAMES
    users.create_user(cup.service, f"lz-{game}", "whistle-pass-1", "referee", [game],
                      full_name=polish)
    users.create_user(cup.service, f"ip-{game}", "whistle-pass-2", "referee", [game],
                      full_name=russian)
    officiating.set_officials(cup.service, game, {
        "referee": [f"lz-{game}", f"ip-{game}"], "game_timekeeper": [greek],
        "penalty_timekeeper": [danish], "official_scorer": [serbian]})
    officiating.sign(cup.service, game, f"lz-{game}")
    data = render_pdf(build_report(cup.service, game))
    OUTPUT.mkdir(parents=True, exist_ok=True)
    (OUTPUT / "five-scripts.pdf").write_bytes(data)
    reader = PdfReader(BytesIO(data))
    text = " ".join(" ".join(page.extract_text() or "" for page in reader.pages).split())
    for name in NAMES:
        assert name in text, name
    assert f"Signed by {polish} (referee)" in text and f"awaiting {russian}" in text
    embedded = {str(font["/BaseFont"]).split("+")[-1]
                for font in reader.pages[0]["/Resources"]["/Font"].values()
                if "/FontDescriptor" in font and "/FontFile2" in font["/FontDescriptor"]}
    assert embedded == {"DejaVuSansCondensed", "DejaVuSansCondensed-Bold"}


def test_without_the_font_the_pdf_is_refused_saying_what_to_install(
        cup: Cup, game: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RINKSIDE_FONT_DIR", str(tmp_path))
    fonts.register.cache_clear()
    try:
        with pytest.raises(fonts.FontMissing, match="fonts-dejavu-extra"):
            render_pdf(build_report(cup.service, game))
    finally:
        monkeypatch.delenv("RINKSIDE_FONT_DIR")
        fonts.register.cache_clear()
