"""The clock, goals, time-outs and how games end (Sections IV-VI)."""

from __future__ import annotations

from gamekit import (
    at,
    called,
    end,
    faceoff,
    goal,
    pen,
    play,
    pulled,
    refused,
    regulation,
    t,
    whistle,
)

from rinkside.rules.events import Forfeit, GoalieChange, PenaltyShot, ShootoutAttempt, TimeOut
from rinkside.rules.game import apply


class TestRule640Clock:
    def test_stop_time_clock_runs_only_during_play(self) -> None:
        s = play([faceoff("1 12:00"), whistle("1 10:00")])
        assert not s.running
        assert at(s, "1 9:00").clock == t("1 10:00")

    def test_running_time_clock_runs_through_stoppages(self) -> None:
        s = play([faceoff("1 15:00"), whistle("1 10:00")], clock="running",
                 period_length="15:00")
        assert s.running
        assert at(s, "1 9:00").clock == t("1 9:00")

    def test_late_stop_clock_in_a_close_game(self) -> None:
        s = play([faceoff("1 15:00"), end("1 0:00"), faceoff("2 15:00"), whistle("2 1:50")],
                 clock="running", period_length="15:00")
        assert not s.running  # tied inside the last 2:00 (640(a))

    def test_late_stop_clock_off_when_two_goals_apart(self) -> None:
        s = play([faceoff("1 15:00"), end("1 0:00"), faceoff("2 15:00"),
                  goal("2 5:00", "home", 9), faceoff("2 5:00"), goal("2 4:00", "home", 9),
                  faceoff("2 4:00"), whistle("2 1:50")], clock="running", period_length="15:00")
        assert s.running

    def test_late_stop_clock_can_be_switched_off(self) -> None:
        s = play([faceoff("1 15:00"), end("1 0:00"), faceoff("2 15:00"), whistle("2 1:50")],
                 clock="running", period_length="15:00", late_stop_clock=None)
        assert s.running

    def test_clock_never_runs_backwards(self) -> None:
        s = play([faceoff("1 12:00"), whistle("1 10:00")])
        assert "507(a)" in str(refused(s, faceoff("1 10:30")))

    def test_a_period_must_end_before_the_next_starts(self) -> None:
        s = play([faceoff("1 12:00"), whistle("1 10:00")])
        assert "640(a)" in str(refused(s, faceoff("2 12:00")))

    def test_period_end_only_at_zero(self) -> None:
        s = play([faceoff("1 12:00")])
        assert "640(a)" in str(refused(s, end("1 0:05")))

    def test_intermission_between_periods_and_penalties_carry_over(self) -> None:
        s = play([faceoff("1 12:00"), *called("1 1:00", "away", 7, "minor"), end("1 0:00")])
        assert s.status == "intermission"
        s = apply(s, faceoff("2 12:00"))
        assert [(e.player, e.left) for e in s.box("away")] == [(7, 600)]  # 640(c)

    def test_faceoff_during_play_refused(self) -> None:
        s = play([faceoff("1 12:00")])
        assert "613(a)" in str(refused(s, faceoff("1 11:00")))


class TestRule616Goals:
    def test_own_goal_credits_the_attacker_and_refuses_an_assist(self) -> None:
        s = play([faceoff("1 12:00")])
        assert "616(c)" in str(refused(s, goal("1 11:00", "home", 9, 10, own_goal=True)))
        s = apply(s, goal("1 11:00", "home", 9, own_goal=True))
        assert s.scoring()["home"] == {9: (1, 0)}

    def test_player_cannot_assist_himself(self) -> None:
        s = play([faceoff("1 12:00")])
        assert "616(k)" in str(refused(s, goal("1 11:00", "home", 9, 9)))

    def test_player_not_on_the_roster_refused(self) -> None:
        s = play([faceoff("1 12:00")])
        assert "203(a)" in str(refused(s, goal("1 11:00", "home", 44)))
        assert "#44 (assist) is not on the home roster" in str(
            refused(s, goal("1 11:00", "home", 9, 44)))

    def test_player_in_the_box_cannot_score_or_assist(self) -> None:
        s = play([faceoff("1 12:00"), *called("1 11:00", "away", 7, "minor")])
        assert "629(k)" in str(refused(s, goal("1 10:30", "away", 7)))
        assert "629(k)" in str(refused(s, goal("1 10:30", "away", 9, 7)))

    def test_ejected_player_cannot_score(self) -> None:
        s = play([faceoff("1 12:00"), *called("1 11:00", "away", 7, "game_misconduct")])
        assert "404(d)" in str(refused(s, goal("1 10:30", "away", 7)))

    def test_empty_net_and_strength_tags(self) -> None:
        s = play([faceoff("1 12:00"), *called("1 11:00", "away", 7, "minor"),
                  goal("1 10:30", "away", 9), faceoff("1 10:30"),
                  pulled("1 5:00", "home"), goal("1 4:00", "away", 10)])
        shorthanded, empty_net = s.goals
        assert shorthanded.strength == "SH" and not shorthanded.empty_net
        assert empty_net.empty_net and empty_net.strength == "EV"

    def test_extra_attacker_counts_as_a_skater(self) -> None:
        s = play([faceoff("1 12:00"), pulled("1 1:00", "home")])
        assert (s.skaters("home"), s.has_goalie("home")) == (5, False)
        s = apply(s, GoalieChange(t("1 0:50"), "home", 1))
        assert s.skaters("home") == 4


