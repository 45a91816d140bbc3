"""0012 moves the Event Directors' decisions (404(h), 405(b)) out of the
supplementary-discipline rows that held them as reason text, and back."""

from __future__ import annotations

from sqlalchemy import Engine, text
from sqlalchemy.orm import Session
from storekit import new_game

from rinkside.store.db import downgrade, migrate

OLD_ROW = ("INSERT INTO supplementary_disciplines (player_id, games, extent, reason, "
           "after_game_id, recorded_by, recorded_at) VALUES (:p, :g, :e, :r, :a, 'dora', "
           "'2026-12-01 10:00:00+00:00')")


def test_rule_404h_decisions_kept_as_reason_text_become_typed_rows_zero_games_kept(
        engine: Engine) -> None:
    with Session(engine) as s:
        game = new_game(s)
        team = s.execute(text("SELECT home_team_id FROM games WHERE id = :g"),
                         {"g": game}).scalar_one()
    downgrade(engine, "0011")
    with engine.begin() as c:
        c.execute(text("INSERT INTO players (team_id, number, name, goalie, captain, active) "
                       "VALUES (:t, 7, 'Ray Nolan', false, NULL, true)"), {"t": team})
        player = c.execute(text("SELECT id FROM players WHERE number = 7")).scalar_one()
        c.execute(text(OLD_ROW), {"p": player, "g": 1, "e": None, "a": game,
                                  "r": f"[review 404(h) game {game}: 0] no more games"})
        c.execute(text(OLD_ROW), {"p": player, "g": None, "e": "rest_of_tournament", "a": game,
                                  "r": f"[review 405(b) game {game}: rest_of_tournament] out"})
        c.execute(text(OLD_ROW), {"p": player, "g": 2, "e": None, "a": None,
                                  "r": "spat at an official"})
    migrate(engine)
    with engine.connect() as c:
        decisions = c.execute(text("SELECT rule, games, extent, decision FROM review_decisions "
                                   "ORDER BY id")).all()
        left = c.execute(text("SELECT reason FROM supplementary_disciplines")).scalars().all()
    assert [tuple(d) for d in decisions] == [("404(h)", 0, None, "no more games"),
                                             ("405(b)", None, "rest_of_tournament", "out")]
    assert left == ["spat at an official"]
    downgrade(engine, "0011")
    with engine.connect() as c:
        back = c.execute(text("SELECT reason FROM supplementary_disciplines ORDER BY id")
                         ).scalars().all()
    assert sorted(back) == sorted(["spat at an official",
                                   f"[review 404(h) game {game}: 0] no more games",
                                   f"[review 405(b) game {game}: rest_of_tournament] out"])
    migrate(engine)
