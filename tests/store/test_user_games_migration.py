"""0039: the games a scorekeeper, table official or referee works, one row a
game beside ``users.games`` (issue 30: a game's logins found by the game,
not by reading every user). The upgrade copies the lists already stored (a
game no longer stored left out), a game removed takes its rows, and the
downgrade drops the table and keeps every list."""

from __future__ import annotations

import pytest
from sqlalchemy import Engine, text
from sqlalchemy.exc import IntegrityError

from rinkside.store.db import downgrade, migrate

INSERT_USER = text(
    "INSERT INTO users (username, password_hash, role, games, active, teams) "
    "VALUES (:name, 'x', :role, :games, true, '[]')"
)


def _pairs(engine: Engine) -> list[tuple[str, int]]:
    with engine.connect() as c:
        return [
            (r[0], r[1])
            for r in c.execute(
                text(
                    "SELECT users.username, user_games.game_id FROM user_games JOIN users "
                    "ON users.id = user_games.user_id ORDER BY users.username, user_games.game_id"
                )
            )
        ]


def test_the_upgrade_copies_each_users_games(engine: Engine) -> None:
    downgrade(engine, "0038")
    with engine.begin() as c:
        c.execute(
            text(
                "INSERT INTO tournaments (name, starts_on, settings, tiebreaks) "
                "VALUES ('Cup', '2026-12-12', '{}', '[]')"
            )
        )
        c.execute(
            text(
                "INSERT INTO divisions (tournament_id, name, settings) "
                "SELECT id, 'Open', '{}' FROM tournaments"
            )
        )
        for name in ("North", "South"):
            c.execute(
                text("INSERT INTO teams (division_id, name) SELECT id, :name FROM divisions"),
                {"name": name},
            )
        for order in (1, 2):
            c.execute(
                text(
                    "INSERT INTO games (division_id, stage, home_team_id, away_team_id, "
                    "schedule_order) "
                    "SELECT d.id, 'pool', h.id, a.id, :order FROM divisions d, teams h, teams a "
                    "WHERE h.name = 'North' AND a.name = 'South'"
                ),
                {"order": order},
            )
        first, second = c.scalars(text("SELECT id FROM games ORDER BY id")).all()
        c.execute(INSERT_USER, {"name": "rae", "role": "referee", "games": f"[{second}, {first}]"})
        c.execute(INSERT_USER, {"name": "kim", "role": "scorekeeper", "games": f"[{first}, 99999]"})
        c.execute(INSERT_USER, {"name": "dora", "role": "director", "games": "[]"})
    migrate(engine)
    assert _pairs(engine) == sorted([("kim", first), ("rae", first), ("rae", second)])
    with engine.begin() as c:  # a game gone takes its rows
        c.execute(text("DELETE FROM games WHERE id = :id"), {"id": first})
    assert _pairs(engine) == [("rae", second)]
    with pytest.raises(IntegrityError), engine.begin() as c:  # no row of a game not stored
        c.execute(
            text(
                "INSERT INTO user_games (game_id, user_id) "
                "SELECT 99999, id FROM users WHERE username = 'dora'"
            )
        )
    downgrade(engine, "0038")
    with engine.connect() as c:
        assert c.scalar(text("SELECT games FROM users WHERE username = 'rae'")) is not None
        tables = (
            text(
                "SELECT table_name FROM information_schema.tables "
                "WHERE table_schema = current_schema()"
            )
            if c.dialect.name != "sqlite"
            else text("SELECT name FROM sqlite_master WHERE type = 'table'")
        )
        assert "user_games" not in {r[0] for r in c.execute(tables)}
