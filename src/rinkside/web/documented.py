"""What each operation answers, as ``/openapi.json`` says it: the bodies of
the answers that are not the route's own (refusals, errors, redirects) and
the media types of the answers that are not JSON.

A router declares them once (``APIRouter(responses=documented.page(404))``),
or a route that differs from its router (``responses=documented.api(404)``).
Whether an error is JSON or a page follows :mod:`rinkside.web.errors`: under
``/api/`` and ``/live/`` JSON, elsewhere an HTML page (a form answers the page
again with the refusal, 422, or a redirect, 303).

The JSON bodies are the models below, which :mod:`rinkside.web.errors` and
the routers build their answers from: a refusal by the rule book is
:class:`RuleRefusal` (``{"rule": "616(a)", "detail": "Rule 616(a): ..."}``)
wherever it comes from.
"""

from __future__ import annotations

from typing import Any, Final

from pydantic import BaseModel, Field

Responses = dict[int | str, dict[str, Any]]

HTML: Final = "text/html"


class Problem(BaseModel):
    """An error with the sentence that says what and why."""

    detail: str


class StaleVersion(Problem):
    """409: the game moved on since the version the write was made on, and
    what landed since conflicts with the write (both sides in words)."""

    version: int = Field(description="the game's version now")
    yours: str | None = Field(None, description="what the write tried")
    theirs: str | None = Field(None, description="what is there now, and who wrote it")


class RuleRefusal(BaseModel):
    """422: a step the rule book (or a rule of the tournament) forbids: the
    rule's number and the sentence naming it; nothing was written."""

    rule: str | None = Field(description="the rule that refuses it: 616(a), 402(d)...")
    detail: str


class OfferedRefusal(RuleRefusal):
    """422: a :class:`RuleRefusal` with the correction that does what the
    rule allows instead (a goal posted after its own whistle goes in the
    whistle's place, Rule 616), to carry out as it is."""

    offer: dict[str, Any] = Field(description=(
        "the body of POST /api/games/{id}/corrections: version, op, position, event, reason"))


class FieldRefusal(BaseModel):
    """422: a value read but refused (a clock reading, an event of a batch):
    why, and where when the answer knows (the field, the event's index)."""

    detail: str
    field: str | None = None
    index: int | None = None


class InvalidField(BaseModel):
    loc: list[str | int]
    msg: str
    type: str


class InvalidRequest(BaseModel):
    """422: the request could not be read: each field (``loc``) and why
    (what was sent is not echoed: it may be no JSON at all)."""

    detail: list[InvalidField]


_WHY: Final[dict[int, str]] = {
    303: "Done, or a login needed first: see Location",
    400: "The body could not be parsed as the content type it declares",
    401: "Nobody is logged in (or the rink's token is missing or not live)",
    403: "The session's CSRF token is missing or wrong, or the role may not do this",
    404: "No such tournament, division, team, game, rink, rule or page",
    409: "The game changed meanwhile (or is signed, 616(a)): nothing was written",
    413: "The request body is larger than the server accepts",
    422: "Refused, saying what and why (and the rule where one applies): nothing was written",
    429: "Too many failed logins: try again later (Retry-After)",
    503: "The server lacks what this needs (the PDF's font): the answer says what to install",
}


def _described(status: int, content: dict[str, Any] | None = None) -> dict[str, Any]:
    if status not in _WHY:
        raise ValueError(f"no description of a {status} answer: add one to _WHY")
    return {"description": _WHY[status]} | ({"content": content} if content else {})


def page(*statuses: int) -> Responses:
    """Each status answered as an HTML page (303: a redirect, no body; 413: the
    body limit's JSON when the declared length is over it, else a page)."""
    out: Responses = {}
    for status in statuses:
        content: dict[str, Any] = {HTML: {"schema": {"type": "string"}}}
        if status == 413:
            content["application/json"] = {"schema": Problem.model_json_schema()}
        out[status] = _described(status, None if status == 303 else content)
    return out


def api(*statuses: int, refuses: bool = False, stale: bool = False) -> Responses:
    """Each status answered as JSON: :class:`Problem`; 422 the request that
    could not be read (:class:`InvalidRequest`) and, with ``refuses``, the
    rule book's refusal and a refused value (:class:`RuleRefusal`,
    :class:`FieldRefusal`); 409 with ``stale`` the game's version now."""
    out: Responses = {}
    for status in statuses:
        model: Any = Problem
        if status == 422:
            model = (InvalidRequest | RuleRefusal | OfferedRefusal | FieldRefusal if refuses
                     else InvalidRequest)
        elif status == 409 and stale:
            model = StaleVersion
        out[status] = _described(status) | {"model": model}
    return out


def body(*media_types: str) -> Responses:
    """The success answer as a file of one of ``media_types`` (not JSON)."""
    return {200: {"description": "The file", "content": {
        t.split(";")[0]: {"schema": {"type": "object"} if t == "application/json"
                          else {"type": "string", "format": "binary"}} for t in media_types}}}
