"""Section IV: the penalty box, strength, releases. One class per rule."""

from __future__ import annotations

from gamekit import at, box, called, end, faceoff, goal, pen, play, refused, signal, whistle

from rinkside.rules.events import PenaltyShot
from rinkside.rules.game import apply
from rinkside.rules.notices import Reason
from rinkside.rules.state import GameState
from rinkside.rules.times import parse_game_time


class TestRule402bMinor:
    def test_minor_counts_from_the_faceoff_and_ends_on_time(self) -> None:
        s = play([faceoff("1 12:00"), *called("1 10:00", "away", 7, "minor")])
        assert (s.skaters("home"), s.skaters("away")) == (4, 3)
        assert box(at(s, "1 9:00"), "away") == [(7, "running", "1:00")]
        later = at(s, "1 7:59")
        assert box(later, "away") == []
        assert later.skaters("away") == 4

    def test_one_thirty_minor_setting(self) -> None:
        s = play([faceoff("1 12:00"), *called("1 10:00", "away", 7, "minor")], minor="1:30")
        assert box(s, "away") == [(7, "running", "1:30")]
        assert s.pim()["away"] == {"7": 1.5}


class TestRule402cBenchMinorAndRunningTime:
    def test_bench_minor_served_by_named_player_charged_to_bench(self) -> None:
        s = play([faceoff("1 12:00"),
                  *called("1 11:00", "home", None, "bench_minor", served_by=9,
                          infraction="too many players", rule="205(c)")])
        [entry] = s.box("home")
        assert (entry.player, entry.served_by, entry.state) == (None, 9, "running")
        assert s.skaters("home") == 3
        assert s.pim()["home"] == {"bench": 2}

    def test_running_time_minor_ending_in_a_stoppage_waits_for_the_faceoff(self) -> None:
        s = play([faceoff("1 15:00"), *called("1 14:00", "away", 7, "minor"),
                  whistle("1 12:30")], clock="running", period_length="15:00")
        waiting = at(s, "1 11:50")  # the minor ended at 1 12:00, play still stopped
        assert box(waiting, "away") == [(7, "expired", "0:00")]
        back = apply(waiting, faceoff("1 11:50"))
        assert box(back, "away") == []
        assert back.skaters("away") == 4


class TestRule408aThirdPenaltyAfterARunningStoppage:
    def test_a_player_back_at_the_faceoff_leaves_room_for_that_stoppages_penalties(
            self) -> None:
        """Casebook 31, 408(a): time over during a running-time stoppage
        keeps the team short until the face-off, and no longer at it."""
        s = play([faceoff("1 15:00"), *called("1 12:00", "away", 7, "minor"),
                  whistle("1 10:10"), pen("1 10:10", "away", 4, "minor"),
                  pen("1 10:10", "away", 9, "minor"), faceoff("1 9:50")],
                 clock="running", period_length="15:00")
        assert box(s, "away") == [(4, "running", "2:00"), (9, "running", "2:00")]
        assert s.skaters("away") == 2


