"""Logging in and out of the console (the public pages need neither).

GET /login shows the form with a CSRF token (also set as a cookie: the
form's POST must send the same one back); POST /login checks the password
against its argon2 hash and starts the session; POST /logout ends it.
"""

from __future__ import annotations

import hmac

from fastapi import APIRouter, Form, HTTPException, Request, Response
from fastapi.responses import RedirectResponse

from rinkside.services import users
from rinkside.web import auth
from rinkside.web.deps import Service, Templates

router = APIRouter()

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
    token = request.cookies.get(auth.CSRF_COOKIE) or auth.new_csrf_token()
    response = templates.TemplateResponse(
        request, "login.html",
        {"title": "Log in", "message": message, "username": username,
         "csrf_token": token, "user": user, "next": next_path},
        status_code=status)
    response.set_cookie(auth.CSRF_COOKIE, token, samesite="lax", path="/")
    return response


@router.get("/login")
def login_form(request: Request, templates: Templates, user: auth.User,
               next: str = "/") -> Response:
    return _form(request, templates, user, next_path=safe_next(next))


@router.post("/login")
def login(request: Request, templates: Templates, service: Service, user: auth.User,
          username: str = Form(""), password: str = Form(""),
          csrf_token: str = Form(""), next: str = Form("/")) -> Response:
    cookie = request.cookies.get(auth.CSRF_COOKIE, "")
    if not cookie or not csrf_token or not hmac.compare_digest(cookie, csrf_token):
        raise HTTPException(403, "Missing or wrong CSRF token: reload the login page and retry.")
    user_id = auth.authenticate(service, username, password)
    if user_id is None:
        return _form(request, templates, user, message=WRONG, username=username, status=401,
                     next_path=safe_next(next))
    target = safe_next(next)
    found = users.user(service, user_id)
    if target == "/" and found is not None and found.role == "referee":
        target = "/signoff"  # a referee lands on the games to sign (616(a))
    response = RedirectResponse(target, status_code=303)
    auth.start_session(response, user_id)
    return response


@router.post("/logout")
async def logout(request: Request, user: auth.User) -> Response:
    if user is not None:
        await auth.check_csrf(request, user.csrf)
    response = RedirectResponse("/login", status_code=303)
    auth.end_session(response)
    return response
