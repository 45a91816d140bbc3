"""Stored text the checks at the edge would now refuse (a control character
in an old player's or team's name, a lone surrogate in an old event's text)
never reaches the live state JSON, the stream or the live pages as it was:
each is shown with U+FFFD, as the report shows it (formats.text.readable)."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from webkit import Client, Demo, game_in_play, logged_in, record

from rinkside.rules.events import Penalty, PenaltyClass, Stoppage
from rinkside.rules.times import GameTime
from rinkside.services import queries
from rinkside.web import auth


@pytest.fixture(scope="module")
def viewer(app: FastAPI, demo: Demo) -> Iterator[Client]:
    auth.create_user(demo.service, "bad-text", "bad-text-pass-1", "director")
    yield from logged_in(app, "bad-text", "bad-text-pass-1")


def _old_names(demo: Demo, game: int) -> int:
    """Rename a home player and the home team as an older version could have
    stored them (a bell and an escape character); the number renamed."""
    from rinkside.store import models
    row = queries.game(demo.service, game)
    number = demo.service.game_state(game)[1].setup.home.players[3].number  # dressed
    with demo.service.write() as s:
        team = s.get(models.Team, row.home_team_id)
        assert team is not None
        team.name = "Old\x07Bells"
        player = next(p for p in team.players if p.number == number)
        player.name = "Esc\x1b[31mape"
    return number


def test_the_live_state_and_pages_show_stored_bad_text_readable(
        demo: Demo, viewer: Client) -> None:
    client, _ = viewer
    game = game_in_play(demo)
    number = _old_names(demo, game)
    record(demo.service, game, Stoppage(GameTime(1, 5000), "bad \ud800 reason"),
           Penalty(GameTime(1, 5000), "home", number, PenaltyClass.MINOR, "Trip\ud800", "642"))
    answer = client.get(f"/api/games/{game}/state")
    assert answer.status_code == 200
    text = answer.content.decode("utf-8")  # strict: no lone surrogate in the bytes
    assert "\\ud800" not in text.lower() and "\\u0007" not in text and "\\u001b" not in text
    state = json.loads(text)
    assert state["teams"]["home"]["name"] == "Old\ufffdBells"
    infractions = [e["infraction"] for e in state["box"]["home"]]
    assert "Trip\ufffd" in infractions
    for path in (f"/games/{game}", f"/scoreboard/{game}", f"/console/games/{game}"):
        page = client.get(path)
        assert page.status_code == 200, path
        body = page.content.decode("utf-8")
        assert "\x07" not in body and "\x1b" not in body, path
        assert "Old\ufffdBells" in body, path
