"""The second edition of the rules in the engine: each test named by the rule
it protects. The scenarios of ``tests/conformance_second_edition`` (FORMAT.md,
second edition) run here too, each one a test."""

from __future__ import annotations

from pathlib import Path

import pytest

from rinkside.conformance import run_scenario
from rinkside.formats import load_scenario
from rinkside.rules.errors import RuleViolation
from rinkside.rules.events import (
    Caution,
    Event,
    FaceOff,
    Goal,
    LeftBox,
    Penalty,
    PenaltyClass,
    PenaltyShot,
    PenaltySignal,
    PeriodEnd,
    RefereeTimeout,
    Resume,
    Stoppage,
    Suspend,
    TimeOut,
)
from rinkside.rules.game import GameState, apply, replay
from rinkside.rules.notices import Reason, RuleWarning
from rinkside.rules.roster import GameSetup, default_roster
from rinkside.rules.settings import Settings
from rinkside.rules.times import GameTime, parse_game_time

SCENARIOS = Path(__file__).parent / "conformance_second_edition"
PC = PenaltyClass


def T(text: str) -> GameTime:
    return parse_game_time(text, 2)


def game(*events: Event, settings: Settings | None = None) -> GameState:
    setup = GameSetup(settings or Settings(), default_roster("Home"), default_roster("Away"))
    return replay(setup, events)


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.json")), ids=lambda p: p.stem)
def test_second_edition_scenario(path: Path) -> None:
    outcome = run_scenario(load_scenario(path))
    assert outcome.passed, outcome.failures


def test_rule_409c_casebook_36_short_only_by_a_major_the_signalled_minor_is_not_imposed() -> None:
    s = game(FaceOff(T("1 12:00")), Stoppage(T("1 11:00")),
             Penalty(T("1 11:00"), "home", 5, PC.MAJOR, "cross checking", "609(a)"),
             FaceOff(T("1 11:00")))
    s = apply(s, PenaltySignal(T("1 10:00"), "home", 6, PC.MINOR, "tripping", "642(a)"))
    s = apply(s, Goal(T("1 9:50"), "away", 9))
    assert [e.player for e in s.box("home")] == [5]
    assert s.pim()["home"] == {"5": 5}


def test_rule_615d_a_punch_carries_three_games_whoever_enters_it() -> None:
    s = game(FaceOff(T("1 12:00")), Stoppage(T("1 11:00")),
             Penalty(T("1 11:00"), "away", 7, PC.GAME_MISCONDUCT,
                     "dropping the gloves and throwing a punch", "615(d)", suspension=1))
    (suspension,) = s.suspensions()
    assert suspension.games == 3
    assert [w.rule for w in s.last_warnings] == ["615(d)"]


@pytest.mark.parametrize("rule, infraction", [
    ("604(e)", "checking from behind"), ("607(c)", "butt ending"), ("615(a)", "fighting"),
    ("618(b)", "head butting"), ("620(c)", "holding the facemask causing injury"),
    ("636(c)", "spearing"),
])
def test_rules_604e_607c_615a_618b_620c_636c_the_engine_adds_the_game_misconduct(
        rule: str, infraction: str) -> None:
    s = game(FaceOff(T("1 12:00")), Stoppage(T("1 11:00")),
             Penalty(T("1 11:00"), "away", 7, PC.MAJOR, infraction, rule))
    classes = [p.penalty_class for p in s.penalties]
    assert classes == [PC.MAJOR, PC.GAME_MISCONDUCT], classes
    assert s.is_ejected("away", 7)
    assert any(w.rule == rule for w in s.last_warnings)


def test_rule_629d_minor_and_game_misconduct_after_the_unexpired_time() -> None:
    s = game(FaceOff(T("1 12:00")), Stoppage(T("1 11:00")),
             Penalty(T("1 11:00"), "away", 7, PC.MINOR,
                     "leaving the penalty bench to join an altercation", "629(d)"))
    assert [p.penalty_class for p in s.penalties] == [PC.MINOR, PC.GAME_MISCONDUCT]


def test_rule_619c_a_high_sticking_major_without_ejection_is_a_warning_only() -> None:
    s = game(FaceOff(T("1 12:00")), Stoppage(T("1 11:00")),
             Penalty(T("1 11:00"), "away", 7, PC.MAJOR, "high sticking", "619(a)"))
    assert [p.penalty_class for p in s.penalties] == [PC.MAJOR]
    assert any(w.rule == "619(c)" for w in s.last_warnings)


