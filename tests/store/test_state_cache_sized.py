"""The state cache is sized by what is read (issue 30): a read of more games
than it holds (a tournament's suspensions read every played game) grows it to
hold them all, instead of evicting its own states one by one (past 4,096
played games every page read each state again from the store)."""

from __future__ import annotations

from datetime import date

from sqlalchemy.orm import Session, sessionmaker

from rinkside.rules.events import FaceOff
from rinkside.rules.times import GameTime
from rinkside.services.state_cache import StateCache
from rinkside.services.tournaments import Tournaments


def test_a_tournament_wide_read_keeps_every_state_it_read(
        sessions: sessionmaker[Session]) -> None:
    setup_service = Tournaments(sessions)
    tournament = setup_service.create_tournament("Cache Cup", date(2026, 12, 5), {})
    played: dict[int, int] = {}
    for d in range(3):
        division = setup_service.add_division(tournament, f"Division {d + 1}")
        teams = [setup_service.add_team(division, f"D{d} {name}") for name in ("Blades", "Storm")]
        for team in teams:
            setup_service.set_roster(
                team, [{"number": 1, "name": f"{team} Goalie", "goalie": True}]
                + [{"number": n, "name": f"{team} Skater {n}", "captain": "C" if n == 2 else None}
                   for n in range(2, 12)])
        for _ in range(2):
            game_id = setup_service.add_game(division, *teams)
            played[game_id], _ = setup_service.record(game_id, 0, [FaceOff(GameTime(1, 7200))],
                                                      by="test")
    service = Tournaments(sessions, StateCache(size=2))
    service.suspensions(tournament)
    assert service.cache.size >= len(played)
    assert all(service.cache.get(game_id, version) is not None
               for game_id, version in played.items())


def test_reserve_never_shrinks_the_cache() -> None:
    cache = StateCache(size=100)
    cache.reserve(10)
    assert cache.size == 100
    cache.reserve(400)
    assert cache.size >= 400
