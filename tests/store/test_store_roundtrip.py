"""What is stored is exactly what was given: FORMAT.md events, key order and all;
and any sequence of writes replays to what a plain list would hold."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy.orm import Session
from storekit import new_game

from rinkside.formats import decode_event, encode_event
from rinkside.simulate import simulate_games
from rinkside.store.eventlog import append, correct, history, load


def test_simulated_games_round_trip_through_the_format(session: Session) -> None:
    for number, (setup, events) in enumerate(simulate_games(3, seed=11)):
        periods = setup.settings.periods
        payloads = [encode_event(event, setup.settings) for event in events]
        game_id = new_game(session, suffix=f" {number}")
        for version, payload in enumerate(payloads):
            append(session, game_id, version, payload, by="simulator")
        session.commit()
        session.expunge_all()

        stored = load(session, game_id).events
        assert stored == payloads
        assert [list(p) for p in stored] == [list(p) for p in payloads]  # key order too
        decoded = [decode_event(raw, i, periods) for i, raw in enumerate(stored)]
        assert decoded == events
        assert [encode_event(e, setup.settings) for e in decoded] == stored


def test_values_of_every_json_kind_come_back_as_given(session: Session, game_id: int) -> None:
    odd: dict[str, Any] = {"type": "goalie", "at": "OT2 9:30.5", "team": "away", "in": None,
                           "note": "Zoë's \"empty\" net", "n": [1, 2.5, True, {"x": None}]}
    append(session, game_id, 0, odd, by="table 1", commit=True)
    session.expunge_all()
    (stored,) = load(session, game_id).events
    assert stored == odd and list(stored) == list(odd)


def test_loaded_events_are_copies(session: Session, game_id: int) -> None:
    event = {"type": "faceoff", "at": "1 12:00"}
    append(session, game_id, 0, event, by="table 1", commit=True)
    log = load(session, game_id)
    log.events[0]["at"] = "1 11:00"
    assert log.revisions[0].payload == event


_EVENT = st.fixed_dictionaries({
    "type": st.just("stoppage"),
    "at": st.integers(0, 719).map(lambda s: f"1 {s // 60}:{s % 60:02d}"),
    "reason": st.text(max_size=12),
})
_STEP = st.tuples(st.sampled_from(["append", "replace", "insert", "delete"]),
                  st.integers(0, 40), _EVENT)


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(steps=st.lists(_STEP, max_size=14))
def test_any_writes_replay_to_the_list_they_describe(
    session: Session, steps: list[tuple[str, int, dict[str, Any]]]
) -> None:
    game_id = new_game(session, suffix=f" {id(steps)}-{len(steps)}")
    model: list[dict[str, Any]] = []
    deleted: list[dict[str, Any]] = []
    version = 0
    for op, where, event in steps:
        if op == "append":
            version = append(session, game_id, version, event, by="p")
            model.append(event)
            continue
        room = len(model) + (1 if op == "insert" else 0)
        if room == 0:
            continue
        position = where % room
        if op == "replace":
            deleted.append(model[position])
            model[position] = event
        elif op == "insert":
            model.insert(position, event)
        else:
            deleted.append(model.pop(position))
        version = correct(session, game_id, version, op, position,  # type: ignore[arg-type]
                          None if op == "delete" else event, by="p", reason="r")
    session.commit()
    log = load(session, game_id)
    assert log.events == model
    assert log.version == len(log.revisions)
    assert [r.previous for r in log.revisions if r.previous is not None] == deleted
    for position, event in enumerate(model):
        assert history(session, game_id, position)[-1].payload == event
