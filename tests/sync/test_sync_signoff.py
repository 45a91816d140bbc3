"""A rink laptop's sign-offs reach the league, and the league's refusals are
remembered: the referees sign at the rink and the league server's game is
signed and locked the same (Rule 616(a)); a repeated push changes nothing; a
sign-off the league holds the events of no longer, or a game the league
signed otherwise, is refused whole, and a laptop reopens no game; a refused
game is not sent again until it changes here or the operator asks; a cut
connection is no refusal and is tried again, each failure doubling the wait
up to a cap.

Over loopback as in ``test_sync``: the league server is the real server on
a port over SQLite or PostgreSQL, the laptop its own SQLite store driven by
the ``rinkside sync`` commands; the retry loop runs on a clock the test moves.
"""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from gamekit import faceoff, t
from test_sync_kit import League, forfeited, log_of, pull, push, signed_at_the_rink
from typer.testing import CliRunner

from rinkside.cli import app
from rinkside.rules.events import Forfeit
from rinkside.services import officiating, sync_client, sync_local
from rinkside.services.open import open_tournaments
from rinkside.services.tournaments import Tournaments
from rinkside.tournament.errors import GameLocked
from rinkside.web import auth
from rinkside.web.app import create_app


def _status(laptop: str) -> str:
    result = CliRunner().invoke(app, ["sync", "status", "--db", laptop])
    assert result.exit_code == 0, result.output
    return result.output


def _signed(service: Tournaments, game: int) -> list[tuple[str, str, bool]]:
    status = officiating.signoff(service, game)
    return [(sig.username, sig.at.isoformat(), status.locked) for sig in status.signatures]


