"""A desk write and its line in the desk's record commit together: when
writing the record fails (a crash between the two), nothing of the write is
kept either, for every desk write that used to commit first and record
after (a division, a player, a roster import, a user, a password, an
account disabled, a sync token, a rink, a tournament, a game, supplementary
discipline, a forfeit, a game's officials).

This is the home of every desk route writing through the one transaction
(on the demo's SQLite store); the transaction itself, on SQLite and
PostgreSQL, is tests/store/test_desk_record_transactions.py's (the crash:
:mod:`recordkit`)."""

from __future__ import annotations

from typing import Any

import pytest
from deskkit import RINK, dora, people, post, rick, skip, small_cup
from recordkit import Crash
from sqlalchemy import func, select
from webkit import Client, Demo

from rinkside.services import queries, rinks, sync, users
from rinkside.store import models

__all__ = ["dora", "people", "rick", "skip"]


@pytest.fixture(scope="module")
def cup(demo: Demo, dora: Client) -> tuple[int, int]:
    return small_cup(demo, dora, "Crash Cup", ("Owls", "Hawks", "Larks", "Crows"))


def _count(demo: Demo, model: type[Any]) -> int:
    with demo.service.read() as s:
        return s.scalar(select(func.count()).select_from(model)) or 0


def _state(demo: Demo) -> dict[str, Any]:
    """Everything a desk write below may change, read from the store."""
    service = demo.service
    return {model.__name__: _count(demo, model) for model in (
        models.Tournament, models.Division, models.Team, models.Player, models.User,
        models.SyncToken, models.Rink, models.Game, models.SupplementaryDiscipline,
        models.EventRevision, models.GameOfficial, models.DeskChange)} | {
        "passwords": [users.authenticate(service, "skip", "scorer-desk-1") is not None],
        "active": [u.active for u in users.users(service)],
        "logins": [u.games for u in users.users(service)]}


def _writes(demo: Demo, cup: tuple[int, int]) -> list[tuple[str, dict[str, Any]]]:
    tid, did = cup
    teams = {t.name: t.team_id for t in queries.tournament_trees(demo.service)
             if t.tournament_id == tid for t in t.divisions[0].teams}
    game = next(g for g in queries.games(demo.service, did) if g.version == 0)
    owls = queries.team(demo.service, teams["Owls"])
    return [
        (f"/desk/tournaments/{tid}/divisions", {"name": "Crash Division"}),
        (f"/desk/teams/{teams['Owls']}/players", {"number": "77", "name": "New Owl"}),
        (f"/desk/tournaments/{tid}/users", {"username": "crash", "password": "crash-pass-1",
                                            "role": "director"}),
        (f"/desk/tournaments/{tid}/users/skip/password", {"password": "new-secret-1"}),
        (f"/desk/tournaments/{tid}/users/skip/active", {"active": "no"}),
        (f"/desk/tournaments/{tid}/sync-tokens", {"rink": "Main", "action": "issue"}),
        (f"/desk/tournaments/{tid}/rinks", {"name": "Second", **RINK}),
        ("/desk/tournaments", {"name": "Crash Classic", "starts_on": "2026-12-20"}),
        (f"/desk/tournaments/{tid}/games", {"home": teams["Owls"], "away": teams["Hawks"],
                                            "start": "2026-12-13T09:00", "rink": "Main"}),
        (f"/desk/tournaments/{tid}/supplementary", {"player": owls.players[1].player_id,
                                                    "games": "1", "reason": "a fight"}),
        (f"/desk/tournaments/{tid}/forfeit", {"game": game.game_id, "team": "home",
                                              "cause": "634(c)2", "reason": "no bus",
                                              "confirm": "yes"}),
        (f"/desk/games/{game.game_id}/staff", {"scorekeeper": "skip", "referee": ["rick"]}),
    ]


WRITES = 12


@pytest.mark.parametrize("which", range(WRITES))
def test_a_desk_write_whose_record_fails_leaves_nothing(
        demo: Demo, dora: Client, cup: tuple[int, int], crashing_record: None,
        which: int) -> None:
    writes = _writes(demo, cup)
    assert len(writes) == WRITES
    path, form = writes[which]
    before = _state(demo)
    with pytest.raises(Crash):
        post(dora, path, form)
    assert _state(demo) == before


def test_an_import_whose_record_fails_imports_nothing(
        demo: Demo, dora: Client, cup: tuple[int, int], crashing_record: None) -> None:
    _, did = cup
    before = _state(demo)
    client, token = dora
    lines = ["team,number,name,goalie,captain", "Crashers,1,Crash Keeper,yes,",
             *[f"Crashers,{n},Crasher {n},no,{'C' if n == 9 else ''}" for n in (9, 10, 11, 12)]]
    with pytest.raises(Crash):
        client.post(f"/desk/divisions/{did}/import", data={"csrf_token": token},
                    files={"file": ("r.csv", ("\n".join(lines) + "\n").encode(), "text/csv")})
    assert _state(demo) == before


def test_each_write_is_done_and_recorded_when_nothing_fails(
        demo: Demo, dora: Client, cup: tuple[int, int]) -> None:
    """The same writes, with the record written: each is kept, with its line."""
    for path, form in _writes(demo, cup)[:10]:
        before = _state(demo)
        response = post(dora, path, form)
        assert response.status_code in (200, 303), (path, response.text[:300])
        after = _state(demo)
        assert after["DeskChange"] == before["DeskChange"] + 1, path
        assert after != before | {"DeskChange": after["DeskChange"]}, path
    assert sync.tokens(demo.service, cup[0]) and len(rinks.rinks(demo.service, cup[0])) == 2


