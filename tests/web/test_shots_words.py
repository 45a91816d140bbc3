"""Shots and saves on the state JSON and the game page, in words with the
noun's number right ("1 save", never "1 saves"), said by present/shots.py."""

from __future__ import annotations

import html

from fastapi.testclient import TestClient
from webkit import Demo, new_game, record

from rinkside.rules.events import FaceOff, Shot
from rinkside.rules.times import GameTime


def test_one_shot_saved_reads_one_shot_and_one_save(client: TestClient, demo: Demo) -> None:
    game = new_game(demo)
    record(demo.service, game, FaceOff(GameTime(1, 7200)), Shot(GameTime(1, 7000), "away"))
    data = client.get(f"/api/games/{game}/state").json()
    assert data["shots"] == {"home": 0, "away": 1} and data["saves"] == {"home": 1, "away": 0}
    assert data["shots_text"] == {"home": "0 shots, 1 save", "away": "1 shot, 0 saves"}
    page = html.unescape(client.get(f"/games/{game}").text)
    home, away = data["teams"]["home"]["name"], data["teams"]["away"]["name"]
    assert f"Shots on goal: {home} 0 shots, 1 save; {away} 1 shot, 0 saves" in page
    assert "1 saves" not in page
