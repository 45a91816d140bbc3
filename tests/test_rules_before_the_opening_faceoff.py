"""What the book lets happen before the opening face-off: a warning to a team
that refuses to begin the game (634(a)), and a player penalized then (401(b))
leaving the penalty bench (629(c))."""

from __future__ import annotations

from rinkside.rules.events import Caution, FaceOff, LeftBox, Penalty, PenaltyClass
from rinkside.rules.game import apply, start
from rinkside.rules.roster import GameSetup, default_roster
from rinkside.rules.settings import Settings
from rinkside.rules.times import GameTime, parse_game_time

PC = PenaltyClass
SETUP = GameSetup(Settings(), default_roster("Home"), default_roster("Away"))


def T(text: str) -> GameTime:
    return parse_game_time(text, 2)


def test_rule_634a_a_warning_before_the_opening_faceoff_is_the_one_its_bench_minor_follows(
) -> None:
    s = apply(start(SETUP), Caution(T("1 12:00"), "away", "634(a)"))
    assert s.status == "not_started"
    s = apply(s, Penalty(T("1 12:00"), "away", None, PC.BENCH_MINOR, "refusing to start play",
                         "634(a)", served_by=8))
    assert s.last_warnings == ()  # warned first: no 634(a) warning (casebook 46)
    s = apply(s, FaceOff(T("1 12:00")))
    assert s.skaters("away") == 3
    assert s.pim()["away"] == {"bench": 2}


def test_rule_629c_leaving_the_box_before_the_opening_faceoff_adds_a_minor_after_his_time(
) -> None:
    s = apply(start(SETUP), Penalty(T("1 12:00"), "away", 8, PC.MINOR, "roughing", "615(b)"))
    s = apply(s, LeftBox(T("1 12:00"), "away", 8))
    assert s.pim()["away"] == {"8": 4}  # casebook 44: back at once, and the 629(c) minor
    s = apply(s, FaceOff(T("1 12:00")))
    assert [(e.player, e.state, e.left) for e in s.box("away")] == [
        (8, "running", 1200), (8, "pending", 1200)]
    assert s.skaters("away") == 3
