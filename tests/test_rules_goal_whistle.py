"""Rule 616 (402(e), 409(c), 507(a)): which whistle a goal takes the place
of. The whistle that follows a goal is the goal's own: the log's last event,
when it is a whistle blown at the goal's own moment or by the console's Goal
key, gives way to the goal (the engine then reads the goal as before the
whistle); any other whistle stands, and the goal after it is refused 616(b)."""

from __future__ import annotations

from gamekit import box, faceoff, goal, pen, play, refused, setup, signal, t, whistle

from rinkside.rules.events import Stoppage
from rinkside.rules.goal_whistle import GOAL_KEY, after_another_whistle, whistle_taken_by
from rinkside.rules.log import GameLog


class TestTheGoalsOwnWhistle:
    def test_a_whistle_at_the_goals_own_moment_gives_way_and_the_signal_is_wiped_409c(self) -> None:
        events = [faceoff("1 12:00"), signal("1 10:30", "away", 5, "minor"), whistle("1 10:00")]
        scored = goal("1 10:00", "home", 9)
        place = whistle_taken_by(events, scored, 2)
        assert place is not None
        assert (place.position, place.whistle, place.why) == (2, events[2], "same_moment")
        assert place.reason.startswith("Rule 616: the goal stopped play at 1 10:00;")
        assert "402(e), 409(c)" in place.reason
        # Appended, the goal is refused and the minor assessed at the whistle stands;
        # in the whistle's place, it counts and wipes the signalled minor out.
        log = GameLog.new(setup(), events)
        assert refused(log.state, scored).rule == "616(b)"
        assert box(log.state, "away") == [(5, "pending", "2:00")]
        replaced = log.replace(place.position, scored)
        assert replaced.state.score == {"home": 1, "away": 0}
        assert box(replaced.state, "away") == []

    def test_the_goal_keys_whistle_gives_way_at_whatever_time_the_goal_is_507a(self) -> None:
        key = Stoppage(t("1 9:41.5"), GOAL_KEY)
        events = [faceoff("1 12:00"), key]
        scored = goal("1 9:43", "home", 9)  # the scorer set the rink's reading
        place = whistle_taken_by(events, scored, 2)
        assert place is not None
        assert (place.position, place.whistle, place.why) == (1, key, "goal_key")
        assert place.reason == (
            "Rule 616: the goal stopped play at 1 9:41.5; it takes the "
            "place of the whistle sent when Goal was pressed (507(a))"
        )
        replaced = GameLog.new(setup(), events).replace(place.position, scored)
        assert replaced.state.score == {"home": 1, "away": 0}
        assert replaced.state.left == t("1 9:43").left and not replaced.state.running

    def test_overtime_is_named_as_the_format_names_it(self) -> None:
        events = [faceoff("1 12:00"), Stoppage(t("3 2:00"), GOAL_KEY)]
        place = whistle_taken_by(events, goal("3 2:00", "away", 4), 2)
        assert place is not None and "at OT 2:00;" in place.reason


class TestAStoppageBeforeTheGoal:
    def test_a_whistle_at_another_time_stands_and_the_goal_is_refused_616b(self) -> None:
        events = [faceoff("1 12:00"), whistle("1 11:00")]
        assert whistle_taken_by(events, goal("1 10:58", "home", 9), 2) is None
        assert refused(play(events), goal("1 10:58", "home", 9)).rule == "616(b)"
        named = after_another_whistle(events, goal("1 10:58", "home", 9), 2)
        assert named is not None and named.rule == "616(b)"
        assert str(named).startswith(
            "Rule 616(b): play is stopped by the whistle at 1 11:00 "
            "(event 2), and a goal is scored only before the whistle"
        )
        assert "a goal at 1 10:58 is not that whistle's" in str(named)
        assert "record it at 1 11:00, in the whistle's place" in str(named)

    def test_a_whistle_with_another_reason_at_another_time_stands(self) -> None:
        events = [faceoff("1 12:00"), Stoppage(t("1 11:00"), "penalty")]
        assert whistle_taken_by(events, goal("1 10:58", "home", 9), 2) is None

    def test_a_whistle_followed_by_a_penalty_at_its_stoppage_is_not_the_last_event(self) -> None:
        events = [
            faceoff("1 12:00"),
            Stoppage(t("1 11:00"), GOAL_KEY),
            pen("1 11:00", "away", 5, "minor"),
        ]
        assert whistle_taken_by(events, goal("1 11:00", "home", 9), 2) is None

    def test_no_whistle_no_place_play_on_or_nothing_yet(self) -> None:
        assert whistle_taken_by([], goal("1 11:00", "home", 9), 2) is None
        assert whistle_taken_by([faceoff("1 12:00")], goal("1 11:00", "home", 9), 2) is None
        assert after_another_whistle([faceoff("1 12:00")], goal("1 11:00", "home", 9), 2) is None

    def test_the_goals_own_whistle_is_no_whistle_before_it(self) -> None:
        events = [faceoff("1 12:00"), whistle("1 11:00")]
        assert after_another_whistle(events, goal("1 11:00", "home", 9), 2) is None
