"""Each table official records only what the book gives them (Rules 505,
506, 507): every role times every console write, allowed or 403 naming the
rule, and a refused write stores nothing; the scorekeeper and the director
make them all."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

import pytest
from fastapi import FastAPI
from webkit import Client, Demo, game_in_play, logged_in, skaters

from rinkside.rules import table_officials
from rinkside.rules.events import EVENT_CLASSES
from rinkside.services import officiating, queries, users
from rinkside.web import views

PASSWORD: Final = "table-roles-1"
ROLES: Final = ("director", "scorekeeper", "game_timekeeper", "penalty_timekeeper",
                "official_scorer")

# The book, read again here (not from the module under test).
THEIRS: Final[dict[str, set[str]]] = {
    "game_timekeeper": {"faceoff", "stoppage", "period_end", "timeout", "referee_timeout",
                        "suspend", "resume", "clock"},                                # 507
    "penalty_timekeeper": {"left_box", "servers"},                                   # 505
    "official_scorer": {"goal", "shot", "penalty", "penalty_signal", "penalty_shot",
                        "goalie", "shootout_attempt", "forfeit", "designate", "measure",
                        "warning", "correction", "lineup", "signature", "servers"},  # 506
}
THEIR_RULE: Final = {"game_timekeeper": "Rule 507:", "penalty_timekeeper": "Rule 505:",
                     "official_scorer": "Rule 506:"}
WRITES: Final = (*EVENT_CLASSES, *table_officials.OTHER_WRITES)


def test_the_table_names_every_write_and_the_book_gives_each_its_officials() -> None:
    for role in table_officials.TABLE_ROLES:
        for write in WRITES:
            refused = table_officials.refusal(role, write)
            if write in THEIRS[role]:
                assert refused is None, (role, write)
            else:
                assert refused is not None and refused.startswith(THEIR_RULE[role]), (role, write)
                owner = table_officials.duty(write).rule
                assert f"(Rule {owner})" in refused


def test_a_stoppage_is_the_scorers_only_with_the_goal_it_stops_for() -> None:
    assert table_officials.refusal_of_batch("official_scorer", ["stoppage", "goal"]) is None
    assert table_officials.refusal_of_batch("official_scorer", ["stoppage"]) is not None
    assert table_officials.refusal_of_batch("official_scorer", ["goal", "faceoff"]) is not None
    assert table_officials.refusal_of_batch("game_timekeeper", ["stoppage", "goal"]) is not None


@pytest.fixture(scope="module")
def game(demo: Demo) -> int:
    return game_in_play(demo)


@pytest.fixture(scope="module")
def doors(app: FastAPI, demo: Demo, game: int) -> Iterator[dict[str, Client]]:
    made: dict[str, Client] = {}
    sessions = []
    for role in ROLES:
        users.create_user(demo.service, f"t-{role}", PASSWORD, role,
                          [] if role == "director" else [game])
        sessions.append(logged_in(app, f"t-{role}", PASSWORD))
        made[role] = next(sessions[-1])
    yield made
    for session in sessions:
        next(session, None)


def _request(write: str, game: int, version: int) -> tuple[str, str, dict[str, Any]]:
    """A request for ``write`` that changes nothing when let through (the
    engine or the reader refuses it: 422), so every pair runs on one game."""
    if write in EVENT_CLASSES:
        return "POST", f"/api/games/{game}/events", {
            "version": version, "events": [{"type": write}]}
    return {
        "clock": ("PUT", f"/api/games/{game}/clock", {"left": "99:99"}),
        "correction": ("POST", f"/api/games/{game}/corrections", {
            "version": version, "op": "delete", "position": 9999, "reason": "matrix"}),
        "servers": ("POST", f"/api/games/{game}/servers", {
            "version": version, "penalty": 9999, "served_by": 4}),
        "lineup": ("PUT", f"/api/games/{game}/lineups/nobody", {"players": []}),
    }[write]


@pytest.mark.parametrize("role", ROLES)
def test_every_role_times_every_console_write(demo: Demo, doors: dict[str, Client],
                                              game: int, role: str) -> None:
    client, csrf = doors[role]
    for write in WRITES:
        if write == "signature":
            continue  # the sign-off's own test below
        version, _ = demo.service.game_state(game)
        method, url, body = _request(write, game, version)
        answer = client.request(method, url, json=body, headers={"X-CSRF-Token": csrf})
        allowed = role in ("director", "scorekeeper") or write in THEIRS[role]
        if allowed:
            assert answer.status_code != 403, (role, write, answer.text)
        else:
            assert answer.status_code == 403, (role, write, answer.text)
            detail = answer.json()["detail"]
            assert detail.startswith(THEIR_RULE[role]) and f"t-{role} may not" in detail
        assert demo.service.game_state(game)[0] == version  # nothing stored either way


def test_each_official_records_their_own_at_one_game(demo: Demo, doors: dict[str, Client],
                                                     game: int) -> None:
    culprit = skaters(demo.service, game, "away")[0]
    steps = [("penalty_timekeeper", {"type": "left_box", "at": "1 9:30", "team": "away",
                                     "player": culprit}),
             ("game_timekeeper", {"type": "stoppage", "at": "1 9:20"})]
    for role, event in steps:
        client, csrf = doors[role]
        version, _ = demo.service.game_state(game)
        answer = client.post(f"/api/games/{game}/events", json={
            "version": version, "events": [event]}, headers={"X-CSRF-Token": csrf})
        assert answer.status_code == 200, answer.text
    lines = doors["official_scorer"][0].get(f"/api/games/{game}/console").json()["events"]
    _, state = demo.service.game_state(game)
    assert lines[-2]["text"] == (
        f"1 9:30 · {state.setup.away.name} {views.player_name(state, 'away', culprit)} "
        "left the penalty bench early (Rule 505(b))")
    refused = doors["game_timekeeper"][0].post(
        f"/api/games/{game}/events", headers={"X-CSRF-Token": doors["game_timekeeper"][1]},
        json={"version": demo.service.game_state(game)[0], "events": [
            {"type": "penalty", "at": "1 9:20", "team": "away", "player": culprit,
             "class": "minor", "infraction": "Tripping", "rule": "642(a)"}]})
    assert refused.status_code == 403
    assert refused.json()["detail"].startswith(
        "Rule 507: the game timekeeper keeps the time; a penalty is for the official scorer to "
        "record (Rule 506(a))")


def test_the_official_scorer_signs_and_the_referees_lock(demo: Demo) -> None:
    final = next(g for g in queries.games(demo.service) if g.version > 0
                 and demo.service.game_state(g.game_id)[1].status == "final"
                 and not officiating.is_locked(demo.service, g.game_id))
    users.create_user(demo.service, "os-sign", PASSWORD, "official_scorer", [final.game_id])
    users.create_user(demo.service, "ref-sign", PASSWORD, "referee", [final.game_id])
    users.create_user(demo.service, "gt-sign", PASSWORD, "game_timekeeper", [final.game_id])
    with pytest.raises(officiating.SignOffRefused, match="506"):
        officiating.sign(demo.service, final.game_id, "gt-sign")
    status = officiating.sign(demo.service, final.game_id, "os-sign")  # 506(b)
    assert not status.locked and [s.role for s in status.signatures] == ["official_scorer"]
    assert "ref-sign" in status.awaiting
    others = [r for r in status.awaiting if r != "ref-sign"]
    for referee in others:
        officiating.sign(demo.service, final.game_id, referee)
    assert officiating.sign(demo.service, final.game_id, "ref-sign").locked  # 616(a)
