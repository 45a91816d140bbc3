"""Corrections: replace, insert or delete any past event; everything recomputes."""

from __future__ import annotations

import pytest
from gamekit import faceoff, goal, pen, setup, t, whistle

from rinkside.rules.errors import RuleViolation
from rinkside.rules.log import GameLog
from rinkside.rules.state import GameState


def _log() -> GameLog:
    return GameLog.new(setup(), [
        faceoff("1 12:00"), whistle("1 11:00"), pen("1 11:00", "away", 7, "minor"),
        faceoff("1 11:00"), goal("1 10:00", "home", 9, 10), faceoff("1 10:00"),
    ])


class TestCorrections:
    def test_replacing_the_scorer_recomputes_the_records(self) -> None:
        log = _log()
        fixed = log.replace(4, goal("1 10:00", "home", 11, 10))
        assert fixed.state.scoring()["home"] == {11: (1, 0), 10: (0, 1)}
        assert log.state.scoring()["home"] == {9: (1, 0), 10: (0, 1)}  # the old log is intact

    def test_deleting_the_penalty_removes_the_power_play(self) -> None:
        log = _log()
        assert log.state.goals[0].strength == "PP"
        fixed = log.delete(2)
        assert fixed.state.goals[0].strength == "EV"
        assert fixed.state.pim()["away"] == {}

    def test_inserting_a_forgotten_penalty(self) -> None:
        log = GameLog.new(setup(), [faceoff("1 12:00"), whistle("1 11:00"), faceoff("1 11:00"),
                                    goal("1 10:00", "home", 9)])
        fixed = log.insert(2, pen("1 11:00", "away", 7, "minor"))
        assert fixed.state.goals[0].strength == "PP"
        assert fixed.state.box("away") == []  # released by the power-play goal (402(d))

    def test_correction_that_makes_a_later_event_illegal_is_refused_whole(self) -> None:
        log = _log()
        with pytest.raises(RuleViolation, match=r"409\(b\): recorded event 2 "):
            log.delete(1)  # without the whistle the penalty would be during play
        assert len(log) == 6 and log.state.score == {"home": 1, "away": 0}

    def test_correction_and_its_inverse_give_back_the_same_state(self) -> None:
        log = _log()
        original = log.events[4]
        round_trip = log.replace(4, goal("1 10:00", "home", 12)).replace(4, original)
        assert round_trip.state.snapshot() == log.state.snapshot()
        again = log.delete(5).insert(5, log.events[5])
        assert again.state.snapshot() == log.state.snapshot()

    def test_state_at_a_moment(self) -> None:
        log = _log()
        assert log.state_at(t("1 10:30")).box("away")[0].left == 900
        assert log.state_at(t("1 10:30")).score == {"home": 0, "away": 0}

    def test_bad_index(self) -> None:
        with pytest.raises(IndexError):
            _log().delete(6)


class TestCorrectedInOneReplay:
    """GameLog.corrected is the log corrected, judged in one replay (issue 30)."""

    @pytest.mark.parametrize(("op", "index", "event"), [
        ("replace", 4, goal("1 10:00", "home", 11, 10)),
        ("delete", 2, None),
        ("insert", 3, whistle("1 11:00")),
    ])
    def test_the_same_log_as_the_correction_of_the_whole(self, op: str, index: int,
                                                         event: object) -> None:
        log = _log()
        whole = {"replace": lambda: log.replace(index, event),  # type: ignore[arg-type]
                 "delete": lambda: log.delete(index),
                 "insert": lambda: log.insert(index, event)}[op]()  # type: ignore[arg-type]
        once = GameLog.corrected(log.setup, log.events, op, index, event)  # type: ignore[arg-type]
        assert once.events == whole.events

        def seen(state: GameState) -> tuple[object, ...]:
            return (state.clock, state.phase, state.scoring(), state.pim(), state.box("home"),
                    state.box("away"), [g.strength for g in state.goals])

        assert [seen(s) for s in once.states] == [seen(s) for s in whole.states]

    def test_each_event_is_applied_once(self, monkeypatch: pytest.MonkeyPatch) -> None:
        import rinkside.rules.log

        log = _log()
        applied: list[object] = []
        real = rinkside.rules.log.apply
        monkeypatch.setattr(rinkside.rules.log, "apply",
                            lambda s, e: applied.append(e) or real(s, e))
        GameLog.corrected(log.setup, log.events, "replace", 4, goal("1 10:00", "home", 11, 10))
        assert len(applied) == len(log.events)
