"""Issue 30: a game's first write reads its two teams' games once: Rule
634(e)'s check (is either team removed from the tournament?) and the
suspensions that dress the rosters (203(a), casebook 27) share them, so those
games' states are looked up once, not twice, and the division's other games
not at all."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from rinkside.rules.events import FaceOff, Forfeit, PeriodEnd
from rinkside.rules.roster import GameSetup
from rinkside.rules.state import GameState
from rinkside.rules.times import GameTime
from rinkside.services import replay
from rinkside.services.state_cache import StateCache
from rinkside.services.tournaments import Tournaments
from rinkside.store import models
from rinkside.tournament.errors import TournamentRuleError


def _t(period: int, minutes: int) -> GameTime:
    return GameTime(period, minutes * 600)


def _roster(prefix: str) -> list[dict[str, object]]:
    players: list[dict[str, object]] = [{"number": 1, "name": f"{prefix} Keeper",
                                         "goalie": True}]
    players += [{"number": n, "name": f"{prefix} {n}", "captain": "C" if n == 2 else None}
                for n in range(2, 10)]
    return players


@pytest.fixture
def service(sessions: sessionmaker[Session]) -> Tournaments:
    return Tournaments(sessions)


def _cup(service: Tournaments) -> tuple[int, dict[str, int]]:
    tid = service.create_tournament("One View Cup", date(2026, 12, 5))
    did = service.add_division(tid, "14U")
    teams = {name: service.add_team(did, name) for name in "ABCD"}
    for name, team_id in teams.items():
        service.set_roster(team_id, _roster(name))
    return did, teams


def test_the_first_write_reads_its_teams_games_once(
        service: Tournaments, monkeypatch: pytest.MonkeyPatch) -> None:
    did, teams = _cup(service)
    played = []
    for home, away in (("C", "D"), ("A", "C"), ("B", "D")):
        game = service.add_game(did, teams[home], teams[away])
        service.record(game, 0, [FaceOff(_t(1, 12)), PeriodEnd(_t(1, 0))], by="scorer")
        played.append(game)
    game = service.add_game(did, teams["A"], teams["B"])

    looked_up: list[set[int]] = []
    states_of = replay.states_of

    def counted(s: Session, cache: StateCache, games: Sequence[tuple[int, int, GameSetup]]
                ) -> dict[int, tuple[int, GameState]]:
        looked_up.append({game_id for game_id, _, _ in games})
        return states_of(s, cache, games)

    monkeypatch.setattr(replay, "states_of", counted)
    service.record(game, 0, [FaceOff(_t(1, 12))], by="scorer")
    # A's and B's two played games looked up once (the division's three, twice, before);
    # C v D is no one's in the game
    assert looked_up == [set(played[1:])]
    with service.read() as s:
        assert s.scalars(select(models.Game.version).where(models.Game.id == game)).one() == 1


def test_the_first_write_still_refuses_a_removed_teams_game(service: Tournaments) -> None:
    did, teams = _cup(service)
    for away in ("B", "C"):  # A's second forfeit removes it (634(e)4)
        game = service.add_game(did, teams["A"], teams[away])
        service.record(game, 0, [FaceOff(_t(1, 12)), Forfeit(_t(1, 11), "home")], by="scorer")
    game = service.add_game(did, teams["D"], teams["A"])
    with pytest.raises(TournamentRuleError, match=r"634\(e\)"):
        service.record(game, 0, [FaceOff(_t(1, 12))], by="scorer")
    with service.read() as s:  # nothing written: no lineup dressed, no event
        assert s.scalars(select(models.Game.version).where(models.Game.id == game)).one() == 0
