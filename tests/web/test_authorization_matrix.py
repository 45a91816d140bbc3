"""Every write route, times every identity that may not use it, is refused,
and nothing is stored: the verdict is the store's rows before and after,
not only the status.

The write routes are read from the app itself (every POST, PUT, PATCH and
DELETE it serves, in the schema or not): :data:`MAY` says who may use each,
and :func:`test_the_table_names_every_write_route` fails for a route it
does not name, so that a new route cannot escape the matrix.

The identities (:data:`REFUSED`): nobody logged in; a scorekeeper assigned
to another game; a referee assigned to no game; a manager of another team
(issue 28: a team's officials act for their own team alone); a director's session after
a director disabled him; a director's cookie after he logged out; a
director's session writing without its CSRF token, or with another
session's; a rink's sync token (``Authorization: Bearer``) on the cookie
routes. Each request is one schemathesis makes valid by the schema, its ids
those of the demo's rows (the username in a path: a real user's), so that
a write let through would change them. And the identity the table allows
passes the door (no 401, no 403) with the same request.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Final, Literal

import pytest
import schemathesis
from demokit import copy_demo
from fastapi import FastAPI
from fastapi.routing import iter_route_contexts
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, Phase, given, seed, settings
from sqlalchemy import select
from webkit import Demo, new_game

from rinkside.rules.times import format_duration
from rinkside.services import (
    api_tokens,
    desk_api,
    queries,
    rinks,
    roster_submissions,
    sync,
    users,
    webhooks,
)
from rinkside.services.tournaments import Tournaments
from rinkside.store import models
from rinkside.web import auth
from rinkside.web.app import create_app

# One module-scoped store for every test of the file: under pytest-xdist the
# whole file runs on one worker.
pytestmark = pytest.mark.xdist_group("authorization_matrix")

Who = Literal["anyone", "director", "scorer", "official", "signer", "rink", "manager"]

# Who may use each write route: anyone (logging in and out); the director; the
# game's scorekeeper or the director (402-641 as the console records them);
# the game's referees or the director (a written report, 502(l)); the game's
# assigned referees only (a signature, 616(a)); the token of the game's rink;
# the team's manager or coach (or the director: Section II, issue 28).
MAY: Final[dict[tuple[str, str], Who]] = {
    ("POST", "/login"): "anyone",
    ("POST", "/logout"): "anyone",
    ("POST", "/verify"): "anyone",  # a signed report checked (issue 29): nothing is written
    ("POST", "/api/games/{game_id}/events"): "scorer",
    ("POST", "/api/games/{game_id}/goals"): "scorer",  # 616: in its whistle's place or appended
    ("PUT", "/api/games/{game_id}/clock"): "scorer",
    ("POST", "/api/games/{game_id}/clock/nudge"): "scorer",
    ("POST", "/api/games/{game_id}/corrections"): "scorer",
    ("POST", "/api/games/{game_id}/servers"): "scorer",
    ("PUT", "/api/games/{game_id}/lineups/{team}"): "scorer",
    ("POST", "/games/{game_id}/reports"): "official",
    ("POST", "/games/{game_id}/sign"): "signer",
    ("POST", "/games/{game_id}/reopen"): "director",
    ("POST", "/games/{game_id}/officials"): "director",
    ("POST", "/api/games/{game_id}/sign"): "signer",
    ("POST", "/api/games/{game_id}/reopen"): "director",
    ("PUT", "/api/games/{game_id}/officials"): "director",
    ("POST", "/api/sync/games/{game_id}/events"): "rink",
    ("POST", "/api/sync/games/{game_id}/signoff"): "rink",
    ("POST", "/sync/retry"): "director",
    ("POST", "/desk/tournaments"): "director",
    ("POST", "/desk/tournaments/{tournament_id}/details"): "director",
    ("POST", "/desk/tournaments/{tournament_id}/settings/{stage}"): "director",
    ("POST", "/desk/tournaments/{tournament_id}/tiebreaks"): "director",
    ("POST", "/desk/tournaments/{tournament_id}/dress"): "director",
    ("PUT", "/api/desk/tournaments/{tournament_id}/settings/{stage}"): "director",
    ("PUT", "/api/desk/tournaments/{tournament_id}/tiebreaks"): "director",
    ("POST", "/desk/tournaments/{tournament_id}/divisions"): "director",
    ("POST", "/desk/divisions/{division_id}/rename"): "director",
    ("POST", "/desk/divisions/{division_id}/teams"): "director",
    ("POST", "/desk/divisions/{division_id}/import"): "director",
    ("POST", "/desk/teams/{team_id}/rename"): "director",
    ("POST", "/desk/teams/{team_id}/style"): "director",
    ("POST", "/desk/teams/{team_id}/withdraw"): "director",
    ("POST", "/desk/teams/{team_id}/players"): "director",
    ("POST", "/desk/teams/{team_id}/merge"): "director",
    ("POST", "/desk/players/{player_id}"): "director",
    ("POST", "/desk/tournaments/{tournament_id}/rinks"): "director",
    ("POST", "/desk/rinks/{rink_id}"): "director",
    ("POST", "/desk/rinks/{rink_id}/hours"): "director",
    ("POST", "/desk/tournaments/{tournament_id}/travel"): "director",
    ("POST", "/desk/tournaments/{tournament_id}/sync-tokens"): "director",
    ("POST", "/desk/tournaments/{tournament_id}/schedule/generate"): "director",
    ("POST", "/desk/tournaments/{tournament_id}/games"): "director",
    ("POST", "/desk/games/{game_id}/move"): "director",
    ("POST", "/desk/games/{game_id}/cancel"): "director",
    ("PUT", "/api/desk/games/{game_id}/place"): "director",
    ("POST", "/api/desk/games/{game_id}/preview"): "director",
    ("POST", "/api/desk/games/{game_id}/swap"): "director",
    ("POST", "/desk/tournaments/{tournament_id}/schedule/requests"): "director",
    ("POST", "/desk/tournaments/{tournament_id}/schedule/requests/remove"): "director",
    ("POST", "/desk/tournaments/{tournament_id}/schedule/officials"): "director",
    ("POST", "/desk/tournaments/{tournament_id}/schedule/rebuild"): "director",
    ("POST", "/desk/games/{game_id}/lock"): "director",
    ("POST", "/desk/games/{game_id}/staff"): "director",
    ("POST", "/desk/tournaments/{tournament_id}/users"): "director",
    ("POST", "/desk/tournaments/{tournament_id}/users/{username}/password"): "director",
    ("POST", "/desk/tournaments/{tournament_id}/users/{username}/active"): "director",
    ("POST", "/desk/tournaments/{tournament_id}/users/{username}/name"): "director",
    ("POST", "/desk/tournaments/{tournament_id}/supplementary"): "director",
    ("POST", "/desk/tournaments/{tournament_id}/review"): "director",
    ("POST", "/desk/tournaments/{tournament_id}/suspension-change"): "director",
    ("POST", "/desk/tournaments/{tournament_id}/other-suspension"): "director",
    ("POST", "/desk/tournaments/{tournament_id}/forfeit"): "director",
    ("POST", "/desk/divisions/{division_id}/coin-toss"): "director",
    ("POST", "/desk/divisions/{division_id}/playoffs/{bracket_game}"): "director",
    ("POST", "/desk/tournaments/{tournament_id}/api-tokens"): "director",
    ("POST", "/desk/tournaments/{tournament_id}/api-tokens/{token_id}/revoke"): "director",
    ("POST", "/desk/tournaments/{tournament_id}/webhooks"): "director",
    ("POST", "/desk/webhook-deliveries/{delivery_id}/resend"): "director",
    ("POST", "/desk/webhooks/{webhook_id}/remove"): "director",
    ("POST", "/desk/mail/{message_id}/resend"): "director",
    ("POST", "/desk/tournaments/{tournament_id}/chain"): "director",
    ("POST", "/desk/tournaments/{tournament_id}/team-officials"): "director",
    ("POST", "/desk/tournaments/{tournament_id}/roster-deadline"): "director",
    ("POST", "/desk/roster-submissions/{submission_id}"): "director",
    ("POST", "/my-team/{team_id}/roster"): "manager",
    ("POST", "/my-team/{team_id}/games/{game_id}/lineup"): "manager",
    ("POST", "/my-team/{team_id}/games/{game_id}/sign"): "manager",
    ("POST", "/games/{game_id}/team-sign"): "scorer",  # the official's PIN then signs
    ("POST", "/invitations/{token}"): "anyone",  # the one-time token is the key
}

Identity = Literal["anonymous", "scorer of another game", "unassigned referee",
                   "manager of another team", "disabled user", "logged-out cookie",
                   "missing CSRF", "foreign CSRF", "rink token"]
REFUSED: Final[tuple[Identity, ...]] = (
    "anonymous", "scorer of another game", "unassigned referee", "manager of another team",
    "disabled user", "logged-out cookie", "missing CSRF", "foreign CSRF", "rink token")
# Which of them a route's "who" lets through (every other one is refused).
LETS_IN: Final[dict[Who, frozenset[Identity]]] = {
    "anyone": frozenset(REFUSED), "director": frozenset(), "scorer": frozenset(),
    "official": frozenset(), "signer": frozenset(), "rink": frozenset({"rink token"}),
    "manager": frozenset()}
WRITES: Final = frozenset({"POST", "PUT", "PATCH", "DELETE"})
PASSWORD: Final = "matrix-password-1"

# Holes other engineers of issue 23 are closing: strict, so each turns red when fixed.
KNOWN_HOLES: Final[dict[tuple[str, str, Identity], str]] = {}
# Rows that change on any request: a session's last-seen time, throttled logins,
# the cache of built states.
VOLATILE: Final = {"sessions": {"seen_at"}, "login_failures": None, "game_states": None}


def write_routes(app: FastAPI) -> set[tuple[str, str]]:
    """Every (method, path) of the app that writes: read from its routes."""
    found = set()
    for route in iter_route_contexts(app.routes):
        for method in (route.methods or set()) & WRITES:
            found.add((method, str(route.path_format)))
    return found


@dataclass
class Door:
    """Who knocks: the cookies and the headers a request carries."""

    cookies: dict[str, str]
    headers: dict[str, str]


@dataclass
class Matrix:
    app: FastAPI
    service: Tournaments
    doors: dict[str, Door]
    ids: dict[str, Any]
    operations: dict[tuple[str, str], Any]


def _log_in(app: FastAPI, username: str) -> Door:
    with TestClient(app) as client:
        client.get("/login")
        answer = client.post("/login", data={
            "username": username, "password": PASSWORD,
            "csrf_token": client.cookies.get(auth.CSRF_COOKIE) or ""}, follow_redirects=False)
        assert answer.status_code == 303, answer.text
        token = client.get("/api/session").json()["csrf_token"]
        return Door(dict(client.cookies.items()), {auth.CSRF_HEADER: token})


def _logged_out(app: FastAPI, username: str) -> Door:
    door = _log_in(app, username)
    with TestClient(app, cookies=door.cookies) as client:
        assert client.post("/logout", headers=door.headers,
                           follow_redirects=False).status_code == 303
    return door


@pytest.fixture(scope="module")
def matrix(tmp_path_factory: pytest.TempPathFactory) -> Matrix:
    path = tmp_path_factory.mktemp("matrix") / "demo.sqlite"
    service, tournament = copy_demo(path)
    games = queries.games(service)
    final = [g for g in games if g.version > 0 and g.rink == "Rink 1"
             and service.game_state(g.game_id)[1].status == "final"]
    game = final[0]
    unplayed = queries.game(service, new_game(Demo(service, tournament, path)))
    other = next(g for g in games if g.game_id != game.game_id)
    users.create_user(service, "boss", PASSWORD, "director")
    users.create_user(service, "gone", PASSWORD, "director")
    users.create_user(service, "left", PASSWORD, "director")
    users.create_user(service, "other-scorer", PASSWORD, "scorekeeper", games=[other.game_id])
    users.create_user(service, "idle-referee", PASSWORD, "referee")
    users.create_user(service, "game-referee", PASSWORD, "referee", games=[game.game_id])
    users.create_user(service, "team-manager", PASSWORD, "manager", teams=[game.home_team_id])
    users.create_user(service, "other-manager", PASSWORD, "manager", teams=[game.away_team_id])
    app = create_app(service)
    app.state.broadcaster.keepalive = 0.2
    doors = {name: _log_in(app, name) for name in
             ("boss", "gone", "other-scorer", "idle-referee", "game-referee", "team-manager",
              "other-manager")}
    doors["left"] = _logged_out(app, "left")
    users.set_active(service, "gone", False)  # his sessions end with it
    token = sync.issue_token(service, tournament, "Rink 1", lambda: datetime.now(UTC))
    api_token = api_tokens.issue(service, "matrix reader", by="boss")
    webhook, _ = desk_api.register(service, tournament, "http://127.0.0.1:9/hook",
                                        ["report_signed"], by="boss")
    with service.write() as s:  # one delivery in its outbox, to resend
        webhooks.enqueue_signed(s, s.get(models.Game, game.game_id), service.now())
    with service.write() as s:  # one message given up in the mail outbox, to send again
        message = models.MailMessage(tournament_id=tournament, kind="roster",
                                recipients=["manager@club.example"], subject="Matrix",
                                body="", created_at=service.now(), attempts=7, next_at=None)
        s.add(message)
        s.flush()
        message_id = message.id
    doors["rink"] = Door({}, {"Authorization": f"Bearer {token}"})
    team = queries.team(service, game.home_team_id)
    submitted = roster_submissions.submit(service, game.home_team_id, [
        {"number": p.number, "name": f"Matrix {p.number}", "goalie": p.goalie,
         "captain": p.captain} for p in team.players], by="team-manager")
    length = format_duration(service.game_state(unplayed.game_id)[1].period_length(1),
                             show_tenths=False)
    ids = {"game_id": game.game_id, "unplayed": unplayed.game_id, "tournament_id": tournament,
           "opening": {"type": "faceoff", "at": f"1 {length}"},
           "division_id": game.division_id, "team_id": game.home_team_id,
           "player_id": team.players[0].player_id,
           "rink_id": rinks.rinks(service, tournament)[0].id,
           "username": "other-scorer", "stage": "pool", "team": "home", "bracket_game": 1,
           "token_id": api_tokens.holder(service, api_token).token_id, "webhook_id": webhook,
           "delivery_id": desk_api.webhooks(service, tournament)[0].deliveries[0].delivery_id,
           "message_id": message_id,
           "submission_id": submitted.submission_id, "token": "not-an-invitation"}
    schema = schemathesis.openapi.from_asgi("/openapi.json", app)
    operations = {(op.method.upper(), op.path): op
                  for op in (r.ok() for r in schema.get_all_operations())}
    return Matrix(app, service, doors, ids, operations)


def door(matrix: Matrix, identity: Identity) -> Door:
    boss = matrix.doors["boss"]
    match identity:
        case "anonymous":
            return Door({}, {})
        case "scorer of another game":
            return matrix.doors["other-scorer"]
        case "unassigned referee":
            return matrix.doors["idle-referee"]
        case "manager of another team":
            return matrix.doors["other-manager"]
        case "disabled user":
            return matrix.doors["gone"]
        case "logged-out cookie":
            return matrix.doors["left"]
        case "missing CSRF":
            return Door(boss.cookies, {})
        case "foreign CSRF":
            return Door(boss.cookies, matrix.doors["other-scorer"].headers)
        case "rink token":
            return matrix.doors["rink"]


def snapshot(service: Tournaments) -> dict[str, list[tuple[Any, ...]]]:
    """Every stored row, table by table (what changes on any request left out)."""
    rows: dict[str, list[tuple[Any, ...]]] = {}
    with service.read() as s:
        for table in models.Base.metadata.sorted_tables:
            skip = VOLATILE.get(table.name, set())
            if table.name in VOLATILE and skip is None:
                continue
            columns = [c for c in table.columns if c.name not in (skip or set())]
            rows[table.name] = sorted(tuple(map(repr, row)) for row in
                                       s.execute(select(*columns)).all())
    return rows


def one_request(matrix: Matrix, method: str, path: str) -> Any:
    """A request schemathesis makes valid by the schema, with the demo's ids."""
    operation = matrix.operations[(method, path)]
    known = {p.name: matrix.ids[p.name] for p in operation.path_parameters}
    if MAY[(method, path)] == "scorer":  # a game still to play: its first event is taken
        known["game_id"] = matrix.ids["unplayed"]
    made: list[Any] = []

    def keep(case: Any) -> None:
        made.append(case)

    run = given(case=operation.as_strategy(path_parameters=known))(keep)
    settings(max_examples=1, deadline=None, database=None, phases=[Phase.generate],
             suppress_health_check=list(HealthCheck))(seed(0)(run))()
    case = made[0]
    case.headers = {}  # no generated Authorization: the identity's own, or none
    if (method, path) in BODIES:
        case.body = BODIES[(method, path)](matrix.ids | {
            "version": matrix.service.game_state(matrix.ids["unplayed"])[0]})
    return case


