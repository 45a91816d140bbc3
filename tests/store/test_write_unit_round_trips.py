"""Issue 30, a console write's round trips on PostgreSQL: a write's
``BEGIN`` goes with its first statement, and the clocks it reads for the
live view and the states it keeps with its ``COMMIT``
(rinkside.store.prepared.write_unit), each batch in one round trip; a
held statement that fails fails the commit and leaves nothing written,
and the connection goes back to the pool as it came (on SQLite a unit is
``engine.begin()``)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import Engine, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker
from storekit import round_trips, two_team_game

from rinkside.rules.events import FaceOff, Shot, Stoppage
from rinkside.rules.times import GameTime
from rinkside.services import recording, state_cache
from rinkside.services.game_clock import _write, clocks_in
from rinkside.services.tournaments import Tournaments
from rinkside.store import eventlog, models
from rinkside.store.prepared import write_unit


def _game(service: Tournaments) -> int:
    return two_team_game(service, "Trips Cup", settings={"period_length": "15:00"},
                         start=datetime(2026, 12, 5, 9, tzinfo=UTC))[0]


def test_a_write_of_a_game_in_play_makes_three_round_trips(
        sessions: sessionmaker[Session], engine: Engine) -> None:
    """The game read with its ``BEGIN``, the append, the clocks read and the
    state kept with the ``COMMIT``; and the anchor of a running clock when
    it starts (Rule 507(a)): as many as a bare psycopg commit makes (its
    ``BEGIN``, ``INSERT`` and ``COMMIT``). Seven were made before, with the
    pool's ping."""
    if engine.dialect.name != "postgresql":
        pytest.skip("round trips are PostgreSQL's")
    service = Tournaments(sessions)
    game_id = _game(service)
    version, _ = service.record(game_id, 0, [FaceOff(GameTime(1, 9000))], by="test")
    with round_trips(engine) as stopped:
        version, _ = service.record(game_id, version, [Stoppage(GameTime(1, 8800))], by="t")
    with round_trips(engine) as started:  # its face-off anchors the running clock
        version, _ = service.record(game_id, version, [FaceOff(GameTime(1, 8800))], by="t")
    with round_trips(engine) as shot:
        version, _ = service.record(game_id, version, [Shot(GameTime(1, 8700), "home")],
                                    by="t")
    assert (stopped, started, shot) == ([3], [4], [3])
    assert service.game_state(game_id)[0] == version == 4


def test_a_held_statement_that_fails_fails_the_commit_and_writes_nothing(
        sessions: sessionmaker[Session], engine: Engine) -> None:
    service = Tournaments(sessions)
    game_id = _game(service)
    upsert = state_cache._UPSERT[engine.dialect.name]
    with pytest.raises(IntegrityError), write_unit(engine) as connection:
        eventlog.append(connection, game_id, 0, FaceOff(GameTime(1, 9000)), by="test")
        upsert.executemany(connection, [{  # no such game: its foreign key
            "game_id": game_id + 1000, "version": 1, "engine": "e", "state": b"x",
            "status": "in progress"}])
    with engine.connect() as connection:
        assert eventlog.events_of(connection, game_id) == (0, [])
    # The pool's connection is out of autocommit again: a session's rollback undoes.
    with sessions() as s:
        s.add(models.Tournament(name="Never"))
        s.flush()
        s.rollback()
    with sessions() as s:
        assert s.scalars(select(models.Tournament.id).where(
            models.Tournament.name == "Never")).all() == []


def test_an_orm_statement_first_in_a_unit_is_in_its_transaction(
        sessions: sessionmaker[Session], engine: Engine) -> None:
    """Whatever SQLAlchemy runs on a unit's connection goes after its
    ``BEGIN``: an error at the end rolls it back."""
    with pytest.raises(RuntimeError), write_unit(engine) as connection:
        with Session(bind=connection, join_transaction_mode="rollback_only") as s:
            s.add(models.Tournament(name="Rolled back"))
            s.flush()
        raise RuntimeError("the write fails after its first statement")
    with sessions() as s:
        assert s.scalars(select(models.Tournament.id).where(
            models.Tournament.name == "Rolled back")).all() == []


@pytest.mark.parametrize("countdowns", [0, 3, 9])
def test_the_clocks_read_with_the_commit_are_those_the_clocks_read_finds(
        sessions: sessionmaker[Session], engine: Engine, countdowns: int) -> None:
    """The newest running anchor (Rule 507(a)) even when the game's eight
    newest anchors are all countdowns (641 note 1, 640(a)), and the newest
    countdown among those eight: one statement, the two of clocks_in."""
    service = Tournaments(sessions)
    game_id = _game(service)
    with write_unit(engine) as connection:
        _write(connection, game_id, 1, 9000, 1_000, "play", "test")
        _write(connection, game_id, 1, 8000, 2_000, "timekeeper", "test")
        for n in range(countdowns):
            _write(connection, game_id, 1, 600, 3_000 + n, "timeout", "test")
    with write_unit(engine) as connection:
        game = recording.game_at_write(connection, game_id)
        clocks = recording.clocks_after(connection, game)
        read = clocks_in(connection, game_id)
    live = recording.live_after(clocks, game, game.version)[1]
    assert (live.anchor, live.countdown) == read
    assert read[0] is not None and read[0].kind == "timekeeper"
    assert (read[1] is None) == (countdowns == 0)


def test_a_read_after_a_write_ends_in_one_rollback(
        sessions: sessionmaker[Session], engine: Engine) -> None:
    """The state a write keeps is not left prepared on its connection: the
    next read session's ROLLBACK needs no DEALLOCATE ALL after it (psycopg
    clears what it prepared at a rollback), as in a console's POST (the
    login read, the write, the next POST's login read)."""
    if engine.dialect.name != "postgresql":
        pytest.skip("round trips are PostgreSQL's")
    service = Tournaments(sessions)
    game_id = _game(service)
    version, _ = service.record(game_id, 0, [FaceOff(GameTime(1, 9000))], by="test")
    engine.dispose()  # a new connection: nothing the setting up prepared on it
    service.record(game_id, version, [Stoppage(GameTime(1, 8800))], by="test")
    with round_trips(engine) as read:
        with sessions() as s:
            s.execute(select(models.Game.version).where(models.Game.id == game_id)).one()
    assert read == [3]  # BEGIN, the read, ROLLBACK