class TestRule408aThirdPenaltyExplainedBeforeTheFaceoff:
    @staticmethod
    def why(state: GameState, player: int) -> tuple[str, ...]:
        """The entry's reasons as the console shows them (``text: rule``),
        rule first."""
        entry = next(e for e in state.box("away") if e.player == player)
        return tuple(f"{r.rule} {r.text}" for r in entry.why)

    def test_a_third_penalty_at_a_stoppage_is_held_back_not_started_at_the_faceoff(
            self) -> None:
        """408(a): two teammates serving, a third penalized at a stoppage is
        held back; the box says so before the face-off, not 409(d)."""
        s = play([faceoff("1 12:00"), *called("1 11:00", "away", 7, "minor"),
                  *called("1 10:30", "away", 8, "minor"), whistle("1 10:00"),
                  pen("1 10:00", "away", 9, "minor")])
        before = self.why(s, 9)
        assert before[0].startswith("408(a)") and "held back" in before[0]
        assert not any(w.startswith("409(d)") for w in before)
        after = apply(s, faceoff("1 10:00"))
        assert box(after, "away") == [(7, "running", "1:00"), (8, "running", "1:30"),
                                      (9, "pending", "2:00")]
        assert self.why(after, 9)[0].startswith("408(a)")

    def test_two_new_penalties_beside_one_serving_the_second_is_held_back(self) -> None:
        s = play([faceoff("1 12:00"), *called("1 11:00", "away", 7, "minor"),
                  whistle("1 10:00"), pen("1 10:00", "away", 8, "minor"),
                  pen("1 10:00", "away", 9, "minor")])
        assert self.why(s, 8)[0].startswith("409(d)")
        assert self.why(s, 9)[0].startswith("408(a)")
        after = apply(s, faceoff("1 10:00"))
        assert box(after, "away") == [(7, "running", "1:00"), (8, "running", "2:00"),
                                      (9, "pending", "2:00")]

    def test_a_misconduct_to_a_third_player_still_starts_at_the_faceoff(self) -> None:
        """Ruling 53: a misconduct is not held back by 408(a)."""
        s = play([faceoff("1 12:00"), *called("1 11:00", "away", 7, "minor"),
                  *called("1 10:30", "away", 8, "minor"), whistle("1 10:00"),
                  pen("1 10:00", "away", 9, "misconduct")])
        assert self.why(s, 9)[0].startswith("409(d)")


class TestRule402dRelease:
    def test_power_play_goal_releases_the_first_minor(self) -> None:
        s = play([faceoff("1 12:00"), *called("1 11:00", "away", 7, "minor"),
                  *called("1 10:30", "away", 8, "minor"), goal("1 10:00", "home", 9)])
        assert box(s, "away") == [(8, "running", "1:30")]

    def test_goal_by_the_short_team_releases_nothing(self) -> None:
        s = play([faceoff("1 12:00"), *called("1 11:00", "away", 7, "minor"),
                  goal("1 10:00", "away", 9)])
        assert box(s, "away") == [(7, "running", "1:00")]
        assert s.goals[-1].strength == "SH"

    def test_goal_never_releases_a_major(self) -> None:
        s = play([faceoff("1 12:00"), *called("1 11:00", "away", 7, "major"),
                  goal("1 10:00", "home", 9)])
        assert box(s, "away") == [(7, "running", "4:00")]
        assert s.goals[-1].strength == "PP"

    def test_goal_on_a_penalty_shot_releases_nothing(self) -> None:
        s = play([faceoff("1 12:00"), *called("1 11:00", "away", 7, "minor"),
                  whistle("1 10:00")])
        s = apply(s, PenaltyShot(parse_game_time("1 10:00", 2), "home", 9, True))
        assert s.score == {"home": 1, "away": 0}
        assert box(s, "away") == [(7, "running", "1:00")]
        assert s.goals[-1].penalty_shot

    def test_release_of_a_double_minor_ends_only_the_half_being_served(self) -> None:
        s = play([faceoff("1 12:00"), *called("1 11:00", "away", 7, "double_minor"),
                  goal("1 10:00", "home", 9)])
        assert box(s, "away") == [(7, "running", "2:00")]  # the second half starts at once
        s = apply(s, faceoff("1 10:00"))
        s = apply(s, goal("1 9:00", "home", 9))
        assert box(s, "away") == []