# Bodies that write when let through, where the schema's least valid body
# would write nothing (an empty batch of events, a blank report); the game's
# version as it stands. The events come first: the clock is set once it runs,
# and the correction deletes the opening face-off.
BODIES: Final[dict[tuple[str, str], Any]] = {
    ("POST", "/api/games/{game_id}/events"):
        lambda ids: {"version": ids["version"], "events": [ids["opening"]]},
    ("PUT", "/api/games/{game_id}/clock"): lambda ids: {"left": "10:00"},
    ("POST", "/api/games/{game_id}/clock/nudge"):
        lambda ids: {"version": ids["version"], "seconds": 1, "reason": "matrix"},
    ("POST", "/api/games/{game_id}/corrections"):
        lambda ids: {"version": ids["version"], "op": "delete", "position": 0,
                     "reason": "matrix"},
    ("PUT", "/api/games/{game_id}/lineups/{team}"): lambda ids: {"players": []},
    ("POST", "/games/{game_id}/reports"): lambda ids: {"text": "A written report."},
    ("POST", "/games/{game_id}/reopen"): lambda ids: {"reason": "matrix"},
    ("POST", "/games/{game_id}/sign"): lambda ids: {"confirm": "yes"},
    ("POST", "/api/games/{game_id}/sign"): lambda ids: {"confirm": "yes"},
    ("POST", "/api/games/{game_id}/reopen"): lambda ids: {"reason": "matrix"},
    ("POST", "/games/{game_id}/officials"): lambda ids: {"referee": "Rita Ray"},
    ("PUT", "/api/games/{game_id}/officials"): lambda ids: {"referee": ["Rita Ray"]},
    ("POST", "/desk/tournaments"): lambda ids: {"name": "Matrix Cup"},
    ("POST", "/desk/tournaments/{tournament_id}/divisions"): lambda ids: {"name": "Matrix"},
    ("POST", "/desk/divisions/{division_id}/rename"): lambda ids: {"name": "Renamed"},
    ("POST", "/desk/teams/{team_id}/rename"): lambda ids: {"name": "Renamed"},
    ("POST", "/desk/tournaments/{tournament_id}/users"):
        lambda ids: {"username": "newcomer", "password": "newcomer-password", "role": "director"},
    ("POST", "/desk/tournaments/{tournament_id}/users/{username}/password"):
        lambda ids: {"password": "another-password-1"},
    ("POST", "/desk/tournaments/{tournament_id}/users/{username}/active"):
        lambda ids: {"active": "no"},
    ("POST", "/desk/tournaments/{tournament_id}/users/{username}/name"):
        lambda ids: {"full_name": "Ana Álvarez"},
    ("POST", "/desk/tournaments/{tournament_id}/sync-tokens"): lambda ids: {"rink": "Rink 1"},
    ("POST", "/desk/tournaments/{tournament_id}/api-tokens"): lambda ids: {"label": "Matrix"},
    ("POST", "/desk/tournaments/{tournament_id}/webhooks"):
        lambda ids: {"url": "http://127.0.0.1:9/matrix", "events": ["goal"]},
}


