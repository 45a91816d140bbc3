"""The pure checks at the edges: text fields (formats.text) and the bounds
of every numeric setting, each refusal naming the field or the setting's
rule."""

from __future__ import annotations

import math

import pytest

from rinkside.formats.text import (
    NAME,
    NOTE,
    REASON,
    SCORE_SHEET_TEXT,
    SHORT,
    TextError,
    check_text,
    readable,
)
from rinkside.rules.errors import SettingsError
from rinkside.rules.settings import settings_from_mapping
from rinkside.store.models import base


@pytest.mark.parametrize(("value", "why"), [
    ("\ud800", "character 1: a lone surrogate (U+D800) is not a character"),
    ("Blades\x00", "character 7: NUL (U+0000) may not stand in text"),
    ("Blades\r\nX", "character 7: the control character U+000D may not stand in text"),
    ("a\u2028b", "character 2: a line break (U+2028) may not stand in a one-line field"),
    ("x" * 201, "201 characters is too long (at most 200)"),
])
def test_a_name_that_is_not_typed_text_is_refused_naming_the_field(value: str, why: str
                                                                   ) -> None:
    with pytest.raises(TextError) as refused:
        check_text(value, "team name", NAME)
    assert str(refused.value) == f"team name: {why}"


def test_names_in_any_script_and_a_note_on_several_lines_are_text() -> None:
    for name in ("Éclair Montréal", "東京 Blades", "Zoë O'Brien-Smith", "x" * 200):
        assert check_text(name, "name", NAME) == name
    assert check_text("first line\n\tsecond", "note", NOTE) == "first line\n\tsecond"
    with pytest.raises(TextError):
        check_text("one\nline", "reason", REASON)


def test_every_kind_of_score_sheet_text_takes_at_least_200_characters() -> None:
    """FORMAT.md second edition: no length limit in the format; a bound kept
    for safety takes any text a person would write on a score sheet."""
    assert SCORE_SHEET_TEXT >= 200
    for kind in (NAME, SHORT, REASON):
        assert kind.limit >= SCORE_SHEET_TEXT
    assert NAME.limit <= base.NAME  # a name the edge takes fits the store's name columns


def test_stored_text_is_made_readable_without_losing_what_is_text() -> None:
    assert readable("bad \ud800 reason\x00") == "bad \ufffd reason\ufffd"
    assert readable("Zoë\nline") == "Zoë\nline"
    assert readable("plain") == "plain"


@pytest.mark.parametrize(("amendment", "rule", "why"), [
    ({"periods": 100_000}, "640(a)", "from 1 to 9, got 100000"),
    ({"period_length": "600:00"}, "640(a)", "longer than 60:00"),
    ({"timeouts": 50}, "641(b) note 1", "from 0 to 9"),
    ({"mercy": 1000}, "630(a) note 1", "from 1 to 99"),
    ({"roster_max": 10_000}, "201(a)", "from 1 to 99"),
    ({"points": {"win": math.nan}}, "639(a), 634(d)", "from -10 to 10"),
    ({"misconduct": "90:00"}, "404(a)", "longer than 60:00"),
])
def test_a_setting_out_of_its_bounds_is_refused_citing_its_rule(
        amendment: dict[str, object], rule: str, why: str) -> None:
    with pytest.raises(SettingsError) as refused:
        settings_from_mapping(amendment)
    assert refused.value.rule == rule
    assert why in str(refused.value) and f"(Rule {rule})" in str(refused.value)
