"""A rink laptop carries only what its own signed-in officials did (issue
23, items 1 and 4): the rink's token acts in nobody's name. Through the
league server's HTTP API as an attacker holding the token would call it, and
judged by the rows the league stores: a signature with no proof that the
referee signed on the laptop, any reopening (Rule 616(a): only the director
reopens), an event under a ``by`` that is not the game's scorekeeper or that
lacks the scorekeeper's proof, are refused and change nothing; the setup
hands out no password hash and no disabled official, and a disabled
official's sessions on the laptop end at its next pull.

The league server and the laptop as in ``test_sync`` (the real server on a
loopback port, SQLite and PostgreSQL; the laptop a SQLite store of its own).
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

import httpx
from argon2 import PasswordHasher
from fastapi.testclient import TestClient
from gamekit import faceoff, t, whistle
from sqlalchemy import func, select
from test_sync_kit import League, linked, log_of, pull, pull_only, push, score, sign_in
from typer.testing import CliRunner

from rinkside.cli import app
from rinkside.rules.events import Forfeit
from rinkside.services import officiating, sync, sync_proof, users
from rinkside.services.open import open_tournaments
from rinkside.services.tournaments import Tournaments
from rinkside.store import models
from rinkside.web import auth
from rinkside.web.app import create_app

AT = "2026-12-05T10:00:00+00:00"


def _api(league: League) -> tuple[httpx.Client, dict[str, str]]:
    return httpx.Client(base_url=league.url), {"Authorization": f"Bearer {league.token}"}


def _entries(service: Tournaments, game: int) -> list[tuple[str, str, bool]]:
    with service.read() as s:
        return [(e.kind, e.username, bool(e.locks)) for e in s.scalars(
            select(models.SignOffEntry).where(models.SignOffEntry.game_id == game)
            .order_by(models.SignOffEntry.id))]


def _key(league: League, who: str) -> str:
    with league.service.read() as s:
        rink = s.scalars(select(models.Rink.id).where(models.Rink.name == "North")).one()
    return sync_proof.key_for(league.credentials[who], rink, who)


def _revision(league: League, game: int, number: int, by: str, *, op: str = "append",
              payload: Any = None, position: int = 0, key: str | None = None
              ) -> dict[str, Any]:
    """A revision as the API takes it, with ``key``'s proof if given."""
    at, reason = datetime.fromisoformat(AT), "entered twice"
    proof = None if key is None else sync_proof.proof(key, sync_proof.revision_message(
        game, number, op, position, payload, by, at, reason))
    return {"revision": number, "op": op, "position": position, "payload": payload,
            "by": by, "at": AT, "reason": reason, "proof": proof}


def test_the_token_alone_signs_in_no_referees_name(league: League) -> None:
    api, bearer = _api(league)
    game = league.north[0]
    score(league.service, game, Forfeit(t("1 12:00"), "away", "did not appear"))
    sign = {"kind": "sign", "username": "ref", "at": AT, "reason": "", "locks": True}
    for forged in (sign, {**sign, "proof": "00" * 32}):
        answer = api.post(f"/api/sync/games/{game}/signoff", headers=bearer,
                          json={"version": 1, "signoffs": [forged]})
        assert answer.status_code == 403, answer.text
        assert "no proof that ref did it signed in on the laptop of rink 'North'" in (
            answer.json()["detail"])
    assert _entries(league.service, game) == []  # nothing signed, nothing locked
    assert not officiating.is_locked(league.service, game)
    report = {"kind": "incident", "rule": None, "text": "Away never showed.", "username": "ref",
              "at": AT}
    answer = api.post(f"/api/sync/games/{game}/signoff", headers=bearer,
                      json={"version": 1, "signoffs": [], "reports": [report]})
    assert answer.status_code == 403 and "ref's written report" in answer.json()["detail"]
    assert officiating.written_reports(league.service, game) == []

    at = datetime.fromisoformat(AT)  # the referee's own proof: taken
    proven = {**sign, "proof": sync_proof.proof(_key(league, "ref"), sync_proof.signoff_message(
        game, "sign", "ref", at, "", True))}
    answer = api.post(f"/api/sync/games/{game}/signoff", headers=bearer,
                      json={"version": 1, "signoffs": [linked(league.service, game, proven)]})
    assert answer.status_code == 200, answer.text
    assert _entries(league.service, game) == [("sign", "ref", True)]


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

    # The issue's request: a referee's signature with no password, then the director's reopening.
    sign = {"kind": "sign", "username": "ref", "at": AT, "reason": "", "locks": True}
    answer = api.post(f"/api/sync/games/{second}/signoff", headers=bearer,
                      json={"version": 1, "signoffs": [sign, reopen]})
    assert answer.status_code == 403 and "616(a)" in answer.json()["detail"]
    assert _entries(league.service, second) == []


