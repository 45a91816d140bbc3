"""Every field the scenario schema allows is read and checked (FORMAT.md, both
editions): a field the runner silently ignored would let a scenario using it
pass or fail by luck."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from rinkside.conformance import run_scenario
from rinkside.conformance.checks import COMPARERS
from rinkside.formats import decode_event, encode_event, load_scenario, schema
from rinkside.rules.settings import Settings

# Fields of a check that say which moment is checked, or are for people.
MOMENT = {"after", "at", "why"}

# One value of each event field the schema allows, for the event types that use it.
SAMPLE: dict[str, Any] = {
    "at": "1 10:00", "team": "home", "spot": "centre", "reason": "puck over the glass",
    "scorer": 9, "assist": 10, "own_goal": True, "called_by": "Referee", "player": 7,
    "class": "major",
    "infraction": "boarding", "rule": "605(a)", "served_by": 8, "suspension": 2,
    "penalty_shot": True, "shooter": 9, "result": "no_goal", "in": 1, "item": "stick",
    "error": True,
}


def _alternatives() -> list[tuple[str, set[str]]]:
    """Each event type of the schema with the fields it allows (``type`` aside)."""
    defs = schema()["$defs"]
    out = []
    for alt in defs["event"]["oneOf"]:
        kind = alt["properties"]["type"]["const"]
        fields = set(alt.get("properties", {}))
        if alt.get("$ref") == "#/$defs/penaltyFields":
            fields |= set(defs["penaltyFields"]["properties"])
        out.append((kind, fields - {"type"}))
    return out


def test_every_check_field_of_the_schema_has_a_comparer() -> None:
    allowed = set(schema()["$defs"]["check"]["properties"]) - MOMENT
    assert allowed == set(COMPARERS)


@pytest.mark.parametrize(("kind", "fields"), _alternatives(),
                         ids=[kind for kind, _ in _alternatives()])
def test_every_event_field_of_the_schema_is_read(kind: str, fields: set[str]) -> None:
    """An event with each field the schema allows (one of player, bench and
    official at a time) is read, and written back with the same fields: the
    reader keeps every one of them on the engine's event."""
    targets = [f for f in ("player", "bench", "official") if f in fields]
    for target in targets or [None]:
        raw: dict[str, Any] = {"type": kind}
        for name in sorted(fields - {"player", "bench", "official"}):
            raw[name] = SAMPLE[name]
        if target == "player":
            raw["player"] = SAMPLE["player"]
        elif target == "bench":
            raw["bench"] = True
        elif target == "official":
            raw["official"] = "Coach"
        if kind == "shootout_attempt":
            raw["at"] = "SO"
        if kind == "measure":
            raw["result"] = "illegal"
        if kind == "warning":
            raw["rule"] = "610(d)"
        if kind in ("penalty", "penalty_signal") and target == "bench":
            raw["class"] = "bench_minor"
        event = decode_event(raw, 0, 2)
        written = encode_event(event, Settings())
        assert set(written) >= set(raw), f"{kind}: {set(raw) - set(written)} not kept"


# A stop-time game: a major to home #4 (served by #6), a goal, a forfeit.
GAME: dict[str, Any] = {
    "id": "coverage",
    "events": [
        {"type": "faceoff", "at": "1 12:00"},                                          # 0
        {"type": "shot", "at": "1 11:30", "team": "away", "shooter": 9},               # 1
        {"type": "stoppage", "at": "1 11:00"},                                         # 2
        {"type": "penalty", "at": "1 11:00", "team": "home", "player": 4,              # 3
         "class": "major", "infraction": "boarding", "rule": "605(a)", "served_by": 6,
         "suspension": 2},
        {"type": "faceoff", "at": "1 11:00"},                                          # 4
        {"type": "goal", "at": "1 10:00", "team": "away", "scorer": 9, "assist": 10},  # 5
        {"type": "timeout", "at": "1 10:00", "team": "home"},                          # 6
        {"type": "faceoff", "at": "1 10:00"},                                          # 7
        {"type": "forfeit", "at": "1 9:00", "team": "away", "reason": "no goaltender"},  # 8
    ],
}

# For each check field, a check after an event that holds, and one value that does not.
HOLDS_AND_NOT: dict[str, tuple[int, Any, Any]] = {
    "score": (5, {"away": 1}, {"away": 0}),
    "skaters": (4, {"home": 3}, {"home": 4}),
    "goalie": (4, {"home": True}, {"home": False}),
    "box": (4, {"home": [{"player": 4, "served_by": 6, "state": "running", "left": "5:00"}]},
            {"home": [{"player": 4, "served_by": 6, "state": "running", "left": "4:00"}]}),
    "clock": (5, "1 10:00", "1 10:30"),
    "running": (4, True, False),
    "timeouts_left": (6, {"home": 0}, {"home": 1}),
    "status": (8, "final", "stopped"),
    "result": (8, {"winner": "home", "decided_by": "forfeit", "points": {"away": 0},
                   "score": {"home": 1, "away": 0}},
               {"winner": "home", "decided_by": "forfeit", "points": {"away": 0},
                "score": {"home": 0, "away": 1}}),
    "pim": (3, {"home": {"4": 5}}, {"home": {"4": 5, "6": 2}}),
    "scoring": (5, {"away": {"9": {"g": 1, "a": 0}, "10": {"g": 0, "a": 1}}},
                {"away": {"9": {"g": 1, "a": 0}}}),
    "suspensions": (3, [{"team": "home", "player": 4, "games": 2}],
                    [{"team": "home", "player": 4, "games": 1}]),
    "rejected": (8, None, {}),
    "warnings": (3, [], ["605(a)"]),
    "penalty_shot_due": (3, None, "away"),
    "shots": (5, {"away": 2}, {"away": 1}),
}


def _run(tmp_path: Path, check: dict[str, Any]) -> list[str]:
    data = copy.deepcopy(GAME)
    data["expect"] = [check]
    path = tmp_path / "coverage.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return run_scenario(load_scenario(path)).failures


def test_every_check_field_has_a_case() -> None:
    assert set(HOLDS_AND_NOT) == set(COMPARERS)


@pytest.mark.parametrize("name", sorted(HOLDS_AND_NOT))
def test_each_check_field_is_compared(tmp_path: Path, name: str) -> None:
    """A check field that holds passes and one that does not fails, naming
    the field: no field of a check is read and then ignored."""
    after, holds, wrong = HOLDS_AND_NOT[name]
    if holds is not None:
        assert _run(tmp_path, {"after": after, name: holds}) == []
    failures = _run(tmp_path, {"after": after, name: wrong})
    assert failures and all(name in f for f in failures), failures


@pytest.mark.parametrize("field", ["winner", "decided_by", "points", "score"])
def test_each_result_field_is_compared(tmp_path: Path, field: str) -> None:
    wrong = {"winner": "away", "decided_by": "regulation", "points": {"home": 1},
             "score": {"home": 2}}[field]
    failures = _run(tmp_path, {"after": 8, "result": {field: wrong}})
    assert len(failures) == 1 and f"result.{field}" in failures[0], failures
