"""A game scored on a rink laptop is as verifiable as one scored on the
league server (issue 29): the push carries each entry's link in the
laptop's hash chain, the laptop pushes its entries in its chain's order (a
written report filed between two events goes between them), and the league
computes the very same chain; an entry changed on the laptop behind
rinkside's back, or a chain that does not continue the league's, is refused
whole, naming the entry; a sign-off push that locks the game has its report
signed with the league's key.

Over loopback as in ``test_sync``: the league server is the real server on
a port over SQLite or PostgreSQL, the laptop its own SQLite store.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from gamekit import faceoff, t, whistle
from sqlalchemy import select, update
from test_sync_kit import League, linked, log_of, pull, push, score, signed_at_the_rink

from rinkside.reports import signing
from rinkside.rules.events import Forfeit
from rinkside.services import chain, officiating, signed_reports, sync_client, sync_proof
from rinkside.services.open import open_tournaments
from rinkside.services.tournaments import Tournaments
from rinkside.store import models
from rinkside.store.chain import event_content, link
from rinkside.web.app import create_app


def _chain(service: Tournaments, game: int) -> tuple[str, int, object]:
    checked = chain.check_game(service, game)
    assert checked is not None
    return checked.head, checked.length, checked.broken


def test_a_game_scored_at_the_rink_has_the_same_chain_on_the_league(
        league: League, laptop: str) -> None:
    game = league.north[0]
    score(league.service, game, faceoff("1 12:00"))  # the league's chain before the pull
    pull(league, laptop)
    rink = open_tournaments(laptop)
    score(rink, game, whistle("1 11:30"))
    officiating.add_written_report(rink, game, "ref", "Bench emptied onto the rink.")
    score(rink, game, Forfeit(t("1 11:30"), "away", "left the rink"))
    officiating.add_written_report(rink, game, "ref", "Away captain walked off.")
    officiating.sign(rink, game, "ref")  # locks (Rule 616(a))
    head, length, broken = _chain(rink, game)
    assert broken is None and length == 6

    code, said = push(laptop)
    assert code == 0, said
    assert _chain(league.service, game) == (head, length, None)  # the very same chain
    assert officiating.is_locked(league.service, game)
    assert [op for _, op, _ in log_of(league.service, game)] == ["append"] * 3


def test_an_event_changed_on_the_laptop_behind_rinksides_back_is_refused(
        league: League, laptop: str, rink: Tournaments) -> None:
    game = league.north[0]
    score(rink, game, faceoff("1 12:00"), whistle("1 11:30"))
    with rink.write() as s:  # the second event's moment, edited in the laptop's database
        s.execute(update(models.EventRevision).where(
            models.EventRevision.game_id == game, models.EventRevision.revision == 2)
            .values(payload=[2, "stoppage", 1, 6800, None]))
    code, said = push(laptop)
    assert code == 1, said
    assert (f"game {game} refused: game {game}: revision 2 does not hash to the link the "
            "laptop's chain") in said
    assert "changed on the laptop outside rinkside" in said
    assert "nothing was merged" in said
    assert log_of(league.service, game) == []  # not even revision 1
    assert _chain(league.service, game)[1:] == (0, None)


def test_a_push_whose_chain_does_not_continue_the_leagues_is_refused(
        league: League, laptop: str, rink: Tournaments) -> None:
    game = league.north[0]
    score(rink, game, faceoff("1 12:00"))
    # Meanwhile the league's record of the game moves on (a report filed there).
    officiating.add_written_report(league.service, game, "ref", "Lights failed twice.")
    code, said = push(laptop)
    assert code == 1, said
    assert (f"game {game}: revision 1 is entry 1 of the game's chain on the laptop, but "
            "entry 2 of the league's: the game's record changed on the league server") in said
    assert log_of(league.service, game) == []


@pytest.fixture(name="keys")
def keys_fixture(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "keys"
    signing.make_key(folder, "League Cup")
    monkeypatch.setenv(signing.KEYS_DIR_VARIABLE, str(folder))
    yield folder


def test_a_signoff_pushed_from_the_rink_that_locks_signs_the_report(
        league: League, rink: Tournaments, keys: Path) -> None:
    game = league.north[0]
    signed_at_the_rink(rink, game)
    api = TestClient(create_app(league.service))  # runs the answer's background tasks

    def transport(method: str, url: str, headers: dict[str, str], body: bytes | None
                  ) -> tuple[int, bytes]:
        answer = api.request(method, url.removeprefix(league.url), headers=headers,
                             content=body)
        return answer.status_code, answer.content

    assert signed_reports.of_game(league.service, game) == []
    report = sync_client.push(rink, transport=transport)
    assert report.signed == [(game, 1, 0, True)]
    [kept] = signed_reports.of_game(league.service, game)
    head, _, broken = _chain(league.service, game)
    assert kept.chain_head == head and broken is None
    pdf = signed_reports.pdf(league.service, kept.id)
    assert pdf is not None
    checked = signing.check_report(pdf, signing.league_certificate(keys))
    assert checked.valid and checked.chain_head == head


def test_a_second_pull_keeps_the_chain_of_what_waits_on_the_laptop(
        league: League, laptop: str, rink: Tournaments) -> None:
    game = league.north[0]
    score(rink, game, faceoff("1 12:00"), whistle("1 11:30"))
    before = _chain(rink, game)
    pull(league, laptop)  # the setup again, the game's events still waiting here
    assert _chain(rink, game) == before and before[2] is None
    code, said = push(laptop)
    assert code == 0, said
    assert _chain(league.service, game) == before


# --------------------------------------------------------------------------- the API itself

AT = "2026-12-05T09:00:00+00:00"


def _proven(league: League, game: int, entry: dict[str, Any]) -> dict[str, Any]:
    """``entry`` with its official's proof, as the laptop sends it
    (services/sync_proof.py), and no place or link in a chain yet."""
    at = datetime.fromisoformat(entry["at"])
    with league.service.read() as s:
        rink = s.scalars(select(models.Rink.id).where(models.Rink.name == "North")).one()
    who = entry.get("by") or entry["username"]
    if "revision" in entry:
        message = sync_proof.revision_message(game, entry["revision"], entry["op"],
                                              entry["position"], entry["payload"], who, at,
                                              entry["reason"])
    elif "text" in entry:
        message = sync_proof.report_message(game, entry["kind"], entry.get("rule"),
                                            entry["text"], who, at)
    else:
        message = sync_proof.signoff_message(game, entry["kind"], who, at,
                                             entry.get("reason", ""), entry.get("locks", False))
    key = sync_proof.key_for(league.credentials[who], rink, who)
    return entry | {"proof": sync_proof.proof(key, message)}


def _revisions(league: League, game: int) -> list[dict[str, Any]]:
    """A face-off and a stoppage, as a laptop pushes them onto version 0."""
    return [_proven(league, game, {"revision": n, "op": "append", "position": n - 1,
                                   "by": "scorer", "at": AT, "reason": "", "payload": payload})
            for n, payload in ((1, [2, "faceoff", 1, 7200, None]),
                               (2, [2, "stoppage", 1, 6900, None]))]


def _chained(league: League, game: int, revisions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each revision with the place and link the league's chain gives it, the
    second linked onto the first (store/chain.py), as the laptop's chain has them."""
    first = linked(league.service, game, revisions[0])
    second = revisions[1]
    content = event_content(second["revision"], "append", 1, second["payload"],
                            None, second["by"], datetime.fromisoformat(AT), "")
    seq = first["chain_seq"] + 1
    return [first, second | {"chain_seq": seq,
                             "link": link(first["link"], seq, "event", content)}]


