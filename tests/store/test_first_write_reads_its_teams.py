"""Issue 30: a game's first write, a lineup handed in and a team's games
read only the games that decide them: Rule 634(e)'s check reads the two
teams' games (a team is removed by its own second forfeit, 634(e)4, or its
own late forfeit, 634(e)3), the suspensions that keep players out read
those teams' games and a 410(c) twin's team's (casebook 27), not the
division's. What they decide is what the whole division's view decides,
on a tournament with a forfeit, a removed team and a suspension carried
across divisions."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import date
from itertools import combinations

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker
from suspensionkit import at, misconduct, roster

from rinkside.rules.events import FaceOff, Forfeit, PeriodEnd
from rinkside.rules.roster import GameSetup
from rinkside.rules.state import GameState
from rinkside.services import replay
from rinkside.services.state_cache import StateCache
from rinkside.services.tournaments import Tournaments
from rinkside.store import models
from rinkside.tournament import suspension_check
from rinkside.tournament.errors import TournamentRuleError
from rinkside.tournament.lineups import LineupError
from rinkside.tournament.model import ScheduledGame


class Cup:
    """14U: A, B, C, D, E; 16U: F, G. Pat Twin plays for A (#7) and for F
    (#8): his game misconduct with F bars him with A too (410(c)). C
    forfeited once (to D); E forfeited twice (to B, then to D): removed
    (634(e)4). B's #5 sits out a game misconduct of his own (404(d)); A
    played B. ``games``: the played games by their two teams."""

    def __init__(self, service: Tournaments, settings: dict[str, object] | None = None
                 ) -> None:
        self.service = service
        self.tid = service.create_tournament("Narrow First Write Cup", date(2026, 12, 5),
                                             settings or {})
        self.u14 = service.add_division(self.tid, "14U")
        self.u16 = service.add_division(self.tid, "16U")
        self.teams: dict[str, int] = {}
        for did, names in ((self.u14, "ABCDE"), (self.u16, "FG")):
            for name in names:
                self.teams[name] = service.add_team(did, name)
                service.set_roster(self.teams[name], roster(name, {"A": 7, "F": 8}.get(name)))
        self.games: dict[str, int] = {}
        for pair, did, events in (
                ("CD", self.u14, [FaceOff(at(1, 12)), Forfeit(at(1, 11), "home")]),
                ("EB", self.u14, [FaceOff(at(1, 12)), Forfeit(at(1, 11), "home")]),
                ("DE", self.u14, [FaceOff(at(1, 12)), Forfeit(at(1, 11), "away")]),
                ("BD", self.u14, misconduct("home", 5)),
                ("AB", self.u14, [FaceOff(at(1, 12)), PeriodEnd(at(1, 0)),
                                  FaceOff(at(2, 12)), PeriodEnd(at(2, 0))]),
                ("FG", self.u16, misconduct("home", 8))):
            game = service.add_game(did, self.teams[pair[0]], self.teams[pair[1]])
            service.record(game, 0, events, by="scorer")
            self.games[pair] = game

    def of(self, *teams: str) -> set[int]:
        """The played games of ``teams``."""
        return {game for pair, game in self.games.items() if set(pair) & set(teams)}

    def roster(self, team: str) -> list[int]:
        with self.service.read() as s:
            return list(s.scalars(select(models.Player.id).where(
                models.Player.team_id == self.teams[team], models.Player.active.is_(True))))


@pytest.fixture
def cup(sessions: sessionmaker[Session]) -> Cup:
    return Cup(Tournaments(sessions))


@pytest.fixture
def looked_up(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Each played game whose state is looked up, each time it is."""
    seen: list[int] = []
    states_of = replay.states_of

    def counted(s: Session, cache: StateCache, games: Sequence[tuple[int, int, GameSetup]]
                ) -> dict[int, tuple[int, GameState]]:
        seen.extend(game_id for game_id, _, _ in games)
        return states_of(s, cache, games)

    monkeypatch.setattr(replay, "states_of", counted)
    yield seen


def test_a_teams_games_decide_its_removal_as_the_whole_division_does(cup: Cup) -> None:
    service = cup.service
    with service.write() as s:
        whole = service.division_view_in(s, cup.u14)
        assert set(whole.removed) == {cup.teams["E"]}  # 634(e)4; C's one forfeit removes none
        for pair in combinations("ABCDE", 2):
            ids = {cup.teams[t] for t in pair}
            narrowed = service.teams_view_in(s, cup.u14, ids)
            assert narrowed.removed == {t: r for t, r in whole.removed.items() if t in ids}
            assert {p.game.game_id for p in narrowed.played} == cup.of(*pair)
            assert [p for p in whole.played if p.game.game_id in cup.of(*pair)] == \
                narrowed.played


def test_a_late_forfeit_disqualifies_as_the_whole_division_says(
        sessions: sessionmaker[Session]) -> None:
    """634(e)3: where the event disqualifies a team for forfeiting one of its
    last two pool games, its own games decide it: D forfeits to A with two
    games of its own still to play (it stays), C forfeits its last (out)."""
    service = Tournaments(sessions)
    tid = service.create_tournament("Late Forfeit Cup", date(2026, 12, 5),
                                    {"late_forfeit_sanctions": ["disqualify"]})
    did = service.add_division(tid, "14U")
    teams = {name: service.add_team(did, name) for name in "ABCD"}
    for name, team in teams.items():
        service.set_roster(team, roster(name))
    games = {pair: service.add_game(did, teams[pair[0]], teams[pair[1]])
             for pair in ("DA", "CB", "AB", "DB", "DC")}
    for pair, events in (("DA", [FaceOff(at(1, 12)), Forfeit(at(1, 11), "home")]),
                         ("DC", [FaceOff(at(1, 12)), Forfeit(at(1, 11), "away")])):
        service.record(games[pair], 0, events, by="scorer")
    with service.write() as s:
        whole = service.division_view_in(s, did)
        assert set(whole.removed) == {teams["C"]}
        for pair in combinations("ABCD", 2):
            ids = {teams[t] for t in pair}
            narrowed = service.teams_view_in(s, did, ids)
            assert narrowed.removed == {t: r for t, r in whole.removed.items() if t in ids}


def test_the_first_write_reads_its_teams_games_once_and_dresses_as_every_division_says(
        cup: Cup, looked_up: list[int]) -> None:
    service = cup.service
    game = service.add_game(cup.u14, cup.teams["A"], cup.teams["C"])
    every = service.suspensions(cup.tid)  # every division's views, as the desk reads them
    looked_up.clear()
    service.record(game, 0, [FaceOff(at(1, 12))], by="scorer")
    # A's and C's games, and F's (Pat Twin's other team, 410(c)), each once; not the
    # division's others (E's forfeits, B v D)
    assert sorted(looked_up) == sorted(cup.of("A", "C", "F"))
    scheduled = ScheduledGame(game, cup.u14, "pool", cup.teams["A"], cup.teams["C"], None,
                              None, 0)
    barred = suspension_check.barred(cup.roster("A"), scheduled, every)
    assert len(barred) == 1 and "410(c)" in str(next(iter(barred.values())))
    with service.read() as s:
        dressed = {(e.team_id, e.player_id) for e in s.scalars(
            select(models.LineupEntry).where(models.LineupEntry.game_id == game))}
    assert dressed == {(cup.teams["A"], pid) for pid in cup.roster("A") if pid not in barred}


def test_the_first_write_of_a_removed_teams_game_is_refused_from_its_teams_games(
        cup: Cup, looked_up: list[int]) -> None:
    service = cup.service
    game = service.add_game(cup.u14, cup.teams["A"], cup.teams["E"])
    with pytest.raises(TournamentRuleError, match=r"634\(e\)"):
        service.record(game, 0, [FaceOff(at(1, 12))], by="scorer")
    assert sorted(looked_up) == sorted(cup.of("A", "E", "F"))  # not C v D, not B v D
    with service.read() as s:  # nothing written: no lineup dressed, no event
        assert s.scalars(select(models.Game.version).where(models.Game.id == game)).one() == 0
        assert not s.scalars(select(models.LineupEntry)
                             .where(models.LineupEntry.game_id == game)).all()


def test_a_lineup_reads_its_teams_games_once(cup: Cup, looked_up: list[int]) -> None:
    service = cup.service
    game = service.add_game(cup.u14, cup.teams["A"], cup.teams["C"])
    with pytest.raises(LineupError, match=r"410\(c\)"):  # Pat Twin, as every division says
        service.set_lineup(game, cup.teams["A"], cup.roster("A"))
    assert sorted(looked_up) == sorted(cup.of("A", "F"))  # A's and Pat Twin's F's, once
    looked_up.clear()
    service.set_lineup(game, cup.teams["C"], cup.roster("C"))
    assert sorted(looked_up) == sorted(cup.of("C"))
    looked_up.clear()
    refused = service.add_game(cup.u14, cup.teams["B"], cup.teams["E"])
    with pytest.raises(TournamentRuleError, match=r"634\(e\)"):
        service.set_lineup(refused, cup.teams["E"], cup.roster("E"))
    assert sorted(looked_up) == sorted(cup.of("E"))
