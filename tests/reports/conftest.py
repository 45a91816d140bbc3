"""Fixtures of the report tests: the cup in a SQLite file with the scripted
game played (built once per module; helpers in ``reportkit``)."""

from __future__ import annotations

import pytest
from reportkit import Cup, make_cup, scripted_game

from rinkside.services.open import open_tournaments


@pytest.fixture(scope="module")
def cup(tmp_path_factory: pytest.TempPathFactory) -> Cup:
    path = tmp_path_factory.mktemp("reports") / "cup.sqlite"
    return make_cup(open_tournaments(f"sqlite:///{path}"))


@pytest.fixture(scope="module")
def game(cup: Cup) -> int:
    """The scripted game (see ``reportkit``), played to the end, not signed."""
    return scripted_game(cup)
