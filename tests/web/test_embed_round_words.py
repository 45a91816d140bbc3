"""The scores a club embeds (``/embed/scores``) name a playoff game's round
as the schedule does, "playoff round: final": a game still to play read
"Not started" over "Fri 20:30 · Rink 1 · Final", the round's name taken
for the game's state."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient
from webkit import Demo

from rinkside.services import queries


def test_a_playoff_games_round_is_named_as_a_round(client: TestClient, demo: Demo) -> None:
    division = queries.divisions(demo.service, demo.tournament_id)[0].division_id
    top, second = demo.service.seeds(division, 2)
    demo.service.add_game(division, top, second, stage="playoff", round_name="final")
    playoff = [g for g in queries.games(demo.service, tournament_id=demo.tournament_id)
               if g.round_name]
    assert playoff
    page = client.get(f"/embed/scores?tournament={demo.tournament_id}")
    assert page.status_code == 200
    for game in playoff:
        row = page.text.split(f'href="/games/{game.game_id}"')[1].split("</li>")[0]
        assert f"playoff round: {game.round_name}" in row
        assert not re.search(rf"· {re.escape(game.round_name)}\s*<", row)
