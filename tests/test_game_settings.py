"""The settings a write reads its times by, in one statement: the very
settings the engine judges the game by (Rule 639: a playoff game under the
playoff settings), and a clear NotFound for a game that is not there."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_sync_kit import two_teams

from rinkside.services import queries
from rinkside.services.errors import NotFound
from rinkside.services.open import open_tournaments


def test_a_games_settings_are_those_its_setup_plays_by(tmp_path: Path) -> None:
    service = open_tournaments(f"sqlite:///{tmp_path / 'store.sqlite'}")
    tournament = service.create_tournament("Settings Cup", None,
                                           {"periods": 3, "overtime": "none"})
    division = service.add_division(tournament, "Open")
    home, away = (service.add_team(division, name) for name in ("Home", "Away"))
    pool = service.add_game(division, home, away)
    playoff = service.add_game(division, home, away, stage="playoff")
    for game in (pool, playoff):
        assert service.game_settings(game) == service.game_state(game)[1].setup.settings
    assert service.game_settings(pool).periods == 3
    assert service.game_settings(pool).overtime == "none"
    assert service.game_settings(playoff).overtime != "none"  # 639: a playoff game is decided


def test_an_unknown_game_is_not_found(tmp_path: Path) -> None:
    service = open_tournaments(f"sqlite:///{tmp_path / 'store.sqlite'}")
    two_teams(service, "Settings Cup")
    with pytest.raises(NotFound, match="no game 99"):
        service.game_settings(99)
    with pytest.raises(NotFound, match="no game 99"):
        queries.known(service, 99)