def test_rule_406i_a_penalty_shot_after_the_final_buzzer_can_win_the_game() -> None:
    s = game(FaceOff(T("1 12:00")), PeriodEnd(T("1 0:00")), FaceOff(T("2 12:00")),
             PeriodEnd(T("2 0:00")), PenaltyShot(T("2 0:00"), "home", 9, True))
    assert s.result is not None and s.result.winner == "home"


def test_rule_601a_a_coach_game_misconduct_after_a_bench_minor_is_accepted() -> None:
    s = game(FaceOff(T("1 12:00")), Stoppage(T("1 11:00")),
             Penalty(T("1 11:00"), "home", None, PC.BENCH_MINOR, "unsportsmanlike conduct",
                     "601(a)", served_by=9, official="Coach"),
             Penalty(T("1 11:00"), "home", None, PC.GAME_MISCONDUCT, "unsportsmanlike conduct",
                     "601(a)", official="Coach"))
    assert s.pim()["home"] == {"official:Coach": 12}
    assert [x.games for x in s.official_suspensions()] == [1]
    assert s.suspensions() == s.official_suspensions()  # casebook 59: among the game's
    with pytest.raises(RuleViolation, match="404"):
        apply(s, Penalty(T("1 11:00"), "home", None, PC.BENCH_MINOR, "unsportsmanlike conduct",
                         "601(a)", official="Coach"))


def test_rule_601f_a_removed_coach_may_still_be_given_a_gross_misconduct() -> None:
    s = game(FaceOff(T("1 12:00")), Stoppage(T("1 11:00")),
             Penalty(T("1 11:00"), "home", None, PC.GAME_MISCONDUCT, "unsportsmanlike conduct",
                     "601(a)", official="Coach"),
             Penalty(T("1 11:00"), "home", None, PC.GROSS_MISCONDUCT, "racial slurs",
                     "601(f)", official="Coach"))
    assert s.pim()["home"] == {"official:Coach": 20}
    assert [x.games for x in s.official_suspensions()] == [1, "pending_review"]  # both stand


def test_casebook_59_a_team_officials_ejection_suspends_only_for_the_games_set() -> None:
    s = game(FaceOff(T("1 12:00")), Stoppage(T("1 11:00")),
             Penalty(T("1 11:00"), "home", None, PC.GAME_EJECTION, "abuse of officials",
                     "601(c)", official="Coach"),
             Penalty(T("1 11:00"), "away", None, PC.GAME_EJECTION, "abuse of officials",
                     "601(c)", official="Manager", suspension=2),
             Penalty(T("1 11:00"), "away", None, PC.MISCONDUCT, "unsportsmanlike conduct",
                     "601(b)", official="Trainer", suspension=1))
    assert sorted((x.team, x.official, x.games) for x in s.suspensions()) == [
        ("away", "Manager", 2), ("away", "Trainer", 1)]  # 404(c): the coach's none


def test_rule_406h_the_minor_is_not_served_alongside_a_penalty_shot() -> None:
    s = game(FaceOff(T("1 12:00")), Stoppage(T("1 11:00")),
             Penalty(T("1 11:00"), "away", 5, PC.MINOR, "tripping", "642(a)",
                     penalty_shot=True))
    assert s.penalty_shot_due == "home"
    s = apply(s, PenaltyShot(T("1 11:00"), "home", 9, False))
    assert s.box("away") == [] and s.pim()["away"] == {} and s.penalty_shot_due is None


def test_casebook_62_an_unmarked_shot_foul_beside_the_marked_one_is_warned_at_the_shot(
        ) -> None:
    s = game(FaceOff(T("1 12:00")), Stoppage(T("1 11:00")),
             Penalty(T("1 11:00"), "away", 5, PC.MINOR, "tripping from behind", "642(e)",
                     penalty_shot=True),
             Penalty(T("1 11:00"), "away", 6, PC.MINOR, "throwing the stick", "638(a)"),
             PenaltyShot(T("1 11:00"), "home", 9, False))
    assert [w.rule for w in s.last_warnings] == ["406(h)"]
    assert "#6" in s.last_warnings[0].text and s.pim()["away"] == {"6": 2}
    assert s.penalty_shot_due is None


def test_casebook_62_an_unmarked_minor_is_served_beside_a_penalty_shot() -> None:
    s = game(FaceOff(T("1 12:00")), Stoppage(T("1 11:00")),
             Penalty(T("1 11:00"), "away", 5, PC.MINOR, "roughing", "615(b)"),
             PenaltyShot(T("1 11:00"), "home", 9, False))
    assert [e.player for e in s.box("away")] == [5] and s.pim()["away"] == {"5": 2}
    assert s.last_warnings == ()


