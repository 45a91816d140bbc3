"""``/developers``: the page for whoever builds on rinkside (a league's web
person, a club's site): the read API (who may read, tokens, rate limits,
CORS, each operation as ``/openapi.json`` describes it, so the page and the
schema cannot disagree), the embeds and their snippet, and the webhooks
(events, the signature headers and how to check them, retries)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from rinkside.services import webhooks
from rinkside.web import documented
from rinkside.web.deps import Templates
from rinkside.web.rate_limits import WINDOW, RateLimiter
from rinkside.web.routers.api_v1 import PREFIX

router = APIRouter(tags=["public"], default_response_class=HTMLResponse,
                   responses=documented.page(404))


@dataclass(frozen=True, slots=True)
class Operation:
    path: str
    summary: str
    description: str
    query: tuple[str, ...]


def _operations(schema: dict[str, Any]) -> list[Operation]:
    out = []
    for path, methods in schema["paths"].items():
        if not path.startswith(PREFIX + "/") or "get" not in methods:
            continue
        get = methods["get"]
        query = tuple(p["name"] for p in get.get("parameters", []) if p.get("in") == "query")
        out.append(Operation(path, get.get("summary", ""), get.get("description", ""), query))
    return out


@router.get("/developers")
def developers(request: Request, templates: Templates) -> HTMLResponse:
    """The read API, the embeds and the webhooks, documented."""
    limiter: RateLimiter = request.app.state.api_limiter
    return templates.TemplateResponse(request, "developers.html", {
        "title": "Build on rinkside", "operations": _operations(request.app.openapi()),
        "allowance": limiter.allowance, "window": int(WINDOW), "prefix": PREFIX,
        "base": str(request.base_url).rstrip("/"), "events": webhooks.EVENTS,
        "event_words": webhooks.EVENT_WORDS,
        "backoff": [int(b.total_seconds()) for b in webhooks.BACKOFF]})