class TestRule402eDelayedPenalty:
    def test_signalled_minor_not_imposed_when_the_other_team_scores(self) -> None:
        s = play([faceoff("1 12:00"), signal("1 11:00", "away", 7, "minor"),
                  goal("1 10:50", "home", 9)])
        assert box(s, "away") == []
        assert s.pim()["away"] == {}
        assert any(w.rule == "409(c)" for w in s.warnings)

    def test_signalled_major_is_imposed_even_after_a_goal(self) -> None:
        s = play([faceoff("1 12:00"), signal("1 11:00", "away", 7, "major"),
                  goal("1 10:50", "home", 9), faceoff("1 10:50")])
        assert box(s, "away") == [(7, "running", "5:00")]

    def test_already_short_team_gets_the_signalled_minor_and_its_first_minor_ends(self) -> None:
        s = play([faceoff("1 12:00"), *called("1 11:30", "away", 5, "minor"),
                  signal("1 11:00", "away", 7, "minor"), goal("1 10:50", "home", 9),
                  faceoff("1 10:50")])
        assert box(s, "away") == [(7, "running", "2:00")]
        assert s.pim()["away"] == {"5": 2, "7": 2}

    def test_signal_is_assessed_at_the_next_stoppage(self) -> None:
        s = play([faceoff("1 12:00"), signal("1 11:00", "away", 7, "minor"),
                  whistle("1 10:40")])
        assert box(s, "away") == [(7, "pending", "2:00")]


class TestRule402fMajorAndMinorTogether:
    def test_major_served_first_then_the_minor(self) -> None:
        s = play([faceoff("1 12:00"), whistle("1 11:00"), pen("1 11:00", "away", 7, "major"),
                  pen("1 11:00", "away", 7, "minor"), faceoff("1 11:00")])
        assert box(s, "away") == [(7, "pending", "2:00"), (7, "running", "5:00")]
        assert box(at(s, "1 5:00"), "away") == [(7, "running", "1:00")]
        assert at(s, "1 5:00").skaters("away") == 3

    def test_minor_first_when_the_majors_are_coincident(self) -> None:
        s = play([faceoff("1 12:00"), whistle("1 11:00"), pen("1 11:00", "away", 7, "major"),
                  pen("1 11:00", "away", 7, "minor"), pen("1 11:00", "home", 6, "major"),
                  faceoff("1 11:00")])
        assert box(s, "away") == [(7, "pending", "5:00"), (7, "running", "2:00")]
        assert (s.skaters("home"), s.skaters("away")) == (4, 3)
        after_minor = at(s, "1 8:30")
        assert after_minor.skaters("away") == 4
        assert box(after_minor, "away") == [(7, "running", "4:30")]


class TestRule402gCoincidentWhenShort:
    def test_coincident_minors_while_a_team_is_short_are_substituted(self) -> None:
        s = play([faceoff("1 12:00"), *called("1 11:30", "away", 5, "minor"),
                  whistle("1 11:00"), pen("1 11:00", "home", 8, "minor"),
                  pen("1 11:00", "away", 8, "minor"), faceoff("1 11:00")])
        assert (s.skaters("home"), s.skaters("away")) == (4, 3)
        waiting = at(s, "1 8:50")  # both coincident minors ended at 1 9:00
        assert box(waiting, "home") == [(8, "expired", "0:00")]
        assert box(apply(waiting, whistle("1 8:50")), "home") == []


