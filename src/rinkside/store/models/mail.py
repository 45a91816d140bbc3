"""The mail outbox (issue 28): each message written in the transaction of
the change that makes it (a signed report kept, a suspension, a roster
decision), then sent by the worker with retries (``services/mail.py``)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from rinkside.store.models.base import Base, Identity, Label, Tally
from rinkside.store.types import json_document


class MailMessage(Base):
    """One message to its ``recipients`` (addresses), as it will be sent:
    ``subject`` and ``body`` (plain text) and, for a report, the signed
    report whose PDF is attached (``signed_report_id``). ``sent_at`` once the
    SMTP server took it (never sent again); ``next_at`` when the next attempt
    is due (None and not sent: given up, the desk can send it again); each
    attempt counted, the last one's error kept."""

    __tablename__ = "mail_outbox"

    id: Mapped[Identity]
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id"), index=True)
    kind: Mapped[str] = mapped_column(String(32))
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id"))
    signed_report_id: Mapped[int | None] = mapped_column(ForeignKey("signed_reports.id"))
    recipients: Mapped[list[str]] = mapped_column(json_document(), default=list)
    subject: Mapped[Label]
    body: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime]
    attempts: Mapped[Tally]
    next_at: Mapped[datetime | None] = mapped_column(index=True)
    sent_at: Mapped[datetime | None]
    last_error: Mapped[str | None] = mapped_column(Text)
    last_at: Mapped[datetime | None]