def test_an_event_in_a_name_without_its_proof_is_refused(league: League) -> None:
    auth.create_user(league.service, "director", "director-password-1", "director", [])
    api, bearer = _api(league)
    game = league.north[0]
    score(league.service, game, faceoff("1 12:00"), whistle("1 11:30"))
    before = log_of(league.service, game)
    url = f"/api/sync/games/{game}/events"
    forged = [
        (_revision(league, game, 3, "director", op="delete", position=1),
         "'director' is not an active scorekeeper of the game"),
        (_revision(league, game, 3, "ref", op="delete", position=1, key=_key(league, "ref")),
         "'ref' is not an active scorekeeper of the game"),
        (_revision(league, game, 3, "scorer", op="delete", position=1),
         "no proof that scorer did it"),
        (_revision(league, game, 3, "scorer", op="delete", position=1, key=_key(league, "ref")),
         "no proof that scorer did it"),
    ]
    for revision, why in forged:
        answer = api.post(url, headers=bearer, json={"league_version": 2,
                                                      "revisions": [revision]})
        assert answer.status_code == 403, answer.text
        assert why in answer.json()["detail"] and "nothing was merged" in answer.json()["detail"]
    assert log_of(league.service, game) == before

    proven = _revision(league, game, 3, "scorer", op="delete", position=1,
                       key=_key(league, "scorer"))
    answer = api.post(url, headers=bearer, json={"league_version": 2, "revisions": [
        linked(league.service, game, proven)]})
    assert answer.status_code == 200, answer.text
    assert [op for _, op, _ in log_of(league.service, game)] == ["append", "append", "delete"]


