"""Issue 30: the tournament page's games not over are found in the index on
the stored states' status (migration 0036), on SQLite and PostgreSQL alike:
a game finished at its log's version by this engine is not among them; one
in play, one whose state is of an older version and one whose state another
engine stored are."""

from __future__ import annotations

import random
from datetime import UTC, date, datetime

from sqlalchemy import update
from sqlalchemy.orm import Session, sessionmaker

from rinkside.rules.events import FaceOff
from rinkside.rules.game import replay
from rinkside.rules.times import GameTime
from rinkside.services import queries, state_cache
from rinkside.services.replay import setup_of
from rinkside.services.tournaments import Tournaments
from rinkside.simulate import play_game
from rinkside.store import eventlog, models


def test_the_games_not_over_by_their_stored_status(sessions: sessionmaker[Session]) -> None:
    service = Tournaments(sessions)
    tid = service.create_tournament("Status Cup", date(2026, 12, 5), {"overtime": "shootout"})
    did = service.add_division(tid, "Open")
    for n in range(4):
        team = service.add_team(did, f"Team {n + 1}")
        service.set_roster(team, [{"number": 1, "name": f"T{n} Goalie", "goalie": True},
                                  *({"number": k, "name": f"T{n} Skater {k}",
                                     "captain": "C" if k == 2 else None}
                                    for k in range(2, 9))])
    ids = service.generate_round_robin(did, start=datetime(2026, 12, 5, 8, tzinfo=UTC),
                                       slot_minutes=40, rinks=["A"], rounds=1)
    rng = random.Random(34)
    with service.write() as s:
        for game_id in ids[:4]:
            game = s.get(models.Game, game_id)
            assert game is not None
            setup = setup_of(s, game)
            events = play_game(rng, setup)
            version = 0
            for event in events:
                version = eventlog.append(s, game_id, version, event, "test")
            state_cache.store(s, game_id, version, replay(setup, events))
    service.record(ids[4], 0, lambda settings: [FaceOff(GameTime(1, settings.period_length))],
                   by="test")
    assert [g.game_id for g in queries.begun_not_over(service, tid)] == [ids[4]]
    with service.write() as s:
        s.execute(update(models.GameStateCache).where(models.GameStateCache.game_id == ids[0])
                  .values(version=models.GameStateCache.version - 1))
        s.execute(update(models.GameStateCache).where(models.GameStateCache.game_id == ids[1])
                  .values(engine="an older engine"))
    assert [g.game_id for g in queries.begun_not_over(service, tid)] == [ids[0], ids[1], ids[4]]