class TestRule641TimeOuts:
    def test_one_timeout_per_team_during_a_stoppage(self) -> None:
        s = play([faceoff("1 12:00")])
        assert "641(a)" in str(refused(s, TimeOut(t("1 11:00"), "home")))
        s = apply(s, whistle("1 11:00"))
        s = apply(s, TimeOut(t("1 11:00"), "home"))
        s = apply(s, TimeOut(t("1 11:00"), "away"))  # casebook 21: back to back
        assert s.timeouts_left == {"home": 0, "away": 0}
        assert "641(b) note 1" in str(refused(s, TimeOut(t("1 11:00"), "home")))

    def test_running_clock_runs_through_a_timeout(self) -> None:
        # Casebook 64: only the late stop-clock, a 205(d) warning or the
        # referees' time-out holds a running clock (640(a), 640(b)).
        s = play([faceoff("1 15:00"), whistle("1 10:00"), TimeOut(t("1 10:00"), "home")],
                 clock="running", period_length="15:00")
        assert s.running
        assert s.advance_to(t("1 9:40")).clock == t("1 9:40")
        s = apply(s, TimeOut(t("1 9:50"), "away"))  # casebook 21: the other team's, still
        assert s.running and s.warnings == ()
        assert "641(b) note 1" in str(refused(s, TimeOut(t("1 9:45"), "home")))

    def test_late_stop_clock_holds_through_a_timeout(self) -> None:
        s = play([faceoff("1 15:00"), end("1 0:00"), faceoff("2 15:00"), whistle("2 1:30"),
                  TimeOut(t("2 1:30"), "home")], clock="running", period_length="15:00")
        assert not s.running and s.advance_to(t("2 1:00")).clock == t("2 1:30")


