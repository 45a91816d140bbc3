"""The store's own event codec: every engine event comes back as it went in,
through JSON (as the array of version 2, and from the object of version 1),
and what the codec does not write is refused."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, strategies

from rinkside.rules.events import (
    EVENT_TYPES,
    MEASURED_ITEMS,
    Event,
    Goal,
    Measurement,
    Penalty,
    PenaltyClass,
)
from rinkside.rules.times import GameTime
from rinkside.store import codec

MOMENTS = strategies.builds(GameTime, strategies.integers(1, 12), strategies.integers(0, 30 * 600))


def _event_strategy(kind: type) -> strategies.SearchStrategy[Any]:
    if kind is Measurement:
        return strategies.builds(Measurement, at=MOMENTS,
                                 item=strategies.sampled_from(MEASURED_ITEMS))
    if kind.__name__ == "ShootoutAttempt":
        return strategies.builds(kind, at=strategies.none() | MOMENTS)
    return strategies.builds(kind, at=MOMENTS)


strategies.register_type_strategy(GameTime, MOMENTS)
EVENTS = strategies.one_of([_event_strategy(kind) for kind in EVENT_TYPES])


@given(EVENTS)
def test_every_event_comes_back_through_json(event: Event) -> None:
    payload = codec.encode(event)
    assert payload[0] == codec.VERSION
    assert payload[1] in codec.TYPES
    assert len(payload) == 4 + len(codec.LAYOUT[payload[1]])
    assert codec.decode(json.loads(json.dumps(payload, allow_nan=False))) == event
    assert codec.decode_all([payload, payload]) == [event, event]


@given(EVENTS)
def test_every_event_written_by_version_1_still_reads(event: Event) -> None:
    """A rink laptop not yet migrated sends version 1 (migration 0014 converts
    the store's own)."""
    kind, period, tenths, *fields = codec.encode(event)[1:]
    at = None if period is None else {"period": period, "tenths": tenths}
    old = {"v": 1, "type": kind, "at": at, **dict(zip(codec.LAYOUT[kind], fields, strict=True))}
    assert codec.decode(old) == event
    assert codec.decode_all([old]) == [event]


def test_every_event_type_has_its_own_payload_type() -> None:
    assert len(codec.TYPES) == len(EVENT_TYPES)


def test_a_penalty_stored_before_the_penalty_shot_mark_reads_as_unmarked() -> None:
    """Casebook 62: rows written with the nine fields before ``penalty_shot``."""
    old = [2, "penalty", 1, 6600, "away", 5, "minor", "tripping", "642(e)", None, None, None,
           None]
    event = codec.decode(old)
    assert isinstance(event, Penalty) and event.penalty_shot is False
    assert codec.decode_all([old]) == [event]
    marked = Penalty(GameTime(1, 6600), "away", 5, PenaltyClass.MINOR, "tripping", "642(e)",
                     penalty_shot=True)
    assert codec.encode(marked) == [*old, True]
    assert codec.decode(codec.encode(marked)) == marked


def test_a_moment_is_its_period_and_integer_tenths() -> None:
    assert codec.encode(Goal(GameTime(1, 7020), "home", 12, 7)) == [
        2, "goal", 1, 7020, "home", 12, 7, False]


@pytest.mark.parametrize("payload", [
    [3, "period_end", 1, 0],
    ["period_end", 1, 0],
    [2, "period_end", 1],
    [2, "period_end", 1, 0, None],
    [2, "goal", "1 11:42", None, "home", 12, None, False],
    [2, "goal", 1, 0, "visitors", 12, None, False],
    [2, "goal", 1, 0, "home"],
    [2, "goal", 1, 0, "home", True, None, False],
    [2, "goalie", 1, 0, "home", 1],
    [2, "penalty", 1, 0, "home", 4, "short", "x", None, None, None, None, None],
    [2, "penalty", 1, 0, "home", 4, "minor", "x", None, None, None, None, None, "yes"],
    [2, "penalty", 1, 0, "home", 4, "minor", "x", None, None, None, None, None, True, 1],
    [2, "measurement", 1, 0, "home", 4, "bucket", "legal", None],
    [2, "shootout_attempt", 1, None, "home", 4, True],
    [2, "timeout", [1], 0, "home"],
    [2, ["goal"], 1, 0, "home", 12, None, False],
    {"v": 1, "type": ["goal"], "at": {"period": 1, "tenths": 0}},
    {"v": 2, "type": "period_end", "at": {"period": 1, "tenths": 0}},
    {"type": "period_end", "at": {"period": 1, "tenths": 0}},
    {"v": 1, "type": "goal", "at": "1 11:42", "team": "home", "scorer": 12, "assist": None,
     "own_goal": False},
    {"v": 1, "type": "goal", "at": {"period": 1, "tenths": 0}, "team": "visitors",
     "scorer": 12, "assist": None, "own_goal": False},
    {"v": 1, "type": "goal", "at": {"period": 1, "tenths": 0}, "team": "home"},
    {"v": 1, "type": "goalie", "at": {"period": 1, "tenths": 0}, "team": "home", "in": 1},
    {"v": 1, "type": "penalty", "at": {"period": 1, "tenths": 0}, "team": "home",
     "player": 4, "class": "short", "infraction": "x", "rule": None, "served_by": None,
     "suspension": None},
    ["faceoff"],
    "faceoff",
    None,
])
def test_what_the_codec_does_not_write_is_refused(payload: Any) -> None:
    with pytest.raises(codec.PayloadError):
        codec.decode(payload)
    with pytest.raises(codec.PayloadError):
        codec.decode_all([payload])


def test_a_penalty_stored_before_the_second_edition_reads_without_official() -> None:
    """Payloads written before the second edition have no official or called_by."""
    old = {"v": 1, "type": "penalty", "at": {"period": 1, "tenths": 600}, "team": "home",
           "player": 7, "class": "minor", "infraction": "tripping", "rule": "642(a)",
           "served_by": None, "suspension": None}
    event = codec.decode(old)
    assert getattr(event, "official", "x") is None and getattr(event, "called_by", "x") is None
