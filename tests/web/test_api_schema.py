"""The API documents itself as it answers, and no request it allows, or
almost allows, gets a server error.

schemathesis reads the app's own ``/openapi.json`` and generates requests
for every operation in it (valid ones, and ones just off the schema where
it can make them), sent to the demo tournament on SQLite and on PostgreSQL,
anonymous and logged in as each role (with the session's CSRF token). Half
of the cases have their path ids replaced by ids the store holds, so that
the handlers past the 404 are reached too. Every answer goes through
schemathesis' response checks (:data:`CONFORMANCE`): no 5xx, and the
status, the media type, the headers and the body each as the schema
documents them. Bounded: a fixed number of examples per role and store,
derandomized, no shrinking, about a minute in all (both stores).

The event streams (``/live/...``) never end, and a logout would end the
session the other cases use: those two are left out of the generated
requests (the streams are tested in ``test_web_live``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Final

import pytest
import schemathesis
from demokit import copy_demo
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, Phase, given, seed, settings, strategies
from hypothesis.errors import Unsatisfiable
from schemathesis.checks import not_a_server_error
from schemathesis.core.failures import FailureGroup
from schemathesis.generation.modes import GenerationMode
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from store.storekit import postgres_schema_engine, postgres_url

from rinkside.demo import build_demo
from rinkside.services import queries
from rinkside.services.tournaments import Tournaments
from rinkside.store.db import migrate, session_factory
from rinkside.web import auth
from rinkside.web.app import create_app
from rinkside.web.rate_limits import Allowance, RateLimiter

ROLES: Final = ("anonymous", "referee", "scorekeeper", "director")
LEFT_OUT: Final = re.compile(r"^/live/|^/logout$")
EXAMPLES: Final = 2  # valid ones per operation, role and store (and one just off the schema)
PASSWORD: Final = "schema-fuzz-1"
# schemathesis' checks of an answer against the schema (those of `st run --checks all`
# that look at one answer; the others re-send requests or need state).
CONFORMANCE: Final = [not_a_server_error, status_code_conformance, content_type_conformance,
                      response_headers_conformance, response_schema_conformance]


@dataclass
class Api:
    """The app over a demo store, a login per role, and the ids it holds."""

    app: FastAPI
    logins: dict[str, tuple[dict[str, str], dict[str, str]]]  # role: cookies, headers
    ids: dict[str, list[int]] = field(default_factory=dict)
    operations: list[Any] = field(default_factory=list)  # schemathesis's, from /openapi.json


def _log_in(app: FastAPI, username: str) -> tuple[dict[str, str], dict[str, str]]:
    with TestClient(app) as client:
        client.get("/login")
        answer = client.post("/login", data={
            "username": username, "password": PASSWORD,
            "csrf_token": client.cookies.get(auth.CSRF_COOKIE) or ""}, follow_redirects=False)
        assert answer.status_code == 303, answer.text
        token = client.get("/api/session").json()["csrf_token"]
        return dict(client.cookies.items()), {auth.CSRF_HEADER: token}


def _operations(app: FastAPI) -> list[Any]:
    schema = schemathesis.openapi.from_asgi("/openapi.json", app)
    return [op for op in (result.ok() for result in schema.get_all_operations())
            if not LEFT_OUT.search(op.path)]


def _api(service: Tournaments) -> Api:
    games = [g.game_id for g in queries.games(service)]
    for role in ROLES[1:]:
        auth.create_user(service, role, PASSWORD, role,
                         games=games[:4] if role == "scorekeeper" else [])
    app = create_app(service)
    app.state.broadcaster.keepalive = 0.2
    # Every request of a role comes from one address: the read API's limits
    # (test_read_api) are not what is tested here.
    app.state.api_limiter = RateLimiter(Allowance(anonymous=10**6, token=10**6))
    logins = {"anonymous": ({}, {})} | {role: _log_in(app, role) for role in ROLES[1:]}
    teams = sorted({g.home_team_id for g in queries.games(service)}
                   | {g.away_team_id for g in queries.games(service)})
    divisions = sorted({queries.game(service, g).division_id for g in games[:3]})
    return Api(app, logins, {
        "game_id": games[:4] + games[-2:], "team_id": teams[:3], "division_id": divisions,
        "tournament_id": sorted(queries.tournament_ids(service)), "rink_id": [1, 2],
        "player_id": [p.player_id for p in queries.team(service, teams[0]).players[:2]]},
        _operations(app))


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def api(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
        ) -> Iterator[Api]:
    if request.param == "sqlite":
        service, _ = copy_demo(tmp_path_factory.mktemp("schema") / "demo.sqlite")
        yield _api(service)
        return
    with postgres_schema_engine(postgres_url()) as engine:
        migrate(engine)
        service = Tournaments(session_factory(engine))
        build_demo(service)
        yield _api(service)


def test_the_api_documents_itself(api: Api) -> None:
    with TestClient(api.app) as client:
        answer = client.get("/openapi.json")
    assert answer.status_code == 200
    paths = answer.json()["paths"]
    assert "/api/games/{game_id}/events" in paths
    stream = paths["/live/games/{game_id}"]["get"]["responses"]["200"]["content"]
    assert "text/event-stream" in stream


def _checked(case: Any, answer: Any) -> list[str]:
    """What schemathesis' response checks find wrong with ``answer``, one line each."""
    try:
        case.validate_response(answer, checks=CONFORMANCE)
    except FailureGroup as found:
        return [f"{case.method} {case.formatted_path} {case.query or ''} "
                f"{str(case.body)[:200]} -> {answer.status_code} "
                f"{answer.headers.get('content-type')}: {failure.title} "
                f"{answer.text[:200]!r}" for failure in found.exceptions]
    return []


