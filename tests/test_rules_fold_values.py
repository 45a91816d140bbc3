"""The fold's values keep their meaning in their faster representation
(issue 30): a penalty unit and the expiry clock are slotted classes, the
records and game times slotted dataclasses built by plain slot stores, the
catalog's entries found by rule through an index. Each is still a value:
equal by its fields, hashable, pickled and read back equal, and a change is
a new value that leaves the old one as it was."""

from __future__ import annotations

import pickle
from typing import Unpack

import pytest

from rinkside.rules.box import (
    MAJOR_TIME,
    MINOR_TIME,
    Clock,
    ServerKey,
    Unit,
    UnitChanges,
    assessed_unit,
    held_third,
    server_key,
)
from rinkside.rules.events import PenaltyClass
from rinkside.rules.infraction_catalog import _QUALIFIERS, CATALOG
from rinkside.rules.infractions import _by_rule
from rinkside.rules.records import (
    Chain,
    GoalRecord,
    PenaltyRecord,
    assessed_record,
    goal_record,
    items,
)
from rinkside.rules.times import GameTime


def _unit(**changes: Unpack[UnitChanges]) -> Unit:
    unit = Unit(uid=3, penalty_id=2, team="home", player=7, served_by=None,
                server=ServerKey("player", "home", 7), kind=MINOR_TIME,
                penalty_class=PenaltyClass.MINOR, infraction="tripping", duration=1200,
                group=4)
    return unit._replace(**changes)


def test_a_unit_is_a_value() -> None:
    a, b = _unit(), _unit()
    assert a == b and hash(a) == hash(b) and a is not b
    assert a != _unit(uid=4)
    assert pickle.loads(pickle.dumps(a)) == a
    assert repr(a).startswith("Unit(uid=3, penalty_id=2, team='home'")


def test_a_units_change_is_a_new_unit_and_the_old_one_stays() -> None:
    pending = _unit()
    running = pending.running_from(600)
    assert (pending.status, pending.start, pending.end) == ("pending", 0, 1200)
    assert (running.status, running.pending_reason, running.start, running.end) == \
        ("running", "", 600, 1800)
    assert running == pending._replace(status="running", pending_reason="", start=600)


@pytest.mark.parametrize("change", ["over", "expired", "held"])
def test_the_fast_copies_change_only_what_they_say(change: str) -> None:
    unit = _unit(coincident=True, half=1, after=9).running_from(300)
    if change == "over":
        copy, expected = unit.over(), unit._replace(status="done", pending_reason="")
    elif change == "expired":
        copy, expected = unit.expired("stoppage"), unit._replace(status="expired",
                                                                 wait="stoppage")
    else:
        copy, expected = unit.held("hold"), unit._replace(pending_reason="hold")
    assert copy == expected and copy.end == expected.end == 1500 and type(copy) is Unit
    assert unit == _unit(coincident=True, half=1, after=9).running_from(300)  # left as it was


def test_a_unit_assessed_is_the_unit_the_class_builds() -> None:
    """Rule 409(d): a penalty's time waits for the face-off, nothing else set."""
    built = assessed_unit(3, 2, "home", 7, None, ServerKey("player", "home", 7), MINOR_TIME,
                          PenaltyClass.MINOR, "tripping", 1200, 4, 2, 8)
    expected = _unit(half=2, after=8)
    assert built == expected and built.end == expected.end == 1200
    assert repr(built) == repr(expected) and pickle.loads(pickle.dumps(built)) == expected


def test_a_replaced_duration_moves_the_end() -> None:
    unit = _unit().running_from(100)
    assert unit._replace(duration=500).end == 600
    assert pickle.loads(pickle.dumps(unit)).end == unit.end == 1300


def test_held_third_penalties_come_in_the_order_assessed() -> None:
    """Rule 408(a), 408(d): of held third penalties, the earliest stoppage
    first, the minor before the major, then the order assessed."""
    late = _unit(uid=5, status="pending", pending_reason="third", group=6)
    major = _unit(uid=4, status="pending", pending_reason="third", kind=MAJOR_TIME)
    minor = _unit(uid=6, status="pending", pending_reason="third")
    other = _unit(uid=7, status="pending", pending_reason="third", team="away")
    assert held_third((late, major, other, minor), "home") == [minor, major, late]
    assert held_third((other,), "home") == []


