"""Logging in and out of the console (the public pages need neither).

GET /login shows the form with a CSRF token (also set as a cookie: the
form's POST must send the same one back); POST /login checks the password
against its argon2 hash and starts a session in the store; POST /logout
ends it. Failed logins are throttled per username and per client address
(:mod:`rinkside.services.throttle`): a login refused so is answered 429 on
the form, saying when to try again. A browser that logged in as a user
before keeps a signed cookie saying so, and is not held back by that
username's failures (others' wrong passwords cannot lock its owner out). On
a rink laptop an official of the league logs in with their credential for
that laptop, whose key the laptop keeps to prove their acts to the league
(:mod:`rinkside.services.sync_proof`).
"""

from __future__ import annotations

import math
from datetime import datetime

from fastapi import APIRouter, Form, HTTPException, Request, Response
from fastapi.responses import HTMLResponse, RedirectResponse
from starlette.concurrency import run_in_threadpool

from rinkside.services import sync_local, throttle, users
from rinkside.web import auth, documented
from rinkside.web.deps import Service, Templates

router = APIRouter(tags=["login"], default_response_class=HTMLResponse)

WRONG: str = "wrong username or password"


def safe_next(target: str | None) -> str:
    """Where to go after logging in: a path of this site only (never another
    site: an open redirect would lend it our login page)."""
    if target and target.startswith("/") and not target.startswith(("//", "/\\")):
        return target
    return "/"


def _form(request: Request, templates: Templates, user: auth.CurrentUser | None, *,
          message: str = "", username: str = "", status: int = 200,
          next_path: str = "/") -> Response:
    token = request.cookies.get(auth.CSRF_COOKIE, "")
    if not (token.isascii() and token.isprintable() and 0 < len(token) <= 64):
        token = auth.new_csrf_token()
    response = templates.TemplateResponse(
        request, "login.html",
        {"title": "Log in", "message": message, "username": username,
         "csrf_token": token, "user": user, "next": next_path},
        status_code=status)
    auth.set_cookie(request, response, auth.CSRF_COOKIE, token, httponly=False)
    return response


def _client(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def refused_text(refusal: throttle.Refusal, now: datetime) -> str:
    """What the form says of a throttled login: why, and when to try again."""
    seconds = max(1, math.ceil((refusal.until - now).total_seconds()))
    wait = f"{seconds} seconds" if seconds < 120 else f"{math.ceil(seconds / 60)} minutes"
    who = "for this username" if refusal.kind == "user" else "from this address"
    what = "locked out" if refusal.locked else "slowed down"
    return (f"Too many failed logins {who}: logins are {what}. Try again after "
            f"{refusal.until:%H:%M:%S} UTC (in {wait}).")


@router.get("/login")
def login_form(request: Request, templates: Templates, user: auth.User,
               next: str = "/") -> Response:
    return _form(request, templates, user, next_path=safe_next(next))


@router.post("/login", responses=documented.page(303, 401, 403, 429))
def login(request: Request, templates: Templates, service: Service, user: auth.User,
          access: auth.Settings, clock: auth.Now,
          username: str = Form(""), password: str = Form(""),
          csrf_token: str = Form(""), next: str = Form("/")) -> Response:
    if not auth.same(csrf_token, request.cookies.get(auth.CSRF_COOKIE)):
        raise HTTPException(403, "Missing or wrong CSRF token: reload the login page and retry.")
    address, now = _client(request), clock()
    refusal = throttle.admit(service, username, address, now, access.throttle,
                             known_device=auth.known_device(request, access, username))
    if refusal is not None:
        seconds = max(1, math.ceil((refusal.until - now).total_seconds()))
        response = _form(request, templates, user, message=refused_text(refusal, now),
                         username=username, status=429, next_path=safe_next(next))
        response.headers["Retry-After"] = str(seconds)
        return response
    user_id = auth.authenticate(service, username, password)
    if user_id is None:
        throttle.failed(service, username, address, now, access.throttle)
        return _form(request, templates, user, message=WRONG, username=username, status=401,
                     next_path=safe_next(next))
    throttle.succeeded(service, username, address)
    sync_local.keep_key(service, user_id, password)  # a league official on a rink laptop
    target = safe_next(next)
    found = users.user(service, user_id)
    if target == "/" and found is not None and found.role == "referee":
        target = "/signoff"  # a referee lands on the games to sign (616(a))
    if target == "/" and found is not None and found.role in users.TEAM_ROLES:
        target = "/my-team"  # a team's manager or coach lands on their team (Section II)
    response = RedirectResponse(target, status_code=303)
    auth.start_session(request, response, service, access, user_id, clock)
    auth.remember_device(request, response, access, username)
    return response


@router.post("/logout", responses=documented.page(303, 403))
async def logout(request: Request, service: Service, user: auth.User,
                 access: auth.Settings) -> Response:
    if user is not None:
        await auth.check_csrf(request, user.csrf)
    response = RedirectResponse("/login", status_code=303)
    await run_in_threadpool(auth.end_session, request, response, service, access)
    return response
