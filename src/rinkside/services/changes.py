"""The record of the director's desk: every change made there (or by the
commands that do the same), who made it, when, the value before and after,
and the reason where one was needed. Only ever appended to."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, TypeVar

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from rinkside.services.base import ServiceBase
from rinkside.services.tournaments import NotFound, Tournaments
from rinkside.store import models

Clock = Callable[[], datetime]


class NeedsReason(ValueError):
    """A change the desk makes only with a reason given (kept in the record)."""


@dataclass(frozen=True, slots=True)
class Change:
    id: int
    tournament_id: int | None
    subject: str
    action: str
    before: Any
    after: Any
    reason: str
    by: str
    at: datetime


def record(s: Session, tournament_id: int | None, subject: str, action: str, before: Any,
           after: Any, *, by: str, clock: Clock, reason: str = "") -> None:
    """Append one change to the record, in the write's own transaction,
    stamped by ``clock`` (the service's: ``service.now``)."""
    s.add(models.DeskChange(tournament_id=tournament_id, subject=subject, action=action,
                            before=before, after=after, reason=reason, by=by, at=clock()))


def changes(service: ServiceBase, tournament_id: int | None = None) -> list[Change]:
    """The desk's changes, newest first (of one tournament, or all)."""
    query = select(models.DeskChange).order_by(models.DeskChange.id.desc())
    if tournament_id is not None:
        query = query.where(models.DeskChange.tournament_id == tournament_id)
    with service.read() as s:
        return [Change(c.id, c.tournament_id, c.subject, c.action, c.before, c.after,
                       c.reason, c.by, c.at) for c in s.scalars(query)]


_Row = TypeVar("_Row")


def found(s: Session, model: type[_Row], key: int, what: str) -> _Row:
    """The desk's row of ``model`` with id ``key``, else NotFound (a 404)
    saying there is no such ``what``."""
    row = s.get(model, key)
    if row is None:
        raise NotFound(f"There is no {what} {key}.")
    return row


def held(s: Session, model: type[_Row], key: int, what: str) -> _Row:
    """:func:`found`, its row held (written to) until the transaction ends
    and read after the hold. A desk write that replaces a set of rows under
    it (a tournament's travel between venues, an official's hours) holds it
    first: a second save at once waits for the first to commit and then
    replaces what it wrote, so the last one stands whole, never a duplicate
    key (a 500) nor both sets. A write is what SQLite takes its one writer's
    lock on; PostgreSQL locks the row (its key unchanged: readers go on)."""
    table: Any = model
    s.execute(update(table).where(table.id == key).values(id=table.id)
              .execution_options(synchronize_session=False))
    row = s.get(model, key, populate_existing=True)
    if row is None:
        raise NotFound(f"There is no {what} {key}.")
    return row


def refuse_taken(s: Session, name_column: Any, name: str, scope: Any, *, keep: Any = None,
                 what: str) -> None:
    """ValueError when another row in ``scope`` (a where-clause) already has
    ``name``; ``keep`` excludes the row being renamed."""
    query = select(name_column).where(scope, name_column == name)
    if keep is not None:
        query = query.where(keep)
    if s.scalar(query) is not None:
        raise ValueError(f"there is already {what} named {name!r}")


def require_reason(reason: str | None, why: str) -> str:
    """The reason, stripped; NeedsReason (saying ``why``) when none was given."""
    text = (reason or "").strip()
    if not text:
        raise NeedsReason(f"{why}: give a reason (it is kept in the desk's record)")
    return text


def create_tournament(service: Tournaments, name: str, starts_on: date | None, *,
                      by: str) -> int:
    """A new tournament from the desk and its line in the record, committed together."""
    name = name.strip()
    if not name:
        raise ValueError("a tournament needs a name")
    with service.write() as s:
        tournament_id = service.within(s).create_tournament(name, starts_on)
        record(s, tournament_id, f"tournament {tournament_id}", "created", None,
               {"name": name}, by=by, clock=service.now)
    return tournament_id
