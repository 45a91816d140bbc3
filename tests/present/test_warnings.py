"""The engine's warnings as the pages and commands show them (present.warnings)."""

from __future__ import annotations

from rinkside.present.warnings import (
    GameWarning,
    engine_warnings,
    fold_warnings,
    new_warnings,
    rule_of,
)
from rinkside.rules import GameSetup, Settings, default_roster
from rinkside.rules.events import FaceOff, Goal, Penalty, PenaltyClass, PenaltySignal, Stoppage
from rinkside.rules.game import replay, start
from rinkside.rules.times import GameTime

SETUP = GameSetup(Settings(), default_roster("Hawks"), default_roster("Owls"))
EVENTS = [
    FaceOff(GameTime(1, 7200)),
    Stoppage(GameTime(1, 6000)),
    Penalty(GameTime(1, 6000), "home", 5, PenaltyClass.MISCONDUCT, "hooking", "622(a)"),
    FaceOff(GameTime(1, 6000)),
    PenaltySignal(GameTime(1, 5700), "away", 6, PenaltyClass.MINOR, "tripping", "642(a)"),
    Goal(GameTime(1, 5550), "home", 9),
    FaceOff(GameTime(1, 5550)),
]


def test_a_warnings_rule_is_the_first_its_sentence_names() -> None:
    assert rule_of("Rule 409(c): the delayed minor ...") == "409(c)"
    assert rule_of("'spitting' under Rule 601 is not in the Section VI catalog") == "601"
    assert rule_of("no rule here") is None


def test_every_event_s_warnings_are_kept_numbered_by_the_event_that_gave_them() -> None:
    state, warnings = fold_warnings(start(SETUP), EVENTS)
    assert [(w.rule, w.event) for w in warnings] == [("622(a)", 2), ("409(c)", 5)]
    assert warnings[1].text.startswith("Rule 409(c): the delayed minor to #6 is not imposed")
    assert state.score == replay(SETUP, EVENTS).score


def test_folding_on_from_a_state_numbers_from_where_the_log_stood() -> None:
    before, _ = fold_warnings(start(SETUP), EVENTS[:4])
    _, later = fold_warnings(before, EVENTS[4:], first=4)
    assert [(w.rule, w.event) for w in later] == [("409(c)", 5)]


def test_the_state_keeps_every_warning_of_the_game_with_its_event() -> None:
    after_goal = replay(SETUP, EVENTS[:6])
    assert [(w.rule, w.event) for w in engine_warnings(after_goal)] == [
        ("622(a)", 2), ("409(c)", 5)]


def test_new_warnings_are_those_not_seen_before() -> None:
    a, b = GameWarning("402(a)", "Rule 402(a): a", 1), GameWarning("409(c)", "Rule 409(c): b", 2)
    assert new_warnings([a], [a, b]) == (b,)
