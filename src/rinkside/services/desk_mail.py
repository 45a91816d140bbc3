"""The Mail page of the director's desk (issue 28): whether mail is
configured (:func:`rinkside.services.mail.status`), the tournament's outbox
(each message's recipients, subject, state, attempts and last error) and a
message not sent sent again, recorded in the desk's record."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select

from rinkside.services import mail
from rinkside.services.base import ServiceBase
from rinkside.services.changes import record
from rinkside.services.errors import NotFound
from rinkside.store import models


@dataclass(frozen=True, slots=True)
class MessageRow:
    """A message as the desk lists it."""

    message_id: int
    kind: str
    recipients: tuple[str, ...]
    subject: str
    created_at: datetime
    attempts: int
    sent_at: datetime | None
    next_at: datetime | None
    last_error: str | None
    attached: bool

    @property
    def state(self) -> str:
        if self.sent_at is not None:
            return "sent"
        return "failed (given up)" if self.next_at is None else "waiting"


def outbox(service: ServiceBase, tournament_id: int, limit: int = 100) -> list[MessageRow]:
    """The tournament's messages, the newest first."""
    with service.read() as s:
        rows = s.scalars(select(models.MailMessage).where(
            models.MailMessage.tournament_id == tournament_id)
            .order_by(models.MailMessage.id.desc()).limit(limit)).all()
        return [MessageRow(r.id, r.kind, tuple(r.recipients), r.subject, r.created_at,
                           r.attempts, r.sent_at, r.next_at, r.last_error,
                           r.signed_report_id is not None) for r in rows]


def resend(service: ServiceBase, message_id: int, *, by: str) -> int:
    """A message not sent (given up, or waiting for its next attempt) sent
    again at once, as it was; its tournament. One the server took is not
    sent twice, and none is while mail is not configured (:class:`ValueError`
    saying so)."""
    with service.write() as s:
        row = s.get(models.MailMessage, message_id)
        if row is None:
            raise NotFound(f"There is no mail message {message_id}.")
        if row.sent_at is not None:
            raise ValueError(f"mail message {message_id} was sent at {row.sent_at:%H:%M:%S} "
                             "UTC: it is not sent twice")
        if mail.usable_settings() is None:
            raise ValueError("mail is not configured: nothing would send it (set "
                             "RINKSIDE_SMTP_HOST and RINKSIDE_MAIL_FROM, then restart the "
                             "server)")
        row.next_at = service.now()
        record(s, row.tournament_id, f"mail message {message_id}", "sent again", None,
               {"kind": row.kind, "recipients": list(row.recipients)}, by=by,
               clock=service.now)
        tournament_id: int = row.tournament_id
        return tournament_id


def tournament_of_message(service: ServiceBase, message_id: int) -> int:
    """The tournament of the message (NotFound: no such message)."""
    with service.read() as s:
        found = s.scalar(select(models.MailMessage.tournament_id).where(
            models.MailMessage.id == message_id))
    if found is None:
        raise NotFound(f"There is no mail message {message_id}.")
    return int(found)
