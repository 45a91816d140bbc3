"""The sync API checks the text and the moments a laptop sends as every
other edge does (one check: no lone surrogate, NUL, ESC or CR LF in a
one-line field, a length that fits both stores, a moment of a tournament's
years): a bad push is a 422 naming the field, and nothing of it is stored,
on SQLite and PostgreSQL."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

import httpx
from sqlalchemy import func, select
from test_sync_kit import League, linked, log_of

from rinkside.services import sync_proof
from rinkside.store import models

GOOD_REVISION: dict[str, Any] = {"revision": 1, "op": "append", "position": 0, "by": "scorer",
                                 "at": "2026-12-05T09:00:00+00:00", "reason": "",
                                 "payload": [2, "faceoff", 1, 7200, None]}
GOOD_REPORT: dict[str, Any] = {"kind": "incident", "text": "a bottle thrown at warm-up",
                               "username": "ref", "at": "2026-12-05T09:00:00+00:00"}


def _proven(league: League, game: int, entry: dict[str, Any], message: list[Any]) -> dict[str, Any]:
    """``entry`` with its official's proof (issue 23 item 1: a laptop carries
    only what its own signed-in officials did, services/sync_proof.py)."""
    who = entry.get("by") or entry["username"]
    with league.service.read() as s:
        rink = s.scalars(select(models.Rink.id).where(models.Rink.name == "North")).one()
    key = sync_proof.key_for(league.credentials[who], rink, who)
    return entry | {"proof": sync_proof.proof(key, message)}


def _post(league: League, path: str, body: dict[str, Any]) -> httpx.Response:
    return httpx.post(f"{league.url}{path}", content=json.dumps(body),  # escapes as sent
                      headers={"Authorization": f"Bearer {league.token}",
                               "content-type": "application/json"})


def test_a_push_with_bad_text_or_a_moment_out_of_range_is_refused_and_stores_nothing(
        league: League) -> None:
    game = league.north[0]
    for change in ({"by": "scorer\x00"}, {"by": "scor\ud800er"}, {"reason": "r" * 200_000},
                   {"reason": "undo\x1b[2J"}, {"reason": "one\r\ntwo"},
                   {"at": "9999-12-31T23:59:59+00:00"}, {"at": "2026-12-05T09:00:00"},
                   {"payload": [2, "faceoff", 1, 7200, "spot\x00"]}):
        response = _post(league, f"/api/sync/games/{game}/events",
                         {"league_version": 0, "revisions": [GOOD_REVISION | change]})
        assert response.status_code == 422, change
        assert response.json()["detail"][0]["loc"][-1] in ("by", "reason", "at", "payload")
    assert log_of(league.service, game) == []
    r, at = GOOD_REVISION, datetime.fromisoformat(GOOD_REVISION["at"])
    good = _proven(league, game, r, sync_proof.revision_message(
        game, r["revision"], r["op"], r["position"], r["payload"], r["by"], at, r["reason"]))
    taken = _post(league, f"/api/sync/games/{game}/events",
                  {"league_version": 0, "revisions": [linked(league.service, game, good)]})
    assert taken.status_code == 200 and taken.json()["taken"] == 1
    assert [op for _, op, _ in log_of(league.service, game)] == ["append"]


def test_a_signoff_push_with_bad_text_is_refused_and_stores_no_report(league: League) -> None:
    game = league.north[0]
    for change in ({"text": "line\x00"}, {"text": "one\r\ntwo"}, {"text": "t" * 200_000},
                   {"username": "ref\x1b"}, {"at": "9999-01-01T00:00:00+00:00"},
                   {"rule": "502(l)\x00"}):
        response = _post(league, f"/api/sync/games/{game}/signoff",
                         {"version": 0, "signoffs": [], "reports": [GOOD_REPORT | change]})
        assert response.status_code == 422, change
    with league.service.read() as s:
        assert s.scalar(select(func.count()).select_from(models.WrittenReport)) == 0
    r = GOOD_REPORT
    good = _proven(league, game, r, sync_proof.report_message(
        game, r["kind"], None, r["text"], r["username"], datetime.fromisoformat(r["at"])))
    taken = _post(league, f"/api/sync/games/{game}/signoff",
                  {"version": 0, "signoffs": [], "reports": [linked(league.service, game, good)]})
    assert taken.status_code == 200 and taken.json()["reports"] == 1
