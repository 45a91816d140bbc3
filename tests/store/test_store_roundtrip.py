"""What is stored is exactly what was given: the engine's events, in the
store's own payload (no settings needed to read them back); and any sequence
of writes replays to what a plain list would hold."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings, strategies
from sqlalchemy import select
from sqlalchemy.orm import Session
from storekit import new_game

from rinkside.formats import encode_event
from rinkside.rules.events import Event, GoalieChange, Stoppage
from rinkside.rules.times import GameTime
from rinkside.simulate import simulate_games
from rinkside.store import codec
from rinkside.store.eventlog import append, correct, events_of, history, load, logs_of
from rinkside.store.models import EventRevision


def test_simulated_games_round_trip_through_the_store(session: Session) -> None:
    for number, (setup, events) in enumerate(simulate_games(3, seed=11)):
        game_id = new_game(session, suffix=f" {number}")
        for version, event in enumerate(events):
            append(session, game_id, version, event, by="simulator")
        session.commit()
        session.expunge_all()

        assert load(session, game_id).events == events
        assert events_of(session, game_id) == (len(events), events)
        empty = new_game(session, suffix=f" {number} empty")
        assert logs_of(session, [empty, game_id]) == {empty: (0, []),
                                                      game_id: (len(events), events)}
        rows = session.scalars(select(EventRevision.payload)
                               .where(EventRevision.game_id == game_id)
                               .order_by(EventRevision.revision)).all()
        assert rows == [codec.encode(e) for e in events]  # the store's own form
        # and FORMAT.md, the edge, writes them as it did
        assert [encode_event(e, setup.settings) for e in load(session, game_id).events] == [
            encode_event(e, setup.settings) for e in events]


def test_text_of_every_kind_comes_back_as_given(session: Session, game_id: int) -> None:
    odd = [GoalieChange(GameTime(4, 5705), "away", None),
           Stoppage(GameTime(1, 7199), "Zoë's \"empty\" net ✓")]
    append(session, game_id, 0, odd[0], by="table 1")
    append(session, game_id, 1, odd[1], by="table 1", commit=True)
    session.expunge_all()
    assert load(session, game_id).events == odd


def test_loaded_events_are_values(session: Session, game_id: int) -> None:
    event = Stoppage(GameTime(1, 7200))
    append(session, game_id, 0, event, by="table 1", commit=True)
    log = load(session, game_id)
    with pytest.raises(dataclasses.FrozenInstanceError):
        log.events[0].at = GameTime(1, 6600)  # type: ignore[misc]
    assert log.revisions[0].event == event


_EVENT = strategies.builds(Stoppage, strategies.integers(0, 719).map(lambda s: GameTime(1, s * 10)),
                   strategies.text(max_size=12))
_STEP = strategies.tuples(strategies.sampled_from(["append", "replace", "insert", "delete"]),
                  strategies.integers(0, 40), _EVENT)


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(steps=strategies.lists(_STEP, max_size=14))
def test_any_writes_replay_to_the_list_they_describe(
    session: Session, steps: list[tuple[str, int, Event]]
) -> None:
    game_id = new_game(session, suffix=f" {id(steps)}-{len(steps)}")
    model: list[Event] = []
    deleted: list[Event] = []
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
    assert events_of(session, game_id) == (version, model)
    assert logs_of(session, [game_id, game_id + 10_000]) == {game_id: (version, model)}
    assert log.version == len(log.revisions)
    assert [r.previous for r in log.revisions if r.previous is not None] == deleted
    for position, event in enumerate(model):
        assert history(session, game_id, position)[-1].event == event
