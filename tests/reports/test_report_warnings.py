"""The report's "Warnings for the referees": every warning the engine gave in
the game, with its rule and when, before the signatures (HTML and PDF)."""

from __future__ import annotations

from io import BytesIO

import pytest
from pypdf import PdfReader
from reportkit import Cup, goal, pen, play, t

from rinkside.reports.game_report import build_report
from rinkside.reports.html import report_page
from rinkside.reports.pdf import render_pdf
from rinkside.rules.events import FaceOff, PenaltyClass, PenaltySignal

HOOKING = "Rule 622(a): Hooking allows minor; a misconduct was assessed"
DELAYED = "Rule 409(c): the delayed minor to #6 is not imposed: the other team scored."


@pytest.fixture(scope="module")
def warned(cup: Cup) -> int:
    """A game with two warnings: a class the rule does not list, a delayed minor
    cancelled by a goal."""
    game_id = cup.service.add_game(cup.division, cup.home, cup.away)
    play(cup.service, game_id, [
        FaceOff(t(1, "12:00")),
        *pen(1, "10:00", "home", 5, PenaltyClass.MISCONDUCT, "Hooking", "622(a)"),
        PenaltySignal(t(1, "9:30"), "away", 6, PenaltyClass.MINOR, "Tripping", "642(a)"),
        *goal(1, "9:15", "home", 9)])
    return game_id


def test_the_report_lists_each_warning_with_its_rule_and_when(cup: Cup, warned: int) -> None:
    report = build_report(cup.service, warned)
    assert [(w.period, w.time, w.rule) for w in report.warnings] == [
        ("1", "10:00", "622(a)"), ("1", "9:15", "409(c)")]
    assert report.warnings[0].text.startswith(HOOKING)
    assert report.warnings[1].text == DELAYED


def test_the_html_report_shows_them_before_the_signatures(cup: Cup, warned: int) -> None:
    html = report_page(build_report(cup.service, warned))
    section = html.index("<h2>Warnings for the referees</h2>")
    assert section < html.index("<h2>Officials and signatures")
    assert html.index(HOOKING) > section and html.index("409(c): the delayed minor") > section
    assert "<th>Rule</th>" in html[section:]


def test_the_pdf_report_shows_them_and_still_fits_one_page(cup: Cup, warned: int) -> None:
    reader = PdfReader(BytesIO(render_pdf(build_report(cup.service, warned))))
    text = " ".join(" ".join(page.extract_text() for page in reader.pages).split())
    assert len(reader.pages) == 1
    assert "Warnings for the referees" in text
    assert "409(c): the delayed minor to #6 is not imposed" in text
    assert text.index("Warnings for the referees") < text.index("Officials and signatures")


def test_a_game_without_warnings_says_so(cup: Cup, game: int) -> None:
    report = build_report(cup.service, game)
    assert report.warnings == ()
    assert "The engine gave no warning in this game." in report_page(report)


def test_a_sentence_given_once_a_fighter_is_one_row_with_each_moment() -> None:
    """The fight's automatic game misconducts (615(a)) are one sentence given
    twice at 1 6:48: the PDF lists it once, "1 6:48 ×2", so that the report
    keeps to one page; a sentence given at other moments lists each."""
    from rinkside.reports.report_model import WarningLine
    from rinkside.reports.report_text import warning_rows
    fight = "Rule 615(a): a game misconduct comes automatically with the major for fighting"
    rows = warning_rows([WarningLine("1", "6:48", "615(a)", fight),
                         WarningLine("1", "6:48", "615(a)", fight),
                         WarningLine("1", "9:15", "409(c)", DELAYED),
                         WarningLine("2", "3:00", "615(a)", fight)])
    assert rows == [(["1 6:48 ×2", "2 3:00"], "615(a)", fight), (["1 9:15"], "409(c)", DELAYED)]
