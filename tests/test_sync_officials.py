"""A rink laptop carries only its own officials (issue 23, items 1 and 4):
through the league server's HTTP API as the rink's token would call it, a
laptop reopens no game (Rule 616(a): only the director reopens); the
setup the token takes hands out no password hash and no disabled
official; an official logs in on the laptop with their credential for it,
not their league password; a disabled official's sessions on the laptop end
at its next pull. Judged by the rows each store holds.

The league server and the laptop as in ``test_sync`` (the real server on a
loopback port, SQLite and PostgreSQL; the laptop a SQLite store of its own).
"""

from __future__ import annotations

import sys
from pathlib import Path

import httpx
from argon2 import PasswordHasher

sys.path.insert(0, str(Path(__file__).resolve().parent / "store"))
from fastapi.testclient import TestClient
from gamekit import faceoff, t
from sqlalchemy import func, select
from test_sync_kit import (  # noqa: F401  (the fixtures)
    League,
    laptop_fixture,
    league_fixture,
    league_store_fixture,
    log_of,
    pull,
    pull_only,
    push,
    score,
)
from typer.testing import CliRunner

from rinkside.cli import app as cli
from rinkside.rules.events import Forfeit
from rinkside.services import officiating, users
from rinkside.services.open import open_tournaments
from rinkside.services.tournaments import Tournaments
from rinkside.store import models as m
from rinkside.web import auth
from rinkside.web.app import create_app

AT = "2026-12-05T10:00:00+00:00"


def _api(league: League) -> tuple[httpx.Client, dict[str, str]]:
    return httpx.Client(base_url=league.url), {"Authorization": f"Bearer {league.token}"}


def _entries(service: Tournaments, game: int) -> list[tuple[str, str, bool]]:
    with service._sessions() as s:
        return [(e.kind, e.username, bool(e.locks)) for e in s.scalars(
            select(m.SignOffEntry).where(m.SignOffEntry.game_id == game)
            .order_by(m.SignOffEntry.id))]


def test_a_laptop_reopens_no_game_by_rule_616a(league: League) -> None:
    auth.create_user(league.service, "director", "director-password-1", "director", [])
    api, bearer = _api(league)
    first, second, _ = league.north
    for game in (first, second):
        score(league.service, game, Forfeit(t("1 12:00"), "away", "did not appear"))
    officiating.sign(league.service, first, "ref")  # signed on the league
    [held] = officiating.signoff(league.service, first).signatures
    reopen = {"kind": "reopen", "username": "director", "at": AT, "reason": "a fix"}
    signed_here = {"kind": "sign", "username": "ref", "at": held.at.isoformat(), "reason": "",
                   "locks": True}
    answer = api.post(f"/api/sync/games/{first}/signoff", headers=bearer,
                      json={"version": 1, "signoffs": [signed_here, reopen]})
    assert answer.status_code == 403, answer.text
    assert "a laptop cannot reopen a signed game (Rule 616(a)" in answer.json()["detail"]
    assert _entries(league.service, first) == [("sign", "ref", True)]
    assert officiating.is_locked(league.service, first)

    # The request: a referee's signature with no password, then the director's reopening.
    sign = {"kind": "sign", "username": "ref", "at": AT, "reason": "", "locks": True}
    answer = api.post(f"/api/sync/games/{second}/signoff", headers=bearer,
                      json={"version": 1, "signoffs": [sign, reopen]})
    assert answer.status_code == 403 and "616(a)" in answer.json()["detail"]
    assert _entries(league.service, second) == []


def test_the_setup_hands_out_no_password_hash_and_no_disabled_official(league: League) -> None:
    auth.create_user(league.service, "ref2", "ref2-password-123", "referee", league.north)
    api, bearer = _api(league)
    answer = api.get("/api/sync/setup", headers=bearer)
    assert answer.status_code == 200
    with league.service._sessions() as s:
        hashes = s.scalars(select(m.User.password_hash)).all()
        verifiers = dict(s.execute(select(m.User.username, m.SyncCredential.verifier)
                                   .join(m.SyncCredential)).all())
    assert not [h for h in hashes if h in answer.text]  # no league password's hash
    assert "password_hash" not in answer.text
    carried = {u["username"]: u for u in answer.json()["rows"]["users"]}
    assert {name: u["credential"] for name, u in carried.items()} == {
        "scorer": verifiers["scorer"], "ref": verifiers["ref"], "ref2": None}
    assert PasswordHasher().verify(carried["ref"]["credential"], league.credentials["ref"])

    users.set_active(league.service, "scorer", False)
    answer = api.get("/api/sync/setup", headers=bearer)
    assert sorted(u["username"] for u in answer.json()["rows"]["users"]) == ["ref", "ref2"]


