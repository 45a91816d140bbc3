"""A rink laptop and the league server over loopback: pull the rink's
tournament, score offline, push; a push cut midway resumes and takes nothing
twice; a game changed or signed on the league meanwhile is refused whole; a
repeated push changes nothing; tokens are the rink's, stored as hashes and
revocable.

The league server is the real server (uvicorn, ``build_server``) on a free
loopback port in a thread, over a SQLite store of its own; the laptop is a
second store driven by the ``rinkside sync`` commands, its HTTP the standard
library's. The cut connection is a real one: a proxy that hands the push to
the league server, waits for its answer, and hangs up without passing it on.
"""

from __future__ import annotations

import hashlib
import socket
import threading

import httpx
import pytest
from fastapi.testclient import TestClient
from gamekit import faceoff, goal, t, whistle
from sqlalchemy import select
from test_sync_kit import League, free_port, log_of, now, pull, push, score
from typer.testing import CliRunner

from rinkside.cli import app
from rinkside.rules.events import Forfeit
from rinkside.services import officiating, sync, sync_client, sync_local
from rinkside.services.open import open_tournaments
from rinkside.store import models
from rinkside.web.app import create_app
from rinkside.web.server import build_server


def test_pull_score_offline_and_push_reaches_the_league(league: League, laptop: str) -> None:
    pull(league, laptop)
    rink = open_tournaments(laptop)
    first, second, _third = league.north
    assert sync_local.link(rink) is not None
    with rink.read() as s:  # the rink's games only, with the league's ids
        assert sorted(s.scalars(select(models.Game.id))) == sorted(league.north)
        assert s.scalars(select(models.User.username).order_by(models.User.username)).all() == [
            "ref", "scorer"]
    assert rink.game_state(first)[1].setup.home.name == "Home"

    version = score(rink, first, faceoff("1 12:00"), goal("1 11:30", "home", 5),
                     faceoff("1 11:30"))
    rink.correct(first, version, "replace", 1, goal("1 11:30", "home", 6), "scorer",
                 "the scorer was #6")
    score(rink, second, faceoff("1 12:00"))
    page = TestClient(create_app(rink)).get("/sync")
    assert page.status_code == 200
    assert "Events not pushed yet" in page.text and f"/games/{first}" in page.text
    assert [(g.game_id, g.unpushed) for g in sync_local.pending(rink)] == [(first, 4),
                                                                           (second, 1)]

    code, said = push(laptop)
    assert code == 0, said
    assert f"game {first}: 4 events pushed" in said  # the correction with them
    assert log_of(league.service, first) == log_of(rink, first)  # revision by revision
    assert league.service.game_state(first)[1].score["home"] == 1
    assert sync_local.pending(rink) == []
    assert "Everything recorded here is on the league server" in TestClient(
        create_app(rink)).get("/sync").text


def test_a_push_cut_midway_resumes_and_takes_nothing_twice(league: League, laptop: str) -> None:
    pull(league, laptop)
    rink = open_tournaments(laptop)
    first, second, third = league.north
    for game in league.north:
        score(rink, game, faceoff("1 12:00"), whistle("1 11:50"))
    with CuttingProxy(league.url, cut_game=second) as proxy:
        code, said = push(laptop, proxy.url)
    assert code == 1 and "run it again" in said  # the second game's answer never came
    assert log_of(league.service, first) == log_of(rink, first)
    assert len(log_of(league.service, second)) == 2  # taken by the league before the cut
    assert log_of(league.service, third) == []  # never sent
    assert [g.game_id for g in sync_local.pending(rink)] == [second, third]

    code, said = push(laptop)
    assert code == 0, said
    assert f"game {second}: already on the league server" in said
    assert f"game {third}: 2 events pushed" in said
    for game in league.north:
        assert log_of(league.service, game) == log_of(rink, game)  # nothing twice
    assert push(laptop) == (0, "nothing to push\n")