class Counting:
    """The laptop's HTTP, counting the requests that reach the league."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.inner = sync_client.urllib_transport()

    def __call__(self, method: str, url: str, headers: dict[str, str], body: bytes | None
                 ) -> tuple[int, bytes]:
        self.sent.append(url.rsplit("/", 1)[-1])
        return self.inner(method, url, headers, body)


def test_a_signoff_made_at_the_rink_signs_and_locks_the_league_game(
        league: League, laptop: str, rink: Tournaments) -> None:
    game = league.north[0]
    signed_at_the_rink(rink, game)
    officiating.add_written_report(rink, game, "ref", "Away never showed; captain called.")
    assert "1 events, 1 sign-off entries, 1 written reports not pushed yet" in _status(laptop)
    page = TestClient(create_app(rink)).get("/sync")
    assert "Sign-offs not pushed yet" in page.text and f"/games/{game}/signoff" in page.text

    code, said = push(laptop)
    assert code == 0, said
    assert f"game {game}: 1 events pushed" in said
    assert "1 sign-off entries and 1 written reports pushed; signed and locked" in said
    assert officiating.is_locked(league.service, game)
    assert _signed(league.service, game) == _signed(rink, game)  # who, when, locked: the same
    assert [(r.username, r.text, r.at) for r in officiating.written_reports(
        league.service, game)] == [(r.username, r.text, r.at)
                                   for r in officiating.written_reports(rink, game)]
    version, _ = league.service.game_state(game)
    with pytest.raises(GameLocked):  # no change after the signatures, on the league too
        league.service.record(game, version, [faceoff("1 12:00")], by="scorer")
    assert "everything recorded here is on the league server" in _status(laptop)

    before = (_signed(league.service, game), len(officiating.written_reports(league.service,
                                                                             game)))
    assert push(laptop) == (0, "nothing to push\n")
    body, _ = sync_local.outgoing_signoff(rink, game)  # the same push, its answer lost
    body["reports"] = [{"kind": r.kind, "rule": r.rule, "text": r.text,
                        "username": r.username, "at": r.at.isoformat()}
                       for r in officiating.written_reports(rink, game)]
    client = sync_client.LeagueClient(league.url, league.token)
    assert client.signoff(game, body) == {"signoffs": 0, "reports": 0, "locked": True}
    assert (_signed(league.service, game), len(officiating.written_reports(
        league.service, game))) == before

    pull(league, laptop)  # the league's sign-off log comes back as the laptop's own
    assert _signed(rink, game) == before[0] and sync_local.pending(rink) == []


def test_a_signoff_whose_events_the_league_does_not_hold_is_refused_whole(
        league: League, laptop: str, rink: Tournaments) -> None:
    game = league.north[1]
    signed_at_the_rink(rink, game)
    body, _ = sync_local.outgoing_signoff(rink, game)
    client = sync_client.LeagueClient(league.url, league.token)
    with pytest.raises(sync_client.Refused) as refused:
        client.signoff(game, body)
    assert refused.value.status == 409
    assert "holds 0 of the 1 events the referees signed" in str(refused.value)
    assert "push the game's events first" in str(refused.value)
    assert officiating.signoff(league.service, game).signatures == []
    assert not officiating.is_locked(league.service, game)

    code, said = push(laptop)  # the events first, then the sign-off
    assert code == 0, said
    assert officiating.is_locked(league.service, game)


def test_a_game_signed_on_the_league_otherwise_is_refused_and_not_sent_again_till_it_changes(
        league: League, laptop: str) -> None:
    auth.create_user(league.service, "ref2", "ref2-password-123", "referee", league.north)
    pull(league, laptop)
    rink = open_tournaments(laptop)
    game = league.north[2]
    forfeited(rink, game)
    assert push(laptop)[0] == 0  # the events: the league holds the game as the laptop
    for who in ("ref2", "ref"):
        officiating.sign(league.service, game, who)  # the league signs it, ref2 first
    for who in ("ref", "ref2"):
        officiating.sign(rink, game, who)  # the rink, ref first
    there = _signed(league.service, game)

    code, said = push(laptop)
    assert code == 1
    assert f"game {game} refused" in said and "signed on the league server otherwise" in said
    assert "616(a)" in said and "nothing was merged" in said
    assert _signed(league.service, game) == there
    restarted = open_tournaments(laptop)  # the refusal is in the store: it survives a restart
    [waiting] = sync_local.pending(restarted)
    assert waiting.refusal is not None and waiting.refusal.rule == "616(a)"
    assert waiting.refusal.status == 409
    assert "refused by the league" in _status(laptop) and "(Rule 616(a))" in _status(laptop)
    page = TestClient(create_app(restarted)).get("/sync").text
    assert "Refused" in page and 'href="/rules/616"' in page
    assert "signed on the league server otherwise" in page

    sent = Counting()
    now = [0.0]
    loop = sync_client.PushLoop(restarted, lambda: now[0], interval=30.0, transport=sent)
    for _ in range(10):  # five minutes of rounds: the refused game is not sent again
        assert not loop.tick()
        now[0] += 30.0
    assert sent.sent == []
    code, said = push(laptop)
    assert code == 1 and "not sent: refused by the league" in said and "--retry-refused" in said

    officiating.add_written_report(restarted, game, "ref", "Signed twice: see the desk.")
    assert loop.tick()  # the game changed here: sent again, and refused again
    assert sent.sent == ["signoff"] and sync_local.pending(restarted)[0].refusal is not None
    now[0] += 30.0
    assert not loop.tick() and sent.sent == ["signoff"]

    result = CliRunner().invoke(app, ["sync", "push", "--retry-refused", "--db", laptop])
    assert result.exit_code == 1 and f"game {game} refused" in result.output  # asked: sent

    anyone = TestClient(create_app(restarted)).post("/sync/retry", follow_redirects=False)
    assert anyone.status_code in (401, 403)  # only the director asks
    assert sync_local.pending(restarted)[0].refusal is not None
    auth.create_user(restarted, "boss", "boss-password-123", "director", [])
    with TestClient(create_app(restarted)) as desk:  # the director's button on /sync
        desk.get("/login")
        desk.post("/login", data={"username": "boss", "password": "boss-password-123",
                                  "csrf_token": desk.cookies.get(auth.CSRF_COOKIE) or ""})
        assert "Send the refused games again" in desk.get("/sync").text
        answer = desk.post("/sync/retry", data={
            "csrf_token": desk.cookies.get(auth.CSRF_COOKIE) or ""}, follow_redirects=False)
        assert answer.status_code == 303
    assert sync_local.pending(restarted)[0].refusal is None
    now[0] += 30.0
    assert loop.tick() and sent.sent == ["signoff", "signoff"]  # the next round sends it


def test_a_game_signed_on_the_league_is_not_reopened_nor_corrected_from_the_laptop(
        league: League, laptop: str) -> None:
    auth.create_user(league.service, "boss", "boss-password-123", "director", [])
    pull(league, laptop)
    rink = open_tournaments(laptop)
    auth.create_user(rink, "boss", "boss-password-123", "director", [])  # the rink's own
    game = league.north[0]
    version = signed_at_the_rink(rink, game)
    assert push(laptop)[0] == 0 and officiating.is_locked(league.service, game)
    there = (log_of(league.service, game), _signed(league.service, game))
    officiating.reopen(rink, game, "boss", "the home team forfeited, not the away team")
    rink.correct(game, version, "replace", 0, Forfeit(t("1 12:00"), "home", "did not appear"),
                 "scorer", "the forfeiting team was the home team")
    officiating.sign(rink, game, "ref")

    code, said = push(laptop)  # Rule 616(a): only the director reopens, on the league
    assert code == 1, said
    assert "a laptop cannot reopen a signed game (Rule 616(a)" in said
    assert (log_of(league.service, game), _signed(league.service, game)) == there
    assert officiating.signoff(league.service, game).reopenings == []
    [waiting] = sync_local.pending(rink)
    assert waiting.refusal is not None and waiting.refusal.rule == "616(a)"


def _unreachable(method: str, url: str, headers: dict[str, str], body: bytes | None
                 ) -> tuple[int, bytes]:
    raise sync_client.Unreachable(f"{url}: the cable is out")


def _failing(method: str, url: str, headers: dict[str, str], body: bytes | None
             ) -> tuple[int, bytes]:
    return 503, b'{"detail": "the league server is restarting"}'


def test_a_cut_connection_is_no_refusal_and_is_tried_again_ever_later_up_to_a_cap(
        league: League, rink: Tournaments) -> None:
    game = league.north[0]
    signed_at_the_rink(rink, game)
    now = [1000.0]
    loop = sync_client.PushLoop(rink, lambda: now[0], interval=30.0, longest=240.0,
                                transport=_unreachable)
    waits = []
    for _ in range(5):
        assert loop.tick() and isinstance(loop.last, str) and "cable is out" in loop.last
        waits.append(loop.due - now[0])
        now[0] = loop.due - 1
        assert not loop.tick()  # not due yet: no attempt
        now[0] = loop.due
    assert waits == [60.0, 120.0, 240.0, 240.0, 240.0]  # doubling, up to the cap
    loop.transport = _failing  # a league answering 5xx refuses nothing either
    assert loop.tick() and "restarting" in str(loop.last)
    assert sync_local.pending(rink)[0].refusal is None

    now[0] = loop.due
    loop.transport = None  # the cable back in
    assert loop.tick() and loop.delay == 30.0
    assert sync_local.pending(rink) == [] and officiating.is_locked(league.service, game)
    assert len(log_of(league.service, game)) == 1


def test_a_written_report_is_refused_under_rule_502l_saying_which_part() -> None:
    """A written report is one 502(l) (404(h), 405(b)) calls for, filed by
    the game's referee: its refusals name that rule, here and on a laptop's
    push (:func:`rinkside.services.sync_signoff.take_signoff`)."""
    with pytest.raises(officiating.SignOffRefused) as nobody:
        officiating.refuse_report(None, 1, "Stick swung at the head.", "405(b)")
    assert str(nobody.value) == ("Rule 502(l): only a referee or the tournament director "
                                 "files a written report")
    with pytest.raises(officiating.SignOffRefused) as no_rule:
        officiating.refuse_report(None, 1, "Stick swung at the head.", "601(a)")
    assert str(no_rule.value).startswith("Rule 502(l): '601(a)' calls for no written report: ")
