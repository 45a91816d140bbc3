"""Who is at the console: users, server-side sessions, CSRF, roles.

A user logs in with a password checked against its argon2 hash (throttled:
:mod:`rinkside.services.throttle`); the session is then a row in the store
(:mod:`rinkside.services.sessions`) and the cookie carries its random token,
signed with HMAC-SHA256 by the store's secret (RINKSIDE_SECRET, else one
generated once and kept in the store, so a restart or a second process
accepts the cookie). A session ends on logout, when the user's password
changes or the user is disabled, and after its idle or absolute lifetime.
The cookie is HttpOnly, SameSite=Lax, and Secure when served over HTTPS.

Every write (a form POST, a JSON POST) must send the session's CSRF token
back, in the ``X-CSRF-Token`` header or the ``csrf_token`` form field; a
page of another site cannot read it, so it cannot forge the write. A token,
header or cookie that is not ASCII is simply wrong (401/403), never an error.

Roles: a director may do everything; a scorekeeper may write only in the
games assigned to them; so may the table officials (game timekeeper,
penalty timekeeper, official scorer: Rules 505-507), each only what the
book gives them (:mod:`rinkside.rules.table_officials`, checked per write by
the console API: :meth:`CurrentUser.refusal`); a referee may read and sign.
A team's manager or coach (Section II) sees and acts for their own teams
only (:func:`require_team`), never the console or the desk. The public
pages need no login at all.

Time comes from :func:`get_clock`, a dependency tests override.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Annotated, Final

from fastapi import Depends, FastAPI, HTTPException, Request, Response

from rinkside.present.roles import role_words
from rinkside.rules import table_officials
from rinkside.services import sessions, store_meta, users
from rinkside.services.sessions import Clock, SessionPolicy
from rinkside.services.throttle import ThrottlePolicy
from rinkside.services.tournaments import Tournaments
from rinkside.web.deps import Service

SESSION_COOKIE: Final = "rinkside_session"
CSRF_COOKIE: Final = "rinkside_csrf"
CSRF_HEADER: Final = "X-CSRF-Token"
CSRF_FIELD: Final = "csrf_token"
DEVICE_COOKIE: Final = "rinkside_device"  # this browser logged in as ... before
DEVICE_SECONDS: Final = 180 * 24 * 3600
ROLES: Final = users.ROLES
# Who writes in the games assigned to them: the scorekeeper (everything) and
# the book's table officials (each their own part: rinkside.rules.table_officials).
WRITERS: Final = ("scorekeeper", *users.TABLE_ROLES)
TEAM_ROLES: Final = users.TEAM_ROLES  # a team's manager or coach (Section II)
SAFE_METHODS: Final = frozenset({"GET", "HEAD", "OPTIONS"})


@dataclass(frozen=True)
class CurrentUser:
    id: int
    username: str
    role: str
    games: frozenset[int]
    csrf: str  # the token bound to this session
    full_name: str = ""  # "" when none is given
    teams: frozenset[int] = frozenset()  # the teams a manager or coach acts for

    def acts_for(self, team_id: int) -> bool:
        """May this user act for ``team_id`` (a director for every team; a
        manager or coach for their own: Section II)?"""
        return self.role == "director" or (self.role in users.TEAM_ROLES
                                           and team_id in self.teams)

    def refusal(self, writes: Sequence[str]) -> str | None:
        """Why this user may not make ``writes`` (kinds of event, or the
        other writes of :data:`rinkside.rules.table_officials.OTHER_WRITES`)
        in a game they may write in: a table official makes only their own
        (Rules 505-507); None when they may (a director and a scorekeeper
        make them all)."""
        if self.role not in table_officials.TABLE_ROLES:
            return None
        role = next(r for r in table_officials.TABLE_ROLES if r == self.role)
        known = [w for w in writes if w in table_officials.DUTIES]
        return table_officials.refusal_of_batch(role, known)

    def may_write(self, game_id: int | None) -> bool:
        """May this user record in ``game_id`` (None: anything at all)?"""
        if self.role == "director":
            return True
        if self.role in WRITERS:
            return game_id is not None and game_id in self.games
        return False


# --------------------------------------------------------------------------- users


# Users are made and checked by the service (the CLI creates them too).
create_user = users.create_user
authenticate = users.authenticate


# --------------------------------------------------------------------------- set-up


@dataclass(frozen=True)
class Access:
    """What the app's sessions need: the key that signs cookies, how long a
    session lasts, how failed logins are throttled."""

    secret: bytes
    sessions: SessionPolicy
    throttle: ThrottlePolicy


def configure(app: FastAPI, service: Tournaments) -> None:
    """Read the secret (refusing a weak RINKSIDE_SECRET: ValueError) and the
    session lifetimes once, when the app is made."""
    app.state.access = Access(store_meta.session_secret(service),
                              SessionPolicy.from_environ(), ThrottlePolicy())


# The dependencies that only look a value up are ``async``: FastAPI runs a
# plain ``def`` dependency in its thread pool, a hop to another thread and
# back on every request (issue 30: a console write went through six).


async def get_access(request: Request) -> Access:
    access: Access = request.app.state.access
    return access


async def get_clock() -> Clock:
    """The clock of sessions and throttling (tests override this dependency)."""
    return sessions.system_clock


Settings = Annotated[Access, Depends(get_access)]
Now = Annotated[Clock, Depends(get_clock)]


# --------------------------------------------------------------------------- cookies


def same(sent: str | None, expected: str | None) -> bool:
    """Constant-time equality of two tokens; anything not ASCII is wrong
    (``compare_digest`` refuses non-ASCII text with an error)."""
    return bool(sent and expected and sent.isascii() and expected.isascii()
                and hmac.compare_digest(sent, expected))


def _sign(secret: bytes, payload: str) -> str:
    mac = hmac.new(secret, payload.encode(), hashlib.sha256).digest()
    return payload + "." + base64.urlsafe_b64encode(mac).decode().rstrip("=")


def _unsign(secret: bytes, value: str) -> str | None:
    payload, _, _mac = value.rpartition(".")
    if not payload or not payload.isascii() or not same(_sign(secret, payload), value):
        return None
    return payload


def new_csrf_token() -> str:
    return secrets.token_urlsafe(32)


def set_cookie(request: Request, response: Response, name: str, value: str, *,
               httponly: bool) -> None:
    """A cookie of this site: SameSite=Lax, Secure when served over HTTPS."""
    response.set_cookie(name, value, httponly=httponly, samesite="lax", path="/",
                        secure=request.url.scheme == "https")


def _device_payload(username: str) -> str:
    return "device:" + base64.urlsafe_b64encode(username.encode()).decode()


def remember_device(request: Request, response: Response, access: Access,
                    username: str) -> None:
    """After a successful login: a long-lived HttpOnly cookie, signed, saying
    this browser logged in as ``username``. It opens nothing by itself (the
    password is still asked); it only exempts the browser from that
    username's failure count (:func:`rinkside.services.throttle.admit`)."""
    response.set_cookie(DEVICE_COOKIE, _sign(access.secret, _device_payload(username)),
                        max_age=DEVICE_SECONDS, httponly=True, samesite="lax", path="/",
                        secure=request.url.scheme == "https")