def test_the_setup_hands_out_no_password_hash_and_no_disabled_official(league: League) -> None:
    auth.create_user(league.service, "ref2", "ref2-password-123", "referee", league.north)
    api, bearer = _api(league)
    answer = api.get("/api/sync/setup", headers=bearer)
    assert answer.status_code == 200
    with league.service.read() as s:
        hashes = s.scalars(select(models.User.password_hash)).all()
        verifiers = dict(s.execute(select(models.User.username, models.SyncCredential.verifier)
                                   .join(models.SyncCredential)).all())
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
    result = CliRunner().invoke(app, ["sync", "pull", league.url, "--rink", "North",
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
        with rink.read() as s:
            scorer = s.scalars(select(models.User).where(models.User.username == "scorer")).one()
            assert not scorer.active
            assert s.scalar(select(func.count()).select_from(models.SessionRow)
                            .where(models.SessionRow.user_id == scorer.id)) == 0
        assert client.get("/api/session").status_code == 401  # his session ended
        assert _log_in(client, "scorer", league.credentials["scorer"]) == 401
    code, said = push(laptop)  # what he recorded is his: the league no longer takes it
    assert code == 1 and "'scorer' is not an active scorekeeper" in said
    assert log_of(league.service, game) == []


def test_a_credential_is_shown_once_and_only_its_hash_and_key_are_kept(league: League) -> None:
    result = CliRunner().invoke(app, ["sync", "credential", "issue", "--tournament",
                                      str(league.tournament), "--rink", "North", "ref",
                                      "--db", league.db])
    assert result.exit_code == 0, result.output
    secret = result.output.strip().removeprefix("ref: ")
    assert secret != league.credentials["ref"]  # replaced
    with league.service.read() as s:
        rows = s.execute(select(models.SyncCredential.verifier, models.SyncCredential.key)
                         .join(models.User).where(models.User.username == "ref")).all()
        text = " ".join(str(v) for row in s.execute(select(models.SyncCredential)).scalars()
                        for v in (row.verifier, row.key))
    [(verifier, key)] = rows
    assert secret not in text and PasswordHasher().verify(verifier, secret)
    assert key is not None
    auth.create_user(league.service, "boss", "boss-password-123", "director", [])
    auth.create_user(league.service, "south", "south-password-1", "scorekeeper", [league.south])
    for who in ("nobody", "boss", "south"):
        refused = CliRunner().invoke(app, ["sync", "credential", "issue", "--tournament",
                                           str(league.tournament), "--rink", "North", who,
                                           "--db", league.db])
        assert refused.exit_code == 2 and "no active scorekeeper or referee" in refused.output


def test_a_referee_signing_on_the_laptops_command_line_with_the_credential_signs_the_league_game(
        league: League, laptop: str) -> None:
    pull_only(league, laptop)
    rink = open_tournaments(laptop)
    sign_in(rink, "scorer", league.credentials["scorer"])
    game = league.north[0]
    score(rink, game, Forfeit(t("1 12:00"), "away", "did not appear"))
    signed = CliRunner().invoke(app, ["game", "sign", str(game), "--user", "ref", "--password",
                                      league.credentials["ref"], "--db", laptop])
    assert signed.exit_code == 0, signed.output
    code, said = push(laptop)
    assert code == 0, said
    assert _entries(league.service, game) == [("sign", "ref", True)]
    assert officiating.is_locked(league.service, game)


def test_a_new_credential_ends_the_old_ones_sessions_and_proofs(league: League,
                                                                laptop: str) -> None:
    pull_only(league, laptop)
    rink = open_tournaments(laptop)
    old = league.credentials["scorer"]
    game = league.north[0]
    with TestClient(create_app(rink)) as client:
        assert _log_in(client, "scorer", old) == 303
        score(rink, game, faceoff("1 12:00"))
        new = sync.issue_credential(league.service, league.tournament, "North", "scorer",
                                    lambda: datetime.fromisoformat(AT))
        code, said = push(laptop)  # made with the old credential's key: the league's is new
        assert code == 1 and "no proof that scorer did it" in said
        assert log_of(league.service, game) == []

        pull_only(league, laptop)
        assert client.get("/api/session").status_code == 401  # the old one's session ended
        assert _log_in(client, "scorer", old) == 401
        assert _log_in(client, "scorer", new) == 303
    code, said = _push_again(laptop)  # the refused game, now with the new credential's proof
    assert code == 0, said
    assert log_of(league.service, game) == log_of(rink, game)


def _push_again(laptop: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["sync", "push", "--retry-refused", "--db", laptop])
    return result.exit_code, result.output


def test_the_laptop_shows_which_officials_signed_in_with_their_credential(
        league: League, laptop: str) -> None:
    auth.create_user(league.service, "ref2", "ref2-password-123", "referee", league.north)
    pull_only(league, laptop)
    rink = open_tournaments(laptop)
    sign_in(rink, "ref", league.credentials["ref"])
    page = TestClient(create_app(rink)).get("/sync").text
    rows = re.findall(r"<tr><td>(\w+)</td><td>\w+</td><td>([^<]+)</td><td>([^<]+)</td></tr>",
                      page)
    assert rows == [("ref", "issued", "yes"),
                    ("ref2", "none issued yet", "not yet: what they did waits"),
                    ("scorer", "issued", "not yet: what they did waits")]
    status = CliRunner().invoke(app, ["sync", "status", "--db", laptop]).output
    assert "scorer (scorekeeper) has not signed in here" in status
    assert "ref2 (referee) holds no credential" in status
    assert "ref (referee)" not in status