class TestRule639EndOfGame:
    def test_tie_stands_without_overtime(self) -> None:
        s = play(regulation())
        assert s.result is not None
        assert (s.result.winner, s.result.decided_by) == (None, "tie")
        assert s.result.points == {"home": 1, "away": 1}

    def test_regulation_win(self) -> None:
        s = play(regulation(goal("2 5:00", "away", 9), faceoff("2 5:00")))
        assert s.result is not None and s.result.winner == "away"
        assert s.result.points == {"home": 0, "away": 2}

    def test_sudden_death_overtime_goal(self) -> None:
        s = play([*regulation(), faceoff("OT 5:00"), goal("OT 3:12", "home", 9)],
                 overtime="shootout")
        assert s.result is not None
        assert (s.result.winner, s.result.decided_by) == ("home", "overtime")

    def test_unlimited_overtime_periods(self) -> None:
        s = play([*regulation(), faceoff("OT1 12:00"), end("OT1 0:00"), faceoff("OT2 12:00"),
                  goal("OT2 1:00", "away", 9)], overtime="unlimited")
        assert s.result is not None and s.result.decided_by == "overtime"

    def test_shootout_visitors_first_and_ends_when_it_cannot_be_tied(self) -> None:
        s = play(regulation(), overtime="shootout_only")
        assert s.status == "shootout"
        assert "639(b)" in str(refused(s, ShootoutAttempt("home", 9, True)))
        for team, shooter, scored in [("away", 9, True), ("home", 9, False),
                                      ("away", 10, True), ("home", 10, False),
                                      ("away", 11, True)]:
            s = apply(s, ShootoutAttempt(team, shooter, scored))
        assert s.result is not None
        assert (s.result.winner, s.result.decided_by) == ("away", "shootout")
        assert s.result.score == {"home": 0, "away": 0}  # casebook 18

    def test_casebook_51_a_refusal_after_the_end_cites_the_rule_that_ended_it(self) -> None:
        tie = play(regulation())
        assert refused(tie, ShootoutAttempt("away", 9, True)).rule == "639(a)"
        assert refused(tie, faceoff("OT 5:00")).rule == "639(a)"
        won = play(regulation(goal("2 5:00", "away", 9), faceoff("2 5:00")))
        assert refused(won, faceoff("OT 5:00")).rule == "640(a)"
        sudden = play([*regulation(), faceoff("OT 5:00"), goal("OT 3:12", "home", 9)],
                      overtime="shootout")
        assert refused(sudden, faceoff("OT 3:12")).rule == "639(b) 3"
        assert refused(sudden, PenaltyShot(t("OT 3:12"), "away", 9, True)).rule == "639(b) 3"
        unlimited = play([*regulation(), faceoff("OT1 12:00"), goal("OT1 1:00", "away", 9)],
                         overtime="unlimited")
        assert "639(c) 3" in str(refused(unlimited, faceoff("OT1 1:00")))
        shootout = play(regulation(), overtime="shootout_only", shootout_shooters=1)
        shootout = apply(apply(shootout, ShootoutAttempt("away", 9, True)),
                         ShootoutAttempt("home", 9, False))
        assert refused(shootout, ShootoutAttempt("away", 10, True)).rule == "639(b) 4"

    def test_shootout_shooter_may_not_shoot_twice_in_the_first_round(self) -> None:
        s = play(regulation(), overtime="shootout_only")
        s = apply(s, ShootoutAttempt("away", 9, False))
        s = apply(s, ShootoutAttempt("home", 9, False))
        assert "639(b)" in str(refused(s, ShootoutAttempt("away", 9, False)))

    def test_shootout_sudden_death_after_the_first_round(self) -> None:
        s = play(regulation(), overtime="shootout_only", shootout_shooters=2)
        for team in ("away", "home", "away", "home"):
            s = apply(s, ShootoutAttempt(team, 9 if len(s.shootout_shots) < 2 else 10, False))
        assert s.result is None
        s = apply(s, ShootoutAttempt("away", 10, True))
        assert s.result is None  # home still shoots in this round
        assert "639(b)" in str(refused(s, ShootoutAttempt("home", 11, True)))
        s = apply(s, ShootoutAttempt("home", 9, False))
        assert s.result is not None and s.result.winner == "away"

    def test_player_with_unexpired_penalty_may_not_shoot(self) -> None:
        s = play(regulation(*called("2 1:00", "home", 7, "minor")), overtime="shootout_only")
        s = apply(s, ShootoutAttempt("away", 9, False))
        assert "639(b)" in str(refused(s, ShootoutAttempt("home", 7, True)))

    def test_nothing_but_a_penalty_after_the_final(self) -> None:
        s = play(regulation())
        assert "639(a)" in str(refused(s, faceoff("2 0:00")))  # the tie stands (casebook 51)
        s = apply(s, pen("2 0:00", "home", 7, "misconduct", infraction="abuse of officials",
                         rule="601(d)"))
        assert s.pim()["home"] == {"7": 10}


class TestRule630Mercy:
    def test_eighth_goal_of_difference_ends_the_game(self) -> None:
        events = [faceoff("1 12:00")]
        for minute in range(11, 3, -1):
            events += [goal(f"1 {minute}:00", "home", 9), faceoff(f"1 {minute}:00")]
        s = play(events[:-1])
        assert s.result is not None and s.result.decided_by == "mercy"
        assert "630" in str(refused(s, faceoff("1 4:00")))

    def test_mercy_differential_is_a_setting(self) -> None:
        events = [faceoff("1 12:00")]
        for minute in (11, 10, 9):
            events += [goal(f"1 {minute}:00", "home", 9), faceoff(f"1 {minute}:00")]
        s = play(events[:-1], mercy=3)
        assert s.status == "final"
        assert play(events[:-1], mercy=None).status == "stopped"


class TestRule634Forfeit:
    def test_forfeit_recorded_one_nil_to_the_captain(self) -> None:
        s = play([faceoff("1 12:00"), goal("1 11:00", "away", 9), faceoff("1 11:00"),
                  whistle("1 10:00"), Forfeit(t("1 10:00"), "away", "injuries")])
        assert s.result is not None
        assert s.result.score == {"home": 1, "away": 0}
        assert s.result.points == {"home": 2, "away": 0}
        assert s.scoring() == {"home": {2: (1, 0)}, "away": {}}
        assert "634(d)" in str(refused(s, faceoff("1 10:00")))

    def test_forfeit_before_the_game(self) -> None:
        s = play([Forfeit(t("1 12:00"), "home", "no show")])
        assert s.result is not None and s.result.winner == "away"


