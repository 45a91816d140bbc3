"""Each game's event log: appends, versions, stale writes, corrections, history."""

from __future__ import annotations

import threading
from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest
import storekit
from sqlalchemy import Engine, func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker
from storekit import WHEN, new_game

from rinkside.formats import decode_event
from rinkside.rules.events import Event
from rinkside.store import codec
from rinkside.store.eventlog import (
    LogCorrupted,
    NoSuchPosition,
    StaleWrite,
    UnknownGame,
    append,
    correct,
    events_of,
    history,
    load,
    logs_of,
)
from rinkside.store.models import EventRevision, Game


def _ev(raw: dict[str, Any]) -> Event:
    """An engine event, written as FORMAT.md writes it (two periods)."""
    return decode_event(raw, 0, 2)


# The kit's stretch of a game and its goal, as the engine's events.
EVENTS: tuple[Event, ...] = tuple(_ev(e) for e in storekit.EVENTS)
GOAL: Event = _ev(storekit.GOAL)


def _revision_rows(session: Session, game_id: int) -> list[tuple[Any, ...]]:
    """Every stored revision row of the game, exactly as stored."""
    rows = session.execute(
        select(EventRevision.__table__).where(EventRevision.game_id == game_id)
        .order_by(EventRevision.revision)
    ).all()
    return [tuple(row) for row in rows]


def _record(session: Session, game_id: int, events: tuple[Event, ...] = EVENTS) -> int:
    version = load(session, game_id).version
    for event in events:
        version = append(session, game_id, version, event, by="table 1", at=WHEN)
    session.commit()
    return version


class TestAppend:
    def test_a_new_game_has_an_empty_log_at_version_0(self, session: Session,
                                                      game_id: int) -> None:
        log = load(session, game_id)
        assert (log.version, log.events, log.revisions) == (0, [], [])

    def test_each_append_adds_one_event_and_one_version(self, session: Session,
                                                       game_id: int) -> None:
        versions = [append(session, game_id, i, event, by="table 1")
                    for i, event in enumerate(EVENTS)]
        session.commit()
        assert versions == list(range(1, len(EVENTS) + 1))
        log = load(session, game_id)
        assert log.version == len(EVENTS)
        assert log.events == list(EVENTS)
        assert [(r.revision, r.op, r.position) for r in log.revisions] == [
            (i + 1, "append", i) for i in range(len(EVENTS))
        ]
        game = session.get(Game, game_id)
        assert game is not None and (game.version, game.event_count) == (8, 8)

    def test_who_and_when_are_recorded_in_utc(self, session: Session, game_id: int) -> None:
        eastern = timezone(timedelta(hours=-5))
        append(session, game_id, 0, GOAL, by="  table 1 ",
               at=datetime(2025, 3, 8, 9, 30, tzinfo=eastern))
        session.commit()
        session.expunge_all()
        (revision,) = load(session, game_id).revisions
        assert revision.by == "table 1"
        assert revision.at == WHEN and revision.at.tzinfo is not None
        assert revision.at.utcoffset() == timedelta(0)

    def test_the_default_time_is_now(self, session: Session, game_id: int) -> None:
        before = datetime.now(UTC)
        append(session, game_id, 0, GOAL, by="table 1", commit=True)
        (revision,) = load(session, game_id).revisions
        assert before - timedelta(seconds=1) <= revision.at <= datetime.now(UTC)

    def test_a_naive_time_is_refused_before_anything_is_written(
        self, session: Session, game_id: int
    ) -> None:
        with pytest.raises(ValueError, match="no time zone"):
            append(session, game_id, 0, GOAL, by="table 1", at=datetime(2025, 3, 8, 14, 30))
        with pytest.raises(ValueError, match="no time zone"):
            correct(session, game_id, 0, "insert", 0, GOAL, by="table 1", reason="r",
                    at=datetime(2025, 3, 8, 14, 30))
        session.commit()
        assert load(session, game_id).version == 0

    @pytest.mark.parametrize("payload", [
        {"type": "goal", "at": {1, 2}}, {"type": "goal", 7: "seven"},
        {"type": "goal", "x": float("nan")}, {"type": "goal", "x": [object()]}, storekit.GOAL,
    ])
    def test_what_is_not_an_engine_event_is_refused_before_anything_is_written(
        self, session: Session, game_id: int, payload: dict[Any, Any]
    ) -> None:
        with pytest.raises(TypeError):
            append(session, game_id, 0, payload, by="table 1")
        session.commit()
        assert load(session, game_id).version == 0

    def test_the_caller_commits(self, sessions: sessionmaker[Session], game_id: int) -> None:
        with sessions() as writer, sessions() as reader:
            append(writer, game_id, 0, GOAL, by="table 1")
            assert load(reader, game_id).version == 0  # not committed yet
            reader.rollback()
            writer.rollback()
            assert load(reader, game_id).version == 0  # and now never
            append(writer, game_id, 0, GOAL, by="table 1", commit=True)
            reader.rollback()
            assert load(reader, game_id).events == [GOAL]

    def test_a_game_already_loaded_in_the_session_shows_the_new_version(
        self, session: Session, game_id: int
    ) -> None:
        game = session.get(Game, game_id)
        assert game is not None and game.version == 0
        append(session, game_id, 0, GOAL, by="table 1")
        assert (game.version, game.event_count) == (1, 1)

    @pytest.mark.parametrize("payload", [None, [GOAL], "goal", storekit.GOAL])
    def test_an_event_is_an_engine_event(self, session: Session, game_id: int,
                                         payload: Any) -> None:
        with pytest.raises(TypeError, match=r"one of the engine's events"):
            append(session, game_id, 0, payload, by="table 1")

    @pytest.mark.parametrize("by", ["", "   ", "x" * 101])
    def test_a_write_says_who_made_it(self, session: Session, game_id: int, by: str) -> None:
        with pytest.raises(ValueError, match=r"\(by\)|'by'"):
            append(session, game_id, 0, GOAL, by=by)

    def test_an_unknown_game_is_named(self, session: Session, game_id: int) -> None:
        with pytest.raises(UnknownGame, match=f"there is no game {game_id + 100}"):
            append(session, game_id + 100, 0, GOAL, by="table 1")
        with pytest.raises(UnknownGame):
            load(session, game_id + 100)


