"""Webhooks: a director registers a URL per tournament and chooses the kinds
of event it is told of (:data:`EVENTS`); each event is a row of the outbox
(``webhook_deliveries``) written in the transaction of the write that made it
(:func:`enqueue_game`, :func:`enqueue_signed`, :func:`enqueue_suspension`),
so an event is told exactly when its write commits, and the write itself
never waits on a receiver. A correction (a past event replaced, inserted or
deleted) tells again, whole and marked ``"correction"``, each kind of record
it changed (:func:`correction_events`): a goal deleted is heard.

A worker (:func:`deliver_due`, run by :class:`DeliveryLoop`, a thread of its
own that ``serve`` starts, off the event loop) posts each due delivery,
signed (:func:`signature`): the headers are

- ``X-Rinkside-Event``: the kind (``goal``...);
- ``X-Rinkside-Delivery``: the delivery's id (the same on every retry);
- ``X-Rinkside-Timestamp``: Unix seconds when this attempt was sent;
- ``X-Rinkside-Signature``: ``sha256=`` and the hex HMAC-SHA256, keyed by
  the webhook's secret (shown to the director once, stored encrypted:
  :mod:`rinkside.store.webhook_key`), of
  ``TIMESTAMP + "." + BODY`` (the body's bytes as sent): a receiver
  recomputes it and refuses an old timestamp, so a captured delivery cannot
  be replayed later.

A 2xx answer acknowledges it: never sent again (unless the director resends
it from the desk). Any other answer, or none, is kept with the attempt and
retried after :data:`BACKOFF` (5 s, 30 s, 2 min, 10 min, 1 h, 6 h), then
given up (the desk shows it, and can resend it). What the receiver answered
is kept (its status and the first :data:`ANSWER_KEPT` characters).
"""

from __future__ import annotations

import hashlib
import hmac
import http.client
import json
import logging
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Final

from cryptography.fernet import Fernet
from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from rinkside.present.counts import counted
from rinkside.rules.state import GameState
from rinkside.services.base import ServiceBase
from rinkside.services.ticker import Ticker
from rinkside.store import models, webhook_key

EVENTS: Final = ("game_started", "goal", "penalty", "period_end", "final", "report_signed",
                 "suspension")
EVENT_WORDS: Final = {"game_started": "game started", "goal": "goal", "penalty": "penalty",
                      "period_end": "period end", "final": "final",
                      "report_signed": "report signed (616(a))", "suspension": "suspension"}
BACKOFF: Final = (timedelta(seconds=5), timedelta(seconds=30), timedelta(minutes=2),
                  timedelta(minutes=10), timedelta(hours=1), timedelta(hours=6))
LEASE: Final = timedelta(seconds=60)  # a delivery being sent is no one else's meanwhile
ANSWER_KEPT: Final = 500
BATCH: Final = 20

# What posts a delivery: (url, body, headers) -> (status, answer text);
# OSError when nothing answered (refused, timed out).
Post = Callable[[str, bytes, dict[str, str]], tuple[int, str]]
Clock = Callable[[], datetime]

log = logging.getLogger("rinkside.webhooks")


@dataclass(frozen=True, slots=True)
class DeliveryRow:
    """A delivery as the desk lists it."""

    delivery_id: int
    event: str
    created_at: datetime
    attempts: int
    delivered_at: datetime | None
    next_at: datetime | None
    last_status: int | None
    last_answer: str | None

    @property
    def state(self) -> str:
        if self.delivered_at is not None:
            return "delivered"
        return "given up" if self.next_at is None else "pending"


@dataclass(frozen=True, slots=True)
class WebhookRow:
    webhook_id: int
    url: str
    events: tuple[str, ...]
    created_by: str
    created_at: datetime
    deliveries: tuple[DeliveryRow, ...]  # the newest first


def signature(secret: str, timestamp: int, body: bytes) -> str:
    """``sha256=`` + hex HMAC-SHA256 of ``TIMESTAMP.BODY`` keyed by the secret."""
    mac = hmac.new(secret.encode(), str(timestamp).encode() + b"." + body, hashlib.sha256)
    return "sha256=" + mac.hexdigest()


# --------------------------------------------------------------------------- the outbox


