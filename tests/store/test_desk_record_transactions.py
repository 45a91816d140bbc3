"""A desk write and its record in one transaction, on SQLite and PostgreSQL:
the service's own write joins the desk's transaction (``within``), so a
failure of the record keeps neither, a refusal inside the write (a name
taken) leaves the store as it was, and a write that succeeds keeps both.

This is the home of the transaction on both stores, through the services;
that every desk route writes through it is
tests/web/test_desk_records_together.py's (the crash: :mod:`recordkit`)."""

from __future__ import annotations

import warnings

import pytest
from recordkit import Crash
from sqlalchemy import func, select
from sqlalchemy.exc import SAWarning
from sqlalchemy.orm import Session, sessionmaker

from rinkside.services import changes, desk_people, desk_teams
from rinkside.services.tournaments import Tournaments
from rinkside.store import models


@pytest.fixture
def service(sessions: sessionmaker[Session]) -> Tournaments:
    return Tournaments(sessions)


def _counts(service: Tournaments) -> tuple[int, ...]:
    with service.read() as s:
        return tuple(s.scalar(select(func.count()).select_from(model)) or 0
                     for model in (models.Tournament, models.Division, models.User,
                                   models.DeskChange))


def test_a_write_whose_record_fails_keeps_nothing(service: Tournaments,
                                                  crashing_record: None) -> None:
    with pytest.raises(Crash):
        changes.create_tournament(service, "Cup", None, by="dora")
    assert _counts(service) == (0, 0, 0, 0)
    with pytest.raises(Crash):
        desk_people.add_user(service, "kim", "scores-kim-1", "scorekeeper", by="dora")
    assert _counts(service) == (0, 0, 0, 0)


def test_a_write_refused_inside_and_one_done_whole(service: Tournaments) -> None:
    tid = changes.create_tournament(service, "Cup", None, by="dora")
    desk_teams.add_division(service, tid, "Open", by="dora")
    desk_people.add_user(service, "kim", "scores-kim-1", "scorekeeper", by="dora")
    assert _counts(service) == (1, 1, 1, 3)
    with pytest.raises(ValueError, match="already a division named 'Open'"):
        desk_teams.add_division(service, tid, "Open", by="dora")
    with pytest.raises(ValueError, match="already a user named 'kim'"):
        desk_people.add_user(service, "kim", "scores-kim-2", "director", by="dora")
    assert _counts(service) == (1, 1, 1, 3)
    assert [c.action for c in changes.changes(service)] == ["added", "added", "created"]


def test_a_refusal_inside_a_joined_write_is_rolled_back_once(service: Tournaments) -> None:
    """A name taken fails the joined write at its flush (IntegrityError): the
    desk's transaction is rolled back by the session that began it, alone,
    not first under it by the joined write's own session (SQLAlchemy's
    "transaction already deassociated from connection"), and keeps nothing."""
    desk_people.add_user(service, "kim", "scores-kim-1", "scorekeeper", by="dora")
    with warnings.catch_warnings():
        warnings.simplefilter("error", SAWarning)
        with pytest.raises(ValueError, match="already a user named 'kim'"):
            desk_people.add_user(service, "kim", "scores-kim-2", "director", by="dora")
        desk_people.add_user(service, "lee", "scores-lee-1", "scorekeeper", by="dora")
    assert _counts(service) == (0, 0, 2, 2)
    assert [c.subject for c in changes.changes(service)] == ["user lee", "user kim"]