def test_rule_406c_a_player_in_the_box_does_not_take_the_penalty_shot() -> None:
    s = game(FaceOff(T("1 12:00")), Stoppage(T("1 11:00")),
             Penalty(T("1 11:00"), "home", 10, PC.MINOR, "hooking", "622(a)"),
             FaceOff(T("1 11:00")), Stoppage(T("1 10:30")))
    with pytest.raises(RuleViolation, match=r"406\(c\)"):
        apply(s, PenaltyShot(T("1 10:30"), "home", 10, True))


def test_rule_405a_casebook_48_the_goaltender_does_not_serve_a_match_penalty() -> None:
    s = game(FaceOff(T("1 12:00")), Stoppage(T("1 11:00")))
    with pytest.raises(RuleViolation, match=r"405\(a\)"):
        apply(s, Penalty(T("1 11:00"), "away", 7, PC.MATCH, "butt ending", "607(a)",
                         served_by=1))


def test_rule_206d_a_replaced_injured_player_does_not_score_while_his_penalty_runs() -> None:
    s = game(FaceOff(T("1 12:00")), Stoppage(T("1 11:00")),
             Penalty(T("1 11:00"), "home", 10, PC.MINOR, "hooking", "622(a)", served_by=11),
             FaceOff(T("1 11:00")))
    with pytest.raises(RuleViolation, match=r"206\(d\)"):
        apply(s, Goal(T("1 10:00"), "home", 9, assist=10))


def test_rule_629c_leaving_the_box_early_adds_a_minor_after_the_unexpired_time() -> None:
    s = game(FaceOff(T("1 12:00")), Stoppage(T("1 11:00")),
             Penalty(T("1 11:00"), "home", 10, PC.MINOR, "hooking", "622(a)"),
             FaceOff(T("1 11:00")), LeftBox(T("1 10:00"), "home", 10))
    assert s.skaters("home") == 3
    (entry,) = s.box("home")
    assert entry.why[0] == Reason("629(c)", entry.why[0].text)
    s = apply(s, Stoppage(T("1 9:30")))
    assert sorted(e.left for e in s.box("home")) == [600, 1200]
    assert s.penalties[-1].added_by == "629(c)"


def test_rule_629k_his_team_scores_no_goal_while_he_is_out() -> None:
    s = game(FaceOff(T("1 12:00")), Stoppage(T("1 11:00")),
             Penalty(T("1 11:00"), "home", 10, PC.MINOR, "hooking", "622(a)"),
             FaceOff(T("1 11:00")), LeftBox(T("1 10:00"), "home", 10))
    with pytest.raises(RuleViolation, match=r"629\(k\)"):
        apply(s, Goal(T("1 9:50"), "home", 9))


def test_rule_640d_a_suspended_game_takes_only_its_resumption_or_a_forfeit() -> None:
    s = game(FaceOff(T("1 12:00")), Suspend(T("1 8:00"), "floor"))
    assert s.status == "suspended" and not s.running
    with pytest.raises(RuleViolation, match=r"640\(d\)"):
        apply(s, FaceOff(T("1 8:00")))
    s = apply(s, Resume(T("1 8:00")))
    assert s.status == "stopped"


def test_rule_640b_the_referees_time_out_holds_a_running_clock() -> None:
    s = game(FaceOff(T("1 12:00")), Stoppage(T("1 10:00")), RefereeTimeout(T("1 10:00")),
             settings=Settings(clock="running"))
    assert not s.running
    assert s.timeouts_left == {"home": 1, "away": 1}


def test_rule_640a_a_teams_time_out_after_a_referees_time_out_holds_no_clock() -> None:
    # Casebook 64: the referees' hold ended at its face-off, and a team's
    # time-out holds nothing, so the clock run on through it draws no warning.
    s = game(FaceOff(T("1 12:00")), Stoppage(T("1 10:00")), RefereeTimeout(T("1 10:00")),
             FaceOff(T("1 10:00")), Stoppage(T("1 9:00")), TimeOut(T("1 9:00"), "home"),
             settings=Settings(clock="running"))
    s = apply(s, FaceOff(T("1 8:50")))
    assert s.clock == T("1 8:50") and not [w for w in s.warnings if w.rule == "640(a)"]


def test_rule_205d_a_warning_holds_a_running_clock_until_the_face_off() -> None:
    s = game(FaceOff(T("1 12:00")), Stoppage(T("1 10:00")),
             Caution(T("1 10:00"), "home", "205(d)"), settings=Settings(clock="running"))
    assert not s.running