def _goal(goal: Any) -> dict[str, Any]:
    return {"team": goal.team, "scorer": goal.scorer, "assist": goal.assist,
            "period": goal.at.period, "left_tenths": goal.at.left, "strength": goal.strength,
            "empty_net": goal.empty_net, "penalty_shot": goal.penalty_shot}


def _penalty(penalty: Any) -> dict[str, Any]:
    return {"team": penalty.team, "player": penalty.player,
            "class": str(penalty.penalty_class), "infraction": penalty.infraction,
            "rule": penalty.rule, "period": penalty.at.period, "left_tenths": penalty.at.left}


def _suspension(suspension: Any) -> dict[str, Any]:
    return {"team": suspension.team, "player": suspension.player,
            "games": str(suspension.games), "rule": suspension.rule}


def _final(state: GameState) -> dict[str, Any]:
    result = state.result
    return {"score": dict(result.score) if result else state.score,
            "decided_by": str(result.decided_by) if result else None}


def game_events(before: GameState, after: GameState) -> list[tuple[str, dict[str, Any]]]:
    """What a write that appended events to a game made happen, in order:
    each (kind, what a receiver is told of it)."""
    out: list[tuple[str, dict[str, Any]]] = []
    if before.status == "not_started" and after.status != "not_started":
        out.append(("game_started", {}))
    for goal in after.goals[len(before.goals):]:
        out.append(("goal", _goal(goal)))
    for penalty in after.assessed[len(before.assessed):]:
        out.append(("penalty", _penalty(penalty)))
    for suspension in after.suspensions()[len(before.suspensions()):]:
        out.append(("suspension", _suspension(suspension)))
    ended = after.status in ("intermission", "final")
    if ended and before.status not in ("intermission", "final"):
        out.append(("period_end", {"period": after.period}))
    if after.status == "final" and before.status != "final":
        out.append(("final", _final(after)))
    return out


def correction_events(before: GameState, after: GameState, *, what: str, reason: str
                      ) -> list[tuple[str, dict[str, Any]]]:
    """What a correction (a past event replaced, inserted or deleted, on a
    console or the desk, the engine recomputing all that followed) changed:
    each kind of record it changed told again whole, marked ``"correction"``
    (what was done and why), so that a receiver replaces what it held: the
    game's goals and score (a goal deleted, moved or given to another
    scorer), its penalties, its suspensions, its result (a final changed or
    undone: ``"final": false``)."""
    told = {"what": what, "reason": reason}
    out: list[tuple[str, dict[str, Any]]] = []
    goals = [_goal(g) for g in after.goals]
    if [_goal(g) for g in before.goals] != goals:
        out.append(("goal", {"correction": told, "goals": goals, "score": after.score}))
    penalties = [_penalty(p) for p in after.assessed]
    if [_penalty(p) for p in before.assessed] != penalties:
        out.append(("penalty", {"correction": told, "penalties": penalties}))
    suspensions = [_suspension(x) for x in after.suspensions()]
    if [_suspension(x) for x in before.suspensions()] != suspensions:
        out.append(("suspension", {"correction": told, "suspensions": suspensions}))
    final = after.status == "final"
    if (final, _final(after)) != (before.status == "final", _final(before)) and (
            final or before.status == "final"):
        out.append(("final", {"correction": told, "final": final, **_final(after)}))
    return out


def _enqueue(s: Session, tournament_id: int, game_id: int | None, version: int | None,
             happened: Sequence[tuple[str, dict[str, Any]]], now: datetime) -> int:
    if not happened:
        return 0
    hooks = s.scalars(select(models.Webhook).where(
        models.Webhook.tournament_id == tournament_id,
        models.Webhook.removed_at.is_(None))).all()
    count = 0
    for hook in hooks:
        for kind, data in happened:
            if kind not in hook.events:
                continue
            body = json.dumps({"id": uuid.uuid4().hex, "event": kind,
                               "tournament_id": tournament_id, "game_id": game_id,
                               "version": version, "at": now.isoformat(), "data": data},
                              separators=(",", ":"), ensure_ascii=False)
            s.add(models.WebhookDelivery(webhook_id=hook.id, event=kind, body=body,
                                         created_at=now, attempts=0, next_at=now))
            count += 1
    return count


