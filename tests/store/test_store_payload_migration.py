"""Migration 0007: every stored FORMAT.md payload becomes the store's own
(integer tenths, period index), read with each game's settings at the
migration; and back again on the downgrade."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from oldlogs import WHEN, game_at_0006, old_payloads
from sqlalchemy import Engine, select

from rinkside.demo import build_demo
from rinkside.formats import decode_event, encode_event
from rinkside.rules.events import Event
from rinkside.services import logs
from rinkside.services.tournaments import Tournaments
from rinkside.simulate import simulate_games
from rinkside.store import codec
from rinkside.store.db import downgrade, migrate, session_factory
from rinkside.store.eventlog import events_of, history, load
from rinkside.store.models import Game

# Every FORMAT.md event type, in a three-period game with numbered overtime.
EVERY_KIND: list[dict[str, Any]] = [
    {"type": "faceoff", "at": "1 15:00", "spot": "center"},
    {"type": "penalty_signal", "at": "1 14:10.5", "team": "away", "bench": True,
     "class": "bench_minor", "infraction": "too many players", "served_by": 9},
    {"type": "stoppage", "at": "1 14:00", "reason": "offside"},
    {"type": "penalty", "at": "2 3:04", "team": "home", "player": 7, "class": "major",
     "infraction": "boarding", "rule": "617", "suspension": 2},
    {"type": "measure", "at": "2 3:04", "team": "home", "player": 12, "item": "stick",
     "result": "legal", "served_by": 4},
    {"type": "designate", "at": "2 3:04", "team": "away", "player": 5},
    {"type": "timeout", "at": "3 1:00", "team": "away"},
    {"type": "goalie", "at": "3 0:40", "team": "home", "in": None},
    {"type": "goal", "at": "3 0:20", "team": "away", "scorer": 11, "assist": 3,
     "own_goal": True},
    {"type": "period_end", "at": "3 0:00"},
    {"type": "penalty_shot", "at": "OT1 4:00", "team": "home", "shooter": 8,
     "result": "no_goal"},
    {"type": "goal", "at": "OT2 2:30", "team": "home", "scorer": 8},
    {"type": "shootout_attempt", "at": "SO", "team": "away", "shooter": 10, "result": "goal"},
    {"type": "forfeit", "at": "OT2 0:00", "team": "away", "reason": "left the rink"},
]
# The default settings (two periods, one overtime written "OT"), with nothing stated.
DEFAULTS: list[dict[str, Any]] = [
    {"type": "faceoff", "at": "OT 5:00"},
    {"type": "goal", "at": "OT 3:00.5", "team": "away", "scorer": 4},
]


def test_stored_logs_are_converted_with_each_games_settings(empty_engine: Engine) -> None:
    migrate(empty_engine, "0006")
    sessions = session_factory(empty_engine)
    games: dict[int, tuple[list[Event], list[dict[str, Any]]]] = {}

    with sessions() as session:
        for number, (setup, events) in enumerate(simulate_games(8, seed=5)):
            st = setup.settings

            raws = [encode_event(e, st) for e in events]
            assert [decode_event(raw, i, st.periods) for i, raw in enumerate(raws)] == events
            game_id = game_at_0006(session, number, {"periods": st.periods,
                                                      "overtime": st.overtime}, raws)
            games[game_id] = (events, raws)
        for number, (settings, periods, raws) in enumerate([
                ({"periods": 3, "overtime": "unlimited", "minor": "1:30"}, 3, EVERY_KIND),
                ({}, 2, DEFAULTS)], start=100):
            events = [decode_event(raw, i, periods) for i, raw in enumerate(raws)]
            games[game_at_0006(session, number, settings, raws)] = (events, raws)
    migrate(empty_engine)
    with sessions() as session:
        for game_id, (events, _) in games.items():
            assert events_of(session, game_id) == (len(events) + 3, events)
            log = load(session, game_id)
            assert log.events == events
            assert [(e.by, e.at) for e in log.entries][:2] == [
                ("old console", WHEN + timedelta(seconds=len(events) + 1)),
                ("old console", WHEN + timedelta(seconds=2))]
            assert history(session, game_id)[-1].previous == events[-1]
            assert all(p is None or p[0] == codec.VERSION for pair in old_payloads(
                session, game_id) for p in pair)
    downgrade(empty_engine, "0006")
    with sessions() as session:
        for game_id, (_, raws) in games.items():
            stored = old_payloads(session, game_id)
            expected = ([(raw, None) for raw in raws]
                        + [(raws[0], raws[0]), (raws[-1], None), (None, raws[-1])])
            assert stored == expected
            assert [list(p) for p, _ in stored if p] == [list(p) for p, _ in expected if p]
    migrate(empty_engine)  # and up again
    with sessions() as session:
        for game_id, (events, _) in games.items():
            assert load(session, game_id).events == events


def test_the_demo_tournament_survives_the_way_down_and_up(empty_engine: Engine) -> None:
    migrate(empty_engine)
    service = Tournaments(session_factory(empty_engine))
    build_demo(service)
    with service.read() as session:
        ids = list(session.scalars(select(Game.id).where(Game.version > 0)))
    assert ids
    before = {game_id: logs.game_record(service, game_id) for game_id in ids}
    exported = {game_id: [line.raw for line in logs.log_lines(record)]
                for game_id, record in before.items()}
    downgrade(empty_engine, "0006")  # the store as it was: FORMAT.md payloads
    with service.read() as session:
        for game_id, raws in exported.items():
            assert [p for p, _ in old_payloads(session, game_id)] == raws
    migrate(empty_engine)
    fresh = Tournaments(session_factory(empty_engine))
    for game_id, record in before.items():
        after = logs.game_record(fresh, game_id)
        assert after.events == record.events
        assert after.version == record.version
        assert after.state.snapshot() == record.state.snapshot()
        assert [(e.by, e.at) for e in after.entries] == [(e.by, e.at) for e in record.entries]