class TestRule406PenaltyShot:
    def test_penalty_shot_during_play_stops_it(self) -> None:
        s = play([faceoff("1 12:00")])
        s = apply(s, PenaltyShot(t("1 10:00"), "home", 9, False))
        assert s.status == "stopped" and s.score == {"home": 0, "away": 0}

    def test_ejected_player_cannot_take_a_penalty_shot(self) -> None:
        s = play([faceoff("1 12:00"), *called("1 11:00", "home", 9, "match", served_by=8),
                  whistle("1 10:00")])
        assert "406" in str(refused(s, PenaltyShot(t("1 10:00"), "home", 9, True)))

    def test_pim_not_charged_for_penalty_shot(self) -> None:
        s = play([faceoff("1 12:00"), whistle("1 10:00"),
                  PenaltyShot(t("1 10:00"), "home", 9, True), faceoff("1 10:00")])
        assert s.pim() == {"home": {}, "away": {}}
        assert s.goals[0].penalty_shot


class TestGoaltenderRecords:
    def test_goals_against_saves_and_time_in_goal(self) -> None:
        from rinkside.rules.events import Shot

        s = play([faceoff("1 12:00"), Shot(t("1 11:00"), "home", 9), Shot(t("1 10:30"), "home"),
                  goal("1 10:00", "home", 9), faceoff("1 10:00"),
                  GoalieChange(t("1 8:00"), "away", 15), goal("1 7:00", "home", 10),
                  faceoff("1 7:00"), whistle("1 6:00")])
        lines = {(g.team, g.goalie): g for g in s.goaltending()}
        starter, backup = lines[("away", 1)], lines[("away", 15)]
        assert (starter.goals_against, starter.saves, starter.shots_against) == (1, 2, 3)
        assert (backup.goals_against, backup.saves, backup.shots_against) == (1, 0, 1)
        assert (starter.tenths, backup.tenths) == (4 * 600, 2 * 600)

    def test_a_shot_at_an_empty_net_is_no_save(self) -> None:
        """Casebook 58: accepted with a 506 warning; no shot on goal, no save."""
        from rinkside.rules.events import Shot

        s = play([faceoff("1 12:00"), Shot(t("1 11:00"), "home", 9),
                  GoalieChange(t("1 10:30"), "away", None), Shot(t("1 10:00"), "home", 9),
                  GoalieChange(t("1 9:30"), "away", 1), whistle("1 9:00")])
        [away_goalie] = [g for g in s.goaltending() if g.team == "away"]
        assert (away_goalie.saves, away_goalie.shots_against) == (1, 1)
        assert len(s.shots) == 1 and s.shots_on_goal() == {"home": 1, "away": 0}
        assert [w.rule for w in s.warnings] == ["506"]

    def test_no_shots_recorded_means_no_save_figures(self) -> None:
        s = play([faceoff("1 12:00"), goal("1 10:00", "home", 9)])
        [away_goalie] = [g for g in s.goaltending() if g.team == "away"]
        assert (away_goalie.goals_against, away_goalie.saves) == (1, None)


class TestPowerPlayRecords:
    def test_each_man_advantage_is_recorded_once(self) -> None:
        s = play([faceoff("1 12:00"), *called("1 11:00", "away", 7, "minor"),
                  goal("1 10:00", "home", 9), faceoff("1 10:00"),
                  *called("1 9:00", "home", 8, "major"), whistle("1 8:00"), faceoff("1 8:00")])
        assert [(team, str(moment.left)) for team, moment in s.power_plays] == [
            ("home", "6600"), ("away", "5400")]

    def test_coincident_minors_give_no_advantage(self) -> None:
        s = play([faceoff("1 12:00"), whistle("1 11:00"), pen("1 11:00", "home", 8, "minor"),
                  pen("1 11:00", "away", 8, "minor"), faceoff("1 11:00")])
        assert s.power_plays == ()


class TestStateKeeping:
    def test_a_state_survives_pickling_unchanged(self) -> None:
        import pickle

        s = play([faceoff("1 12:00"), *called("1 11:00", "away", 7, "minor"),
                  goal("1 10:00", "home", 9, 10), faceoff("1 10:00")])
        back = pickle.loads(pickle.dumps(s))
        assert back.snapshot() == s.snapshot()
        assert back.penalties == s.penalties and back.goals == s.goals
