"""Issue 30: the desk's tournament page says how many games have begun
under the pool's and the playoffs' settings (Rule 639: those games keep
them) by a count in the database, without loading every game begun."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

import pytest
from sqlalchemy import event
from sqlalchemy.orm import Session, sessionmaker

from rinkside.rules.events import FaceOff
from rinkside.rules.times import GameTime
from rinkside.services import desk_tournament
from rinkside.services.tournaments import Tournaments
from rinkside.store import models


@pytest.fixture
def loaded() -> Iterator[list[int]]:
    """The games the ORM loads (each time one is)."""
    games: list[int] = []

    def seen(target: models.Game, _context: object) -> None:
        games.append(target.id)

    event.listen(models.Game, "load", seen)
    yield games
    event.remove(models.Game, "load", seen)


def test_the_games_begun_are_counted_not_loaded(sessions: sessionmaker[Session],
                                                loaded: list[int]) -> None:
    service = Tournaments(sessions)
    tid = service.create_tournament("Count Cup", date(2026, 12, 5))
    did = service.add_division(tid, "14U")
    teams = []
    for name in ("A", "B"):
        teams.append(service.add_team(did, name))
        roster: list[dict[str, object]] = [{"number": 1, "name": f"{name} Keeper",
                                            "goalie": True}]
        roster += [{"number": n, "name": f"{name} {n}", "captain": "C" if n == 2 else None}
                   for n in range(2, 8)]
        service.set_roster(teams[-1], roster)
    games = [service.add_game(did, teams[0], teams[1]) for _ in range(3)]
    for game in games[:2]:
        service.record(game, 0, [FaceOff(GameTime(1, 12 * 600))], by="scorer")
    loaded.clear()
    desk = desk_tournament.desk(service, tid)
    assert desk.started_games == {"pool": 2, "playoff": 0}
    assert loaded == []
