"""A game's sign-off log as stored: signatures and reopenings, in order.

Rule 616(a): no change after the referees have signed. A game is locked
while the newest entry of its log is the signature that completed its
referees' set (``locks``); a reopening (with its reason) unlocks it, and
the signatures before it stay in the log for the report.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from rinkside.store import chain, models


def entries(s: Session, game_id: int) -> list[models.SignOffEntry]:
    """The game's sign-off log, oldest first."""
    return list(s.scalars(select(models.SignOffEntry).where(models.SignOffEntry.game_id == game_id)
                          .order_by(models.SignOffEntry.id)))


def is_locked(s: Session, game_id: int) -> bool:
    """Is the game signed and not reopened since (one indexed row read)?"""
    newest = s.scalars(select(models.SignOffEntry.locks)
                       .where(models.SignOffEntry.game_id == game_id)
                       .order_by(models.SignOffEntry.id.desc()).limit(1)).first()
    return bool(newest)


def add(s: Session, game_id: int, kind: str, username: str, *, reason: str = "",
        locks: bool = False, at: datetime | None = None) -> models.SignOffEntry:
    """A signature or a reopening, linked at the end of the game's hash chain
    (:mod:`rinkside.store.chain`; :class:`~rinkside.store.chain.ChainMoved`
    if another write moved it meanwhile)."""
    when = at or datetime.now(UTC)
    seq, link = chain.extend(s, game_id, "signoff",
                             chain.signoff_content(kind, username, when, reason, locks))
    entry = models.SignOffEntry(game_id=game_id, kind=kind, username=username, at=when,
                                reason=reason, locks=locks, chain_seq=seq, link=link)
    s.add(entry)
    s.flush()
    return entry


def add_written(s: Session, game_id: int, kind: str, rule: str | None, text: str,
                username: str, at: datetime) -> models.WrittenReport:
    """A referee's written report, linked at the end of the game's hash chain."""
    seq, link = chain.extend(s, game_id, "written",
                             chain.written_content(kind, rule, text, username, at))
    row = models.WrittenReport(game_id=game_id, kind=kind, rule=rule, text=text,
                               username=username, at=at, chain_seq=seq, link=link)
    s.add(row)
    s.flush()
    return row
