"""Server-side login sessions: one row per logged-in browser.

The browser's cookie carries a random token; the store keeps only its
SHA-256, with the session's CSRF token, when it began and when it was last
seen. A session ends when its row is deleted (logout; the user's password
changed or the user disabled: :func:`revoke_user`), or when it has been idle
longer than :attr:`SessionPolicy.idle` or lived longer than
:attr:`SessionPolicy.absolute`. Time comes from the clock passed in.
"""

from __future__ import annotations

import hashlib
import os
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Final

from sqlalchemy import bindparam, delete, select, update
from sqlalchemy.orm import Session

from rinkside.services.base import ServiceBase
from rinkside.store import models

Clock = Callable[[], datetime]

IDLE_VARIABLE: Final = "RINKSIDE_SESSION_IDLE_MINUTES"
ABSOLUTE_VARIABLE: Final = "RINKSIDE_SESSION_HOURS"
# A session's last-seen time is written at most this often (not on every request).
SEEN_EVERY: Final = timedelta(minutes=1)


def system_clock() -> datetime:
    """The default clock: now, in UTC."""
    return datetime.now(UTC)


@dataclass(frozen=True)
class SessionPolicy:
    """How long a session lasts: ``idle`` without a request, ``absolute`` at
    most from its login (a rink day: a scorer between games stays in, and
    nobody stays logged in overnight)."""

    idle: timedelta = timedelta(hours=2)
    absolute: timedelta = timedelta(hours=14)

    @classmethod
    def from_environ(cls, environ: Mapping[str, str] | None = None) -> SessionPolicy:
        """RINKSIDE_SESSION_IDLE_MINUTES (1-1440) and RINKSIDE_SESSION_HOURS
        (1-168), else the defaults; ValueError naming a bad one."""
        env = os.environ if environ is None else environ
        default = cls()
        idle = _bounded(env, IDLE_VARIABLE, 1, 24 * 60)
        absolute = _bounded(env, ABSOLUTE_VARIABLE, 1, 7 * 24)
        return cls(default.idle if idle is None else timedelta(minutes=idle),
                   default.absolute if absolute is None else timedelta(hours=absolute))


def _bounded(env: Mapping[str, str], name: str, low: int, high: int) -> int | None:
    raw = env.get(name, "").strip()
    if not raw:
        return None
    if not (raw.isascii() and raw.isdigit()) or not low <= int(raw) <= high:
        raise ValueError(f"{name}={raw!r}: a whole number from {low} to {high}")
    return int(raw)


@dataclass(frozen=True)
class LiveSession:
    """A session still in force: its user (as the console needs them) and its
    CSRF token."""

    user_id: int
    username: str
    role: str
    games: tuple[int, ...]
    csrf: str
    full_name: str = ""  # "" when none is given
    teams: tuple[int, ...] = ()  # the teams a manager or coach acts for


def _key(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def open_session(service: ServiceBase, user_id: int, now: datetime, policy: SessionPolicy,
                 replaces: str | None = None) -> tuple[str, str]:
    """A new session for ``user_id`` (ending ``replaces``, the browser's
    session before this login, if any, and every session past its lifetimes):
    its token (for the cookie) and its CSRF token."""
    token, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
    with service.write() as s:
        if replaces:
            s.execute(delete(models.SessionRow).where(models.SessionRow.id == _key(replaces)))
        s.execute(delete(models.SessionRow).where(
            (models.SessionRow.created_at < now - policy.absolute)
            | (models.SessionRow.seen_at < now - policy.idle)))
        s.add(models.SessionRow(id=_key(token), user_id=user_id, csrf=csrf, created_at=now,
                                seen_at=now))
    return token, csrf


# A token's session and its user in one statement (a join): the read every
# request with a session cookie makes, one round trip (issue 30).
_LIVE: Final = (
    select(models.SessionRow.csrf, models.SessionRow.created_at, models.SessionRow.seen_at,
           models.User.id, models.User.username, models.User.role, models.User.games,
           models.User.full_name, models.User.teams, models.User.active)
    .join(models.User, models.User.id == models.SessionRow.user_id)
    .where(models.SessionRow.id == bindparam("key")))


def live_session(service: ServiceBase, token: str, now: datetime,
                 policy: SessionPolicy) -> LiveSession | None:
    """The session of ``token`` if it is still in force now (its user active,
    neither lifetime run out), its last-seen time moved to now when it is
    :data:`SEEN_EVERY` old; else None (an expired one is deleted).

    Read on every request, and so in one statement that stands alone (the
    session joined to its user: no other read, no transaction of its own;
    on PostgreSQL one round trip): a disabled user, a session ended or run
    out is refused at each request all the same. The last-seen time is
    written, when it is, by one statement too."""
    key = _key(token)
    with service.autocommit() as c:
        row = c.execute(_LIVE, {"key": key}).first()
        if row is None:  # no such session (ended; its user removed with it)
            return None
        csrf, created_at, seen_at, user_id, username, role, games, full_name, teams, active = row
        if (not active or now - seen_at > policy.idle
                or now - created_at > policy.absolute):
            c.execute(delete(models.SessionRow).where(models.SessionRow.id == key))
            return None
        if now - seen_at >= SEEN_EVERY:
            c.execute(update(models.SessionRow).where(models.SessionRow.id == key)
                      .values(seen_at=now))
    return LiveSession(user_id, username, role, tuple(games or ()), csrf, full_name,
                       tuple(teams or ()))


def end_session(service: ServiceBase, token: str) -> None:
    """Logout: the session of ``token`` is gone."""
    with service.write() as s:
        s.execute(delete(models.SessionRow).where(models.SessionRow.id == _key(token)))


def revoke_user(s: Session, user_id: int) -> None:
    """Every session of the user ends (in the caller's transaction)."""
    s.execute(delete(models.SessionRow).where(models.SessionRow.user_id == user_id))
