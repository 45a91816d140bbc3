"""A game's setup is built once per version of what it is built from
(issue 30): the console's writes, one after another, judge the game by the
very setup the last one built, and a roster or lineup changed in between
gives a new one, by which the next write is judged (Rules 202, 203(a))."""

from __future__ import annotations

from sqlalchemy.orm import Session, sessionmaker
from storekit import two_team_game

from rinkside.rules.events import FaceOff, Stoppage
from rinkside.rules.times import GameTime
from rinkside.services.tournaments import Tournaments


def test_each_write_judges_by_the_setup_the_last_one_built(
        sessions: sessionmaker[Session]) -> None:
    service = Tournaments(sessions)
    game_id, _ = two_team_game(service, "Setup Cup", skaters=10)
    version, first = service.record(game_id, 0, [FaceOff(GameTime(1, 7200))], by="test")
    service.cache.clear()  # the state from the store or a replay: its setup read again
    version, second = service.record(game_id, version, [Stoppage(GameTime(1, 7000))], by="test")
    assert second.setup is first.setup


def test_a_roster_changed_between_writes_gives_the_next_write_a_new_setup(
        sessions: sessionmaker[Session]) -> None:
    service = Tournaments(sessions)
    game_id, (home, _) = two_team_game(service, "Setup Cup", skaters=10)
    version, first = service.record(game_id, 0, [FaceOff(GameTime(1, 7200))], by="test")
    service.add_player(home, 44, "Blades Late Signing")
    version, second = service.record(game_id, version, [Stoppage(GameTime(1, 7000))], by="test")
    assert second.setup is not first.setup
    assert 44 in {p.number for p in second.setup.home.players}
    assert 44 not in {p.number for p in first.setup.home.players}
