"""Replaying revisions into a log, without a database."""

from __future__ import annotations

from typing import Any

import pytest
from storekit import GOAL, WHEN

from rinkside.store.errors import LogCorrupted
from rinkside.store.revisions import Op, RevisionInfo, replay, story

FACEOFF = {"type": "faceoff", "at": "1 12:00"}
STOP = {"type": "stoppage", "at": "1 11:00"}


def rev(number: int, op: Op, position: int, payload: dict[str, Any] | None = None,
        previous: dict[str, Any] | None = None) -> RevisionInfo:
    return RevisionInfo(number, op, position, payload, previous, "table 1", WHEN, "")


def test_each_op_in_order() -> None:
    revisions = [rev(1, "append", 0, FACEOFF), rev(2, "append", 1, GOAL),
                 rev(3, "insert", 1, STOP), rev(4, "replace", 2, dict(GOAL, scorer=9), GOAL),
                 rev(5, "delete", 0, None, FACEOFF)]
    assert replay(1, revisions) == [STOP, dict(GOAL, scorer=9)]
    assert [r.revision for r in story(revisions, 1)] == [2, 4]
    assert [r.revision for r in story(revisions, 0)] == [3]


@pytest.mark.parametrize(("revisions", "words"), [
    ([rev(2, "append", 0, FACEOFF)], "revision 2 follows revision 0"),
    ([rev(1, "append", 1, FACEOFF)], "append at 1.*log of 0 events"),
    ([rev(1, "replace", 0, FACEOFF, GOAL)], "replace at 0.*log of 0 events"),
    ([rev(1, "append", 0, FACEOFF), rev(2, "delete", 1, None, GOAL)], "delete at 1"),
    ([rev(1, "append", 0, None)], "has no event"),
])
def test_revisions_that_do_not_replay_are_named(revisions: list[RevisionInfo],
                                                words: str) -> None:
    with pytest.raises(LogCorrupted, match=words):
        replay(7, revisions)
