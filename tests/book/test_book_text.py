"""The rule book's text as the package ships it, parsed rule by rule."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rinkside.book.text import book, book_text, heading_text, parse_book

SHARED = Path(__file__).resolve().parents[3] / "shared" / "rulebook" / "rules-by-section.md"


def test_the_packaged_book_is_the_shared_rule_book() -> None:
    if not SHARED.is_file():
        pytest.skip(f"no rule book at {SHARED}")
    assert book_text() == SHARED.read_text(encoding="utf-8")


def test_every_rule_heading_and_printed_sub_rule_is_parsed() -> None:
    text = book_text()
    headings = re.findall(r"^## RULE (\d{3})", text, re.MULTILINE)
    printed = len(re.findall(r"^(\([a-z]\.?\)|NOTE ?\d)", text, re.MULTILINE))
    assert [r.number for r in book().rules] == headings
    assert len(book().subrules) == printed
    assert len({s.id for s in book().subrules}) == printed  # every id names one sub-rule


def test_sections_carry_their_rules_and_titles() -> None:
    sections = {s.numeral: s for s in book().sections}
    assert list(sections) == ["I", "II", "III", "IV", "V", "VI"]
    assert sections["III"].name == "Equipment"  # printed inside 206's last note
    assert sections["VI"].name == "Playing Rules"  # its heading printed on two lines
    assert sections["III"].rules[0].number == "301"
    assert [n.id for n in sections["III"].notes] == ["Section III note 1"]


def test_the_books_slips_and_repeated_notes_get_ids_of_their_own() -> None:
    ids = [s.id for s in book().rule("409").subrules]  # type: ignore[union-attr]
    assert ids == ["409(a)", "409(b)", "409(c)", "409 note 1", "409 note 2", "409 note 3",
                   "409(c)#2", "409(d)"]
    face_offs = [s.id for s in book().rule("613").subrules]  # type: ignore[union-attr]
    assert "613(c) note 1" in face_offs and "613(k) note 1" in face_offs
    assert "205 note 3" in [s.id for s in book().rule("205").subrules]  # type: ignore[union-attr]


def test_a_sub_rule_keeps_its_text_and_the_paragraphs_after_it() -> None:
    note = next(s for s in book().rule("402").subrules  # type: ignore[union-attr]
                if s.id == "402(h) note 1")
    assert note.text.startswith("This included the scenario")
    assert "Situation #3" in note.text
    d = next(s for s in book().rule("402").subrules  # type: ignore[union-attr]
             if s.id == "402(d)")
    assert d.label == "(d)" and "first of such penalties shall automatically terminate" in d.text


def test_parse_book_reads_a_small_book() -> None:
    small = parse_book("# SECTION IV - PENALTIES\n\n## RULE 402 - MINOR PENALTIES\n"
                       "(a) Two minutes.\n(b) Off the floor.\nNOTE 1: A note.\n")
    (rule,) = small.rules
    assert (rule.number, rule.name, rule.section) == ("402", "Minor Penalties", "IV")
    assert [(s.id, s.text) for s in rule.subrules] == [
        ("402(a)", "Two minutes."), ("402(b)", "Off the floor."), ("402 note 1", "A note.")]


def test_headings_read_as_words() -> None:
    assert heading_text("REFEREE S CREASE") == "Referee's Crease"
    assert heading_text("GOAL POSTS AND NETS") == "Goal Posts and Nets"
