"""The writes a game's log takes are one type (:data:`rinkside.rules.log.Op`)
from the request to the store: a revision pushed by a rink laptop naming any
other write is refused, and the answer says which writes there are."""

from __future__ import annotations

from fastapi.testclient import TestClient

from rinkside.rules.log import OPS


def test_a_pushed_revision_naming_no_write_is_refused_with_the_four(
        client: TestClient) -> None:
    revision = {"revision": 1, "op": "move", "position": 0, "by": "scorer",
                "at": "2026-12-05T09:00:00+00:00", "payload": {"type": "faceoff"}}
    answer = client.post("/api/sync/games/1/events",
                         json={"league_version": 0, "revisions": [revision]})
    assert answer.status_code == 422
    [problem] = answer.json()["detail"]
    assert problem["loc"] == ["body", "revisions", 0, "op"]
    assert problem["msg"] == "Input should be 'append', 'replace', 'insert' or 'delete'"
    assert OPS == ("append", "replace", "insert", "delete")
