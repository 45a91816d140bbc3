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

from rinkside.store import models


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
    entry = models.SignOffEntry(game_id=game_id, kind=kind, username=username,
                                at=at or datetime.now(UTC), reason=reason, locks=locks)
    s.add(entry)
    s.flush()
    return entry
