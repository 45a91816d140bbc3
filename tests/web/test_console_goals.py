"""The console's Goal route, POST /api/games/{id}/goals (Rule 616; 402(e),
409(c); 507(a)): the engine puts the goal in its own whistle's place (the
answer names it), appends it during play, or refuses it after another
whistle (616(b)); a goal posted as a plain event after its own whistle is
refused with the correction to carry out. Only the game's scorekeeper, its
official scorer or the director may write it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from webkit import Demo, game_in_play, logged_in, record, skaters, statements_seen

from rinkside.rules.events import Goal, Stoppage
from rinkside.rules.times import GameTime
from rinkside.services import logs, users
from rinkside.web import auth

PASSWORD = "goal-keys-1"
Client = tuple[TestClient, str]


@pytest.fixture(scope="module")
def games(demo: Demo) -> list[int]:
    """Games in play at 1 10:00 (each test its own), and one nobody here is named to."""
    made = [game_in_play(demo) for _ in range(8)]
    for name, role in (
        ("gwen", "scorekeeper"),
        ("otto", "official_scorer"),
        ("pat", "penalty_timekeeper"),
        ("tim", "game_timekeeper"),
    ):
        users.create_user(demo.service, name, PASSWORD, role, made[:5] + made[6:])
    users.create_user(demo.service, "rex", PASSWORD, "referee", made)
    return made


def _login(app: FastAPI, name: str) -> Iterator[Client]:
    yield from logged_in(app, name, PASSWORD)


@pytest.fixture
def scorer(app: FastAPI, games: list[int]) -> Iterator[Client]:
    yield from _login(app, "gwen")


def goal(demo: Demo, game: int, at: str) -> dict[str, Any]:
    return {
        "type": "goal",
        "at": at,
        "team": "home",
        "scorer": skaters(demo.service, game, "home")[0],
    }


def post(who: Client, game: int, path: str, body: dict[str, Any]) -> Any:
    client, token = who
    return client.post(f"/api/games/{game}/{path}", json=body, headers={auth.CSRF_HEADER: token})


def version(demo: Demo, game: int) -> int:
    return demo.service.game_state(game)[0]


def test_the_goal_takes_its_keys_whistles_place(
    demo: Demo, games: list[int], scorer: Client
) -> None:
    game = games[0]
    stop = record(demo.service, game, Stoppage(GameTime(1, 5430), "goal"))
    response = post(scorer, game, "goals", {"version": stop, "event": goal(demo, game, "1 9:03")})
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["version"] == stop + 1 and answer["state"]["score"]["home"] == 1
    assert answer["whistle"] == {
        "position": 4,
        "reason": (
            "Rule 616: the goal stopped play at 1 9:03; it takes the place of the whistle sent "
            "when Goal was pressed (507(a))"
        ),
    }
    events = logs.game_record(demo.service, game).events
    assert len(events) == 5 and isinstance(events[-1], Goal)  # one goal, no whistle


def test_during_play_the_goal_is_appended(demo: Demo, games: list[int], scorer: Client) -> None:
    game = games[1]
    before = version(demo, game)
    response = post(scorer, game, "goals", {"version": before, "event": goal(demo, game, "1 9:00")})
    assert response.status_code == 200, response.text
    assert response.json()["whistle"] is None and response.json()["version"] == before + 1


def test_after_a_whistle_at_another_time_616b_and_nothing_written(
    demo: Demo, games: list[int], scorer: Client
) -> None:
    game = games[2]
    stop = record(demo.service, game, Stoppage(GameTime(1, 5400)))
    response = post(scorer, game, "goals", {"version": stop, "event": goal(demo, game, "1 9:10")})
    assert response.status_code == 422
    assert response.json()["rule"] == "616(b)" and "offer" not in response.json()
    assert "a goal at 1 9:10 is not that whistle's" in response.json()["detail"]
    assert version(demo, game) == stop

    # Not a goal: the field that says so.
    wrong = post(
        scorer, game, "goals", {"version": stop, "event": {"type": "stoppage", "at": "1 9:00"}}
    )
    assert wrong.status_code == 422 and wrong.json()["field"] == "type"
    assert version(demo, game) == stop


def test_a_plain_event_after_its_own_whistle_is_offered_the_whistles_place(
    demo: Demo, games: list[int], scorer: Client
) -> None:
    game = games[3]
    stop = record(demo.service, game, Stoppage(GameTime(1, 5400)))
    sent = goal(demo, game, "1 9:00")
    response = post(scorer, game, "events", {"version": stop, "events": [sent]})
    assert response.status_code == 422
    answer = response.json()
    assert answer["rule"] == "616(b)" and "whistle at 1 9:00 (event 5)" in answer["detail"]
    offer = answer["offer"]
    assert (offer["version"], offer["op"], offer["position"], offer["event"]) == (
        stop,
        "replace",
        4,
        sent,
    )
    assert version(demo, game) == stop
    carried = post(scorer, game, "corrections", offer)  # carried out as it is
    assert carried.status_code == 200, carried.text
    assert carried.json()["state"]["score"]["home"] == 1


@pytest.mark.parametrize(
    ("who", "status", "says"),
    [
        ("gwen", 403, "may not write in game"),  # a scorekeeper of other games
        ("rex", 403, "may not write in game"),  # a referee
        ("pat", 403, "Rule 505:"),  # the penalty timekeeper: 506(a)'s
        ("tim", 403, "Rule 507:"),  # the game timekeeper: 506(a)'s
    ],
)
def test_only_the_games_scorer_may_write_it(
    demo: Demo, app: FastAPI, games: list[int], who: str, status: int, says: str
) -> None:
    game = games[4] if who in ("pat", "tim", "rex") else games[5]
    before = version(demo, game)
    session = _login(app, who)
    response = post(
        next(session), game, "goals", {"version": before, "event": goal(demo, game, "1 9:00")}
    )
    next(session, None)
    assert response.status_code == status and says in response.json()["detail"]
    assert version(demo, game) == before


def test_the_official_scorer_writes_it_and_nobody_else_without_a_login_or_token(
    demo: Demo, app: FastAPI, games: list[int]
) -> None:
    game = games[4]
    before = version(demo, game)
    body = {"version": before, "event": goal(demo, game, "1 9:00")}
    with TestClient(app) as anonymous:
        assert anonymous.post(f"/api/games/{game}/goals", json=body).status_code == 401
    session = _login(app, "otto")
    client, _ = next(session)
    assert client.post(f"/api/games/{game}/goals", json=body).status_code == 403  # no CSRF
    assert version(demo, game) == before
    assert (
        post(
            (client, client.get("/api/session").json()["csrf_token"]), game, "goals", body
        ).status_code
        == 200
    )
    next(session, None)
    assert version(demo, game) == before + 1


def test_a_goal_during_play_costs_what_any_event_costs(
    demo: Demo, games: list[int], scorer: Client
) -> None:
    """The log is read only for a goal the engine refuses as after the
    whistle: during play the goal's write runs the statements an event's does."""
    counts = []
    for game, path in ((games[6], "events"), (games[7], "goals")):
        before = version(demo, game)
        sent = goal(demo, game, "1 9:00")
        body = (
            {"version": before, "events": [sent]}
            if path == "events"
            else {"version": before, "event": sent}
        )
        with statements_seen(lambda statement: True) as seen:
            assert post(scorer, game, path, body).status_code == 200
        counts.append(len(seen))
    assert counts[1] == counts[0]
