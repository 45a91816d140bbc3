"""The official reports signed with the league's key, kept (issue 29).

Each is the PDF exactly as signed when the last signature locked the game
(Rule 616(a)); a game reopened and signed again gets a newer one, and every
older one is superseded (it stays, and stays verifiable). The signing itself
is :mod:`rinkside.reports.signed_report`'s; this module stores and reads.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select

from rinkside.services import mail
from rinkside.services.base import ServiceBase
from rinkside.store import models


@dataclass(frozen=True)
class SignedReport:
    """A signed report as kept: ``superseded`` once a newer one of its game is."""

    id: int
    game_id: int
    chain_head: str
    digest: str
    signer: str
    at: datetime
    superseded: bool


def digest(pdf: bytes) -> str:
    """A PDF's SHA-256, as the store keeps it."""
    return hashlib.sha256(pdf).hexdigest()


def add(service: ServiceBase, game_id: int, pdf: bytes, chain_head: str, signer: str,
        at: datetime) -> SignedReport:
    """Keep ``pdf``, signed, as the game's newest report; in the same
    transaction, its mail to both teams' managers and the director (Rules
    506(b), 616(a): the signed report forwarded; :func:`mail.mail_report`)."""
    with service.write() as s:
        row = models.SignedReport(game_id=game_id, chain_head=chain_head, digest=digest(pdf),
                                  signer=signer, at=at, pdf=pdf)
        s.add(row)
        s.flush()
        mail.mail_report(s, row, at)
        return SignedReport(row.id, game_id, chain_head, row.digest, signer, at, False)


def of_game(service: ServiceBase, game_id: int) -> list[SignedReport]:
    """The game's signed reports, oldest first; all but the newest superseded."""
    with service.read() as s:
        rows = s.execute(select(models.SignedReport.id, models.SignedReport.chain_head,
                                models.SignedReport.digest, models.SignedReport.signer,
                                models.SignedReport.at)
                         .where(models.SignedReport.game_id == game_id)
                         .order_by(models.SignedReport.id)).all()
    return [SignedReport(r.id, game_id, r.chain_head, r.digest, r.signer, r.at,
                         n < len(rows) - 1) for n, r in enumerate(rows)]


def pdf(service: ServiceBase, report_id: int) -> bytes | None:
    """A signed report's PDF, as signed (``None``: no such report)."""
    with service.read() as s:
        return s.scalars(select(models.SignedReport.pdf)
                         .where(models.SignedReport.id == report_id)).first()


def by_digest(service: ServiceBase, found: str) -> SignedReport | None:
    """The kept report whose PDF has the SHA-256 ``found`` (``None``: none)."""
    with service.read() as s:
        game_id = s.scalars(select(models.SignedReport.game_id)
                            .where(models.SignedReport.digest == found)).first()
    if game_id is None:
        return None
    return next((r for r in of_game(service, game_id) if r.digest == found), None)