def test_a_game_changed_on_the_league_meanwhile_is_refused_whole(league: League,
                                                                 laptop: str) -> None:
    pull(league, laptop)
    rink = open_tournaments(laptop)
    game = league.north[0]
    score(league.service, game, faceoff("1 12:00"))  # scored at the league too
    score(rink, game, faceoff("1 12:00"), whistle("1 11:00"))
    before = log_of(league.service, game)
    code, said = push(laptop)
    assert code == 1
    assert "changed on the league server" in said and "nothing was merged" in said
    assert "a game is scored in one place (Rule 506(a): its Official Scorer" in said
    assert log_of(league.service, game) == before
    assert [g.game_id for g in sync_local.pending(rink)] == [game]  # still shown as unpushed


def test_a_game_signed_on_the_league_is_refused_by_rule_616a(league: League,
                                                             laptop: str) -> None:
    pull(league, laptop)
    rink = open_tournaments(laptop)
    game = league.north[1]
    score(rink, game, faceoff("1 12:00"))
    score(league.service, game, Forfeit(t("1 12:00"), "away", "did not appear"))
    officiating.sign(league.service, game, "ref")
    code, said = push(laptop)
    assert code == 1 and "616(a)" in said and "nothing was merged" in said
    assert len(log_of(league.service, game)) == 1


def test_a_repeated_push_changes_nothing(league: League, laptop: str) -> None:
    pull(league, laptop)
    rink = open_tournaments(laptop)
    game = league.north[0]
    score(rink, game, faceoff("1 12:00"), whistle("1 11:50"))
    body = sync_local.outgoing(rink, game)
    client = sync_client.LeagueClient(league.url, league.token)
    assert client.push(game, body) == {"version": 2, "taken": 2}
    after = log_of(league.service, game)
    assert client.push(game, body) == {"version": 2, "taken": 0}  # the same push again
    assert log_of(league.service, game) == after


def test_tokens_are_the_rinks_stored_as_hashes_and_revocable(league: League) -> None:
    with league.service.read() as s:
        hashes = s.scalars(select(models.SyncToken.token_hash)).all()
    assert hashes == [hashlib.sha256(league.token.encode()).hexdigest()]  # never the token
    api = httpx.Client(base_url=league.url)
    assert api.get("/api/sync/setup").status_code == 401
    assert api.get("/api/sync/setup", headers={"Authorization": "Bearer nope"}).status_code == 401
    bearer = {"Authorization": f"Bearer {league.token}"}
    assert api.get("/api/sync/setup", headers=bearer).json()["games"] == league.north
    south = {"league_version": 0, "revisions": [{
        "revision": 1, "op": "append", "position": 0, "by": "scorer",
        "at": "2026-12-05T09:00:00+00:00", "payload": {"type": "faceoff"}}]}
    refused = api.post(f"/api/sync/games/{league.south}/events", json=south, headers=bearer)
    assert refused.status_code == 404 and "not scored at rink 'North'" in refused.json()["detail"]
    bad = api.post(f"/api/sync/games/{league.north[0]}/events", json={"revisions": []},
                   headers=bearer)
    assert bad.status_code == 422
    result = CliRunner().invoke(app, ["sync", "token", "revoke", "--tournament",
                                      str(league.tournament), "--rink", "North", "--db",
                                      league.db])
    assert result.exit_code == 0 and "1 token of rink North revoked" in result.output
    revoked = api.get("/api/sync/setup", headers=bearer)
    assert revoked.status_code == 401 and "revoked" in revoked.json()["detail"]


def test_serve_pushes_by_itself_while_the_league_is_reachable_again(league: League,
                                                                    laptop: str) -> None:
    pull(league, laptop)
    rink = open_tournaments(laptop)
    game = league.north[0]
    score(rink, game, faceoff("1 12:00"))
    now = [100.0]
    down = sync_client.PushLoop(rink, lambda: now[0], interval=30.0,
                                transport=_unreachable)
    assert down.tick() and isinstance(down.last, str)  # the league cannot be reached
    assert down.due == 160.0  # waits twice as long after a failure
    now[0] = 159.0
    assert not down.tick()  # not due yet: no attempt
    up = sync_client.PushLoop(rink, lambda: now[0], interval=30.0)
    assert up.tick()
    assert sync_local.pending(rink) == [] and len(log_of(league.service, game)) == 1
    assert not up.tick()  # nothing waits


