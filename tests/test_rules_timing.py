"""Rule 507: the engine keeps when each penalty's time began and ended on its
record (:mod:`rinkside.rules.timing`). One class per rule."""

from __future__ import annotations

from gamekit import called, end, faceoff, goal, pen, play, t, whistle

from rinkside.rules.records import PenaltyEnd, PenaltyRecord
from rinkside.rules.state import GameState


def record(state: GameState, player: int | None, cls: str) -> PenaltyRecord:
    [found] = [r for r in state.penalties
               if r.player == player and r.penalty_class.value == cls]
    return found


class TestRule409dTimeStartsAtTheFaceoff:
    def test_a_minor_starts_at_the_faceoff_not_when_assessed(self) -> None:
        s = play([faceoff("1 12:00"), whistle("1 10:00"), pen("1 10:00", "away", 7, "minor")])
        assert record(s, 7, "minor").started is None
        s = play([faceoff("1 12:00"), whistle("1 10:00"), pen("1 10:00", "away", 7, "minor"),
                  faceoff("1 10:00")])
        r = record(s, 7, "minor")
        assert (r.started, r.ended, r.end) == (t("1 10:00"), None, None)


class TestRule402bMinorEndsOnTime:
    def test_the_minor_ends_at_the_exact_tenth_between_events(self) -> None:
        s = play([faceoff("1 12:00"), *called("1 10:00", "away", 7, "minor"),
                  whistle("1 5:00")])
        r = record(s, 7, "minor")
        assert (r.started, r.ended, r.end, r.returned) == (
            t("1 10:00"), t("1 8:00"), PenaltyEnd.EXPIRED, t("1 8:00"))

    def test_a_minor_ending_with_the_period_ends_at_its_zero(self) -> None:
        s = play([faceoff("1 12:00"), *called("1 2:00", "away", 7, "minor"), end("1 0:00")])
        r = record(s, 7, "minor")
        assert (r.ended, r.end) == (t("1 0:00"), PenaltyEnd.EXPIRED)


class TestRule402dGoalReleasesTheMinor:
    def test_the_released_minor_ends_at_the_goal(self) -> None:
        s = play([faceoff("1 12:00"), *called("1 10:00", "away", 7, "minor"),
                  goal("1 9:00", "home", 9)])
        r = record(s, 7, "minor")
        assert (r.started, r.ended, r.end) == (t("1 10:00"), t("1 9:00"), PenaltyEnd.RELEASED)
        assert PenaltyEnd.RELEASED.rule == "402(d)"


class TestRule402fDoubleMinor:
    def test_a_double_minor_ends_after_both_halves(self) -> None:
        s = play([faceoff("1 12:00"), *called("1 11:00", "away", 7, "double_minor"),
                  whistle("1 6:00")])
        r = record(s, 7, "double_minor")
        assert (r.started, r.ended, r.end) == (t("1 11:00"), t("1 7:00"), PenaltyEnd.EXPIRED)


class TestRule408aHeldThirdPenalty:
    def test_the_third_starts_when_a_place_frees_even_with_no_event_between(self) -> None:
        s = play([faceoff("1 12:00"), whistle("1 11:00"),
                  pen("1 11:00", "away", 7, "minor"), pen("1 11:00", "away", 8, "minor"),
                  pen("1 11:00", "away", 9, "minor"), faceoff("1 11:00"),
                  whistle("1 6:00")])
        third = record(s, 9, "minor")
        assert (third.started, third.ended, third.end) == (
            t("1 9:00"), t("1 7:00"), PenaltyEnd.EXPIRED)


class TestRule404aMisconductWaitsForTheStoppage:
    def test_the_misconduct_is_over_when_the_player_comes_back_at_the_whistle(self) -> None:
        s = play([faceoff("1 12:00"), *called("1 11:30", "away", 7, "misconduct"),
                  whistle("1 1:00")])
        r = record(s, 7, "misconduct")
        assert (r.started, r.ended, r.end) == (t("1 11:30"), t("1 1:00"), PenaltyEnd.EXPIRED)


class TestRule404dRemovalEndsTheMisconduct:
    def test_a_game_misconduct_ends_the_players_misconduct_in_the_box(self) -> None:
        s = play([faceoff("1 12:00"), *called("1 11:00", "away", 7, "misconduct"),
                  whistle("1 10:00"), pen("1 10:00", "away", 7, "game_misconduct")])
        r = record(s, 7, "misconduct")
        assert (r.started, r.ended, r.end) == (t("1 11:00"), t("1 10:00"), PenaltyEnd.REMOVED)
        removal = record(s, 7, "game_misconduct")
        assert (removal.started, removal.ended, removal.end) == (None, None, None)


class TestRule640aTheGameEndsFirst:
    def test_time_left_at_the_end_has_no_return(self) -> None:
        s = play([faceoff("1 12:00"), end("1 0:00"), faceoff("2 12:00"),
                  *called("2 1:00", "away", 7, "major"), end("2 0:00")])
        assert s.status == "final"
        r = record(s, 7, "major")
        assert (r.started, r.ended, r.end, r.returned) == (
            t("2 1:00"), t("2 0:00"), PenaltyEnd.GAME_OVER, None)
