"""A game's sign-off log as stored: signatures and reopenings, in order.

Rule 616(a): no change after the referees have signed. A game is locked
while the newest entry of its log is the signature that completed its
referees' set (``locks``); a reopening (with its reason) unlocks it, and
the signatures before it stay in the log for the report.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, Final, TypeVar

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session

from rinkside.store import chain, models
from rinkside.store.connections import connection_of


def entries(s: Session, game_id: int) -> list[models.SignOffEntry]:
    """The game's sign-off log, oldest first."""
    return list(s.scalars(select(models.SignOffEntry).where(models.SignOffEntry.game_id == game_id)
                          .order_by(models.SignOffEntry.id)))


# Read by every write and every live page: built once, run on the connection.
_NEWEST_LOCKS: Final = (select(models.SignOffEntry.locks)
                        .where(models.SignOffEntry.game_id == bindparam("game"))
                        .order_by(models.SignOffEntry.id.desc()).limit(1))


def is_locked(s: Session, game_id: int) -> bool:
    """Is the game signed and not reopened since (one indexed row read)?"""
    return bool(connection_of(s).execute(_NEWEST_LOCKS, {"game": game_id}).scalar())


def add(s: Session, game_id: int, kind: str, username: str, *, reason: str = "",
        locks: bool = False, at: datetime | None = None) -> models.SignOffEntry:
    """A signature or a reopening, linked at the end of the game's hash chain
    (:mod:`rinkside.store.chain`; :class:`~rinkside.store.chain.ChainMoved`
    if another write moved it meanwhile)."""
    when = at or datetime.now(UTC)
    return _linked(s, game_id, "signoff",
                   chain.signoff_content(kind, username, when, reason, locks),
                   lambda seq, link: models.SignOffEntry(
                       game_id=game_id, kind=kind, username=username, at=when, reason=reason,
                       locks=locks, chain_seq=seq, link=link))


def add_written(s: Session, game_id: int, kind: str, rule: str | None, text: str,
                username: str, at: datetime) -> models.WrittenReport:
    """A referee's written report, linked at the end of the game's hash chain."""
    return _linked(s, game_id, "written", chain.written_content(kind, rule, text, username, at),
                   lambda seq, link: models.WrittenReport(
                       game_id=game_id, kind=kind, rule=rule, text=text, username=username,
                       at=at, chain_seq=seq, link=link))


def add_team(s: Session, game_id: int, team_id: int, kind: str, username: str, remark: str,
             at: datetime) -> models.TeamSignature:
    """A team official's signature (the lineup, the report, or the report
    declined with a remark), linked at the end of the game's hash chain."""
    return _linked(s, game_id, "team", chain.team_content(kind, team_id, username, at, remark),
                   lambda seq, link: models.TeamSignature(
                       game_id=game_id, team_id=team_id, kind=kind, username=username,
                       remark=remark, at=at, chain_seq=seq, link=link))


def team_entries(s: Session, game_id: int) -> list[models.TeamSignature]:
    """The team officials' signatures of the game, oldest first."""
    return list(s.scalars(select(models.TeamSignature)
                          .where(models.TeamSignature.game_id == game_id)
                          .order_by(models.TeamSignature.id)))


def standing_lineup_signature(s: Session, game_id: int, team_id: int
                              ) -> models.TeamSignature | None:
    """The team's newest lineup signature when no change of the lineup has
    voided it since (202(c)); None when unsigned or voided."""
    for row in reversed(team_entries(s, game_id)):
        if row.team_id == team_id and row.kind in ("lineup", "void"):
            return row if row.kind == "lineup" else None
    return None


_Row = TypeVar("_Row", models.SignOffEntry, models.WrittenReport, models.TeamSignature)


def _linked(s: Session, game_id: int, kind: chain.Kind, content: dict[str, Any],
            row: Callable[[int, str], _Row]) -> _Row:
    """The row ``row(seq, link)`` built with its place at the end of the game's hash
    chain, added and flushed."""
    seq, link = chain.extend(s, game_id, kind, content)
    added = row(seq, link)
    s.add(added)
    s.flush()
    return added
