"""Equipment measurements asked for at a stoppage (301, 303, 304, 610(f))."""

from __future__ import annotations

import pytest
from gamekit import box, faceoff, play, refused, t, whistle

from rinkside.formats import decode_event, encode_event
from rinkside.rules import infractions
from rinkside.rules.events import MEASURED_ITEMS, Measurement, MeasureResult, Team
from rinkside.rules.game import apply
from rinkside.rules.measurement import ILLEGAL, NOTE, REFUSING, UNSUBSTANTIATED, describe
from rinkside.rules.settings import Settings


def measure(at: str, team: Team, player: int, item: str = "stick",
            result: MeasureResult = "illegal", served_by: int | None = None) -> Measurement:
    return Measurement(t(at), team, player, item, result, served_by)


STOPPED = [faceoff("1 12:00"), whistle("1 10:00")]


class TestRule301MeasuredStick:
    def test_an_illegal_stick_is_a_minor_to_its_player(self) -> None:
        s = play([*STOPPED, measure("1 10:00", "home", 7)])
        [p] = s.penalties
        assert (p.team, p.player, p.penalty_class.value, p.rule) == ("away", 7, "minor",
                                                                      "301(d)")
        s = apply(s, faceoff("1 10:00"))
        assert box(s, "away") == [(7, "running", "2:00")]
        assert s.strength() == "4 on 3"

    def test_refusing_to_surrender_the_stick_is_a_minor_and_a_misconduct(self) -> None:
        s = play([*STOPPED, measure("1 10:00", "home", 7, result="refused")])
        assert sorted(p.penalty_class.value for p in s.penalties) == ["minor", "misconduct"]
        assert {p.rule for p in s.penalties} == {"301(e)"}
        assert s.pim()["away"] == {"7": 12}

    def test_refusing_other_equipment_is_not_301e(self) -> None:
        exc = refused(play(STOPPED), measure("1 10:00", "home", 1, "leg_pads", "refused"))
        assert exc.rule == "301(e)"


class TestRule610fUnsubstantiatedRequest:
    def test_a_legal_stick_is_a_bench_minor_to_the_team_that_asked(self) -> None:
        s = play([*STOPPED, measure("1 10:00", "home", 7, result="legal", served_by=9)])
        [p] = s.penalties
        assert (p.team, p.player, p.penalty_class.value, p.rule) == ("home", None,
                                                                      "bench_minor", "610(f)")
        s = apply(s, faceoff("1 10:00"))
        assert s.skaters("home") == 3 and s.skaters("away") == 4

    def test_measured_only_at_a_stoppage(self) -> None:
        exc = refused(play([faceoff("1 12:00")]), measure("1 11:00", "home", 7))
        assert exc.rule == NOTE == "Section III Note 1" and "stoppage" in exc.reason

    def test_one_request_per_team_per_stoppage(self) -> None:
        s = play([*STOPPED, measure("1 10:00", "home", 7, result="legal")])
        exc = refused(s, measure("1 10:00", "home", 8))
        assert exc.rule == NOTE and "already asked" in exc.reason
        s = apply(s, measure("1 10:00", "away", 5))  # the other team may still ask
        s = play([*STOPPED, measure("1 10:00", "home", 7, result="legal"),
                  faceoff("1 10:00"), whistle("1 9:00"), measure("1 9:00", "home", 8)])
        assert len(s.measurements) == 2  # a new stoppage, a new request

    def test_the_measured_player_must_be_on_the_other_roster(self) -> None:
        exc = refused(play(STOPPED), measure("1 10:00", "home", 77))
        assert exc.rule == "203(a)"


class TestRule303And304:
    @pytest.mark.parametrize(("item", "rule"), [("blocker", "303(g)"), ("leg_pads", "303(g)"),
                                                ("catching_glove", "303(g)"),
                                                ("glove", "304(e)"),
                                                ("protective_equipment", "304(f)")])
    def test_illegal_equipment_is_a_minor_under_its_rule(self, item: str, rule: str) -> None:
        s = play([*STOPPED, measure("1 10:00", "home", 1, item)])
        [p] = s.penalties
        assert (p.team, p.player, p.penalty_class.value, p.rule) == ("away", 1, "minor", rule)


def test_every_call_is_a_catalog_entry_and_reads_as_one_sentence() -> None:
    keys = {i.key for i in infractions.CATALOG}
    assert set(ILLEGAL.values()) | {UNSUBSTANTIATED, REFUSING} <= keys
    assert set(ILLEGAL) == set(MEASURED_ITEMS)
    s = play([*STOPPED, measure("1 10:00", "away", 11, result="refused")])
    assert describe(list(s.penalties)) == ("Rule 301(e): Refusing stick measurement: minor "
                                           "plus misconduct to home #11.")


def test_the_event_round_trips_through_the_game_log_format() -> None:
    event = measure("1 10:00", "home", 7, result="legal", served_by=9)
    raw = encode_event(event, Settings())
    assert raw == {"type": "measure", "at": "1 10:00", "team": "home", "player": 7,
                   "item": "stick", "result": "legal", "served_by": 9}
    assert decode_event(raw, 0, 2) == event
