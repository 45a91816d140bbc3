"""The stored state cache's writes (SQLite and PostgreSQL): an upsert made
when the transaction commits, never when it rolls back, and never an older
version of the log over a newer one."""

from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import Connection, Engine, event, select
from sqlalchemy.orm import Session, sessionmaker

from rinkside.rules.events import FaceOff, Stoppage
from rinkside.rules.times import GameTime
from rinkside.services import replay, state_cache
from rinkside.services.change import Change
from rinkside.services.tournaments import Tournaments
from rinkside.store import models


@pytest.fixture
def played(sessions: sessionmaker[Session]) -> int:
    """A game with one event recorded (its state stored at version 1)."""
    service = Tournaments(sessions)
    tournament = service.create_tournament("Cache Cup", date(2026, 12, 5), {})
    division = service.add_division(tournament, "Division 1")
    home, away = (service.add_team(division, name) for name in ("Blades", "Storm"))
    game = service.add_game(division, home, away)
    service.record(game, 0, [FaceOff(GameTime(1, 7200))], by="scorer")
    return game


def _stored(sessions: sessionmaker[Session], game: int) -> list[int]:
    with sessions() as s:
        return list(s.scalars(select(models.GameStateCache.version)
                              .where(models.GameStateCache.game_id == game)))


def _state(sessions: sessionmaker[Session], game: int) -> tuple[int, object]:
    with sessions() as s:
        row = s.get(models.Game, game)
        assert row is not None
        return replay.state_of(s, state_cache.StateCache(), row, replay.setup_of(s, row),
                               keep=False)


def test_a_state_is_written_when_its_transaction_commits(
        sessions: sessionmaker[Session], played: int) -> None:
    assert _stored(sessions, played) == [1]
    version, state = _state(sessions, played)
    with sessions.begin() as s:
        state_cache.store(s, played, version + 1, state)  # type: ignore[arg-type]
        assert _stored(sessions, played) == [1]  # not yet: kept with the session
    assert _stored(sessions, played) == [2]  # one row, replaced


def test_a_rolled_back_transaction_writes_no_state(
        sessions: sessionmaker[Session], played: int) -> None:
    version, state = _state(sessions, played)
    with sessions() as s:
        state_cache.store(s, played, version + 1, state)  # type: ignore[arg-type]
        s.rollback()
        s.commit()  # a later transaction of the same session does not write it
    with pytest.raises(RuntimeError), sessions.begin() as s:
        state_cache.store(s, played, version + 1, state)  # type: ignore[arg-type]
        raise RuntimeError("the write fails")
    assert _stored(sessions, played) == [1]


def test_an_older_state_never_replaces_a_newer_one(
        sessions: sessionmaker[Session], played: int) -> None:
    version, state = _state(sessions, played)
    with sessions.begin() as s:
        state_cache.store(s, played, version + 1, state)  # type: ignore[arg-type]
    with sessions.begin() as s:  # a slow reader that computed version 1
        state_cache.store(s, played, version, state)  # type: ignore[arg-type]
    assert _stored(sessions, played) == [2]


def test_a_write_whose_commit_fails_leaves_no_state_in_memory(
        sessions: sessionmaker[Session], played: int) -> None:
    """The commit is the write: a state computed for a version whose commit
    failed is neither kept in memory nor announced (another writer may yet
    write that version, with other events)."""
    announced: list[Change] = []
    service = Tournaments(sessions, on_change=announced.append)

    def commit_fails(connection: Connection) -> None:
        raise RuntimeError("the disk is full")

    # The database's commit itself fails (the write commits its connection).
    event.listen(Engine, "commit", commit_fails)
    try:
        with pytest.raises(RuntimeError, match="disk is full"):
            service.record(played, 1, [Stoppage(GameTime(1, 7000))], by="scorer")
    finally:
        event.remove(Engine, "commit", commit_fails)
    assert service.committed_state(played, 2) is None
    assert announced == []
    assert service.game_state(played)[0] == 1  # nothing was written
    version, state = service.record(played, 1, [Stoppage(GameTime(1, 6900))], by="scorer")
    assert service.committed_state(played, version) is state
    # the write announces its own state (and its live view, read before the commit)
    assert [(c.game_id, c.version, c.state) for c in announced] == [(played, 2, state)]
    assert announced[0].state is state


_GONE = (b"\x80\x05\x8c\x1drinkside.services.state_cache\x94"  # a builder it no longer has
         b"\x8c\x0b_Built.Gone\x94\x93\x94)R.")


@pytest.mark.parametrize("blob", [b"not a pickle", b"\x80\x05\x95", _GONE])
def test_a_stored_state_that_cannot_be_read_is_computed_again(
        sessions: sessionmaker[Session], played: int, blob: bytes) -> None:
    """The state cache is only a cache: a row this code cannot read (damaged,
    or naming a builder it no longer has) is a miss, and the state comes from
    the log, as it would without the row."""
    with sessions.begin() as s:
        row = s.get(models.GameStateCache, played)
        assert row is not None
        row.state = blob
    version, state = Tournaments(sessions).game_state(played)
    assert version == 1
    assert state.clock == GameTime(1, 7200) and state.status == "in_play"
    assert _stored(sessions, played) == [1]
