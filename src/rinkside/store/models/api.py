"""What others build on: read tokens for the public API (``/api/v1``), and
each tournament's webhooks with their outbox of deliveries."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, ForeignKey, Index, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from rinkside.store.models.base import Author, Base, Identity, Label, Tally


class ApiToken(Base):
    """A read token for ``/api/v1``, issued by the director for whoever builds
    on the API (``label``): only its SHA-256 hash is kept; revoked once
    ``revoked_at``."""

    __tablename__ = "api_tokens"
    __table_args__ = (UniqueConstraint("token_hash"),)

    id: Mapped[Identity]
    label: Mapped[Label]
    token_hash: Mapped[str] = mapped_column(String(64))
    issued_by: Mapped[Author]
    issued_at: Mapped[datetime]
    revoked_at: Mapped[datetime | None]


class Webhook(Base):
    """A URL told of a tournament's events (``events``: the kinds chosen),
    each delivery signed with ``secret`` (HMAC-SHA256; shown to the director
    once, kept to sign, encrypted: :mod:`rinkside.store.webhook_key`); off
    once ``removed_at``."""

    __tablename__ = "webhooks"
    # Whether a live webhook listens, asked by every console write (0040).
    __table_args__ = (Index(None, "tournament_id", "removed_at"),)

    id: Mapped[Identity]
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id"))
    url: Mapped[str] = mapped_column(String(500))
    events: Mapped[list[str]] = mapped_column(JSON)
    secret: Mapped[str] = mapped_column(String(300))  # sealed: "fernet:" and the token
    created_by: Mapped[Author]
    created_at: Mapped[datetime]
    removed_at: Mapped[datetime | None]


class WebhookDelivery(Base):
    """One event for one webhook: the outbox row written in the transaction
    of the write that made the event, then delivered by the worker.
    ``body`` is the JSON sent, as sent; ``delivered_at`` set once the
    receiver acknowledged it (a 2xx: never sent again unless the director
    resends it); ``next_at`` when the next attempt is due (None: none is);
    each attempt's answer kept in ``last_status`` and ``last_answer``."""

    __tablename__ = "webhook_deliveries"
    # A hook's latest deliveries, by its key (0040).
    __table_args__ = (Index(None, "webhook_id", "id"),)

    id: Mapped[Identity]
    webhook_id: Mapped[int] = mapped_column(ForeignKey("webhooks.id"))
    event: Mapped[str] = mapped_column(String(32))
    body: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime]
    attempts: Mapped[Tally]
    next_at: Mapped[datetime | None] = mapped_column(index=True)
    delivered_at: Mapped[datetime | None]
    last_status: Mapped[int | None]
    last_answer: Mapped[str | None] = mapped_column(Text)
    last_at: Mapped[datetime | None]


