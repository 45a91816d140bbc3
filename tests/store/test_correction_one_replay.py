"""A correction in the middle of a game costs one replay of its log (issue
30): the events before the corrected one, then the corrected rest, each
judged by the engine once; the game as it stood is its cached state, not a
second replay of the whole log."""

from __future__ import annotations

import pytest
from sqlalchemy.orm import Session, sessionmaker
from storekit import two_team_game

import rinkside.rules.game
import rinkside.rules.log
from rinkside.rules.events import Event, FaceOff, Shot, Stoppage
from rinkside.rules.times import GameTime
from rinkside.services.tournaments import Tournaments


def test_a_mid_game_correction_applies_each_event_once(
        sessions: sessionmaker[Session], monkeypatch: pytest.MonkeyPatch) -> None:
    service = Tournaments(sessions)
    game_id, _ = two_team_game(service, "Correction Cup", skaters=10)
    events: list[Event] = [FaceOff(GameTime(1, 7200))]
    for tenths in range(7100, 5000, -100):
        events += [Stoppage(GameTime(1, tenths)), FaceOff(GameTime(1, tenths))]
    version, _ = service.record(game_id, 0, events, by="test")
    applied: list[Event] = []
    for module in (rinkside.rules.game, rinkside.rules.log):
        real = module.apply
        monkeypatch.setattr(module, "apply",
                            lambda s, e, real=real: applied.append(e) or real(s, e))
    middle = len(events) // 2  # a stoppage: a shot is put before it
    _, state = service.correct(game_id, version, "insert", middle,
                               Shot(GameTime(1, events[middle].at.left + 50), "home", 5),
                               by="test", reason="a shot missed")
    assert len(applied) == len(events) + 1  # every event once, the inserted one too
    assert [shot.team for shot in state.shots] == ["home"]
