"""Replaying revisions into a log, without a database."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest
from storekit import WHEN

from rinkside.rules.events import Event, FaceOff, Goal, Stoppage
from rinkside.rules.log import Op
from rinkside.rules.times import GameTime
from rinkside.store.errors import LogCorrupted
from rinkside.store.revisions import LoggedEvent, RevisionInfo, replay, story

FACEOFF = FaceOff(GameTime(1, 7200))
STOP = Stoppage(GameTime(1, 6600))
GOAL = Goal(GameTime(1, 5420), "home", 11, 4)


def rev(number: int, op: Op, position: int, payload: Event | None = None,
        previous: Event | None = None) -> RevisionInfo:
    return RevisionInfo(number, op, position, payload, previous, f"table {number}",
                        WHEN + timedelta(minutes=number), "")


def test_each_op_in_order() -> None:
    revisions = [rev(1, "append", 0, FACEOFF), rev(2, "append", 1, GOAL),
                 rev(3, "insert", 1, STOP), rev(4, "replace", 2, replace(GOAL, scorer=9), GOAL),
                 rev(5, "delete", 0, None, FACEOFF)]
    # Each event with the write that made it as it stands: who and when.
    assert replay(1, revisions) == [
        LoggedEvent(STOP, WHEN + timedelta(minutes=3), "table 3", 3),
        LoggedEvent(replace(GOAL, scorer=9), WHEN + timedelta(minutes=4), "table 4", 4)]
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