class TestRule403Majors:
    def test_coincident_majors_leave_strength_unchanged_and_wait_for_a_whistle(self) -> None:
        s = play([faceoff("1 12:00"), whistle("1 11:00"), pen("1 11:00", "home", 5, "major"),
                  pen("1 11:00", "away", 5, "major"), faceoff("1 11:00")])
        assert (s.skaters("home"), s.skaters("away")) == (4, 4)
        assert box(at(s, "1 5:00"), "away") == [(5, "expired", "0:00")]

    def test_major_against_minor_early_is_served_normally(self) -> None:
        s = play([faceoff("1 12:00"), whistle("1 11:00"), pen("1 11:00", "home", 5, "major"),
                  pen("1 11:00", "away", 5, "minor"), faceoff("1 11:00")])
        assert (s.skaters("home"), s.skaters("away")) == (3, 3)
        later = at(s, "1 8:30")
        assert (later.skaters("home"), later.skaters("away")) == (3, 4)

    def test_403e_in_overtime_the_difference_starts_at_once(self) -> None:
        s = play([faceoff("1 12:00"), end("1 0:00"), faceoff("2 12:00"), end("2 0:00"),
                  faceoff("OT1 12:00"), whistle("OT1 10:00"),
                  pen("OT1 10:00", "home", 5, "major"), pen("OT1 10:00", "away", 5, "minor"),
                  faceoff("OT1 10:00")], overtime="unlimited")
        assert (s.skaters("home"), s.skaters("away")) == (3, 4)
        after_difference = at(s, "OT1 6:59")  # 5:00 - 2:00 = 3:00 of power play
        assert (after_difference.skaters("home"), after_difference.skaters("away")) == (4, 4)
        assert (5, "expired", "0:00") in box(after_difference, "away")

    def test_403e_not_applied_at_five_minutes_or_more(self) -> None:
        s = play([faceoff("1 12:00"), end("1 0:00"), faceoff("2 12:00"), whistle("2 5:00"),
                  pen("2 5:00", "home", 5, "major"), pen("2 5:00", "away", 5, "minor"),
                  faceoff("2 5:00")])
        assert (s.skaters("home"), s.skaters("away")) == (3, 3)