@pytest.mark.parametrize("role", ROLES)
def test_every_generated_request_is_answered_as_documented(api: Api, role: str) -> None:
    cookies, headers = api.logins[role]
    failures: list[str] = []
    answered: list[int] = []

    def request_once(data: strategies.DataObject, case: Any) -> None:
        if case.path_parameters and data.draw(strategies.booleans()):
            for name in case.path_parameters:
                if name in api.ids:
                    case.path_parameters[name] = data.draw(strategies.sampled_from(api.ids[name]))
        answer = case.call(headers=dict(headers), cookies=dict(cookies))
        answered.append(answer.status_code)
        failures.extend(_checked(case, answer))

    def bounded(examples: int) -> settings:
        return settings(max_examples=examples, deadline=None, database=None,
                        phases=[Phase.explicit, Phase.generate],
                        suppress_health_check=list(HealthCheck))

    negative = 0
    for operation in api.operations:
        run = given(data=strategies.data(), case=operation.as_strategy())(request_once)
        bounded(EXAMPLES)(seed(ROLES.index(role))(run))()
        if not (list(operation.query) or list(operation.body)):
            continue  # a path's text or id is sent as it is: nothing to send off the schema
        off = given(data=strategies.data(),
                    case=operation.as_strategy(GenerationMode.NEGATIVE))(request_once)
        try:
            bounded(1)(seed(ROLES.index(role))(off))()
            negative += 1
        except Unsatisfiable:
            pass  # every query parameter optional and free text: nothing off the schema
    assert failures == [], "\n".join(failures)
    assert sum(status < 300 for status in answered) >= 10  # the handlers were reached
    assert negative >= len(api.operations) // 3  # requests off the schema were sent too


def test_every_read_of_stored_ids_is_answered_as_documented(api: Api) -> None:
    """Each GET with the ids the store holds (the pages, the files, the JSON),
    as the director: the answer is the one its operation documents (a PDF
    documented as a PDF, a page as HTML)."""
    cookies, headers = api.logins["director"]
    failures: list[str] = []
    answered: list[int] = []

    def request_once(case: Any) -> None:
        answer = case.call(headers=dict(headers), cookies=dict(cookies))
        answered.append(answer.status_code)
        failures.extend(_checked(case, answer))

    reads = [op for op in api.operations if op.method.upper() == "GET"]
    for operation in reads:
        known = {p.name: api.ids[p.name][0] for p in operation.path_parameters
                 if p.name in api.ids}
        strategy = operation.as_strategy(path_parameters=known) if known else (
            operation.as_strategy())
        run = given(case=strategy)(request_once)
        settings(max_examples=1, deadline=None, database=None, phases=[Phase.generate],
                 suppress_health_check=list(HealthCheck))(seed(0)(run))()
    assert failures == [], "\n".join(failures)
    assert sum(status == 200 for status in answered) >= len(reads) * 3 // 4