def _log_in(client: TestClient, username: str, password: str) -> int:
    """The login form as a browser sends it: its answer's status."""
    client.get("/login")
    answer = client.post("/login", data={"username": username, "password": password,
                                         "csrf_token": client.cookies.get(auth.CSRF_COOKIE) or ""},
                         follow_redirects=False)
    return answer.status_code


def test_an_official_logs_in_on_the_laptop_with_the_credential_and_scores_what_the_league_takes(
        league: League, laptop: str) -> None:
    result = CliRunner().invoke(cli, ["sync", "pull", league.url, "--rink", "North",
                                      "--token", league.token, "--db", laptop])
    assert result.exit_code == 0, result.output
    rink = open_tournaments(laptop)
    game = league.north[0]
    with TestClient(create_app(rink)) as client:
        assert _log_in(client, "scorer", "scorer-password-1") == 401  # the league's: not here
        assert _log_in(client, "scorer", league.credentials["scorer"]) == 303
        csrf = client.get("/api/session").json()["csrf_token"]
        answer = client.post(f"/api/games/{game}/events", headers={auth.CSRF_HEADER: csrf},
                             json={"version": 0, "events": [{"type": "faceoff",
                                                             "at": "1 12:00"}]})
        assert answer.status_code == 200, answer.text
    code, said = push(laptop)
    assert code == 0, said
    assert log_of(league.service, game) == log_of(rink, game)


def test_a_disabled_official_is_signed_out_of_the_laptop_at_its_next_pull(
        league: League, laptop: str) -> None:
    pull(league, laptop)
    rink = open_tournaments(laptop)
    game = league.north[0]
    with TestClient(create_app(rink)) as client:
        assert _log_in(client, "scorer", league.credentials["scorer"]) == 303
        assert client.get("/api/session").json()["username"] == "scorer"
        score(rink, game, faceoff("1 12:00"))  # recorded by him before the league disabled him

        users.set_active(league.service, "scorer", False)
        pull_only(league, laptop)
        with rink._sessions() as s:
            scorer = s.scalars(select(m.User).where(m.User.username == "scorer")).one()
            assert not scorer.active
            assert s.scalar(select(func.count()).select_from(m.SessionRow)
                            .where(m.SessionRow.user_id == scorer.id)) == 0
        assert client.get("/api/session").status_code == 401  # his session ended
        assert _log_in(client, "scorer", league.credentials["scorer"]) == 401


def test_a_credential_is_shown_once_and_only_its_hash_and_key_are_kept(league: League) -> None:
    result = CliRunner().invoke(cli, ["sync", "credential", "issue", "--tournament",
                                      str(league.tournament), "--rink", "North", "ref",
                                      "--db", league.db])
    assert result.exit_code == 0, result.output
    secret = result.output.strip().removeprefix("ref: ")
    assert secret != league.credentials["ref"]  # replaced
    with league.service._sessions() as s:
        rows = s.execute(select(m.SyncCredential.verifier, m.SyncCredential.key)
                         .join(m.User).where(m.User.username == "ref")).all()
        text = " ".join(str(v) for row in s.execute(select(m.SyncCredential)).scalars()
                        for v in (row.verifier, row.key))
    [(verifier, key)] = rows
    assert secret not in text and PasswordHasher().verify(verifier, secret)
    assert key is not None
    auth.create_user(league.service, "boss", "boss-password-123", "director", [])
    auth.create_user(league.service, "south", "south-password-1", "scorekeeper", [league.south])
    for who in ("nobody", "boss", "south"):
        refused = CliRunner().invoke(cli, ["sync", "credential", "issue", "--tournament",
                                           str(league.tournament), "--rink", "North", who,
                                           "--db", league.db])
        assert refused.exit_code == 2 and "no active scorekeeper or referee" in refused.output