def known_device(request: Request, access: Access, username: str) -> bool:
    """Did this browser log in as ``username`` before (its device cookie)?"""
    value = request.cookies.get(DEVICE_COOKIE, "")
    return bool(value) and _unsign(access.secret, value) == _device_payload(username)


def start_session(request: Request, response: Response, service: Tournaments,
                  access: Access, user_id: int, clock: Clock) -> str:
    """Log ``user_id`` in on ``response``: a new session in the store (the
    browser's earlier one ended), its signed token in an HttpOnly cookie and
    its CSRF token readable by the console's scripts. Returns the CSRF token."""
    token, csrf = sessions.open_session(service, user_id, clock(), access.sessions,
                                        replaces=_token(request, access))
    set_cookie(request, response, SESSION_COOKIE, _sign(access.secret, token), httponly=True)
    set_cookie(request, response, CSRF_COOKIE, csrf, httponly=False)
    return csrf


def end_session(request: Request, response: Response, service: Tournaments,
                access: Access) -> None:
    """Logout: the session is gone from the store, its cookies from the browser."""
    token = _token(request, access)
    if token is not None:
        sessions.end_session(service, token)
    response.delete_cookie(SESSION_COOKIE, path="/")
    response.delete_cookie(CSRF_COOKIE, path="/")


