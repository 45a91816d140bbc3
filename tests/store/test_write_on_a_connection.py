"""Issue 30, a console write within ten bare commits: a write of a game in
play runs on a connection (:meth:`ServiceBase.write_connection`), its
statements compiled once and run on the driver's cursor
(:class:`rinkside.store.prepared.Prepared`), with no ORM session opened;
what it reads and writes is what SQLAlchemy's own run gave, its errors are
SQLAlchemy's, and a joined service's write is in the joined transaction
itself (SQLite and PostgreSQL)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import event, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker
from storekit import statements, two_team_game

from rinkside.rules.errors import RuleViolation
from rinkside.rules.events import FaceOff, Shot, Stoppage
from rinkside.rules.times import GameTime
from rinkside.services import recording, state_cache
from rinkside.services.change import Change
from rinkside.services.tournaments import Tournaments
from rinkside.store import eventlog, models
from rinkside.store.connections import connection_of
from rinkside.store.prepared import Prepared


def _game(service: Tournaments) -> int:
    game_id, (home, _) = two_team_game(service, "Connection Cup",
                                       settings={"period_length": "15:00"},
                                       start=datetime(2026, 12, 5, 9, tzinfo=UTC), rink="A")
    service.set_team_style(home, colour="#112233")
    return game_id


def test_a_write_of_a_game_in_play_opens_no_orm_session(
        sessions: sessionmaker[Session]) -> None:
    """The session's begin, commit and checkout cost about as much as the
    append: a write of a game in play begins none (its first write, which
    dresses the rosters through the ORM, still does)."""
    service = Tournaments(sessions)
    game_id = _game(service)
    begun: list[Session] = []

    def began(session: Session, *_: Any) -> None:
        begun.append(session)

    event.listen(Session, "after_begin", began)
    try:
        version, _ = service.record(game_id, 0, [FaceOff(GameTime(1, 9000))], by="test")
        first = len(begun)
        version, state = service.record(game_id, version, [Stoppage(GameTime(1, 8800))],
                                        by="test")
    finally:
        event.remove(Session, "after_begin", began)
    assert first >= 1
    assert len(begun) == first
    assert (version, state.phase) == (2, "stopped")
    with sessions() as s:  # the state kept, at that version
        kept = s.execute(select(models.GameStateCache.version, models.GameStateCache.status)
                         .where(models.GameStateCache.game_id == game_id)).one()
    assert tuple(kept) == (2, state.status)


def test_the_game_read_on_the_cursor_is_what_sqlalchemy_reads(
        sessions: sessionmaker[Session]) -> None:
    """Each value of the one read, converted by its column's type on this
    dialect (booleans, the start as a moment; the settings as their JSON
    text, decoded only to build a setup), equal to SQLAlchemy's own run of
    the same statement."""
    service = Tournaments(sessions)
    game_id = _game(service)
    service.record(game_id, 0, [FaceOff(GameTime(1, 9000))], by="test")
    with sessions() as s:
        connection = connection_of(s)
        prepared = recording._GAME_AT_WRITE[connection.dialect.name]
        ours = prepared.first(connection, {"game": game_id})
        theirs = connection.execute(prepared.statement, {"game": game_id}).first()
    assert theirs is not None
    assert ours == tuple(theirs)
    assert json.loads(ours[8]) == {"period_length": "15:00"}  # the tournament's settings
    assert ours[17] == datetime(2026, 12, 5, 9, tzinfo=UTC)  # the start, a moment


def test_the_drivers_errors_are_sqlalchemys(sessions: sessionmaker[Session]) -> None:
    """A constraint the database refuses is raised as SQLAlchemy raises it
    (IntegrityError), and the statement was heard by the engine's listeners."""
    service = Tournaments(sessions)
    game_id = _game(service)
    upsert = state_cache._UPSERT
    with sessions() as s:
        connection = connection_of(s)
        with statements(connection.engine) as heard, pytest.raises(IntegrityError):
            # no such game: its foreign key
            upsert[connection.dialect.name].executemany(connection, [{
                "game_id": game_id + 1000, "version": 1, "engine": "e",
                "state": b"x", "status": "in progress"}])
    assert len(heard) == 1 and "game_states" in heard[0]


def test_a_joined_services_write_commits_with_its_transaction(
        sessions: sessionmaker[Session]) -> None:
    """Inside another transaction (:meth:`ServiceBase.within`) a write
    commits with it, and one refused (before it writes anything) leaves the
    rest of the transaction as it was."""
    service = Tournaments(sessions)
    game_id = _game(service)
    version, _ = service.record(game_id, 0, [FaceOff(GameTime(1, 9000))], by="test")
    with sessions.begin() as s:
        joined = service.within(s)
        version, _ = joined.record(game_id, version, [Stoppage(GameTime(1, 8800))], by="test")
        with pytest.raises(RuleViolation) as refused:  # the clock is stopped already
            joined.record(game_id, version, [Stoppage(GameTime(1, 8700))], by="test")
        assert refused.value.rule  # the engine's refusal names its rule
    assert service.game_state(game_id)[0] == 2


def test_a_statement_is_compiled_once_per_dialect(sessions: sessionmaker[Session]) -> None:
    prepared = Prepared(select(models.Game.id).where(models.Game.id == 0))
    with sessions() as s:
        connection = connection_of(s)
        assert prepared.all(connection, {}) == []
        compiled = prepared._for(connection.dialect)
        assert prepared._for(connection.dialect) is compiled


def test_an_append_on_a_fresh_connection_is_committed_by_its_commit(
        sessions: sessionmaker[Session]) -> None:
    """A statement run on the cursor of a connection in no transaction yet
    begins the connection's own (as SQLAlchemy's run does), so the
    connection's commit commits it: an append made with ``commit=True`` on
    a connection checked out for it is in the log afterwards."""
    service = Tournaments(sessions)
    game_id = _game(service)
    engine = sessions.kw["bind"]
    version = 0
    for event_ in (FaceOff(GameTime(1, 9000)), Stoppage(GameTime(1, 8800))):
        with engine.connect() as connection:
            version = eventlog.append(connection, game_id, version, event_, by="test",
                                      commit=True)
    with engine.connect() as connection:
        assert eventlog.events_of(connection, game_id)[0] == 2


def test_a_timekeepers_anchor_committed_during_a_write_is_in_its_live_view(
        sessions: sessionmaker[Session]) -> None:
    """Rule 507(a): the timekeeper sets the running clock while a console's
    write is under way, committed after the write read the game and before
    its append. The write reads the clocks after its append (on SQLite
    holding the write lock, on PostgreSQL in a statement of its own), so the
    live view it announces shows the timekeeper's anchor, not the one
    before it."""
    announced: list[Change] = []
    service = Tournaments(sessions, on_change=announced.append)
    game_id = _game(service)
    version, _ = service.record(game_id, 0, [FaceOff(GameTime(1, 9000))], by="test")
    engine = sessions.kw["bind"]
    set_: list[int] = []

    def timekeeper(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        if "INSERT INTO event_revisions" in statement and not set_:
            set_.append(service.set_running_clock(game_id, 8500, by="timekeeper").seq)

    event.listen(engine, "before_cursor_execute", timekeeper)
    try:
        service.record(game_id, version, [Shot(GameTime(1, 8900), "home")], by="test")
    finally:
        event.remove(engine, "before_cursor_execute", timekeeper)
    assert set_, "the timekeeper's write ran during the console's"
    live = announced[-1].live
    assert live is not None
    anchor = live[1].anchor
    assert anchor is not None
    assert (anchor.seq, anchor.kind, anchor.left) == (set_[0], "timekeeper", 8500)