class TestStaleWrites:
    def test_a_stale_write_is_refused_and_nothing_is_written(
        self, session: Session, game_id: int
    ) -> None:
        version = _record(session, game_id, EVENTS[:3])
        before = _revision_rows(session, game_id)
        with pytest.raises(StaleWrite) as refused:
            append(session, game_id, version - 1, GOAL, by="table 2")
        session.commit()  # even committing what the refused call did writes nothing
        assert str(refused.value) == (
            f"game {game_id} changed since you loaded it (you read version 2, it is now 3): "
            "reload and try again"
        )
        assert refused.value.current_version == 3
        assert _revision_rows(session, game_id) == before
        assert load(session, game_id).version == 3

    def test_a_version_from_the_future_is_stale_too(self, session: Session,
                                                    game_id: int) -> None:
        with pytest.raises(StaleWrite) as refused:
            append(session, game_id, 5, GOAL, by="table 1")
        assert refused.value.current_version == 0

    def test_a_correction_on_a_stale_version_is_refused(self, session: Session,
                                                        game_id: int) -> None:
        _record(session, game_id)
        before = _revision_rows(session, game_id)
        with pytest.raises(StaleWrite):
            correct(session, game_id, 3, "delete", 1, None, by="table 1", reason="mistake")
        assert _revision_rows(session, game_id) == before

    def test_commit_true_rolls_back_a_refused_write(self, session: Session,
                                                    game_id: int) -> None:
        with pytest.raises(StaleWrite):
            append(session, game_id, 1, GOAL, by="table 1", commit=True)
        assert not session.in_transaction()

    def test_second_console_blocks_then_is_refused(
        self, sessions: sessionmaker[Session], game_id: int
    ) -> None:
        """Two real connections: the second writer waits for the first's
        transaction, then finds the version it read gone."""
        outcome: dict[str, Any] = {}
        with sessions() as first:
            append(first, game_id, 0, GOAL, by="console A")  # holds the game's row

            def second_console() -> None:
                with sessions() as second:
                    try:
                        outcome["version"] = append(second, game_id, 0, EVENTS[0],
                                                    by="console B", commit=True)
                    except StaleWrite as exc:
                        outcome["stale"] = exc

            thread = threading.Thread(target=second_console)
            thread.start()
            thread.join(0.5)
            assert thread.is_alive(), "the second writer should wait for the first"
            first.commit()
            thread.join(10)
            assert not thread.is_alive()
        assert "version" not in outcome
        assert outcome["stale"].current_version == 1
        with sessions() as reader:
            assert load(reader, game_id).events == [GOAL]

    def test_a_writer_refused_after_waiting_keeps_its_transaction(
        self, sessions: sessionmaker[Session], game_id: int
    ) -> None:
        """Without commit=True, the refused second writer's transaction is
        still usable (on PostgreSQL: not aborted by a key violation) and what
        else it wrote commits."""
        with sessions() as setup:
            other = new_game(setup, suffix=" II")
        outcome: dict[str, Any] = {}
        with sessions() as first:
            append(first, game_id, 0, GOAL, by="console A")

            def second_console() -> None:
                with sessions() as second:
                    append(second, other, 0, EVENTS[1], by="console B")
                    try:
                        append(second, game_id, 0, EVENTS[0], by="console B")
                    except StaleWrite as exc:
                        outcome["stale"] = exc.current_version
                    outcome["log"] = load(second, game_id).events
                    second.commit()

            thread = threading.Thread(target=second_console)
            thread.start()
            thread.join(0.5)
            assert thread.is_alive(), "the second writer should wait for the first"
            first.commit()
            thread.join(10)
            assert not thread.is_alive()
        assert outcome == {"stale": 1, "log": [GOAL]}
        with sessions() as reader:
            assert load(reader, other).events == [EVENTS[1]]

    def test_a_writer_holding_the_games_row_before_appending_is_not_deadlocked(
        self, sessions: sessionmaker[Session], game_id: int
    ) -> None:
        """The first transaction changes the game (its row held) and only then
        appends; a second writer meanwhile waits on the row, never holding the
        revision's key the first needs."""
        outcome: dict[str, Any] = {}
        with sessions() as first:
            first.execute(update(Game).where(Game.id == game_id).values(rink="Rink 2"))

            def second_console() -> None:
                with sessions() as second:
                    try:
                        outcome["version"] = append(second, game_id, 0, EVENTS[0],
                                                    by="console B", commit=True)
                    except StaleWrite as exc:
                        outcome["stale"] = exc.current_version

            thread = threading.Thread(target=second_console)
            thread.start()
            thread.join(0.5)
            assert thread.is_alive(), "the second writer should wait for the first"
            assert append(first, game_id, 0, GOAL, by="console A") == 1
            first.commit()
            thread.join(10)
            assert not thread.is_alive()
        assert outcome == {"stale": 1}
        with sessions() as reader:
            assert load(reader, game_id).events == [GOAL]

    def test_a_first_writer_that_rolls_back_lets_the_second_through(
        self, sessions: sessionmaker[Session], game_id: int
    ) -> None:
        outcome: dict[str, Any] = {}
        with sessions() as first:
            append(first, game_id, 0, GOAL, by="console A")

            def second_console() -> None:
                with sessions() as second:
                    outcome["version"] = append(second, game_id, 0, EVENTS[0],
                                                by="console B", commit=True)

            thread = threading.Thread(target=second_console)
            thread.start()
            thread.join(0.5)
            first.rollback()
            thread.join(10)
        assert outcome == {"version": 1}
        with sessions() as reader:
            assert load(reader, game_id).events == [EVENTS[0]]

    @pytest.mark.parametrize("writers", [2, 6])
    def test_racing_writers_on_one_version_exactly_one_wins(
        self, engine: Engine, sessions: sessionmaker[Session], game_id: int, writers: int
    ) -> None:
        start = threading.Barrier(writers)
        results: list[tuple[str, int]] = []
        lock = threading.Lock()

        def console(number: int) -> None:
            with sessions() as session:
                event = _ev({"type": "stoppage", "at": "1 11:00", "reason": f"console {number}"})
                start.wait()
                try:
                    outcome = ("won", append(session, game_id, 0, event,
                                             by=f"console {number}", commit=True))
                except StaleWrite as exc:
                    outcome = ("stale", exc.current_version)
                with lock:
                    results.append(outcome)

        threads = [threading.Thread(target=console, args=(n,)) for n in range(writers)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        assert sorted(results) == [("stale", 1)] * (writers - 1) + [("won", 1)]
        with sessions() as reader:
            log = load(reader, game_id)
        assert log.version == 1 and len(log.events) == 1
        assert engine.pool.checkedout() == 0

    def test_racing_corrections_and_appends_exactly_one_wins(
        self, engine: Engine, sessions: sessionmaker[Session], game_id: int
    ) -> None:
        with sessions() as session:
            version = _record(session, game_id, EVENTS[:3])
        writes: list[Any] = [
            lambda s, n: append(s, game_id, version, GOAL, by=f"c{n}", commit=True),
            lambda s, n: correct(s, game_id, version, "replace", 1, GOAL, by=f"c{n}",
                                 reason="fix", commit=True),
            lambda s, n: correct(s, game_id, version, "insert", 0, GOAL, by=f"c{n}",
                                 reason="fix", commit=True),
            lambda s, n: correct(s, game_id, version, "delete", 2, None, by=f"c{n}",
                                 reason="fix", commit=True),
        ]
        start = threading.Barrier(len(writes))
        results: list[tuple[str, int]] = []
        lock = threading.Lock()

        def console(number: int) -> None:
            with sessions() as session:
                start.wait()
                try:
                    outcome = ("won", writes[number](session, number))
                except StaleWrite as exc:
                    outcome = ("stale", exc.current_version)
                with lock:
                    results.append(outcome)

        threads = [threading.Thread(target=console, args=(n,)) for n in range(len(writes))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        assert sorted(results) == [("stale", 4)] * (len(writes) - 1) + [("won", 4)]
        with sessions() as reader:
            log = load(reader, game_id)
            assert log.version == 4 and _head(reader, game_id) == (4, len(log.events))
        assert engine.pool.checkedout() == 0


class TestCorrections:
    def test_replace_insert_delete_give_the_corrected_list(
        self, session: Session, game_id: int
    ) -> None:
        version = _record(session, game_id)
        events = list(EVENTS)
        corrected_goal = replace(GOAL, scorer=12)
        version = correct(session, game_id, version, "replace", 5, corrected_goal,
                          by="scorer", reason="goal was #12, not #11")
        events[5] = corrected_goal
        whistle = _ev({"type": "stoppage", "at": "1 11:20", "reason": "offside"})
        version = correct(session, game_id, version, "insert", 1, whistle,
                          by="scorer", reason="missed whistle")
        events.insert(1, whistle)
        version = correct(session, game_id, version, "delete", 8, None,
                          by="referee", reason="the empty net was never pulled")
        del events[8]
        at_end = _ev({"type": "period_end", "at": "1 0:00"})
        version = correct(session, game_id, version, "insert", len(events), at_end,
                          by="scorer", reason="period end")
        events.append(at_end)
        session.commit()
        log = load(session, game_id)
        assert log.version == version == len(EVENTS) + 4
        assert log.events == events

    def test_history_keeps_every_previous_value(self, session: Session, game_id: int) -> None:
        version = _record(session, game_id)
        version = correct(session, game_id, version, "replace", 5, replace(GOAL, scorer=12),
                          by="scorer", reason="wrong number", at=WHEN + timedelta(minutes=3))
        version = correct(session, game_id, version, "insert", 0,
                          _ev({"type": "goalie", "at": "1 12:00", "team": "home", "in": 30}),
                          by="scorer", reason="starting goalie")
        version = correct(session, game_id, version, "replace", 6, replace(GOAL, scorer=12,
                          assist=None), by="referee", reason="no assist")
        session.commit()
        story = history(session, game_id, 6)
        assert [(r.op, r.position, r.by, r.reason) for r in story] == [
            ("append", 5, "table 1", ""),
            ("replace", 5, "scorer", "wrong number"),
            ("replace", 6, "referee", "no assist"),
        ]
        assert [r.previous for r in story] == [None, GOAL, replace(GOAL, scorer=12)]
        assert story[1].at == WHEN + timedelta(minutes=3)
        assert load(session, game_id).events[6] == replace(GOAL, scorer=12, assist=None)

    def test_a_deleted_event_stays_readable(self, session: Session, game_id: int) -> None:
        version = _record(session, game_id)
        correct(session, game_id, version, "delete", 5, None, by="referee",
                reason="goal disallowed", commit=True)
        log = load(session, game_id)
        assert GOAL not in log.events
        deleted = history(session, game_id)[-1]
        assert (deleted.op, deleted.position, deleted.event, deleted.previous) == (
            "delete", 5, None, GOAL)
        # The event now at 5 is the one that followed the goal.
        assert [r.revision for r in history(session, game_id, 5)] == [7]

    def test_a_correction_never_changes_or_deletes_a_row(
        self, session: Session, game_id: int
    ) -> None:
        version = _record(session, game_id)
        before = _revision_rows(session, game_id)
        for op, position, payload in [("replace", 0, EVENTS[4]), ("delete", 2, None),
                                      ("insert", 3, GOAL), ("delete", 0, None)]:
            version = correct(session, game_id, version, op, position, payload,  # type: ignore[arg-type]
                              by="scorer", reason="fix", commit=True)
            after = _revision_rows(session, game_id)
            assert after[:len(before)] == before
            assert len(after) == len(before) + 1
            before = after
        count = session.scalar(select(func.count()).select_from(EventRevision)
                               .where(EventRevision.game_id == game_id))
        assert count == len(EVENTS) + 4

    @pytest.mark.parametrize(("op", "position"), [("replace", 8), ("delete", 8),
                                                  ("insert", 9), ("replace", -1)])
    def test_a_position_outside_the_log_is_refused(
        self, session: Session, game_id: int, op: Any, position: int
    ) -> None:
        version = _record(session, game_id)
        before = _revision_rows(session, game_id)
        payload = None if op == "delete" else GOAL
        with pytest.raises(NoSuchPosition, match=f"game {game_id} has 8 events"):
            correct(session, game_id, version, op, position, payload, by="x", reason="y")
        session.commit()
        assert _revision_rows(session, game_id) == before
        assert load(session, game_id).version == version

    def test_an_empty_log_has_no_position_to_correct(self, session: Session,
                                                     game_id: int) -> None:
        with pytest.raises(NoSuchPosition, match="has 0 events \\(no events\\)"):
            correct(session, game_id, 0, "replace", 0, GOAL, by="x", reason="y")
        assert correct(session, game_id, 0, "insert", 0, GOAL, by="x", reason="first") == 1

    def test_what_a_correction_needs(self, session: Session, game_id: int) -> None:
        version = _record(session, game_id)
        with pytest.raises(ValueError, match="takes no event"):
            correct(session, game_id, version, "delete", 0, GOAL, by="x", reason="y")
        with pytest.raises(TypeError, match="engine's events"):
            correct(session, game_id, version, "replace", 0, None, by="x", reason="y")
        with pytest.raises(ValueError, match="says why"):
            correct(session, game_id, version, "replace", 0, GOAL, by="x", reason=" ")
        with pytest.raises(ValueError, match="not a correction"):
            correct(session, game_id, version, "append", 0, GOAL,  # type: ignore[arg-type]
                    by="x", reason="y")

    def test_history_of_a_position_outside_the_log(self, session: Session,
                                                   game_id: int) -> None:
        _record(session, game_id)
        with pytest.raises(NoSuchPosition, match="no position 8 to show the history of"):
            history(session, game_id, 8)


def test_two_games_have_separate_logs(session: Session, game_id: int) -> None:
    other = new_game(session, suffix=" II")
    append(session, game_id, 0, GOAL, by="table 1")
    append(session, other, 0, EVENTS[0], by="table 2")
    append(session, other, 1, EVENTS[1], by="table 2")
    session.commit()
    assert load(session, game_id).events == [GOAL]
    assert load(session, other).events == [EVENTS[0], EVENTS[1]]


def _head(session: Session, game_id: int) -> tuple[int, int]:
    """The game's row as stored: (version, event_count)."""
    row = session.execute(select(Game.version, Game.event_count)
                          .where(Game.id == game_id)).one()
    return row.version, row.event_count


def test_a_head_changed_behind_the_logs_back_is_reported(session: Session,
                                                          game_id: int) -> None:
    _record(session, game_id, EVENTS[:2])
    session.execute(update(Game).where(Game.id == game_id).values(version=3))
    session.commit()
    with pytest.raises(LogCorrupted, match="version 3 but has 2 revisions"):
        load(session, game_id)


def test_a_next_revision_stored_already_is_reported(session: Session, game_id: int) -> None:
    """The game's row set back behind the log's back: the revision it would
    write next exists, and the write says so rather than that it is stale."""
    _record(session, game_id, EVENTS[:2])
    session.execute(update(Game).where(Game.id == game_id).values(version=1, event_count=1))
    session.commit()
    with pytest.raises(LogCorrupted, match="its revision 2 is stored already"):
        append(session, game_id, 1, GOAL, by="table 1")
    session.rollback()
    assert len(_revision_rows(session, game_id)) == 2


class TestTheDatabaseKeepsTheHead:
    """Migration 0003's trigger: every revision inserted moves its game's
    version and length on, whoever inserts it, and only the next one may be."""

    def test_each_op_moves_version_and_length(self, session: Session, game_id: int) -> None:
        version = _record(session, game_id, EVENTS[:3])
        assert _head(session, game_id) == (3, 3)
        for op, position, payload, length in [("replace", 1, GOAL, 3), ("insert", 0, GOAL, 4),
                                              ("insert", 4, GOAL, 5), ("delete", 2, None, 4)]:
            version = correct(session, game_id, version, op, position, payload,  # type: ignore[arg-type]
                              by="scorer", reason="fix", commit=True)
            assert _head(session, game_id) == (version, length)
            assert len(load(session, game_id).events) == length
        assert append(session, game_id, version, GOAL, by="table 1", commit=True) == 8
        assert _head(session, game_id) == (8, 5)

    def test_a_revision_inserted_by_hand_moves_the_head_on(self, session: Session,
                                                            game_id: int) -> None:
        _record(session, game_id, EVENTS[:2])
        session.execute(insert(EventRevision).values(
            game_id=game_id, revision=3, op="append", position=2, payload=codec.encode(GOAL),
            by="someone", at=WHEN))
        session.commit()
        assert _head(session, game_id) == (3, 3)
        assert load(session, game_id).events == [*EVENTS[:2], GOAL]

    def test_a_payload_the_codec_did_not_write_is_named(self, session: Session,
                                                        game_id: int) -> None:
        _record(session, game_id, EVENTS[:2])
        session.execute(insert(EventRevision).values(
            game_id=game_id, revision=3, op="append", position=2, payload=storekit.GOAL,
            by="someone", at=WHEN))
        session.commit()
        for read in (load, events_of, lambda s, g: logs_of(s, [g])):
            with pytest.raises(LogCorrupted, match=f"game {game_id}.*payload version None"):
                read(session, game_id)

    @pytest.mark.parametrize("revision", [2, 4])
    def test_a_revision_that_is_not_the_next_is_refused(
        self, session: Session, game_id: int, revision: int
    ) -> None:
        _record(session, game_id, EVENTS[:2])
        before = _revision_rows(session, game_id)
        with pytest.raises(IntegrityError):
            session.execute(insert(EventRevision).values(
                game_id=game_id, revision=revision, op="append", position=2,
                payload=codec.encode(GOAL),
                by="someone", at=WHEN))
        session.rollback()
        assert _revision_rows(session, game_id) == before
        assert _head(session, game_id) == (2, 2)


class TestOnAConnection:
    """The console's hot path: the same log through a Core connection."""

    def test_append_correct_load_history(self, engine: Engine, game_id: int) -> None:
        with engine.connect() as connection:
            assert append(connection, game_id, 0, EVENTS[0], by="console") == 1
            assert append(connection, game_id, 1, GOAL, by="console", commit=True) == 2
            correct(connection, game_id, 2, "replace", 1, replace(GOAL, scorer=12),
                    by="console", reason="wrong number", commit=True)
            log = load(connection, game_id)
            assert log.events == [EVENTS[0], replace(GOAL, scorer=12)]
            assert [r.previous for r in history(connection, game_id, 1)] == [None, GOAL]

    def test_a_stale_write_rolls_back_with_commit(self, engine: Engine, game_id: int) -> None:
        with engine.connect() as connection:
            with pytest.raises(StaleWrite):
                append(connection, game_id, 3, GOAL, by="console", commit=True)
            assert not connection.in_transaction()

    def test_without_commit_the_caller_decides(self, engine: Engine, game_id: int) -> None:
        with engine.connect() as connection:
            append(connection, game_id, 0, GOAL, by="console")
            connection.rollback()
            assert load(connection, game_id).version == 0