class TestRule404Misconduct:
    def test_misconduct_substitute_at_once_and_waits_for_a_stoppage(self) -> None:
        s = play([faceoff("1 12:00"), *called("1 11:30", "home", 10, "misconduct",
                                               infraction="abuse of officials", rule="601(d)")])
        assert s.skaters("home") == 4
        assert box(at(s, "1 1:20"), "home") == [(10, "expired", "0:00")]
        assert s.pim()["home"] == {"10": 10}

    def test_404b_casebook_40_the_misconduct_starts_when_the_minor_ends(self) -> None:
        s = play([faceoff("1 12:00"), whistle("1 11:00"), pen("1 11:00", "away", 5, "minor"),
                  pen("1 11:00", "away", 5, "misconduct"), faceoff("1 11:00")])
        assert s.skaters("away") == 3
        assert box(at(s, "1 8:30"), "away") == [(5, "running", "9:30")]

    def test_casebook_65_a_later_misconduct_waits_behind_his_running_minor(self) -> None:
        """402(f), 409 second (c): one player's penalties one after another,
        so a misconduct given at a later stoppage starts when his minor ends."""
        s = play([faceoff("1 12:00"), *called("1 11:00", "home", 4, "minor"),
                  *called("1 10:00", "home", 4, "misconduct", infraction="abuse of officials",
                          rule="601(d)")])
        assert box(s, "home") == [(4, "pending", "10:00"), (4, "running", "1:00")]
        assert s.skaters("home") == 3
        later = at(s, "1 8:00")
        assert box(later, "home") == [(4, "running", "9:00")]
        assert later.skaters("home") == 4

    def test_casebook_65_a_later_minor_runs_and_his_running_misconduct_waits(self) -> None:
        """402(b), 409(d): a minor to a player serving a misconduct leaves the
        team short from the face-off; casebook 65, 40: his misconduct's time
        left waits until the minor ends, here by a goal (402(d))."""
        s = play([faceoff("1 12:00"), *called("1 11:00", "home", 4, "misconduct",
                                               infraction="abuse of officials", rule="601(d)"),
                  *called("1 9:00", "home", 4, "minor")])
        assert box(s, "home") == [(4, "pending", "8:00"), (4, "running", "2:00")]
        assert s.skaters("home") == 3
        assert box(at(s, "1 8:30"), "home") == [(4, "pending", "8:00"), (4, "running", "1:30")]
        [waiting] = [e for e in s.box("home") if e.state == "pending"]
        assert waiting.why == (Reason("404(a)", "its time runs when #4's minor ends: one "
                                      "player's penalties are served one after another "
                                      "(casebook 65)"),)
        scored = apply(at(s, "1 8:00"), goal("1 8:00", "away", 9))
        assert box(scored, "home") == [(4, "running", "8:00")]
        assert scored.skaters("home") == 4
        on_time = at(s, "1 6:00")  # no goal: the minor ended at 1 7:00
        assert box(on_time, "home") == [(4, "running", "7:00")]
        assert on_time.skaters("home") == 4

    def test_casebook_65_a_second_misconduct_waits_behind_the_rest_of_the_first(self) -> None:
        """Casebook 65, 40: a minor and a misconduct to a player serving a
        misconduct: the minor, then the rest of the first, then the second."""
        s = play([faceoff("1 12:00"), *called("1 11:00", "home", 4, "misconduct",
                                               infraction="abuse of officials", rule="601(d)"),
                  whistle("1 9:00"), pen("1 9:00", "home", 4, "minor"),
                  pen("1 9:00", "home", 4, "misconduct", infraction="throwing a stick",
                      rule="638(c)"), faceoff("1 9:00")])
        assert box(at(s, "1 6:00"), "home") == [(4, "pending", "10:00"), (4, "running", "7:00")]

    def test_casebook_40_65_a_two_and_tens_running_misconduct_waits_for_a_later_minor(
            self) -> None:
        """402(b), 409(d): the later minor starts at the face-off, the team
        short; the misconduct of a two and ten, on the minor's key, waits."""
        two_and_ten = [faceoff("1 12:00"), whistle("1 11:00"), pen("1 11:00", "home", 4, "minor"),
                       pen("1 11:00", "home", 4, "misconduct"), faceoff("1 11:00")]
        s = play([*two_and_ten, *called("1 8:00", "home", 4, "minor")])
        assert box(s, "home") == [(4, "pending", "9:00"), (4, "running", "2:00")]
        assert s.skaters("home") == 3

    def test_casebook_65_the_misconduct_waits_whoever_sat_the_two_and_tens_minor(
            self) -> None:
        """The same with the minor of the two and ten served by a named
        substitute (404(b)): the misconduct sits on his key, and still waits."""
        s = play([faceoff("1 12:00"), whistle("1 11:00"),
                  pen("1 11:00", "home", 4, "minor", served_by=7),
                  pen("1 11:00", "home", 4, "misconduct"), faceoff("1 11:00"),
                  *called("1 8:00", "home", 4, "minor")])
        assert box(s, "home") == [(4, "pending", "9:00"), (4, "running", "2:00")]
        assert s.skaters("home") == 3

    def test_casebook_40_a_later_minor_goes_before_a_queued_misconduct(self) -> None:
        """Casebook 40: the misconduct's own time after his minors, though it
        was given at an earlier stoppage than the second."""
        s = play([faceoff("1 12:00"), whistle("1 11:00"), pen("1 11:00", "home", 4, "minor"),
                  pen("1 11:00", "home", 4, "misconduct"), faceoff("1 11:00"),
                  *called("1 10:00", "home", 4, "minor")])
        assert box(at(s, "1 8:30"), "home") == [(4, "pending", "10:00"), (4, "running", "1:30")]

    def test_casebook_65_a_held_minor_pauses_his_misconduct_when_it_starts(self) -> None:
        """408(a): held back, the minor has not started and the misconduct
        runs on; when a place frees the minor starts and the misconduct waits."""
        s = play([faceoff("1 12:00"), *called("1 11:00", "home", 4, "misconduct"),
                  whistle("1 10:30"), pen("1 10:30", "home", 5, "minor"),
                  pen("1 10:30", "home", 6, "minor"), faceoff("1 10:30"),
                  *called("1 10:00", "home", 4, "minor")])
        assert (4, "running", "9:00") in box(s, "home")
        assert box(at(s, "1 8:15"), "home") == [(4, "pending", "7:30"), (4, "running", "1:45"),
                                                (5, "expired", "0:00")]

    def test_404e_major_and_game_misconduct_major_served_by_substitute(self) -> None:
        s = play([faceoff("1 12:00"), whistle("1 11:00"),
                  pen("1 11:00", "away", 5, "major", served_by=6, infraction="fighting",
                      rule="615(a)"),
                  pen("1 11:00", "away", 5, "game_misconduct", infraction="fighting",
                      rule="615(a)"),
                  faceoff("1 11:00")])
        [entry] = s.box("away")
        assert (entry.player, entry.served_by, entry.state) == (5, 6, "running")
        assert s.skaters("away") == 3
        assert s.pim()["away"] == {"5": 15}
        assert s.is_ejected("away", 5)

    def test_game_ejection_puts_nobody_in_the_box(self) -> None:
        s = play([faceoff("1 12:00"), *called("1 11:00", "away", 5, "game_ejection",
                                               infraction="first to intervene",
                                               rule="615(e)")])
        assert s.box("away") == []
        assert s.skaters("away") == 4
        assert s.pim()["away"] == {"5": 10}
        assert s.suspensions() == []


