"""Issue 30: a rink laptop's push of a game's first events checks Rule 634(e)
(a removed team's later games are not played) from the two teams' games
alone, as a console's first write does, not from its division's every game;
and refuses a removed team's game as the whole division's view says."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, date, datetime

import pytest
from sqlalchemy.orm import Session, sessionmaker
from suspensionkit import at, roster

from rinkside.rules.events import FaceOff, Forfeit, PeriodEnd
from rinkside.rules.roster import GameSetup
from rinkside.rules.state import GameState
from rinkside.services import replay, rinks, sync, sync_proof
from rinkside.services.state_cache import StateCache
from rinkside.services.tournaments import Tournaments
from rinkside.store import codec
from rinkside.tournament.errors import TournamentRuleError
from rinkside.web import auth


def _now() -> datetime:
    return datetime(2026, 12, 5, 9, 0, tzinfo=UTC)


def test_a_first_push_reads_its_teams_games_alone(
        sessions: sessionmaker[Session], monkeypatch: pytest.MonkeyPatch) -> None:
    service = Tournaments(sessions)
    tid = service.create_tournament("Sync Narrow Cup", date(2026, 12, 5))
    did = service.add_division(tid, "14U")
    teams = {name: service.add_team(did, name) for name in "ABCD"}
    for name, team in teams.items():
        service.set_roster(team, roster(name))
    games: dict[str, int] = {}
    for pair, events in (("CA", [FaceOff(at(1, 12)), Forfeit(at(1, 11), "home")]),
                         ("BC", [FaceOff(at(1, 12)), Forfeit(at(1, 11), "away")]),
                         ("AB", [FaceOff(at(1, 12)), PeriodEnd(at(1, 0))])):
        games[pair] = service.add_game(did, teams[pair[0]], teams[pair[1]])
        service.record(games[pair], 0, events, by="scorer")  # C's second forfeit removes it
    pushed = {pair: service.add_game(did, teams[pair[0]], teams[pair[1]], rink="North")
              for pair in ("DC", "DA")}
    rinks.add_rink(service, tid, "North", {})
    auth.create_user(service, "scorer", "scorer-password-1", "scorekeeper",
                     list(pushed.values()))
    rink = sync.rink_of(service, sync.issue_token(service, tid, "North", _now))
    key = sync_proof.key_for(sync.issue_credential(service, tid, "North", "scorer", _now),
                             rink.rink_id, "scorer")
    with service.read() as s:
        removed = service.division_view_in(s, did).removed
    assert set(removed) == {teams["C"]}  # 634(e)4, as the whole division says

    looked_up: list[int] = []
    states_of = replay.states_of

    def counted(s: Session, cache: StateCache, setups: Sequence[tuple[int, int, GameSetup]]
                ) -> dict[int, tuple[int, GameState]]:
        looked_up.extend(game_id for game_id, _, _ in setups)
        return states_of(s, cache, setups)

    monkeypatch.setattr(replay, "states_of", counted)

    def push(game_id: int) -> None:
        payload = codec.encode(FaceOff(at(1, 12)))
        proof = sync_proof.proof(key, sync_proof.revision_message(
            game_id, 1, "append", 0, payload, "scorer", _now(), ""))
        sync.take_push(service, rink, game_id, 0, [sync.Revision(
            1, "append", 0, payload, "scorer", _now(), "", proof=proof, chain_seq=1,
            link="not the league's")])

    with pytest.raises(TournamentRuleError, match=r"634\(e\)"):
        push(pushed["DC"])
    assert sorted(looked_up) == sorted([games["CA"], games["BC"]])  # C's and D's: not A v B
    looked_up.clear()
    with pytest.raises(sync.SyncRefused):  # not removed: on to the chain, which is not the league's
        push(pushed["DA"])
    assert sorted(looked_up) == sorted([games["CA"], games["AB"]])  # A's and D's: not B v C
