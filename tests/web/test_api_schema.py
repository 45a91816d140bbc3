"""The API documents itself, and no request it allows, or almost allows,
gets a server error.

schemathesis reads the app's own ``/openapi.json`` and generates requests
for every operation in it (valid ones and ones just off the schema), sent
to the demo tournament on SQLite and on PostgreSQL, anonymous and logged
in as each role (with the session's CSRF token). Half of the cases have
their path ids replaced by ids the store holds, so that the handlers past
the 404 are reached too. Bounded: a fixed number of examples per role and
store, derandomized, no shrinking, about 20-30 s in all.

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
from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st
from store.storekit import postgres_schema_engine, postgres_url

from rinkside.demo import build_demo
from rinkside.services import queries
from rinkside.services.tournaments import Tournaments
from rinkside.store.db import migrate, session_factory
from rinkside.web import auth
from rinkside.web.app import create_app

ROLES: Final = ("anonymous", "referee", "scorekeeper", "director")
LEFT_OUT: Final = re.compile(r"^/live/|^/logout$")
EXAMPLES: Final = 2  # per operation, role and store: about 700 requests in all
PASSWORD: Final = "schema-fuzz-1"


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
    logins = {"anonymous": ({}, {})} | {role: _log_in(app, role) for role in ROLES[1:]}
    teams = sorted({g.home_team_id for g in queries.games(service)}
                   | {g.away_team_id for g in queries.games(service)})
    divisions = sorted({queries.game(service, g).division_id for g in games[:3]})
    return Api(app, logins, {
        "game_id": games[:4] + games[-2:], "team_id": teams[:3], "division_id": divisions,
        "tournament_id": sorted(queries.tournament_ids(service)), "rink_id": [1, 2]},
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


@pytest.mark.parametrize("role", ROLES)
def test_no_generated_request_gets_a_server_error(api: Api, role: str) -> None:
    cookies, headers = api.logins[role]
    failures: list[str] = []
    answered: list[int] = []

    def request_once(data: st.DataObject, case: Any) -> None:
        if case.path_parameters and data.draw(st.booleans()):
            for name in case.path_parameters:
                if name in api.ids:
                    case.path_parameters[name] = data.draw(st.sampled_from(api.ids[name]))
        answer = case.call(headers=dict(headers), cookies=dict(cookies))
        answered.append(answer.status_code)
        if answer.status_code >= 500:
            failures.append(f"{case.method} {case.formatted_path} {case.query or ''} "
                            f"{str(case.body)[:200]} -> {answer.status_code} "
                            f"{answer.text[:300]}")

    bounded = settings(max_examples=EXAMPLES, deadline=None, database=None,
                       phases=[Phase.explicit, Phase.generate],
                       suppress_health_check=list(HealthCheck))
    for operation in api.operations:
        run = given(data=st.data(), case=operation.as_strategy())(request_once)
        bounded(seed(ROLES.index(role))(run))()
    assert failures == [], "\n".join(failures)
    assert sum(status < 300 for status in answered) >= 10  # the handlers were reached