def send(matrix: Matrix, case: Any, who: Door) -> Any:
    return case.call(headers=dict(who.headers), cookies=dict(who.cookies),
                     allow_redirects=False)


def test_the_table_names_every_write_route(matrix: Matrix) -> None:
    assert write_routes(matrix.app) == set(MAY)


def _cases() -> Iterator[Any]:
    for (method, path), who in MAY.items():
        for identity in REFUSED:
            if identity in LETS_IN[who]:
                continue
            hole = KNOWN_HOLES.get((method, path, identity))
            marks = [pytest.mark.xfail(strict=True, reason=hole)] if hole else []
            yield pytest.param(method, path, identity, marks=marks,
                               id=f"{method} {path} [{identity}]")


@pytest.mark.parametrize(("method", "path", "identity"), list(_cases()))
def test_a_write_by_who_may_not_is_refused_and_stores_nothing(
        matrix: Matrix, method: str, path: str, identity: Identity) -> None:
    case = one_request(matrix, method, path)
    before = snapshot(matrix.service)
    answer = send(matrix, case, door(matrix, identity))
    assert snapshot(matrix.service) == before, f"{identity} changed the store: {answer.text}"
    cookie_less = identity in ("anonymous", "disabled user", "logged-out cookie", "rink token")
    if MAY[(method, path)] == "rink":
        assert answer.status_code == 401, answer.text  # no token, no rink
    elif cookie_less:
        assert answer.status_code == 401, answer.text
    elif MAY[(method, path)] in ("official", "signer") and identity in (
            "scorer of another game", "unassigned referee", "manager of another team"):
        # logged in, CSRF right: the sign-off's rule refuses it (616(a))
        assert answer.status_code in (403, 422), answer.text
    else:
        assert answer.status_code == 403, answer.text


