"""The read API's OpenAPI is what it answers: schemathesis reads the app's
own ``/openapi.json``, generates requests for every ``/api/v1`` operation
(anonymous and with a read token, the path ids half the time the demo's
own), and checks each answer against the schema: no 5xx, the status, the
media type, the headers and the body as documented. Bounded and
derandomized, on the demo's SQLite store."""

from __future__ import annotations

from typing import Any, Final

import pytest
import schemathesis
from fastapi import FastAPI
from hypothesis import HealthCheck, Phase, given, seed, settings, strategies
from schemathesis.checks import not_a_server_error
from schemathesis.core.failures import FailureGroup
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from webkit import Demo

from rinkside.services import api_tokens, queries

CONFORMANCE: Final = [not_a_server_error, status_code_conformance, content_type_conformance,
                      response_headers_conformance, response_schema_conformance]


def _ids(demo: Demo) -> dict[str, list[int]]:
    games = queries.games(demo.service)
    teams = sorted({g.home_team_id for g in games})[:3]
    return {"game_id": [g.game_id for g in games[:3]] + [games[-1].game_id],
            "team_id": teams, "tournament_id": queries.tournament_ids(demo.service),
            "division_id": [d.division_id for d in queries.divisions(demo.service)],
            "player_id": [p.player_id for p in queries.team(demo.service, teams[0]).players[:3]]}


def _operations(app: FastAPI) -> list[Any]:
    schema = schemathesis.openapi.from_asgi("/openapi.json", app)
    return [op for op in (r.ok() for r in schema.get_all_operations())
            if op.path.startswith("/api/v1/")]


@pytest.mark.parametrize("reader", ["anonymous", "token"])
def test_every_read_api_answer_is_the_documented_one(app: FastAPI, demo: Demo,
                                                     reader: str) -> None:
    headers = ({} if reader == "anonymous" else
               {"Authorization": f"Bearer {api_tokens.issue(demo.service, 'fuzz', by='test')}"})
    ids = _ids(demo)
    operations = _operations(app)
    assert len(operations) >= 9
    failures: list[str] = []
    answered: list[int] = []

    def request_once(data: strategies.DataObject, case: Any) -> None:
        if case.path_parameters and data.draw(strategies.booleans()):
            for name in case.path_parameters:
                if name in ids:
                    case.path_parameters[name] = data.draw(strategies.sampled_from(ids[name]))
        case.headers = {}
        answer = case.call(headers=dict(headers))
        answered.append(answer.status_code)
        try:
            case.validate_response(answer, checks=CONFORMANCE)
        except FailureGroup as found:
            failures.extend(f"{case.method} {case.formatted_path} {case.query or ''} -> "
                            f"{answer.status_code}: {f.title} {answer.text[:200]!r}"
                            for f in found.exceptions)

    for operation in operations:
        run = given(data=strategies.data(), case=operation.as_strategy())(request_once)
        settings(max_examples=6, deadline=None, database=None,
                 phases=[Phase.explicit, Phase.generate],
                 suppress_health_check=list(HealthCheck))(seed(1)(run))()
    assert failures == [], "\n".join(failures)
    assert sum(status == 200 for status in answered) >= len(operations)