class TestRule405Match:
    def test_time_portion_served_by_a_teammate_and_ten_minutes_charged(self) -> None:
        s = play([faceoff("1 12:00"), *called("1 11:00", "away", 5, "match", served_by=6,
                                               infraction="attempt to injure", rule="603(a)")])
        [entry] = s.box("away")
        assert (entry.player, entry.served_by, entry.left) == (5, 6, 3000)
        assert s.pim()["away"] == {"5": 10}
        [suspension] = s.suspensions()
        assert suspension.games == "rest_of_tournament"
        assert at(s, "1 5:59").skaters("away") == 4


class TestRule407Goaltender:
    def test_goaltender_minor_served_by_teammate_charged_to_goaltender(self) -> None:
        s = play([faceoff("1 12:00"), *called("1 11:00", "home", 1, "minor", served_by=8,
                                               infraction="delay of game", rule="617(b)")])
        [entry] = s.box("home")
        assert (entry.player, entry.served_by) == (1, 8)
        assert s.has_goalie("home")
        assert s.skaters("home") == 3
        assert s.pim()["home"] == {"1": 2}

    def test_casebook_65_a_misconduct_to_the_teammate_sitting_his_minor_waits(self) -> None:
        """407(a), casebook 65, 66: the teammate sits one penalty at a time,
        so a misconduct given to him later starts when the goaltender's
        minor he sits ends (404(a): ten minutes beyond the time he sits)."""
        s = play([faceoff("1 12:00"), *called("1 11:00", "home", 1, "minor", served_by=8,
                                               infraction="delay of game", rule="610(b)"),
                  *called("1 10:00", "home", 8, "misconduct", infraction="abuse of officials",
                          rule="601(d)")])
        assert box(s, "home") == [(1, "running", "1:00"), (8, "pending", "10:00")]
        assert s.skaters("home") == 3
        later = at(s, "1 8:00")
        assert box(later, "home") == [(8, "running", "9:00")]
        assert later.skaters("home") == 4

    def test_teammate_serving_for_the_goaltender_cannot_score(self) -> None:
        s = play([faceoff("1 12:00"), *called("1 11:00", "home", 1, "minor", served_by=8)])
        assert "629(k)" in str(refused(s, goal("1 10:30", "home", 8)))


