"""rules/upcoming.py: the moments the clock changes the game with no event,
each as the engine gives the state at that reading."""

from __future__ import annotations

from gamekit import called, end, faceoff, goal, play, whistle

from rinkside.rules.state import GameState
from rinkside.rules.times import parse_duration
from rinkside.rules.upcoming import upcoming


def _kinds(state: GameState) -> list[tuple[int, list[tuple[str, str | None, int | None, str]]]]:
    return [(m.at, [(c.kind, c.team, c.player, c.rule) for c in m.changes])
            for m in upcoming(state)]


class TestPenaltiesEndByTheClock:
    def test_a_minor_running_in_play_ends_and_its_player_returns_402b(self) -> None:
        s = play([faceoff("1 12:00"), *called("1 10:00", "away", 7, "minor")])
        first, last = upcoming(s)
        assert (first.at, [(c.kind, c.player, c.rule) for c in first.changes]) == (
            parse_duration("8:00"), [("player_returns", 7, "402(b)")])
        assert first.state.skaters("away") == 4 and first.state.box("away") == []
        assert (last.at, [c.kind for c in last.changes]) == (0, ["period_end"])

    def test_a_held_third_penalty_starts_when_a_place_frees_408a(self) -> None:
        s = play([faceoff("1 12:00"), *called("1 11:00", "away", 7, "minor"),
                  *called("1 10:50", "away", 8, "minor"), *called("1 10:40", "away", 9, "minor")])
        moments = _kinds(s)
        nine_starts = [m for m in moments if ("penalty_starts", "away", 9, "408(a)") in m[1]]
        assert nine_starts and nine_starts[0][0] == parse_duration("9:00")
        # 408(b): the first of the three waits for the stoppage
        assert ("penalty_ends", "away", 7, "408(b)") in nine_starts[0][1]

    def test_nothing_changes_while_the_clock_is_stopped(self) -> None:
        s = play([faceoff("1 12:00"), *called("1 10:00", "away", 7, "minor"),
                  whistle("1 9:30")])
        assert upcoming(s) == ()


class TestTheClockStopsItself:
    def test_the_late_stop_clock_begins_in_a_stoppage_under_running_time_640a(self) -> None:
        s = play([faceoff("1 15:00"), whistle("1 0:00"), end("1 0:00"), faceoff("2 15:00"),
                  whistle("2 3:00")], clock="running", period_length="15:00")
        assert _kinds(s) == [(parse_duration("2:00"), [("late_stop_clock", None, None,
                                                          "640(a)")])]

    def test_the_period_ends_at_zero_507c(self) -> None:
        s = play([faceoff("1 12:00"), goal("1 11:00", "home", 9), faceoff("1 11:00")])
        assert _kinds(s) == [(0, [("period_end", None, None, "507(c)")])]
