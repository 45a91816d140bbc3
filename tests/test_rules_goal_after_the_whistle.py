"""Rule 616(b): a goal is scored while the puck is in play, before the whistle
(402(e), 409(c): "before the whistle is blown"). A goal stops play itself, so
the goal that caused a stoppage is recorded in the whistle's place; a goal
recorded after a whistle is refused, and the signalled minor that whistle
assessed stands."""

from __future__ import annotations

from gamekit import box, faceoff, goal, play, refused, signal, whistle


def test_a_goal_recorded_after_the_whistle_is_refused_616b() -> None:
    s = play([faceoff("1 12:00"), signal("1 10:30", "away", 5, "minor"), whistle("1 10:00")])
    error = refused(s, goal("1 10:00", "home", 9))
    assert error.rule == "616(b)"
    assert "play is stopped" in str(error) and "whistle's place" in str(error)
    assert s.score == {"home": 0, "away": 0}
    assert box(s, "away") == [(5, "pending", "2:00")]  # assessed at the whistle, not wiped out


def test_the_same_goal_before_the_whistle_wipes_out_the_signalled_minor_409c() -> None:
    s = play(
        [faceoff("1 12:00"), signal("1 10:30", "away", 5, "minor"), goal("1 10:00", "home", 9)]
    )
    assert s.score == {"home": 1, "away": 0}
    assert box(s, "away") == []


def test_a_goal_at_a_plain_whistle_is_refused_and_counts_after_the_faceoff_616b() -> None:
    s = play([faceoff("1 12:00"), whistle("1 11:00")])
    assert refused(s, goal("1 11:00", "away", 9)).rule == "616(b)"
    after = play(
        [faceoff("1 12:00"), whistle("1 11:00"), faceoff("1 11:00"), goal("1 10:00", "away", 9)]
    )
    assert after.score == {"home": 0, "away": 1}