class TestRule408ThirdPenalty:
    def test_third_penalty_is_held_and_starts_when_a_place_frees(self) -> None:
        s = play([faceoff("1 12:00"), *called("1 11:00", "home", 10, "minor"),
                  *called("1 10:30", "home", 11, "minor"), *called("1 10:00", "home", 12, "minor")])
        assert s.skaters("home") == 2
        assert box(s, "home") == [(10, "running", "1:00"), (11, "running", "1:30"),
                                  (12, "pending", "2:00")]
        later = at(s, "1 8:50")
        assert box(later, "home") == [(10, "expired", "0:00"), (11, "running", "0:20"),
                                      (12, "running", "1:50")]

    def test_408c_designated_player_returns_first(self) -> None:
        from gamekit import t

        from rinkside.rules.events import Designate
        s = play([faceoff("1 12:00"), whistle("1 11:00"), pen("1 11:00", "home", 10, "minor"),
                  pen("1 11:00", "home", 11, "minor"), Designate(t("1 11:00"), "home", 11),
                  faceoff("1 11:00"), *called("1 10:30", "home", 12, "minor")])
        later = at(s, "1 8:50")  # 10 and 11 end together at 1 9:00; #12 takes a place
        assert box(later, "home") == [(10, "expired", "0:00"), (12, "running", "1:50")]

    def test_designating_a_player_without_a_penalty_is_refused(self) -> None:
        from gamekit import t

        from rinkside.rules.events import Designate
        s = play([faceoff("1 12:00"), whistle("1 11:00")])
        assert "408(c)" in str(refused(s, Designate(t("1 11:00"), "home", 11)))


class TestRule409CallingOfPenalties:
    def test_penalty_during_play_is_refused(self) -> None:
        s = play([faceoff("1 12:00")])
        assert "409(b)" in str(refused(s, pen("1 11:00", "away", 5, "minor")))

    def test_signal_during_a_stoppage_is_refused(self) -> None:
        s = play([faceoff("1 12:00"), whistle("1 11:00")])
        assert "409(b)" in str(refused(s, signal("1 11:00", "away", 5, "minor")))

    def test_penalty_time_starts_at_the_faceoff_under_running_time(self) -> None:
        s = play([faceoff("1 15:00"), whistle("1 12:00"), pen("1 12:00", "away", 8, "minor")],
                 clock="running", period_length="15:00")
        assert box(at(s, "1 11:50"), "away") == [(8, "pending", "2:00")]
        s = apply(s, faceoff("1 11:40"))
        assert box(at(s, "1 10:40"), "away") == [(8, "running", "1:00")]


class TestRule404RemovalFromTheGame:
    def test_misconduct_with_a_game_misconduct_leaves_nobody_in_the_box(self) -> None:
        s = play([faceoff("1 12:00"), whistle("1 11:00"),
                  pen("1 11:00", "home", 7, "misconduct", infraction="abuse of officials",
                      rule="601(d)"),
                  pen("1 11:00", "home", 7, "game_misconduct", infraction="abuse of officials",
                      rule="601(d)"),
                  faceoff("1 11:00")])
        assert s.box("home") == []
        assert s.pim()["home"] == {"7": 20}
        assert [(x.player, x.games) for x in s.suspensions()] == [(7, 1)]

    def test_ejected_goaltender_is_replaced_in_goal(self) -> None:
        s = play([faceoff("1 12:00"), *called("1 11:00", "home", 1, "game_misconduct",
                                               infraction="fighting", rule="615(c)")])
        assert s.has_goalie("home")
        assert s.skaters("home") == 4
        assert s.pim()["home"] == {"1": 10}


class TestRule406PenaltyShotRecord:
    def test_every_shot_is_kept_and_shown_until_play_resumes(self) -> None:
        s = play([faceoff("1 12:00"), whistle("1 10:00")])
        s = apply(s, PenaltyShot(parse_game_time("1 10:00", 2), "home", 9, False))
        assert s.penalty_shot_now is not None and not s.penalty_shot_now.scored
        assert s.score["home"] == 0 and len(s.penalty_shots) == 1
        s = apply(s, faceoff("1 10:00"))
        assert s.penalty_shot_now is None  # play resumed
        s = apply(s, PenaltyShot(parse_game_time("1 9:00", 2), "home", 9, True))
        assert [p.scored for p in s.penalty_shots] == [False, True]
        assert s.penalty_shot_now is not None and s.score["home"] == 1
