"""Input at the edges of the web app: what a stranger or a careless client
sends is refused with a 4xx saying which field and why, and nothing sent or
already stored can make a game's pages, log or report answer 500."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from webkit import Client, Demo, game_in_play, logged_in, record

from rinkside.rules.events import Penalty, PenaltyClass, Stoppage
from rinkside.rules.times import GameTime
from rinkside.services import officiating, queries
from rinkside.web import auth
from rinkside.web.fields import MAX_EVENTS
from rinkside.web.limits import MAX_BODY_BYTES


@pytest.fixture(scope="module")
def director(app: FastAPI, demo: Demo) -> Iterator[Client]:
    auth.create_user(demo.service, "edge-director", "edges-are-sharp", "director")
    yield from logged_in(app, "edge-director", "edges-are-sharp")


def _version(demo: Demo, game: int) -> int:
    return demo.service.game_state(game)[0]


def _post_raw(client: TestClient, token: str, path: str, body: str) -> object:
    return client.post(path, content=body.encode("utf-8", "surrogatepass"), headers={
        auth.CSRF_HEADER: token, "content-type": "application/json"})


def test_a_lone_surrogate_in_a_reason_is_refused_naming_the_field(
        demo: Demo, director: Client) -> None:
    client, token = director
    game = game_in_play(demo)
    before = _version(demo, game)
    event = '{"type": "stoppage", "at": "1 9:00", "reason": "\\ud800"}'  # JSON's escape
    body = f'{{"version": {before}, "events": [{event}]}}'
    answer = client.post(f"/api/games/{game}/events", content=body, headers={
        auth.CSRF_HEADER: token, "content-type": "application/json"})
    assert answer.status_code == 422
    assert answer.json()["field"] == "reason"
    assert "lone surrogate" in answer.json()["detail"]
    assert _version(demo, game) == before
    assert client.get(f"/api/games/{game}/console").status_code == 200


@pytest.mark.parametrize(("field", "value", "why"), [
    ("spot", "center\r\nX", "control character U+000D"),
    ("spot", "x" * 501, "501 characters is too long (at most 500)"),
])
def test_a_faceoff_spot_of_control_characters_or_too_long_is_refused(
        demo: Demo, director: Client, field: str, value: str, why: str) -> None:
    client, token = director
    game = game_in_play(demo)
    answer = client.post(f"/api/games/{game}/events", headers={auth.CSRF_HEADER: token},
                         json={"version": _version(demo, game),
                               "events": [{"type": "faceoff", "at": "1 10:00", field: value}]})
    assert answer.status_code == 422
    assert answer.json()["field"] == field and why in answer.json()["detail"]


def test_a_correction_reason_holding_nul_is_refused(demo: Demo, director: Client) -> None:
    client, token = director
    game = game_in_play(demo)
    answer = client.post(f"/api/games/{game}/corrections", headers={auth.CSRF_HEADER: token},
                         json={"version": _version(demo, game), "op": "delete", "position": 3,
                               "reason": "typo\x00"})
    assert answer.status_code == 422
    problem = answer.json()["detail"][0]
    assert problem["loc"] == ["body", "reason"] and "NUL" in problem["msg"]


def test_text_stored_before_the_checks_never_breaks_a_game(
        demo: Demo, director: Client) -> None:
    """What reached the store another way (an older version, a script) is
    shown with U+FFFD: the console, the log, the history, the export, the
    report and its PDF all still answer."""
    client, _ = director
    game = game_in_play(demo)
    player = demo.service.game_state(game)[1].setup.home.players[3].number
    record(demo.service, game, Stoppage(GameTime(1, 5000), "bad \ud800 reason"),
           Penalty(GameTime(1, 5000), "home", player, PenaltyClass.MINOR, "Trip\ud800", "642"))
    for path in (f"/api/games/{game}/console", f"/api/games/{game}/events",
                 f"/api/games/{game}/history", f"/games/{game}/log.json",
                 f"/games/{game}/report", f"/games/{game}/report.pdf", f"/games/{game}",
                 f"/api/games/{game}/state"):
        answer = client.get(path)
        assert answer.status_code == 200, path
    lines = client.get(f"/api/games/{game}/events").json()["events"]
    assert any(line["event"].get("reason") == "bad \ufffd reason" for line in lines)


def test_a_team_name_with_a_line_break_stored_keeps_its_calendar_feed(
        demo: Demo, director: Client) -> None:
    client, _ = director
    row = queries.game(demo.service, game_in_play(demo))
    team = demo.service.add_team(row.division_id, "Evil\r\nX-INJECTED:1")
    demo.service.add_game(row.division_id, team, row.home_team_id)
    answer = client.get(f"/teams/{team}/schedule.ics")
    assert answer.status_code == 200
    assert "\r\nX-INJECTED" not in answer.text and "Evil X-INJECTED:1" in answer.text


def test_a_body_over_the_limit_is_a_413(demo: Demo, director: Client) -> None:
    client, token = director
    game = game_in_play(demo)
    big = json.dumps({"version": 0, "events": [{"type": "x" * 1000}] * 1100})
    assert len(big) > MAX_BODY_BYTES
    answer = _post_raw(client, token, f"/api/games/{game}/events", big)
    assert answer.status_code == 413  # type: ignore[attr-defined]
    assert "larger than 1,048,576 bytes" in answer.json()["detail"]  # type: ignore[attr-defined]

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it comes
        yield from (big[i:i + 65536].encode() for i in range(0, len(big), 65536))

    streamed = client.post(f"/api/games/{game}/events", content=chunks(), headers={
        auth.CSRF_HEADER: token, "content-type": "application/json"})
    assert streamed.status_code == 413


def test_more_events_than_one_write_takes_is_a_422_citing_the_limit(
        demo: Demo, director: Client) -> None:
    client, token = director
    game = game_in_play(demo)
    events = [{"type": "stoppage", "at": "1 9:00"}] * (MAX_EVENTS + 1)
    answer = client.post(f"/api/games/{game}/events", headers={auth.CSRF_HEADER: token},
                         json={"version": _version(demo, game), "events": events})
    assert answer.status_code == 422
    problem = answer.json()["detail"][0]
    assert problem["loc"] == ["body", "events"] and str(MAX_EVENTS) in problem["msg"]


@pytest.mark.parametrize("path", [
    "/games/99999999999999999999", "/api/games/99999999999999999999/state",
    "/api/games/²/events", "/api/games/٣/console", "/games/-1", "/teams/1e3",
])
def test_a_path_id_too_large_or_not_ascii_digits_is_no_page(director: Client, path: str) -> None:
    client, _ = director
    answer = client.get(path)
    assert answer.status_code == 404
    assert "There is no page at" in answer.text


def test_a_nan_version_is_a_422_naming_the_field(demo: Demo, director: Client) -> None:
    client, token = director
    game = game_in_play(demo)
    answer = _post_raw(client, token, f"/api/games/{game}/events",
                       '{"version": NaN, "events": []}')
    assert answer.status_code == 422  # type: ignore[attr-defined]
    assert answer.json()["detail"][0]["loc"] == ["body", "version"]  # type: ignore[attr-defined]


def test_an_official_named_with_a_megabyte_is_refused_and_a_stored_one_still_prints(
        demo: Demo, director: Client) -> None:
    client, token = director
    game = game_in_play(demo)
    huge = "Referee " + "x" * 1_000_000
    answer = client.put(f"/api/games/{game}/officials", headers={auth.CSRF_HEADER: token},
                        json={"referee": [huge]})
    assert answer.status_code == 422
    assert answer.json()["detail"][0]["loc"][:2] == ["body", "referee"]
    officiating.set_officials(demo.service, game, {"referee": [huge]})  # stored another way
    pdf = client.get(f"/games/{game}/report.pdf")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    assert client.get(f"/games/{game}/report").status_code == 200


def test_a_reopening_reason_with_a_control_character_is_refused(
        demo: Demo, director: Client) -> None:
    client, token = director
    game = game_in_play(demo)
    answer = client.post(f"/api/games/{game}/reopen", headers={auth.CSRF_HEADER: token},
                         json={"reason": "bell\x07"})
    assert answer.status_code == 422
    assert answer.json()["detail"][0]["loc"] == ["body", "reason"]


def test_a_lineup_naming_another_teams_player_is_a_422_citing_the_roster_rule(
        demo: Demo, director: Client) -> None:
    client, token = director
    game = game_in_play(demo)
    # the suspended are left out (404(d), 615(d): refused for that first), as the
    # lineup form reads them
    teams = client.get(f"/api/games/{game}/lineups").json()
    ours = [p["id"] for p in teams["home"]["players"] if p["suspended"] is None]
    theirs = next(p["id"] for p in teams["away"]["players"] if p["suspended"] is None)
    for body in ({"players": [*ours, theirs]}, {"players": ours, "captain": theirs},
                 {"players": ours, "goaltenders": [theirs]}):
        answer = client.put(f"/api/games/{game}/lineups/home", json=body,
                            headers={auth.CSRF_HEADER: token})
        assert answer.status_code == 422, body
        assert answer.json()["rule"] in ("203(a)", "202(c)")


def test_a_lone_surrogate_as_an_unknown_field_name_is_a_422(demo: Demo, director: Client
                                                            ) -> None:
    client, token = director
    game = game_in_play(demo)
    event = '{"type": "faceoff", "at": "1 10:00", "\\udc80": 1}'
    answer = _post_raw(client, token, f"/api/games/{game}/events",
                       f'{{"version": {_version(demo, game)}, "events": [{event}]}}')
    assert answer.status_code == 422  # type: ignore[attr-defined]
    assert "not a field of a faceoff event" in answer.text  # type: ignore[attr-defined]
