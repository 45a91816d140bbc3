"""The public read API (``/api/v1``): what it answers is the application
layer's (the standings, statistics and states the pages show), anyone may
read it, a read token is checked (a revoked one is refused), each reader has
a rate limit told with 429 and Retry-After (time run by a clock passed in),
and only its reads are open to other origins (CORS)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from webkit import Demo, game_in_play, skaters

from rinkside.rules.events import Goal
from rinkside.rules.state import GameState
from rinkside.rules.times import GameTime
from rinkside.services import api_reads, api_tokens, queries
from rinkside.web.rate_limits import Allowance, RateLimiter, get_rate_clock


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(app: FastAPI) -> Iterator[Clock]:
    clock = Clock()
    app.dependency_overrides[get_rate_clock] = lambda: clock
    app.state.api_limiter = RateLimiter(Allowance(anonymous=3, token=5))
    yield clock
    app.dependency_overrides.pop(get_rate_clock)
    app.state.api_limiter = RateLimiter()


def test_the_tournaments_list_their_divisions(client: TestClient, demo: Demo) -> None:
    listed = client.get("/api/v1/tournaments").json()
    assert [t["id"] for t in listed] == queries.tournament_ids(demo.service)
    divisions = queries.divisions(demo.service, demo.tournament_id)
    assert [d["name"] for d in listed[0]["divisions"]] == [d.name for d in divisions]
    assert client.get(f"/api/v1/tournaments/{demo.tournament_id}").json() == listed[0]
    assert client.get("/api/v1/tournaments/999999").status_code == 404


def test_standings_are_the_services_with_their_tiebreaks(client: TestClient,
                                                         demo: Demo) -> None:
    division = queries.divisions(demo.service, demo.tournament_id)[0].division_id
    rows = client.get(f"/api/v1/divisions/{division}/standings").json()
    table = demo.service.standings(division)
    assert [(r["team"]["id"], r["place"], r["pts"], r["decided_by"]) for r in rows] == [
        (s.team_id, s.place, s.pts, s.decided_by) for s in table]
    names = queries.team_names(demo.service, division)
    assert [r["team"]["name"] for r in rows] == [names[s.team_id] for s in table]


def test_statistics_and_a_player_carry_the_same_lines(client: TestClient, demo: Demo) -> None:
    division = queries.divisions(demo.service, demo.tournament_id)[0].division_id
    body = client.get(f"/api/v1/divisions/{division}/statistics").json()
    skaters, goalies, _ = demo.service.statistics(division)
    top = body["skaters"][0]
    assert top["points"] == max(line.points for line in skaters.values())
    assert top["points"] == top["goals"] + top["assists"]  # 616(k)
    assert {g["player"]["id"] for g in body["goaltenders"]} == set(goalies)
    player = client.get(f"/api/v1/players/{top['player']['id']}").json()
    assert player["skating"] == top
    assert player["division"]["id"] == division


def test_the_schedule_narrows_to_a_team(client: TestClient, demo: Demo) -> None:
    team = queries.games(demo.service)[0].home_team_id
    games = client.get("/api/v1/schedule", params={"team": team}).json()
    expected = {g.game_id for g in queries.games(demo.service)
                if team in (g.home_team_id, g.away_team_id)}
    assert {g["id"] for g in games} == expected
    starts = [g["start"] for g in games if g["start"]]
    assert starts == sorted(starts)
    assert client.get("/api/v1/schedule", params={"team": 999999}).status_code == 404


def test_a_game_in_play_carries_its_live_state(client: TestClient, demo: Demo) -> None:
    game_id = game_in_play(demo)
    body = client.get(f"/api/v1/games/{game_id}").json()
    _, state = demo.service.game_state(game_id)
    assert body["game"]["status"] == state.status == "in_play"
    assert body["live"]["skaters"] == {"home": 4, "away": 3}  # the away minor running
    assert body["game"]["score"] == {"home": 0, "away": 0}
    assert body["live"]["version"] == body["game"]["version"]


def test_anyone_reads_a_token_is_checked_and_a_revoked_one_refused(
        client: TestClient, demo: Demo) -> None:
    assert client.get("/api/v1/tournaments").status_code == 200
    token = api_tokens.issue(demo.service, "Blades' site", by="test")
    sent = {"Authorization": f"Bearer {token}"}
    assert client.get("/api/v1/tournaments", headers=sent).status_code == 200
    wrong = client.get("/api/v1/tournaments", headers={"Authorization": "Bearer rk_nothing"})
    assert wrong.status_code == 401
    assert wrong.headers["WWW-Authenticate"] == "Bearer"
    assert "not one the director issued" in wrong.json()["detail"]
    row = next(t for t in api_tokens.tokens(demo.service) if t.label == "Blades' site")
    api_tokens.revoke(demo.service, row.token_id, by="test")
    refused = client.get("/api/v1/tournaments", headers=sent)
    assert refused.status_code == 401
    assert "revoked" in refused.json()["detail"]


def test_each_reader_has_its_limit_and_is_told_when_to_retry(
        client: TestClient, demo: Demo, clock: Clock) -> None:
    for _ in range(3):
        assert client.get("/api/v1/tournaments").status_code == 200
    clock.now += 20
    over = client.get("/api/v1/tournaments")
    assert over.status_code == 429
    assert over.headers["Retry-After"] == "40"  # the minute's window began 20 s ago
    assert "a read token raises the limit" in over.json()["detail"]
    token = api_tokens.issue(demo.service, "League app", by="test")
    sent = {"Authorization": f"Bearer {token}"}
    for _ in range(5):  # a token counts apart, with its own allowance
        assert client.get("/api/v1/tournaments", headers=sent).status_code == 200
    assert client.get("/api/v1/tournaments", headers=sent).status_code == 429
    clock.now += 40  # the address's minute is over; the token's began 20 s later
    assert client.get("/api/v1/tournaments").status_code == 200
    assert client.get("/api/v1/tournaments", headers=sent).headers["Retry-After"] == "20"
    clock.now += 20
    assert client.get("/api/v1/tournaments", headers=sent).status_code == 200


def test_only_the_apis_reads_are_open_to_other_origins(client: TestClient, demo: Demo) -> None:
    origin = {"Origin": "https://blades.example"}
    read = client.get("/api/v1/tournaments", headers=origin)
    assert read.headers["Access-Control-Allow-Origin"] == "*"
    preflight = client.options("/api/v1/tournaments", headers={
        **origin, "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "authorization"})
    assert preflight.status_code == 204
    assert preflight.headers["Access-Control-Allow-Headers"] == "Authorization"
    assert "GET" in preflight.headers["Access-Control-Allow-Methods"]
    write = client.options("/api/v1/tournaments", headers={
        **origin, "Access-Control-Request-Method": "POST"})
    assert "Access-Control-Allow-Origin" not in write.headers
    game = queries.games(demo.service)[0].game_id
    for path in (f"/api/games/{game}/state", "/", "/api/session"):
        assert "Access-Control-Allow-Origin" not in client.get(path, headers=origin).headers


def test_the_docs_page_lists_every_operation_and_the_limits(client: TestClient) -> None:
    page = client.get("/developers")
    assert page.status_code == 200
    paths = [p for p in client.get("/openapi.json").json()["paths"] if p.startswith("/api/v1/")]
    assert len(paths) >= 9
    for path in paths:
        assert f"<code>{path}</code>" in page.text
    allowance = Allowance()
    assert f"Anonymous: {allowance.anonymous} reads a minute" in page.text
    assert f"With a read token: {allowance.token} reads a minute" in page.text
    assert "X-Rinkside-Signature" in page.text and "/embed/scores" in page.text


def test_a_games_version_is_that_of_the_score_it_gives(
        demo: Demo, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game of the read API carries its version (a client reads again when
    it grows): a goal committed between the game's row and its state is
    given with its own version, never beside the version before it."""
    service = demo.service
    game = game_in_play(demo)
    scorer = skaters(service, game, "home")[0]
    read = service.game_state
    landed: list[int] = []

    def state_after_a_goal(game_id: int) -> tuple[int, GameState]:
        if not landed:  # the goal commits after the game's row was read
            version, _ = service.record(game_id, read(game_id)[0],
                                        [Goal(GameTime(1, 5000), "home", scorer)], by="web test")
            landed.append(version)
        return read(game_id)

    monkeypatch.setattr(service, "game_state", state_after_a_goal)
    shown = api_reads.game(service, game)
    assert shown.version == landed[0] and shown.score is not None and shown.score.home >= 1
