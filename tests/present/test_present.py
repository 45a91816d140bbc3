"""The words said once (rinkside.present): period labels from the settings,
how a game was decided with its rule, and the classes in the book's words."""

from __future__ import annotations

import pickle

import pytest

from rinkside.present.corrections import event_words
from rinkside.present.names import class_text
from rinkside.present.periods import period_label
from rinkside.present.results import cited, final_score, report_result
from rinkside.rules import GameSetup, Settings, default_roster
from rinkside.rules.events import Penalty, PenaltyClass
from rinkside.rules.settings import settings_from_mapping
from rinkside.rules.state import DecidedBy, Result
from rinkside.rules.times import GameTime


class TestPeriodLabels:
    @pytest.mark.parametrize("overtime", ["none", "shootout", "unlimited"])
    def test_regulation_then_ot_then_numbered(self, overtime: str) -> None:
        """640(a): two periods; 639: the first overtime is OT whichever it is."""
        settings = settings_from_mapping({"overtime": overtime})
        assert [period_label(p, settings) for p in (1, 2, 3, 4, 5)] == \
            ["1", "2", "OT", "OT2", "OT3"]

    def test_the_number_of_periods_is_the_settings(self) -> None:
        settings = settings_from_mapping({"periods": 3})
        assert [period_label(p, settings) for p in (1, 2, 3, 4)] == ["1", "2", "3", "OT"]


class TestDecidedBy:
    def test_a_str_enum_as_before(self) -> None:
        assert DecidedBy.FORFEIT == "forfeit" and f"{DecidedBy.MERCY}" == "mercy"
        assert DecidedBy("tie") is DecidedBy.TIE
        assert pickle.loads(pickle.dumps(DecidedBy.SHOOTOUT)) is DecidedBy.SHOOTOUT

    def test_each_ending_has_its_rule(self) -> None:
        assert {d.value: d.rule for d in DecidedBy} == {
            "regulation": "640(a)", "overtime": "639", "shootout": "639(b)", "mercy": "630",
            "forfeit": "634(d)", "tie": "639(a)"}

    def test_cited(self) -> None:
        assert cited("overtime") == "in overtime (Rule 639)"
        assert cited(DecidedBy.MERCY) == "(mercy rule, Rule 630)"
        assert cited("forfeit") == "by forfeit (Rule 634(d))"
        assert cited("regulation") == "in regulation"


class TestResultLines:
    @pytest.mark.parametrize(("decided", "winner", "report", "calendar"), [
        ("regulation", "home", "A 3, B 1 — A win in regulation", "Final: A 3 - 1 B"),
        ("overtime", "away", "A 3, B 1 — B win in overtime (Rule 639)",
         "Final: A 3 - 1 B in overtime (Rule 639)"),
        ("mercy", "home", "A 3, B 1 — A win (mercy rule, Rule 630)",
         "Final: A 3 - 1 B (mercy rule, Rule 630)"),
        ("forfeit", "home", "A 3, B 1 — A win by forfeit (Rule 634(d))",
         "Final: A 3 - 1 B: B forfeited (Rule 634(d))"),
        ("tie", None, "A 3, B 1 — tie (Rule 639(a))", "Final: A 3 - 1 B, a tie (Rule 639(a))"),
    ])
    def test_the_report_and_the_calendar_say_it_alike(
            self, decided: str, winner: str | None, report: str, calendar: str) -> None:
        result = Result(winner, DecidedBy(decided), {"home": 0, "away": 0},  # type: ignore[arg-type]
                        {"home": 3, "away": 1})
        assert report_result(result, "A", "B") == report
        assert final_score(result, "A", "B") == calendar


class TestPenaltyClass:
    def test_text_and_rule(self) -> None:
        """401(a) classes in words, each with the rule that defines it."""
        assert class_text(PenaltyClass.DOUBLE_MINOR) == "double minor"
        assert PenaltyClass.GAME_MISCONDUCT.text == "game misconduct"
        assert PenaltyClass.MATCH.text == "match"
        assert {c.value: c.rule for c in PenaltyClass} == {
            "minor": "402(a)", "double_minor": "402(a)", "bench_minor": "402(c)",
            "major": "403(a)", "misconduct": "404(a)", "game_ejection": "404(c)",
            "game_misconduct": "404(d)", "gross_misconduct": "404(g)", "match": "405(a)"}


def test_a_correction_says_a_penalty_is_marked_as_the_foul_of_a_penalty_shot() -> None:
    """Casebook 62: replacing a penalty by the same one marked is told apart."""
    setup = GameSetup(Settings(), default_roster("Home"), default_roster("Away"))
    at = GameTime(1, 6000)
    plain = Penalty(at, "away", 5, PenaltyClass.MINOR, "Tripping", "642(e)")
    marked = Penalty(at, "away", 5, PenaltyClass.MINOR, "Tripping", "642(e)", penalty_shot=True)
    assert event_words(setup, marked) == event_words(setup, plain).replace(
        "tripping", "tripping the foul of a penalty shot (406)")