def enqueue_game(s: Session, game: models.Game, version: int,
                 happened: Sequence[tuple[str, dict[str, Any]]], now: datetime) -> int:
    """In a game write's own transaction: an outbox row per event it made
    (:func:`game_events` of each step, in order) and webhook told of it (one
    look at the tournament's webhooks when anything happened). How many rows."""
    if not happened:
        return 0
    return _enqueue(s, game.division.tournament_id, game.id, version, happened, now)


def enqueue_game_of(s: Session, tournament_id: int, game_id: int, version: int,
                    happened: Sequence[tuple[str, dict[str, Any]]], now: datetime) -> int:
    """:func:`enqueue_game` given the game's tournament (a console's write
    read it with the game's row, :mod:`rinkside.services.recording`)."""
    return _enqueue(s, tournament_id, game_id, version, happened, now)


def enqueue_suspension(s: Session, player: models.Player, what: str, data: dict[str, Any],
                       now: datetime) -> int:
    """In the transaction of a suspension the desk created or changed
    (supplementary discipline, 410(a); the directors' decision on a review,
    404(h) and 405(b); a change, 410(a); another organisation's, 410(d)): a
    ``suspension`` event naming the player and the team, ``"source": "desk"``
    (a game's own suspensions come with the game's writes)."""
    team = player.team
    return _enqueue(s, team.division.tournament_id, None, None, [("suspension", {
        "source": "desk", "what": what, "player_id": player.id, "player": player.name,
        "number": player.number, "team_id": team.id, "team_name": team.name, **data})], now)


def enqueue_signed(s: Session, game: models.Game, now: datetime) -> int:
    """In the sign-off's transaction: the report signed, the game locked (616(a))."""
    return _enqueue(s, game.division.tournament_id, game.id, game.version,
                    [("report_signed", {})], now)


# --------------------------------------------------------------------------- the worker


@dataclass(frozen=True, slots=True)
class _Due:
    delivery_id: int
    url: str
    secret: str  # as stored: sealed (webhook_key.seal)
    event: str
    body: str
    attempts: int


def _claim(service: ServiceBase, now: datetime) -> list[_Due]:
    """The due deliveries, each leased (its next attempt moved past this
    one) so that a second worker, on this process or another, leaves it."""
    claimed = []
    with service.write() as s:
        rows = s.execute(select(models.WebhookDelivery, models.Webhook)
                         .join(models.Webhook, models.Webhook.id
                               == models.WebhookDelivery.webhook_id)
                         .where(models.WebhookDelivery.next_at <= now,
                                models.WebhookDelivery.delivered_at.is_(None),
                                models.Webhook.removed_at.is_(None))
                         .order_by(models.WebhookDelivery.next_at, models.WebhookDelivery.id)
                         .limit(BATCH)).all()
        for delivery, hook in rows:
            taken = s.execute(update(models.WebhookDelivery).where(
                models.WebhookDelivery.id == delivery.id,
                models.WebhookDelivery.next_at == delivery.next_at,
                models.WebhookDelivery.delivered_at.is_(None)).values(next_at=now + LEASE))
            if getattr(taken, "rowcount", 0) == 1:
                claimed.append(_Due(delivery.id, hook.url, hook.secret, delivery.event,
                                    delivery.body, delivery.attempts))
    return claimed


def _attempt(due: _Due, post: Post, now: datetime, key: Fernet) -> tuple[int | None, str]:
    body = due.body.encode()
    timestamp = int(now.timestamp())
    try:
        secret = webhook_key.unseal(key, due.secret)
    except webhook_key.NoWebhookKey as exc:
        return None, f"not sent, it cannot be signed: {exc}"
    headers = {"Content-Type": "application/json", "User-Agent": "rinkside-webhooks",
               "X-Rinkside-Event": due.event, "X-Rinkside-Delivery": str(due.delivery_id),
               "X-Rinkside-Timestamp": str(timestamp),
               "X-Rinkside-Signature": signature(secret, timestamp, body)}
    try:
        return post(due.url, body, headers)
    except OSError as exc:
        return None, f"no answer: {exc}"


