"""Who is at the console: users, the signed session cookie, CSRF, roles.

A user logs in with a password checked against its argon2 hash; the
session cookie then carries the user's id and a CSRF token, signed with
HMAC-SHA256 (the secret is RINKSIDE_SECRET, else a random one per process,
which logs everyone out when the server restarts). Every write (a form
POST, a JSON POST) must send that token back, in the ``X-CSRF-Token``
header or the ``csrf_token`` form field; a page of another site cannot
read it, so it cannot forge the write.

Roles: a director may do everything; a scorekeeper may write only in the
games assigned to them; a referee may read (sign-off comes later). The
public pages need no login at all.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Annotated, Final

from fastapi import Depends, HTTPException, Request, Response

from rinkside.services import users
from rinkside.web.deps import Service

SESSION_COOKIE: Final = "rinkside_session"
CSRF_COOKIE: Final = "rinkside_csrf"
CSRF_HEADER: Final = "X-CSRF-Token"
CSRF_FIELD: Final = "csrf_token"
ROLES: Final = users.ROLES
SAFE_METHODS: Final = frozenset({"GET", "HEAD", "OPTIONS"})

_SECRET: Final = (os.environ.get("RINKSIDE_SECRET") or secrets.token_hex(32)).encode()


@dataclass(frozen=True)
class CurrentUser:
    id: int
    username: str
    role: str
    games: frozenset[int]
    csrf: str  # the token bound to this session

    def may_write(self, game_id: int | None) -> bool:
        """May this user record in ``game_id`` (None: anything at all)?"""
        if self.role == "director":
            return True
        if self.role == "scorekeeper":
            return game_id is not None and game_id in self.games
        return False


# --------------------------------------------------------------------------- users


# Users are made and checked by the service (the CLI creates them too).
create_user = users.create_user
authenticate = users.authenticate


# --------------------------------------------------------------------------- cookies


def _sign(payload: str) -> str:
    mac = hmac.new(_SECRET, payload.encode(), hashlib.sha256).digest()
    return payload + "." + base64.urlsafe_b64encode(mac).decode().rstrip("=")


def _unsign(value: str) -> str | None:
    payload, _, _mac = value.rpartition(".")
    if not payload or not hmac.compare_digest(_sign(payload), value):
        return None
    return payload


def new_csrf_token() -> str:
    return secrets.token_urlsafe(32)


def start_session(response: Response, user_id: int) -> str:
    """Log ``user_id`` in on ``response``: a fresh CSRF token, bound to the
    session and readable by the console's scripts. Returns the token."""
    token = new_csrf_token()
    response.set_cookie(SESSION_COOKIE, _sign(f"{user_id}:{token}"), httponly=True,
                        samesite="lax", path="/")
    response.set_cookie(CSRF_COOKIE, token, samesite="lax", path="/")
    return token


def end_session(response: Response) -> None:
    response.delete_cookie(SESSION_COOKIE, path="/")
    response.delete_cookie(CSRF_COOKIE, path="/")


def current_user(request: Request, service: Service) -> CurrentUser | None:
    """The logged-in user, or None for the public (no or bad cookie, user gone)."""
    raw = request.cookies.get(SESSION_COOKIE)
    payload = _unsign(raw) if raw else None
    if payload is None:
        return None
    user_id, _, token = payload.partition(":")
    if not user_id.isdigit() or not token:
        return None
    user = users.user(service, int(user_id))
    if user is None:
        return None
    return CurrentUser(user.id, user.username, user.role, frozenset(user.games), token)


User = Annotated[CurrentUser | None, Depends(current_user)]


# --------------------------------------------------------------------------- checks


async def sent_csrf_token(request: Request) -> str | None:
    """The token the request sent: the header, else the form field."""
    header = request.headers.get(CSRF_HEADER)
    if header:
        return header
    content_type = request.headers.get("content-type", "")
    if content_type.startswith(("application/x-www-form-urlencoded", "multipart/form-data")):
        value = (await request.form()).get(CSRF_FIELD)
        return value if isinstance(value, str) else None
    return None


async def check_csrf(request: Request, expected: str | None) -> None:
    """403 unless the request sent ``expected`` (a write without it is refused)."""
    sent = await sent_csrf_token(request)
    if not expected or not sent or not hmac.compare_digest(sent, expected):
        raise HTTPException(
            403,
            "Missing or wrong CSRF token: send the session's token in the "
            f"{CSRF_HEADER} header or the {CSRF_FIELD} form field (reload the page and retry).",
        )


def require(role: str, game_id: int | None = None
            ) -> Callable[[Request, CurrentUser | None], Awaitable[CurrentUser]]:
    """A dependency: the logged-in user allowed to act as ``role``.

    401 when nobody is logged in; 403 for a write without the session's CSRF
    token, and for a user whose role does not allow it. ``role`` is what is
    needed: "director" (directors only), "scorekeeper" (a director, or a
    scorekeeper assigned to the game: ``game_id``, else the path's
    ``game_id``), "referee" (any user: reading the console).
    """
    if role not in ROLES:
        raise ValueError(f"{role!r} is not a role: {', '.join(ROLES)}")

    async def dependency(request: Request, user: User) -> CurrentUser:
        if user is None:
            raise HTTPException(401, "Log in first.", headers={"WWW-Authenticate": "Session"})
        if request.method not in SAFE_METHODS:
            await check_csrf(request, user.csrf)
        game = game_id
        if game is None and "game_id" in request.path_params:
            raw = str(request.path_params["game_id"])
            game = int(raw) if raw.isdigit() else None
        if role == "director":
            allowed = user.role == "director"
        elif role == "scorekeeper":
            allowed = user.may_write(game)
        else:
            allowed = True
        if not allowed:
            what = (f"write in game {game}" if game is not None and role == "scorekeeper"
                    else "do this")
            raise HTTPException(403, f"{user.username} ({user.role}) may not {what}.")
        return user

    return dependency
