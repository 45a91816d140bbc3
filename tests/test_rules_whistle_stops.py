"""rules.clock.stops_at_whistle: whether a whistle blown now stops the game
clock, which the console acts on the moment the key is pressed (507(a))."""

from __future__ import annotations

from gamekit import end, faceoff, play, t, whistle

from rinkside.rules.clock import stops_at_whistle


def test_under_stop_time_a_whistle_in_play_stops_the_clock_640a() -> None:
    assert stops_at_whistle(play([faceoff("1 12:00")]))


def test_no_whistle_stops_a_clock_already_stopped() -> None:
    assert not stops_at_whistle(play([faceoff("1 12:00"), whistle("1 11:00")]))
    assert not stops_at_whistle(play([]))


def test_under_running_time_the_clock_runs_through_a_whistle_640a() -> None:
    s = play([faceoff("1 15:00")], clock="running", period_length="15:00")
    assert not stops_at_whistle(s)


def test_the_late_stop_clock_makes_the_whistle_stop_it_casebook_22() -> None:
    s = play([faceoff("1 15:00"), end("1 0:00"), faceoff("2 15:00")], clock="running",
             period_length="15:00")
    assert not stops_at_whistle(s)
    assert stops_at_whistle(s.advance_to(t("2 1:50")))  # tied, inside the last 2:00
