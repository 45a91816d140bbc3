"""Two officials writing at once (services/merge.py): an append made on an
older version stands on the newest unless the same entry landed since; a
correction follows its event through what was inserted and deleted before
it, and conflicts when that event itself changed since."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from rinkside.rules.events import Event, FaceOff, Goal, Shot, Stoppage
from rinkside.rules.log import Op
from rinkside.rules.times import GameTime
from rinkside.services import merge
from rinkside.store.errors import StaleWrite
from rinkside.store.revisions import RevisionInfo

AT = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)
WHISTLE = Stoppage(GameTime(1, 5400))
GOAL = Goal(GameTime(1, 5400), "home", 9, (4,))
SHOT = Shot(GameTime(1, 5000), "away")
FACEOFF = FaceOff(GameTime(1, 7200))


def rev(n: int, op: Op, position: int, event: Event | None = None,
        previous: Event | None = None) -> RevisionInfo:
    return RevisionInfo(n, op, position, event, previous, "gil", AT, "" if op == "append"
                        else "typo")


def test_an_append_after_other_appends_stands_on_the_newest() -> None:
    kept, dropped, clash = merge.append_clash([rev(5, "append", 4, SHOT)], [GOAL])
    assert (kept, dropped, clash) == ([GOAL], [], None)


def test_the_same_whistle_heard_at_two_screens_is_written_once() -> None:
    kept, dropped, clash = merge.append_clash([rev(5, "append", 4, WHISTLE)], [WHISTLE, GOAL])
    assert (kept, dropped, clash) == ([GOAL], [WHISTLE], None)


def test_the_same_goal_recorded_twice_conflicts_with_the_one_there() -> None:
    landed = rev(5, "append", 4, GOAL)
    kept, _, clash = merge.append_clash([landed], [GOAL])
    assert kept == [] and clash is not None and clash.theirs is landed
    assert "same entry" in clash.why
    another = Goal(GameTime(1, 5400), "home", 12, ())  # another scorer: not the same entry
    assert merge.append_clash([landed], [another])[2] is None


def test_a_correction_follows_its_event_through_inserts_and_deletes_before_it() -> None:
    since = [rev(5, "insert", 1, SHOT), rev(6, "append", 6, GOAL),
             rev(7, "delete", 0, previous=FACEOFF)]
    assert merge.correction_clash(since, "replace", 3, 6) == (3, None)  # +1 -1
    assert merge.correction_clash(since, "delete", 0, 6)[1] is not None  # deleted since
    assert merge.correction_clash([rev(5, "append", 4, GOAL)], "delete", 2, 4) == (2, None)


def test_two_corrections_of_one_event_conflict() -> None:
    theirs = rev(5, "replace", 2, GOAL, previous=SHOT)
    _, clash = merge.correction_clash([theirs], "replace", 2, 4)
    assert clash is not None and clash.theirs is theirs and "corrected meanwhile" in clash.why
    assert merge.correction_clash([theirs], "replace", 3, 4) == (3, None)
    assert merge.correction_clash([theirs], "insert", 2, 4) == (2, None)  # before it: no clash
    inserted = rev(5, "insert", 2, SHOT)
    assert merge.correction_clash([inserted], "insert", 2, 4)[1] is not None


def test_both_sides_are_told_in_words() -> None:
    def name(event: Event) -> str:
        return type(event).__name__

    assert merge.landed_words(rev(5, "replace", 2, GOAL, previous=SHOT), name) \
        == "Goal (corrected by gil: typo)"
    assert merge.landed_words(rev(5, "delete", 2, previous=SHOT), name) \
        == "deleted: Shot (by gil: typo)"



def test_a_correction_of_an_event_that_landed_since_is_not_merged() -> None:
    appended = [rev(5, "append", 4, GOAL)]
    assert merge.read_length(5, appended) == 4
    with pytest.raises(ValueError, match="no event 5"):
        merge.correction_clash(appended, "delete", 4, 4)
    assert merge.correction_clash(appended, "insert", 4, 4) == (4, None)


def test_a_third_write_landing_meanwhile_is_merged_onto_at_the_next_attempt() -> None:
    tries: list[int] = []

    def write() -> str:
        tries.append(len(tries) + 1)
        if len(tries) < 3:
            raise StaleWrite(7, 4 + len(tries), 5 + len(tries))
        return "recorded"

    assert merge.retried(write) == "recorded" and tries == [1, 2, 3]
    tries.clear()
    with pytest.raises(StaleWrite):
        merge.retried(write, attempts=2)
    assert tries == [1, 2]


def test_a_conflict_is_never_retried() -> None:
    tries: list[int] = []

    def write() -> str:
        tries.append(1)
        raise merge.ConflictingWrite(7, 4, 5, "the same entry", "goal", "goal (recorded by gil)")

    with pytest.raises(merge.ConflictingWrite, match="You tried: goal"):
        merge.retried(write)
    assert tries == [1]
