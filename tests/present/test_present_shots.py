"""present/shots.py: shots and saves in words, the number of each noun right."""

from __future__ import annotations

from rinkside.present.shots import counted, shots_text


def test_one_is_singular_and_every_other_count_plural() -> None:
    assert counted(1, "save") == "1 save"
    assert counted(0, "save") == "0 saves"
    assert counted(2, "save") == "2 saves"
    assert counted(3, "penalty", "penalties") == "3 penalties"


def test_a_teams_shots_and_saves() -> None:
    assert shots_text(1, 1) == "1 shot, 1 save"
    assert shots_text(12, 0) == "12 shots, 0 saves"