def _token(request: Request, access: Access) -> str | None:
    raw = request.cookies.get(SESSION_COOKIE)
    return _unsign(access.secret, raw) if raw else None


def current_user(request: Request, service: Service, access: Settings,
                 clock: Now) -> CurrentUser | None:
    """The logged-in user, or None for the public (no, bad or ended session)."""
    token = _token(request, access)
    if token is None:
        return None
    live = sessions.live_session(service, token, clock(), access.sessions)
    if live is None:
        return None
    return CurrentUser(live.user_id, live.username, live.role, frozenset(live.games),
                       live.csrf, live.full_name, frozenset(live.teams))


User = Annotated[CurrentUser | None, Depends(current_user)]


def page_user(request: Request) -> CurrentUser | None:
    """The logged-in user of a page whose route did not ask for one (a public
    page): for the site's header (who is logged in, Log out, the desk's link
    for a director), with the app's clock (a test's override too). Reads the
    store only when the browser sends a session cookie."""
    if SESSION_COOKIE not in request.cookies:
        return None
    override = request.app.dependency_overrides.get(get_clock)
    clock = sessions.system_clock if override is None else override()  # get_clock's
    return current_user(request, request.app.state.service, request.app.state.access, clock)


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
    if not same(await sent_csrf_token(request), expected):
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
    scorekeeper or table official assigned to the game: ``game_id``, else
    the path's ``game_id``; which writes a table official may make is the
    console API's check), "referee" (any user but a team's manager or coach:
    reading the console; they have their own team's pages, :func:`require_team`).
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
            allowed = user.role not in users.TEAM_ROLES
        if not allowed:
            what = (f"write in game {game}: only the officials named to it record its "
                    "events (Rules 505-507)" if game is not None and role == "scorekeeper"
                    else "do this")
            raise HTTPException(403, f"{user.username} ({role_words(user.role)}) may not "
                                f"{what}.")
        return user

    return dependency


def require_team() -> Callable[[Request, CurrentUser | None], Awaitable[CurrentUser]]:
    """A dependency: the logged-in director, or a manager or coach of the
    path's ``team_id`` (Section II: a team's officials act for their team
    alone). 401 when nobody is logged in; 403 for a write without the
    session's CSRF token and for anyone else."""

    async def dependency(request: Request, user: User) -> CurrentUser:
        if user is None:
            raise HTTPException(401, "Log in first.", headers={"WWW-Authenticate": "Session"})
        if request.method not in SAFE_METHODS:
            await check_csrf(request, user.csrf)
        raw = str(request.path_params.get("team_id", ""))
        if not (raw.isdigit() and user.acts_for(int(raw))):
            raise HTTPException(403, f"{user.username} ({role_words(user.role)}) may not "
                                f"act for team {raw or '?'}.")
        return user

    return dependency


def refuse_unless_theirs(user: CurrentUser, writes: Sequence[str]) -> None:
    """403 naming the rule when ``user``, a table official, would make a
    write that is another's (Rules 505-507)."""
    refused = user.refusal(writes)
    if refused is not None:
        raise HTTPException(403, f"{refused}: {user.username} may not record it.")