def _unreachable(method: str, url: str, headers: dict[str, str], body: bytes | None
                 ) -> tuple[int, bytes]:
    raise sync_client.Unreachable(f"{url}: no route to the league")


class CuttingProxy:
    """Passes each request on to ``target`` and its answer back, except a
    push of ``cut_game``: handed on, its answer awaited, then the laptop's
    connection is closed without it (the league took it; the laptop never
    heard)."""

    def __init__(self, target: str, cut_game: int) -> None:
        host, port = target.removeprefix("http://").split(":")
        self.target = (host, int(port))
        self.cut = f"/api/sync/games/{cut_game}/events".encode()
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self.thread = threading.Thread(target=self._serve, daemon=True)

    def __enter__(self) -> CuttingProxy:
        self.thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.listener.close()
        self.thread.join(5)

    def _serve(self) -> None:
        while True:
            try:
                laptop, _ = self.listener.accept()
            except OSError:
                return
            with laptop, socket.create_connection(self.target) as league:
                request = _request(laptop)
                league.sendall(request)
                answer = _until_closed(league)
                if self.cut not in request.split(b"\r\n", 1)[0]:
                    laptop.sendall(answer)


def _request(sock: socket.socket) -> bytes:
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(65536)
    head, _, body = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    while len(body) < length:
        body += sock.recv(65536)
    return head + b"\r\n\r\n" + body


def _until_closed(sock: socket.socket) -> bytes:
    chunks = []
    while chunk := sock.recv(65536):
        chunks.append(chunk)
    return b"".join(chunks)



def test_a_second_pull_brings_the_setup_up_and_keeps_what_waits_to_be_pushed(
        league: League, laptop: str) -> None:
    pull(league, laptop)
    rink = open_tournaments(laptop)
    waiting, scored_there, _ = league.north
    score(rink, waiting, faceoff("1 12:00"))
    score(league.service, scored_there, faceoff("1 12:00"), whistle("1 11:00"))
    home = league.service.game_state(waiting)[1].setup  # the league adds a player to Home
    with league.service.read() as s:
        team = s.scalars(select(models.Team.id).where(models.Team.name == home.home.name)).one()
    league.service.add_player(team, 12, "Late Addition")

    result = CliRunner().invoke(app, ["sync", "pull", league.url, "--rink", "North",
                                      "--token", league.token, "--db", laptop])
    assert result.exit_code == 0, result.output
    assert f"game {waiting}: events recorded here wait to be pushed" in result.output
    assert 12 in [p.number for p in rink.game_state(scored_there)[1].setup.home.players]
    assert log_of(rink, scored_there) == log_of(league.service, scored_there)  # the league's events
    assert [(g.game_id, g.unpushed) for g in sync_local.pending(rink)] == [(waiting, 1)]
    status = CliRunner().invoke(app, ["sync", "status", "--db", laptop])
    assert f"game {waiting}: 1 events not pushed yet" in status.output


def test_serve_on_a_pulled_store_runs_the_push_loop(league: League, laptop: str) -> None:
    served = build_server("127.0.0.1", free_port(), league.db)
    assert served.pushing is None  # the league server is no laptop
    if served.relay is not None:
        served.relay.stop()
    pull(league, laptop)
    laptop_server = build_server("127.0.0.1", free_port(), laptop)
    assert laptop_server.pushing is not None
    laptop_server.pushing.stop()


def test_revisions_that_skip_a_version_are_refused_saying_why(league: League) -> None:
    """No rule is involved: the refusal says what (the versions expected) and
    why (one log, one version after another), and that nothing was merged."""
    rink = sync.RinkRef(0, league.tournament, "North")
    skipped = sync.Revision(5, "insert", 0, None, "kim", now(), "late")
    with pytest.raises(sync.SyncRefused) as refused:
        sync.take_push(league.service, rink, league.north[0], 3, [skipped])
    assert refused.value.status == 422
    assert refused.value.message == (
        f"game {league.north[0]}: the revisions pushed must follow version 3 one by one "
        "([4]...): each is the next version of the game's one log; the push was refused "
        "whole and nothing was merged")