def test_casebook_46_every_warning_is_kept_with_its_rule_and_event() -> None:
    s = game(FaceOff(T("1 12:00")), Stoppage(T("1 11:00")),
             Penalty(T("1 11:00"), "home", 7, PC.MINOR, "improper face-off position",
                     "610(d)"),
             Penalty(T("1 11:00"), "away", 8, PC.MAJOR, "tripping", "642(a)"))
    assert all(isinstance(w, RuleWarning) for w in s.warnings)
    assert [(w.rule, w.event_index) for w in s.warnings] == [("610(d)", 2), ("642(a)", 3)]
    assert [w.rule for w in s.last_warnings] == ["642(a)"]


def test_rule_402f_a_queued_penalty_says_whose_it_waits_behind() -> None:
    s = game(FaceOff(T("1 12:00")), Stoppage(T("1 11:00")),
             Penalty(T("1 11:00"), "home", 7, PC.MAJOR, "cross checking", "609(a)"),
             Penalty(T("1 11:00"), "home", 7, PC.MINOR, "hooking", "622(a)"),
             FaceOff(T("1 11:00")))
    pending = next(e for e in s.box("home") if e.state == "pending")
    assert pending.why == (Reason("402(f)", "pending behind #7's major"),)


def test_rule_601a_the_catalog_offers_the_next_step_from_the_players_record() -> None:
    from rinkside.rules.escalation import next_step

    s = game(FaceOff(T("1 12:00")), Stoppage(T("1 11:00")))
    assert next_step(s, "home", player=7).penalty_class == PC.MINOR
    s = apply(s, Penalty(T("1 11:00"), "home", 7, PC.MINOR, "unsportsmanlike conduct",
                         "601(a)"))
    assert next_step(s, "home", player=7).penalty_class == PC.MISCONDUCT
    s = apply(s, Penalty(T("1 11:00"), "home", 7, PC.MISCONDUCT, "unsportsmanlike conduct",
                         "601(a)"))
    assert next_step(s, "home", player=7).penalty_class == PC.GAME_MISCONDUCT
    assert next_step(s, "home", official="Coach").penalty_class == PC.BENCH_MINOR
    s = apply(s, Penalty(T("1 11:00"), "home", None, PC.BENCH_MINOR, "unsportsmanlike conduct",
                         "601(a)", official="Coach"))
    assert next_step(s, "home", official="Coach").penalty_class == PC.GAME_MISCONDUCT


def test_rule_503_the_official_who_called_the_penalty_is_on_the_record() -> None:
    s = game(FaceOff(T("1 12:00")), Stoppage(T("1 11:00")),
             Penalty(T("1 11:00"), "home", 7, PC.MINOR, "tripping", "642(a)",
                     called_by="assistant official"))
    assert s.penalties[0].called_by == "assistant official"


def test_rule_634b_a_game_suspended_before_the_start_can_be_forfeited() -> None:
    s = game(Suspend(T("1 12:00"), "the team refuses to go on the floor (634(b))"))
    assert s.status == "suspended"
    from rinkside.rules.events import Forfeit

    s = apply(s, Forfeit(T("1 12:00"), "away", "634(b)"))
    assert s.result is not None and s.result.decided_by == "forfeit"


def test_casebook_31_a_minor_ending_in_a_running_time_stoppage_keeps_the_team_short() -> None:
    s = game(FaceOff(T("1 12:00")), Stoppage(T("1 11:00")),
             Penalty(T("1 11:00"), "home", 5, PC.MINOR, "tripping", "642(a)"),
             FaceOff(T("1 11:00")), Stoppage(T("1 9:30")), settings=Settings(clock="running"))
    later = s.advance_to(T("1 8:50"))
    (entry,) = later.box("home")
    assert entry.state == "expired" and later.skaters("home") == 3
    assert apply(later, FaceOff(T("1 8:50"))).skaters("home") == 4


def test_casebook_37_a_signalled_double_minor_loses_its_first_minor_to_a_goal() -> None:
    s = game(FaceOff(T("1 12:00")),
             PenaltySignal(T("1 10:00"), "home", 6, PC.DOUBLE_MINOR, "high sticking", "619(a)"),
             Goal(T("1 9:50"), "away", 9))
    assert [p.penalty_class for p in s.penalties] == [PC.MINOR]


def test_casebook_40_a_misconduct_given_with_a_major_starts_when_the_major_ends() -> None:
    s = game(FaceOff(T("1 12:00")), Stoppage(T("1 11:00")),
             Penalty(T("1 11:00"), "home", 5, PC.MAJOR, "cross checking", "609(a)"),
             Penalty(T("1 11:00"), "home", 5, PC.MISCONDUCT, "abuse of an official", "601(d)"),
             FaceOff(T("1 11:00")))
    states = sorted(e.state for e in s.box("home"))
    assert states == ["pending", "running"]
    assert next(e for e in s.box("home") if e.state == "pending").why[0].rule == "404(e)"