def deliver_due(service: ServiceBase, post: Post, clock: Clock) -> int:
    """Post every delivery due at ``clock()`` (outside any transaction: a slow
    receiver holds no row), and keep each answer; how many were posted.
    Without the key that reads the webhooks' secrets none is claimed: a
    delivery is never sent unsigned, and waits for the key (start-up says
    it is missing, :func:`key_problem`)."""
    try:
        key = webhook_key.load()
    except webhook_key.NoWebhookKey as exc:
        log.warning("rinkside: no webhook delivery is sent: %s", exc)
        return 0
    now = clock()
    claimed = _claim(service, now)
    for due in claimed:
        status, answer = _attempt(due, post, now, key)
        attempts = due.attempts + 1
        done = status is not None and 200 <= status < 300
        later = None if done or attempts > len(BACKOFF) else clock() + BACKOFF[attempts - 1]
        with service.write() as s:
            s.execute(update(models.WebhookDelivery).where(
                models.WebhookDelivery.id == due.delivery_id).values(
                attempts=attempts, last_status=status, last_answer=answer[:ANSWER_KEPT],
                last_at=now, delivered_at=clock() if done else None, next_at=later))
    return len(claimed)


def key_problem(service: ServiceBase) -> str | None:
    """What a server starting without the webhook key is told (None: the key
    is there): its webhooks' secrets cannot be read, so their deliveries
    cannot be signed and wait; one is made when the first webhook is
    registered if none is kept yet."""
    why = webhook_key.missing()
    if why is None:
        return None
    with service.read() as s:
        live = s.scalar(select(func.count()).select_from(models.Webhook)
                        .where(models.Webhook.removed_at.is_(None))) or 0
    if not live:
        return (f"{why}: one is made there when the first webhook is registered "
                f"(or give it as {webhook_key.KEY_VARIABLE})")
    return (f"{why}: the secrets of the {counted(live, 'webhook')} registered cannot be read, so "
            f"none of their deliveries is signed or sent until the key that sealed them "
            f"is back ({webhook_key.key_path()} or {webhook_key.KEY_VARIABLE})")


def next_due(service: ServiceBase) -> datetime | None:
    """When the next delivery is due (None: none is waiting)."""
    with service.read() as s:
        return s.scalar(select(models.WebhookDelivery.next_at).where(
            models.WebhookDelivery.delivered_at.is_(None),
            models.WebhookDelivery.next_at.is_not(None))
            .order_by(models.WebhookDelivery.next_at).limit(1))


def urllib_post(timeout: float = 10.0) -> Post:
    """The default :data:`Post`: urllib, ``timeout`` seconds to answer."""

    def post(url: str, body: bytes, headers: dict[str, str]) -> tuple[int, str]:
        request = urllib.request.Request(url, data=body, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return response.status, response.read(ANSWER_KEPT).decode("utf-8", "replace")
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read(ANSWER_KEPT).decode("utf-8", "replace")
        except (urllib.error.URLError, http.client.HTTPException, ValueError) as exc:
            raise OSError(str(exc)) from None

    return post


def wall_clock() -> datetime:
    return datetime.now(UTC)


class DeliveryLoop(Ticker):
    """While the server runs: a thread that delivers what is due, woken at
    once by :meth:`wake` (a write's ``on_change``: an event may wait in the
    outbox) and else every ``tick_seconds`` (retries come due). Nothing of
    it runs on the event loop or in a console's write. ``more``: the other
    outboxes it delivers the same way (the mail's, :mod:`rinkside.services.mail`),
    each a call that delivers what is due and says how many it tried."""

    def __init__(self, service: ServiceBase, *, post: Post | None = None,
                 clock: Clock = wall_clock, tick_seconds: float = 1.0,
                 more: Sequence[Callable[[], int]] = ()) -> None:
        super().__init__("rinkside-webhooks", tick_seconds, log,
                         "rinkside: the deliveries failed")
        self.service = service
        self.post = post or urllib_post()
        self.clock = clock
        self.more = tuple(more)

    def work(self) -> None:
        for deliver in (lambda: deliver_due(self.service, self.post, self.clock),
                        *self.more):
            try:
                while deliver() == BATCH:
                    pass  # a full batch: more may be due
            except Exception:  # one outbox failing must not keep the others waiting
                log.exception("rinkside: the deliveries failed")
