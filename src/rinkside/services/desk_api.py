"""The desk's API & webhooks page (``routers/desk_api.py``; its read tokens
are :mod:`rinkside.services.api_tokens`): a webhook registered for a
tournament with the events it is told of (its secret shown once), removed,
a delivery sent again, each in the desk's record; the tournament's webhooks
listed with their latest deliveries and what each receiver answered. The
outbox and its worker are :mod:`rinkside.services.webhooks`."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Final
from urllib.parse import urlsplit

from sqlalchemy import select, update

from rinkside.services.base import ServiceBase
from rinkside.services.changes import record
from rinkside.services.errors import NotFound
from rinkside.services.webhooks import EVENTS, DeliveryRow, WebhookRow
from rinkside.store import models, webhook_key

URL_LENGTH: Final = 500


def _checked_url(url: str) -> str:
    url = url.strip()
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"{url!r} is not a web address a webhook can post to "
                         "(http:// or https:// and a host)")
    if len(url) > URL_LENGTH:
        raise ValueError(f"a webhook's URL is at most {URL_LENGTH} characters")
    return url


def register(service: ServiceBase, tournament_id: int, url: str, events: Sequence[str], *,
             by: str) -> tuple[int, str]:
    """A new webhook of the tournament: its id and its secret (to be shown
    once: the receiver checks the signatures with it)."""
    url = _checked_url(url)
    unknown = [e for e in events if e not in EVENTS]
    if unknown:
        raise ValueError(f"no such event: {', '.join(unknown)} (one of {', '.join(EVENTS)})")
    chosen = [e for e in EVENTS if e in events]
    if not chosen:
        raise ValueError("choose at least one event the webhook is told of")
    secret = "whsec_" + secrets.token_urlsafe(32)
    try:  # kept encrypted (the key made if none is kept yet), shown this once
        sealed = webhook_key.seal(webhook_key.load_or_make(), secret)
    except (webhook_key.NoWebhookKey, OSError) as exc:
        raise ValueError(f"no webhook can be registered: its secret cannot be kept "
                         f"encrypted ({exc})") from None
    with service.write() as s:
        service.existing_row(s, models.Tournament, tournament_id)
        row = models.Webhook(tournament_id=tournament_id, url=url, events=chosen,
                             secret=sealed, created_by=by, created_at=service.now())
        s.add(row)
        s.flush()
        record(s, tournament_id, f"webhook {row.id}", "registered", None,
               {"url": url, "events": chosen}, by=by, clock=service.now)
        return row.id, secret


def remove(service: ServiceBase, webhook_id: int, *, by: str) -> int:
    """The webhook is told of nothing more (its deliveries kept); its tournament."""
    with service.write() as s:
        row = service.existing_row(s, models.Webhook, webhook_id)
        if row.removed_at is not None:
            raise ValueError(f"webhook {webhook_id} is removed already")
        row.removed_at = service.now()
        s.execute(update(models.WebhookDelivery).where(
            models.WebhookDelivery.webhook_id == webhook_id,
            models.WebhookDelivery.delivered_at.is_(None)).values(next_at=None))
        record(s, row.tournament_id, f"webhook {webhook_id}", "removed",
               {"url": row.url, "events": row.events}, None, by=by, clock=service.now)
        tournament_id: int = row.tournament_id
        return tournament_id


def resend(service: ServiceBase, delivery_id: int, *, by: str) -> int:
    """Send the delivery again, as it was (its id and body; a new timestamp
    and signature), at once; its tournament."""
    with service.write() as s:
        row = s.get(models.WebhookDelivery, delivery_id)
        if row is None:
            raise NotFound(f"There is no webhook delivery {delivery_id}.")
        hook = s.get(models.Webhook, row.webhook_id)
        assert hook is not None
        if hook.removed_at is not None:
            raise ValueError(f"webhook {hook.id} is removed: nothing is sent to it")
        row.delivered_at, row.next_at = None, service.now()
        record(s, hook.tournament_id, f"webhook delivery {delivery_id}", "resent", None,
               {"event": row.event}, by=by, clock=service.now)
        tournament_id: int = hook.tournament_id
        return tournament_id


def webhooks(service: ServiceBase, tournament_id: int, deliveries: int = 20
             ) -> list[WebhookRow]:
    """The tournament's live webhooks, each with its latest deliveries."""
    with service.read() as s:
        hooks = s.scalars(select(models.Webhook).where(
            models.Webhook.tournament_id == tournament_id,
            models.Webhook.removed_at.is_(None)).order_by(models.Webhook.id)).all()
        out = []
        for h in hooks:
            rows = s.scalars(select(models.WebhookDelivery)
                             .where(models.WebhookDelivery.webhook_id == h.id)
                             .order_by(models.WebhookDelivery.id.desc()).limit(deliveries))
            out.append(WebhookRow(h.id, h.url, tuple(h.events), h.created_by, h.created_at,
                                  tuple(DeliveryRow(d.id, d.event, d.created_at, d.attempts,
                                                    d.delivered_at, d.next_at, d.last_status,
                                                    d.last_answer) for d in rows)))
        return out


def tournament_of_delivery(service: ServiceBase, delivery_id: int) -> int:
    """The tournament whose webhook the delivery is of (NotFound: no such delivery)."""
    with service.read() as s:
        tournament_id = s.scalar(select(models.Webhook.tournament_id).join(
            models.WebhookDelivery, models.WebhookDelivery.webhook_id == models.Webhook.id)
            .where(models.WebhookDelivery.id == delivery_id))
    if tournament_id is None:
        raise NotFound(f"There is no webhook delivery {delivery_id}.")
    return int(tournament_id)