ALLOWED: Final[dict[Who, str]] = {"director": "boss", "scorer": "boss", "official": "boss",
                                  "signer": "game-referee", "rink": "rink",
                                  "manager": "team-manager"}


def test_who_may_passes_the_door(matrix: Matrix) -> None:
    """The same request by the identity the table allows is not refused at the
    door (what the service then says of it is its own business). One test, the
    routes in the table's order: each allowed write builds on the one before it
    (the first event, then the clock, then the correction...), whatever order
    pytest-xdist would give separate tests."""
    for (method, path), who in MAY.items():
        if who != "anyone":
            _passes_the_door(matrix, method, path)


def _passes_the_door(matrix: Matrix, method: str, path: str) -> None:
    case = one_request(matrix, method, path)
    before = snapshot(matrix.service)
    answer = send(matrix, case, matrix.doors[ALLOWED[MAY[(method, path)]]])
    said = f"{method} {path}: {answer.text}"
    if MAY[(method, path)] == "rink" and answer.status_code == 403:
        # the token opened the door; each act it carries is then refused unless
        # the official who did it proves it (issue 23 item 1, services/sync_proof.py)
        assert "a laptop carries only what" in answer.text, said
    else:
        assert answer.status_code not in (401, 403), said
    if (method, path) in BODIES:  # the request refused to the others does write
        assert answer.status_code in (200, 303), said
        assert snapshot(matrix.service) != before, said
