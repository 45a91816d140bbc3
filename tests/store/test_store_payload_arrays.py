"""Migration 0014: every stored payload of version 1 (an object per event)
becomes an array of version 2, the same events read back; and the downgrade
writes version 1 again."""

from __future__ import annotations

from typing import Any

from oldlogs import game_at_0006, old_payloads
from sqlalchemy import Engine, select

from rinkside.rules.events import Event, Penalty, PenaltyClass
from rinkside.rules.times import GameTime
from rinkside.simulate import simulate_games
from rinkside.store import codec
from rinkside.store.db import downgrade, migrate, session_factory
from rinkside.store.eventlog import events_of, history
from rinkside.store.models import EventRevision

BEFORE_SECOND_EDITION = {"v": 1, "type": "penalty", "at": {"period": 2, "tenths": 3000},
                         "team": "away", "player": 9, "class": "minor",
                         "infraction": "tripping", "rule": "642(a)", "served_by": None,
                         "suspension": None}  # no official, no called_by


def _v1(event: Event) -> dict[str, Any]:
    """``event`` as version 1 wrote it (every field named, the moment nested;
    a penalty without ``penalty_shot``, which came after it, casebook 62)."""
    kind, period, tenths, *fields = codec.encode(event)[1:]
    named = dict(zip(codec.LAYOUT[kind], fields, strict=True))
    if kind in ("penalty", "penalty_signal"):
        del named["penalty_shot"]
    return {"v": 1, "type": kind,
            "at": None if period is None else {"period": period, "tenths": tenths}, **named}


def test_version_1_logs_become_arrays_and_back(empty_engine: Engine) -> None:
    migrate(empty_engine, "0012")
    sessions = session_factory(empty_engine)
    games: dict[int, tuple[list[Event], list[dict[str, Any]]]] = {}
    with sessions() as session:
        for number, (_, played) in enumerate(simulate_games(4, seed=11)):
            old = [_v1(e) for e in played] + [BEFORE_SECOND_EDITION]
            events = [*played, Penalty(GameTime(2, 3000), "away", 9, PenaltyClass.MINOR,
                                       "tripping", "642(a)")]
            games[game_at_0006(session, number, {}, old)] = (events, old)
    migrate(empty_engine)
    with sessions() as session:
        for game_id, (events, _) in games.items():
            assert events_of(session, game_id) == (len(events) + 3, events)
            assert history(session, game_id)[-1].previous == events[-1]
            stored = [p for pair in old_payloads(session, game_id) for p in pair if p is not None]
            assert all(isinstance(p, list) and p[0] == 2 for p in stored)
            assert stored[len(events) - 1] == [2, "penalty", 2, 3000, "away", 9, "minor",
                                               "tripping", "642(a)", None, None, None, None]
    downgrade(empty_engine, "0012")
    with sessions() as session:
        for game_id, (_, old) in games.items():
            payloads = [p for p, _ in old_payloads(session, game_id)]
            assert payloads[:len(old) - 1] == old[:-1]  # as version 1 wrote them
            assert payloads[len(old) - 1] == {**BEFORE_SECOND_EDITION, "official": None,
                                              "called_by": None}
            kinds = session.scalars(select(EventRevision.op)
                                    .where(EventRevision.game_id == game_id)).all()
            assert kinds.count("delete") == 1


def test_0016_takes_the_penalty_shot_mark_off_on_the_way_down(empty_engine: Engine) -> None:
    """Casebook 62: a marked penalty is stored with a tenth field; the downgrade
    to 0015 leaves the nine fields 0015 knows (unmarked), and up again reads."""
    migrate(empty_engine)
    sessions = session_factory(empty_engine)
    marked = Penalty(GameTime(1, 6600), "away", 5, PenaltyClass.MINOR, "tripping", "642(e)",
                     penalty_shot=True)
    payload = codec.encode(marked)
    assert len(payload) == 14 and payload[-1] is True
    with sessions() as session:
        game_id = game_at_0006(session, 1, {}, [payload])  # type: ignore[list-item]
    downgrade(empty_engine, "0015")
    with sessions() as session:
        stored = [p for pair in old_payloads(session, game_id) for p in pair if p is not None]
        assert stored and all(p == payload[:13] for p in stored)
    migrate(empty_engine)
    with sessions() as session:
        unmarked = Penalty(GameTime(1, 6600), "away", 5, PenaltyClass.MINOR, "tripping",
                           "642(e)")
        assert events_of(session, game_id) == (4, [unmarked])
