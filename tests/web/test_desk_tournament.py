"""The desk's tournament page: settings built from the table and checked by
the book, pool and playoff settings apart (639), games begun keep their
settings, the tiebreak chain and the dress deadline; the director's alone,
every change in the desk's record."""

from __future__ import annotations

from typing import Any

import pytest
from deskkit import dora, new_tournament, people, post, put, rick, skip
from fastapi.testclient import TestClient
from webkit import Client, Demo, first_division

from rinkside.rules.events import FaceOff
from rinkside.rules.times import GameTime
from rinkside.services import changes

__all__ = ["dora", "people", "rick", "skip"]  # the fixtures this module uses


def test_a_new_tournament_is_made_on_the_desk_and_recorded(demo: Demo, dora: Client) -> None:
    home = dora[0].get("/desk")
    assert home.status_code == 200 and "RHA Demo Classic" in home.text
    assert post(dora, "/desk/tournaments", {"name": " "}).status_code == 422
    tid = new_tournament(dora, "Winter Cup")
    page = dora[0].get(f"/desk/tournaments/{tid}")
    assert page.status_code == 200
    assert "Winter Cup" in page.text and "402(a)" in page.text  # rows carry their rule
    record = changes.changes(demo.service, tid)
    assert [(c.action, c.by) for c in record] == [("created", "dora")]
    assert "Winter Cup" in dora[0].get(f"/desk/changes?tournament={tid}").text


def test_a_1_45_minor_is_refused_citing_402a_and_nothing_changes(demo: Demo,
                                                                  dora: Client) -> None:
    tid = new_tournament(dora, "Minor Cup")
    form = post(dora, f"/desk/tournaments/{tid}/settings/pool", {"s_minor": "1:45"})
    assert form.status_code == 422
    assert "402(a)" in form.text and "1:30 or 2:00" in form.text
    assert 'name="s_minor" value="1:45"' in form.text  # what was typed is kept
    api = put(dora, f"/api/desk/tournaments/{tid}/settings/pool", {"settings": {"minor": "1:45"}})
    assert api.status_code == 422 and api.json()["rule"] == "402(a)"
    assert dora[0].get(f"/api/desk/tournaments/{tid}").json()["settings"] == {}
    assert post(dora, f"/desk/tournaments/{tid}/settings/pool",
                {"s_minor": "1:30", "s_mercy": "off"}).status_code == 303
    assert dora[0].get(f"/api/desk/tournaments/{tid}").json()["settings"] == {
        "minor": "1:30", "mercy": None}
    last = changes.changes(demo.service, tid)[0]
    assert (last.subject, last.before, last.after) == ("settings", {}, {
        "minor": "1:30", "mercy": None})
    points = post(dora, f"/desk/tournaments/{tid}/settings/pool",
                  {"s_minor": "1:30", "s_mercy": "off", "s_points": "win 3, tie 1, loss 0"})
    assert points.status_code == 303
    assert "win 3, tie 1, loss 0" in dora[0].get(f"/desk/tournaments/{tid}").text


def test_playoff_settings_that_let_a_tie_stand_are_refused_citing_639(dora: Client) -> None:
    tid = new_tournament(dora, "Tie Cup")
    response = post(dora, f"/desk/tournaments/{tid}/settings/playoff", {"s_overtime": "none"})
    assert response.status_code == 422 and "639" in response.text
    api = put(dora, f"/api/desk/tournaments/{tid}/settings/playoff",
              {"settings": {"overtime": "unlimited"}})
    assert api.status_code == 200


def test_playoffs_work_on_a_new_tournament_with_default_settings(demo: Demo) -> None:
    service = demo.service
    tid = service.create_tournament("Default Cup", None)
    did = service.add_division(tid, "Open")
    a, b = (service.add_team(did, name) for name in ("A", "B"))
    service.record_coin_toss(did, [a, b], by="test")  # casebook 24: level on everything
    bracket, _ = service.playoffs(did, 2)  # 639: the playoffs play 639(b)'s overtime
    assert len(bracket.rounds) == 1
    assert service.settings_of(did, "pool").overtime == "none"
    assert service.settings_of(did, "playoff").overtime == "shootout"


