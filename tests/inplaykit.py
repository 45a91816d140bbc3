"""A small tournament with games played, one in play: the stores of the
tests of the games not over (issue 30: the public tournament page, the
stored states' status)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import date, datetime

from rinkside.rules.events import FaceOff
from rinkside.rules.game import replay
from rinkside.rules.state import GameState
from rinkside.rules.times import GameTime
from rinkside.services import state_cache
from rinkside.services.replay import setup_of
from rinkside.services.tournaments import Tournaments
from rinkside.simulate import play_game
from rinkside.store import eventlog, models


def four_teams(service: Tournaments, name: str, starts_on: date, first: datetime
               ) -> tuple[int, list[int]]:
    """A tournament of one division of four teams (a goalie and seven
    skaters each) and its round robin from ``first``, a game every 40
    minutes on rink A: (its id, the games' ids in order)."""
    tid = service.create_tournament(name, starts_on, {"overtime": "shootout"})
    did = service.add_division(tid, "Open")
    for n in range(4):
        team = service.add_team(did, f"Team {n + 1}")
        service.set_roster(team, [{"number": 1, "name": f"T{n} Goalie", "goalie": True},
                                  *({"number": k, "name": f"T{n} Skater {k}",
                                     "captain": "C" if k == 2 else None}
                                    for k in range(2, 9))])
    return tid, service.generate_round_robin(did, start=first, slot_minutes=40, rinks=["A"],
                                             rounds=1)


def played(service: Tournaments, game_ids: Sequence[int], seed: int) -> None:
    """Each game played to its end (simulated), its events appended and its
    state stored, in one transaction."""
    rng = random.Random(seed)
    states: dict[int, tuple[int, GameState]] = {}
    with service.write() as s:
        for game_id in game_ids:
            game = s.get(models.Game, game_id)
            assert game is not None
            setup = setup_of(s, game)
            events = play_game(rng, setup)
            version = 0
            for event in events:
                version = eventlog.append(s, game_id, version, event, "test")
            states[game_id] = (version, replay(setup, events))
        state_cache.store_many(s, states)


def begun(service: Tournaments, game_id: int) -> None:
    """The game's opening face-off recorded: in play."""
    service.record(game_id, 0, lambda settings: [FaceOff(GameTime(1, settings.period_length))],
                   by="test")
