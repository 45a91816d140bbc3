"""rules/accepts.py: the kinds of event a game takes now, each other kind
refused with the rule the engine refuses every event of it with."""

from __future__ import annotations

from typing import get_args

import pytest
from gamekit import end, faceoff, goal, pen, play, refused, regulation, t, whistle

from rinkside.formats.event_reader import EventFieldError, decode_event
from rinkside.rules import apply
from rinkside.rules.accepts import acceptance
from rinkside.rules.events import (
    EVENT_CLASSES,
    EVENT_TYPES,
    Event,
    Forfeit,
    Resume,
    ShootoutAttempt,
    Suspend,
)
from rinkside.rules.upcoming import upcoming

OVER = ("penalty", "penalty_shot", "goalie")  # casebook 16-17, 406(i), 406(e)


class TestTheKinds:
    def test_every_event_type_has_its_format_name(self) -> None:
        taken = acceptance(play([faceoff("1 12:00")]))
        assert set(taken.accepts) | set(taken.refused) == set(EVENT_CLASSES)
        with pytest.raises(EventFieldError) as refused_type:
            decode_event({"type": "fight", "at": "1 3:00"}, 0, 3)
        assert refused_type.value.detail == ("'fight' is not an event type: "
                                             + ", ".join(EVENT_CLASSES))
        assert set(EVENT_CLASSES.values()) == set(EVENT_TYPES) == set(get_args(Event))


class TestAPeriodEndsOnlyAtZero:
    def test_with_time_left_on_a_running_clock_the_end_is_refused_640a(self) -> None:
        s = play([faceoff("1 12:00")])
        taken = acceptance(s)
        assert "period_end" not in taken.accepts
        refusal = taken.refused["period_end"]
        assert refusal.rule == "640(a)"
        assert "reaches 0:00" in refusal.reason and "rink's clock" in refusal.reason
        assert "507(a)" in refusal.reason
        assert set(taken.accepts) == set(EVENT_CLASSES) - {"period_end"}

    def test_with_time_left_on_a_stopped_clock_the_engine_refuses_it_too(self) -> None:
        s = play([faceoff("1 12:00"), whistle("1 9:30")])
        assert acceptance(s).refused["period_end"].rule == refused(s, end("1 9:30")).rule
        assert "whistle's time" in acceptance(s).refused["period_end"].reason

    def test_the_coming_moment_at_zero_takes_the_end_and_so_does_the_engine(self) -> None:
        s = play([faceoff("1 12:00")])
        last = upcoming(s)[-1]
        assert last.at == 0
        assert "period_end" in acceptance(last.state).accepts
        assert apply(s, end("1 0:00")).status == "intermission"

    def test_a_whistle_at_zero_leaves_the_end_to_take(self) -> None:
        s = play([faceoff("1 12:00"), whistle("1 0:00")])
        assert "period_end" in acceptance(s).accepts

    def test_before_the_game_and_between_periods_no_period_is_being_played(self) -> None:
        for s in (play([]), play([faceoff("1 12:00"), end("1 0:00")])):
            assert acceptance(s).refused["period_end"].rule == "640(a)"
            assert "faceoff" in acceptance(s).accepts


class TestAGameOver:
    def test_after_regulation_only_a_penalty_or_a_penalty_shot_at_the_buzzer(self) -> None:
        s = play(regulation(goal("2 5:00", "home", 10), faceoff("2 5:00")))
        assert s.result is not None
        taken = acceptance(s)
        assert taken.accepts == OVER
        assert {r.rule for r in taken.refused.values()} == {"640(a)"}
        for event in (faceoff("2 0:00"), goal("2 0:00", "home", 10), whistle("2 0:00")):
            assert refused(s, event).rule == "640(a)"
        late = apply(s, pen("2 0:00", "away", 7, "misconduct"))  # for the records
        assert late.result == s.result

    def test_after_a_mercy_ending_nothing_at_all_630a(self) -> None:
        events = [e for i in range(3) for e in (goal(f"1 {11 - i}:00", "home", 10),
                                                faceoff(f"1 {11 - i}:00"))]
        s = play([faceoff("1 12:00"), *events[:-1]], mercy=3)
        taken = acceptance(s)
        assert taken.accepts == ()
        assert {r.rule for r in taken.refused.values()} == {"630(a)"}
        assert refused(s, pen("1 9:00", "away", 7, "minor")).rule == "630(a)"

    def test_after_a_forfeit_nothing_at_all_634d(self) -> None:
        s = apply(play([]), Forfeit(t("1 12:00"), "away", "no team"))
        taken = acceptance(s)
        assert taken.accepts == ()
        assert {r.rule for r in taken.refused.values()} == {"634(d)"}

    def test_after_a_shootout_only_a_penalty(self) -> None:
        s = play(regulation(), overtime="shootout_only", shootout_shooters=1)
        assert s.status == "shootout"
        for team, scored in (("away", True), ("home", False)):
            s = apply(s, ShootoutAttempt(team, 7, scored))
        assert s.result is not None
        assert acceptance(s).accepts == ("penalty",)


class TestAGameSignedOrSuspended:
    def test_a_signed_game_takes_nothing_616a(self) -> None:
        for s in (play([faceoff("1 12:00")]), play(regulation())):
            taken = acceptance(s, signed=True)
            assert taken.accepts == ()
            assert {r.rule for r in taken.refused.values()} == {"616(a)"}
            assert "signed" in str(taken.refused["goal"])

    def test_a_suspended_game_takes_its_resumption_or_a_forfeit_640d(self) -> None:
        s = apply(play([faceoff("1 12:00")]), Suspend(t("1 8:00"), "lights out"))
        taken = acceptance(s)
        assert set(taken.accepts) == {"resume", "forfeit"}
        assert refused(s, goal("1 8:00", "home", 10)).rule == taken.refused["goal"].rule
        assert apply(s, Resume(t("1 8:00"))).status != "suspended"