def test_settings_change_after_a_game_began_only_with_a_reason_and_played_games_keep_theirs(
        demo: Demo, dora: Client) -> None:
    service = demo.service
    division = first_division(service, demo)
    played = next(g for g in service.division_view(division).played)
    before = service.game_state(played.game.game_id)[1]
    assert before.setup.settings.minor == 1200
    url = f"/desk/tournaments/{demo.tournament_id}/settings/pool"
    current = dora[0].get(f"/api/desk/tournaments/{demo.tournament_id}").json()["settings"]
    fields = {f"s_{k}": ("off" if v is None else str(v)) for k, v in current.items()}
    refused = post(dora, url, {**fields, "s_minor": "1:30"})
    assert refused.status_code == 422 and "reason" in refused.text
    assert service.game_state(played.game.game_id)[1].setup.settings.minor == 1200
    done = post(dora, url, {**fields, "s_minor": "1:30", "reason": "short ice times"})
    assert done.status_code == 303
    kept = service.game_state(played.game.game_id)[1]
    assert kept.setup.settings.minor == 1200  # the game keeps the settings it began under
    assert kept.score == before.score and kept.result == before.result
    new = service.add_game(division, played.game.home_team_id, played.game.away_team_id)
    assert service.game_state(new)[1].setup.settings.minor == 900
    last = changes.changes(service, demo.tournament_id)[0]
    assert last.reason == "short ice times" and played.game.game_id in last.after["games kept"]


def test_a_pool_change_keeps_a_begun_playoff_games_settings(demo: Demo, dora: Client) -> None:
    service = demo.service
    tid = new_tournament(dora, "Kept Cup")
    did = service.add_division(tid, "Open")
    a, b = (service.add_team(did, name) for name in ("A", "B"))
    playoff = service.add_game(did, a, b, stage="playoff")
    service.record(playoff, 0, [FaceOff(GameTime(1, 7200))], by="test")
    url = f"/desk/tournaments/{tid}/settings/pool"
    assert post(dora, url, {"s_minor": "1:30"}).status_code == 422  # a game has begun
    assert post(dora, url, {"s_minor": "1:30", "reason": "ice time"}).status_code == 303
    kept = service.game_state(playoff)[1].setup.settings
    assert (kept.minor, kept.overtime) == (1200, "shootout")  # as it began (639)
    assert service.settings_of(did, "playoff").minor == 900  # a new playoff game's


def test_the_tiebreak_chain_is_checked_and_the_dress_deadline_is_fixed_at_the_start(
        demo: Demo, dora: Client) -> None:
    tid = new_tournament(dora, "Chain Cup")
    url = f"/desk/tournaments/{tid}"
    assert post(dora, url + "/tiebreaks", {"tiebreak": ["goal_difference", "coin_toss"]}
                ).status_code == 303
    api = put(dora, f"/api/desk/tournaments/{tid}/tiebreaks", {"tiebreaks": ["luck"]})
    assert api.status_code == 422 and "casebook 24" in api.json()["detail"]
    assert post(dora, url + "/dress", {"minutes": "45"}).status_code == 303
    assert dora[0].get(f"/api/desk/tournaments/{tid}").json()["dress_minutes"] == 45
    demo.service.start_tournament(tid)
    late = post(dora, url + "/dress", {"minutes": "20"})
    assert late.status_code == 422 and "634(c) note 1" in late.text


WRITES = [
    ("post", "/desk/tournaments", {"name": "Nope"}),
    ("post", "/desk/tournaments/{tid}/details", {"name": "Nope"}),
    ("post", "/desk/tournaments/{tid}/settings/pool", {"s_minor": "1:30"}),
    ("post", "/desk/tournaments/{tid}/tiebreaks", {"tiebreak": "coin_toss"}),
    ("post", "/desk/tournaments/{tid}/dress", {"minutes": "10"}),
    ("put", "/api/desk/tournaments/{tid}/settings/pool", {"settings": {}}),
    ("put", "/api/desk/tournaments/{tid}/tiebreaks", {"tiebreaks": []}),
]


@pytest.mark.parametrize(("method", "path", "body"), WRITES)
def test_only_the_director_writes_on_the_desk(demo: Demo, client: TestClient, skip: Client,
                                              rick: Client, dora: Client, method: str,
                                              path: str, body: dict[str, Any]) -> None:
    url = path.format(tid=demo.tournament_id)
    before = changes.changes(demo.service)
    for who in (skip, rick):
        sent = post(who, url, body) if method == "post" else put(who, url, body)
        assert sent.status_code == 403
    assert client.request(method.upper(), url, data=body if method == "post" else None,
                          json=None if method == "post" else body).status_code in (401, 403)
    forged = dora[0].request(method.upper(), url, data=body if method == "post" else None,
                             json=None if method == "post" else body)
    assert forged.status_code == 403  # no CSRF token
    assert changes.changes(demo.service) == before


def test_desk_pages_are_the_directors(demo: Demo, skip: Client, client: TestClient) -> None:
    for url in ("/desk", "/desk/changes", f"/desk/tournaments/{demo.tournament_id}"):
        assert skip[0].get(url).status_code == 403
    for url in ("/desk/changes", f"/desk/tournaments/{demo.tournament_id}"):
        assert client.get(url).status_code == 401
    door = client.get("/desk", follow_redirects=False)
    assert door.status_code == 303 and door.headers["location"] == "/login?next=%2Fdesk"
    assert skip[0].get("/api/desk/changes").json()["detail"].startswith("skip")
