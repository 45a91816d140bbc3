"""Edges of the rules engine: a warning during the shootout (502(a),
639(b) 4 B), ..."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rinkside.rules.errors import RuleViolation
from rinkside.rules.events import (
    Caution,
    FaceOff,
    Goal,
    Penalty,
    PenaltyClass,
    PenaltySignal,
    PeriodEnd,
    ShootoutAttempt,
    Stoppage,
)
from rinkside.rules.game import apply, start
from rinkside.rules.roster import GameSetup, default_roster
from rinkside.rules.settings import Settings
from rinkside.rules.state import GameState
from rinkside.rules.times import GameTime, parse_game_time

PC = PenaltyClass
SETUP = GameSetup(Settings(), default_roster("Home"), default_roster("Away"))


def T(text: str) -> GameTime:
    return parse_game_time(text, 2)


def _in_the_shootout() -> GameState:
    setup = replace(SETUP, settings=replace(Settings(), overtime="shootout"))
    s = start(setup)
    for event in (FaceOff(T("1 12:00")), PeriodEnd(T("1 0:00")), FaceOff(T("2 12:00")),
                  PeriodEnd(T("2 0:00")), FaceOff(T("OT 5:00")), PeriodEnd(T("OT 0:00"))):
        s = apply(s, event)
    assert s.status == "shootout"
    return s


def test_rule_502a_a_warning_in_the_shootout_is_the_one_its_minor_follows() -> None:
    s = apply(_in_the_shootout(), ShootoutAttempt("away", 9, False, T("OT 0:00")))
    s = apply(s, Caution(T("OT 0:00"), "home", "304(b)", player=8))
    assert s.status == "shootout"
    s = apply(s, Penalty(T("OT 0:00"), "home", 8, PC.MINOR, "equipment outside", "304(b)"))
    assert s.last_warnings == ()  # warned first: no 304(b) warning (casebook 46)
    assert s.pim()["home"] == {"8": 2}


def test_rule_404h_a_gross_misconduct_after_a_game_misconduct_keeps_its_one_game() -> None:
    s = apply(start(SETUP), FaceOff(T("1 12:00")))
    s = apply(s, Stoppage(T("1 8:00")))
    s = apply(s, Penalty(T("1 8:00"), "home", 6, PC.GAME_MISCONDUCT, "abuse of officials",
                         "601(c)"))
    s = apply(s, Penalty(T("1 8:00"), "home", 6, PC.GROSS_MISCONDUCT, "gross misconduct",
                         "601(e)"))
    s = apply(s, Penalty(T("1 8:00"), "home", None, PC.GAME_MISCONDUCT, "abuse of officials",
                         "601(a)", official="Coach"))
    s = apply(s, Penalty(T("1 8:00"), "home", None, PC.GROSS_MISCONDUCT, "gross misconduct",
                         "601(e)", official="Coach"))
    found = sorted((x.player, x.official or "", str(x.games), x.rule) for x in s.suspensions())
    assert found == [(0, "Coach", "1", "404(d)"), (0, "Coach", "pending_review", "404(h)"),
                     (6, "", "1", "404(d)"), (6, "", "pending_review", "404(h)")]
    assert s.pim()["home"] == {"6": 20, "official:Coach": 20}


def test_casebook_39_a_double_minor_recorded_first_counts_whole_the_later_minor_pairs() -> None:
    s = apply(start(SETUP), FaceOff(T("1 12:00")))
    s = apply(s, Stoppage(T("1 10:00")))
    s = apply(s, Penalty(T("1 10:00"), "home", 7, PC.DOUBLE_MINOR, "high sticking", "619(b)"))
    s = apply(s, Penalty(T("1 10:00"), "home", 6, PC.MINOR, "tripping", "642(a)"))
    s = apply(s, Penalty(T("1 10:00"), "away", 8, PC.MINOR, "roughing", "615(b)"))
    s = apply(s, FaceOff(T("1 10:00")))
    assert (s.skaters("home"), s.skaters("away")) == (3, 4)  # 402(h): one minor more
    assert sorted((e.player, e.state, e.left) for e in s.box("home")) == [
        (6, "running", 1200), (7, "running", 2400)]  # #6 paired; #7's whole double counts


def _major_against_a_double_minor(settings: Settings) -> GameState:
    s = start(replace(SETUP, settings=settings))
    for event in (FaceOff(T("1 12:00")), PeriodEnd(T("1 0:00")), FaceOff(T("2 12:00")),
                  Stoppage(T("2 3:00")),
                  Penalty(T("2 3:00"), "home", 6, PC.MAJOR, "cross checking", "609(a)"),
                  Penalty(T("2 3:00"), "away", 8, PC.DOUBLE_MINOR, "high sticking", "619(b)"),
                  FaceOff(T("2 3:00"))):
        s = apply(s, event)
    return s


def test_rule_403e_a_major_inside_the_window_pairs_with_both_minors_of_a_double_minor() -> None:
    s = _major_against_a_double_minor(Settings())
    assert (s.skaters("home"), s.skaters("away")) == (3, 4)  # 5:00 - 4:00: 1:00 at once
    assert sorted(e.left for e in s.box("home")) == [600, 3000]


def test_rule_403e_a_four_minute_major_against_a_double_minor_leaves_no_difference() -> None:
    s = _major_against_a_double_minor(replace(Settings(), major=4 * 600))
    assert (s.skaters("home"), s.skaters("away")) == (4, 4)  # equal time, as 403(c)
    assert [(e.player, e.left) for e in s.box("home")] == [(6, 2400)]


def _major_against_a_minor_then_a_double_minor(settings: Settings) -> GameState:
    s = start(replace(SETUP, settings=settings))
    for event in (FaceOff(T("1 12:00")), PeriodEnd(T("1 0:00")), FaceOff(T("2 12:00")),
                  Stoppage(T("2 3:00")),
                  Penalty(T("2 3:00"), "home", 6, PC.MAJOR, "cross checking", "609(a)"),
                  Penalty(T("2 3:00"), "away", 8, PC.MINOR, "tripping", "642(a)"),
                  Penalty(T("2 3:00"), "away", 9, PC.DOUBLE_MINOR, "high sticking", "619(b)"),
                  FaceOff(T("2 3:00"))):
        s = apply(s, event)
    return s


def test_rule_403e_a_four_minute_major_pairs_with_the_equal_double_minor_not_the_first_minor(
) -> None:
    s = _major_against_a_minor_then_a_double_minor(replace(Settings(), major=4 * 600))
    # 403(c): the 4:00 major and the 4:00 double minor are coincident; #8's minor counts
    assert (s.skaters("home"), s.skaters("away")) == (4, 3)
    assert [(e.player, e.left) for e in s.box("home")] == [(6, 2400)]


def test_rule_403e_a_major_pairs_with_the_double_minor_and_the_minor_is_served_normally(
) -> None:
    s = _major_against_a_minor_then_a_double_minor(Settings())
    assert (s.skaters("home"), s.skaters("away")) == (3, 3)  # 1:00 difference; #8 counts
    assert sorted(e.left for e in s.box("home")) == [600, 3000]


def test_rule_409c_note_2_the_offending_team_scores_no_goal_during_its_signal() -> None:
    s = apply(start(SETUP), FaceOff(T("1 12:00")))
    s = apply(s, PenaltySignal(T("1 10:20"), "away", 8, PC.MINOR, "hooking", "622(a)"))
    with pytest.raises(RuleViolation) as refused:
        apply(s, Goal(T("1 10:00"), "away", 9))
    assert refused.value.rule == "409(c) note 2"
    # a defending player's own goal counts for the offending team (casebook 11)
    s = apply(s, Goal(T("1 10:00"), "away", 9, own_goal=True))
    assert s.score == {"home": 0, "away": 1}
    assert s.pim()["away"] == {"8": 2}
