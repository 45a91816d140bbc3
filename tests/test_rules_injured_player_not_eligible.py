"""Rule 206(d), casebook 45: an injured player whose minor a substitute serves
is not eligible to play until that penalty has expired: he takes no penalty
shot (406(c): the shooter was on the floor when the foul was committed) and
does not go in goal."""

from __future__ import annotations

import pytest

from rinkside.rules.errors import RuleViolation
from rinkside.rules.events import (
    FaceOff,
    GoalieChange,
    Penalty,
    PenaltyClass,
    PenaltyShot,
    Stoppage,
)
from rinkside.rules.game import GameState, apply, replay
from rinkside.rules.roster import GameSetup, default_roster
from rinkside.rules.settings import Settings
from rinkside.rules.times import GameTime, parse_game_time

SETUP = GameSetup(Settings(), default_roster("Home"), default_roster("Away"))


def T(text: str) -> GameTime:
    return parse_game_time(text, 2)


def injured_ten_replaced_by_eleven() -> GameState:
    """Away #10's minor at 1 11:00 served by #11 (206(d)); a whistle at 1 10:30."""
    return replay(SETUP, [
        FaceOff(T("1 12:00")), Stoppage(T("1 11:00")),
        Penalty(T("1 11:00"), "away", 10, PenaltyClass.MINOR, "tripping", "642(a)",
                served_by=11),
        FaceOff(T("1 11:00")), Stoppage(T("1 10:30"))])


def test_rule_206d_the_injured_player_takes_no_penalty_shot_until_his_minor_ends() -> None:
    s = injured_ten_replaced_by_eleven()
    with pytest.raises(RuleViolation) as refused:
        apply(s, PenaltyShot(T("1 10:30"), "away", 10, True))
    assert "206(d)" in str(refused.value)
    assert apply(s, PenaltyShot(T("1 10:30"), "away", 9, True)).score == {"home": 0, "away": 1}


def test_rule_206d_once_his_minor_has_ended_he_may_take_one() -> None:
    s = apply(injured_ten_replaced_by_eleven(), FaceOff(T("1 10:30")))
    s = apply(s, Stoppage(T("1 8:30")))  # the minor ended at 1 9:00
    assert apply(s, PenaltyShot(T("1 8:30"), "away", 10, True)).score == {"home": 0, "away": 1}


def test_rule_206d_the_injured_player_does_not_go_in_goal_until_his_minor_ends() -> None:
    s = injured_ten_replaced_by_eleven()
    with pytest.raises(RuleViolation) as refused:
        apply(s, GoalieChange(T("1 10:30"), "away", 10))
    assert "206(d)" in str(refused.value)
    s = apply(apply(s, FaceOff(T("1 10:30"))), Stoppage(T("1 8:30")))
    assert apply(s, GoalieChange(T("1 8:30"), "away", 10)).goalie("away") == 10