def _push(league: League, game: int, path: str, body: dict[str, Any]) -> httpx.Response:
    return httpx.post(f"{league.url}/api/sync/games/{game}/{path}", json=body,
                      headers={"Authorization": f"Bearer {league.token}"})


def test_a_push_carrying_no_chain_is_refused_with_the_reason(league: League) -> None:
    game = league.north[0]
    revisions = _chained(league, game, _revisions(league, game))
    for unlinked, lacks in ((revisions[0] | {"chain_seq": None, "link": None},
                             "carries no place (chain_seq) and no link"),
                            (revisions[0] | {"link": None}, "carries no link"),
                            ({k: v for k, v in revisions[0].items() if k != "chain_seq"},
                             "carries no place (chain_seq)")):
        answer = _push(league, game, "events",
                       {"league_version": 0, "revisions": [unlinked, revisions[1]]})
        assert answer.status_code == 422, answer.text
        said = answer.json()["detail"]
        assert f"game {game}: revision 1 {lacks} in the laptop's hash chain" in said
        assert "continue its own chain" in said and "nothing was merged" in said
    assert log_of(league.service, game) == []
    assert _chain(league.service, game)[1:] == (0, None)


def test_a_push_with_a_broken_link_is_refused_naming_the_entry(league: League) -> None:
    game = league.north[0]
    revisions = _chained(league, game, _revisions(league, game))
    broken = revisions[1] | {"link": revisions[1]["link"][:-1] + (
        "0" if revisions[1]["link"][-1] != "0" else "1")}
    answer = _push(league, game, "events", {"league_version": 0,
                                            "revisions": [revisions[0], broken]})
    assert answer.status_code == 409, answer.text
    said = answer.json()["detail"]
    assert f"game {game}: revision 2 does not hash to the link the laptop's chain gave it" in said
    assert "nothing was merged" in said
    assert log_of(league.service, game) == []  # not even revision 1
    assert _chain(league.service, game)[1:] == (0, None)


def test_a_push_whose_chain_continues_the_leagues_is_taken_with_that_chain(
        league: League) -> None:
    game = league.north[0]
    revisions = _chained(league, game, _revisions(league, game))
    answer = _push(league, game, "events", {"league_version": 0, "revisions": revisions})
    assert answer.status_code == 200, answer.text
    assert answer.json()["taken"] == 2
    assert _chain(league.service, game) == (revisions[1]["link"], 2, None)


def test_a_signoff_push_carrying_no_chain_is_refused_with_the_reason(league: League) -> None:
    game = league.north[0]
    score(league.service, game, Forfeit(t("1 12:00"), "away", "did not appear"))
    report = _proven(league, game, {"kind": "incident", "rule": None, "username": "ref",
                                    "text": "Away never showed.", "at": AT})
    sign = _proven(league, game, {"kind": "sign", "username": "ref", "at": AT, "reason": "",
                                  "locks": True})
    answer = _push(league, game, "signoff", {"version": 1, "signoffs": [sign],
                                             "reports": [linked(league.service, game, report)]})
    assert answer.status_code == 422, answer.text
    said = answer.json()["detail"]
    assert (f"game {game}: ref's signature carries no place (chain_seq) and no link in the "
            "laptop's hash chain") in said
    assert "nothing was merged" in said
    assert not officiating.is_locked(league.service, game)
    assert officiating.written_reports(league.service, game) == []
    taken = _push(league, game, "signoff", {"version": 1, "signoffs": [
        linked(league.service, game, sign)], "reports": []})
    assert taken.status_code == 200, taken.text
    assert officiating.is_locked(league.service, game)
