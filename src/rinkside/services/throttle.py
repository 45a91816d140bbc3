"""Login throttling: failed logins are counted per username and per client
address (``login_failures``); after a few, each further attempt must wait
(1 s, doubling, at most a minute), and after more the username or address is
locked out for a quarter of an hour. An attempt refused so is not checked at
all, so during a lockout even the right password is refused. A failure is
forgotten a quarter of an hour after the last one; a successful login clears
its username's count. Time comes from the clock passed in.

Every attempt is counted as a failure before its password is checked (and
the count taken back when it was right), inside a transaction that holds the
counter rows: attempts sent at once cannot all slip in before the first
failure is counted.

The username's count cannot be turned against its owner: an attempt from a
browser where the user logged in before (``known_device``: a signed cookie,
:mod:`rinkside.web.auth`) is throttled by its address alone, so that anyone
sending wrong passwords for ``director`` from elsewhere locks out only the
browsers that never logged in as the director. The moment a username or an
address is locked out is logged, as is every failure and every refusal.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Final, Literal

from sqlalchemy import delete, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from rinkside.services.base import ServiceBase
from rinkside.store import models

Kind = Literal["user", "address"]
SUBJECT_LENGTH: Final = models.WHO

log = logging.getLogger("rinkside.login")


@dataclass(frozen=True)
class ThrottlePolicy:
    """``free`` failures in a row are answered at once; from then on each
    attempt waits ``first_delay``, doubled per failure up to ``max_delay``;
    after ``lock_after`` failures the username or address is locked out for
    ``lockout``, which is also how long a failure is remembered."""

    free: dict[Kind, int] = field(default_factory=lambda: {"user": 3, "address": 10})
    lock_after: dict[Kind, int] = field(default_factory=lambda: {"user": 10, "address": 30})
    first_delay: timedelta = timedelta(seconds=1)
    max_delay: timedelta = timedelta(minutes=1)
    lockout: timedelta = timedelta(minutes=15)


@dataclass(frozen=True)
class Refusal:
    """Not now: the attempt may be made again at ``until``; ``locked`` for a
    lockout (else a slow-down); ``kind`` is what is throttled."""

    until: datetime
    kind: Kind
    locked: bool


def retry_at(kind: Kind, failures: int, last_at: datetime,
             policy: ThrottlePolicy) -> tuple[datetime, bool] | None:
    """When the next attempt may come after ``failures`` in a row, the last at
    ``last_at``, and whether that is a lockout; None: at once."""
    if failures >= policy.lock_after[kind]:
        return last_at + policy.lockout, True
    if failures >= policy.free[kind]:
        delay = min(policy.first_delay * 2 ** (failures - policy.free[kind]), policy.max_delay)
        return last_at + delay, False
    return None


def _subjects(username: str, address: str, known_device: bool = False) -> dict[Kind, str]:
    """What an attempt is counted against: its username (unless it comes from
    a browser the user logged in from before) and its address."""
    subjects: dict[Kind, str] = {"address": address[:SUBJECT_LENGTH]}
    if not known_device:
        subjects["user"] = username[:SUBJECT_LENGTH]
    return subjects


def _hold(s: Session, kind: Kind, subject: str, now: datetime) -> models.LoginFailure:
    """The counter row, created if new and held (written to) until the
    transaction ends, so that attempts at once wait for one another."""
    insert = postgresql.insert if s.get_bind().dialect.name == "postgresql" else sqlite.insert
    statement = insert(models.LoginFailure).values(kind=kind, subject=subject, failures=0,
                                                   last_at=now)
    s.execute(statement.on_conflict_do_update(
        index_elements=["kind", "subject"], set_={"failures": models.LoginFailure.failures}))
    row = s.scalars(select(models.LoginFailure).where(
        models.LoginFailure.kind == kind, models.LoginFailure.subject == subject)
        .execution_options(populate_existing=True)).one()
    return row


def admit(service: ServiceBase, username: str, address: str, now: datetime,
          policy: ThrottlePolicy, *, known_device: bool = False) -> Refusal | None:
    """May this login attempt be checked now? None: yes, and it is counted
    as a failure until :func:`succeeded` says otherwise; else the refusal.
    ``known_device``: the browser logged in as ``username`` before, so the
    username's count neither holds it back nor counts it."""
    with service.write() as s:
        s.execute(delete(models.LoginFailure)
                  .where(models.LoginFailure.last_at < now - policy.lockout))
        rows = {kind: _hold(s, kind, subject, now)
                for kind, subject in _subjects(username, address, known_device).items()}
        waits = [Refusal(found[0], kind, found[1]) for kind, row in rows.items()
                 if (found := retry_at(kind, row.failures, row.last_at, policy))
                 and found[0] > now]
        if waits:
            refusal = max(waits, key=lambda w: w.until)
            log.warning("login %s for %r from %s until %s (per %s)",
                        "locked out" if refusal.locked else "slowed down",
                        username[:SUBJECT_LENGTH], address,
                        refusal.until.isoformat(timespec="seconds"), refusal.kind)
            return refusal
        for row in rows.values():
            row.failures += 1
            row.last_at = now
        return None


def failed(service: ServiceBase, username: str, address: str, now: datetime,
           policy: ThrottlePolicy) -> None:
    """The attempt admitted was wrong (it is counted already): logged, and
    the lockout it begins, if it is the one that reaches it."""
    log.warning("failed login for %r from %s", username[:SUBJECT_LENGTH], address)
    with service.read() as s:
        for kind, subject in _subjects(username, address).items():
            row = s.get(models.LoginFailure, (kind, subject))
            if row is not None and row.failures == policy.lock_after[kind] \
                    and row.last_at == now:
                log.warning("login locked out for %s %r until %s: %d failed logins "
                            "(the last from %s)", "username" if kind == "user" else "address",
                            subject, (now + policy.lockout).isoformat(timespec="seconds"),
                            row.failures, address)


def unlock(service: ServiceBase, username: str) -> bool:
    """The way back for a user whose browser never logged in before: the
    username's failures forgotten at once (by the command line, on the
    server: ``rinkside user unlock``), and logged. True if there were any;
    the addresses' counts stand."""
    subject = username[:SUBJECT_LENGTH]
    with service.write() as s:
        row = s.get(models.LoginFailure, ("user", subject))
        removed = row is not None
        if row is not None:
            s.delete(row)
    if removed:
        log.warning("login failures for %r forgotten: unlocked from the command line", subject)
    return removed


def succeeded(service: ServiceBase, username: str, address: str) -> None:
    """The attempt admitted was right: the username's count is cleared and
    the address's takes this attempt back."""
    subjects = _subjects(username, address)
    with service.write() as s:
        s.execute(delete(models.LoginFailure)
                  .where(models.LoginFailure.kind == "user",
                         models.LoginFailure.subject == subjects["user"]))
        row = s.get(models.LoginFailure, ("address", subjects["address"]))
        if row is not None:
            row.failures = max(0, row.failures - 1)