def test_the_expiry_clock_is_a_value() -> None:
    clock = Clock(True, False, 2)
    assert clock == Clock(True, False, 2) != Clock(False, False, 2)
    assert hash(clock) == hash(Clock(True, False, 2))
    assert pickle.loads(pickle.dumps(clock)) == clock


def test_records_and_times_are_values() -> None:
    at = GameTime(1, 7020)
    assert at == GameTime(1, 7020) and hash(at) == hash(GameTime(1, 7020))
    assert GameTime(1, 6000) < GameTime(2, 7200) and GameTime(2, 100).is_before(GameTime(2, 50))
    goal = GoalRecord(at, "home", 9, None, "EV", False)
    record = PenaltyRecord(1, at, "away", 4, None, PenaltyClass.MINOR, "hooking", None, None)
    for value in (at, goal, record):
        assert pickle.loads(pickle.dumps(value)) == value
    assert {goal, GoalRecord(at, "home", 9, None, "EV", False)} == {goal}


def test_records_built_slot_by_slot_are_the_records_their_classes_build() -> None:
    """The fold builds its goal and penalty records slot by slot: each is the
    record the class builds, every field set (an unset slot would raise on
    comparing), equal, hashed alike and pickled back equal."""
    at = GameTime(2, 3000)
    goal = goal_record(at, "away", 7, 8, "PP", False, False, True, 1, 30)
    assert goal == GoalRecord(at, "away", 7, 8, "PP", False, False, True, 1, 30)
    assert hash(goal) == hash(GoalRecord(at, "away", 7, 8, "PP", False, False, True, 1, 30))
    penalty = assessed_record(3, at, "home", 4, 5, PenaltyClass.MAJOR, "boarding", "605(b)", 2,
                              True, None, "Referee", 6, "615(a)")
    assert penalty == PenaltyRecord(3, at, "home", 4, 5, PenaltyClass.MAJOR, "boarding",
                                    "605(b)", 2, True, None, None, None, None, "Referee", 6,
                                    "615(a)")
    for record in (goal, penalty):
        assert pickle.loads(pickle.dumps(record)) == record


def test_a_server_key_built_by_server_key_is_the_named_tuple() -> None:
    key = server_key("misconduct", "away", 12)
    assert key == ServerKey("misconduct", "away", 12) and type(key) is ServerKey
    assert (key.kind, key.team, key.number) == ("misconduct", "away", 12)
    assert hash(key) == hash(ServerKey("misconduct", "away", 12))
    assert pickle.loads(pickle.dumps(key)) == key


def test_a_chain_keeps_its_items_oldest_first() -> None:
    first = Chain.push(None, "a")
    second = Chain.push(first, "b")
    assert items(second) == ("a", "b") and items(first) == ("a",)


def test_the_rule_index_finds_what_a_scan_of_the_catalog_finds() -> None:
    """An assessment's rule (``"642(a)"``, a bare ``"615"``, a qualifier)
    finds the entries in book order, as a scan of the catalog did."""
    rules = {entry.rule for entry in CATALOG} | {entry.rule.split("(")[0] for entry in CATALOG}
    rules |= set(_QUALIFIERS) | {"Rule 642 (a)", "999(z)", "not a rule"}
    for rule in sorted(rules):
        number = rule.replace("Rule", "").strip().split("(")[0].strip()
        letter = rule.split("(")[1][0].lower() if "(" in rule else None
        wanted = f"{number}({letter})"
        if not number.isdigit():
            expected = []
        elif letter is None or wanted in _QUALIFIERS:
            expected = [e for e in CATALOG if e.rule.split("(", 1)[0] == number]
        else:
            expected = [e for e in CATALOG if e.rule == wanted]
        assert _by_rule(rule) == expected, rule
