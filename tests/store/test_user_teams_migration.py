"""0038: the teams a manager or coach acts for, one row a team beside
``users.teams`` (issue 30: found by the team, not by reading every team
official). The upgrade copies the lists already stored (a team no longer
stored left out), a team withdrawn takes its rows, and the downgrade drops
the table and keeps every list."""

from __future__ import annotations

import pytest
from sqlalchemy import Engine, text
from sqlalchemy.exc import IntegrityError

from rinkside.store.db import downgrade, migrate

INSERT_USER = text("INSERT INTO users (username, password_hash, role, games, active, teams) "
                   "VALUES (:name, 'x', :role, '[]', true, :teams)")


def _pairs(engine: Engine) -> list[tuple[str, int]]:
    with engine.connect() as c:
        return [(r[0], r[1]) for r in c.execute(text(
            "SELECT users.username, user_teams.team_id FROM user_teams JOIN users "
            "ON users.id = user_teams.user_id ORDER BY users.username, user_teams.team_id"))]


def test_the_upgrade_copies_each_team_officials_teams(engine: Engine) -> None:
    downgrade(engine, "0037")
    with engine.begin() as c:
        c.execute(text("INSERT INTO tournaments (name, starts_on, settings, tiebreaks) "
                       "VALUES ('Cup', '2026-12-12', '{}', '[]')"))
        c.execute(text("INSERT INTO divisions (tournament_id, name, settings) "
                       "SELECT id, 'Open', '{}' FROM tournaments"))
        for name in ("North", "South"):
            c.execute(text("INSERT INTO teams (division_id, name) SELECT id, :name "
                           "FROM divisions"), {"name": name})
        north, south = (c.scalar(text("SELECT id FROM teams WHERE name = :n"), {"n": n})
                        for n in ("North", "South"))
        c.execute(INSERT_USER, {"name": "cal", "role": "coach",
                                "teams": f"[{south}, {north}]"})
        c.execute(INSERT_USER, {"name": "mia", "role": "manager",
                                "teams": f"[{north}, 99999]"})  # 99999: no such team
        c.execute(INSERT_USER, {"name": "sam", "role": "scorekeeper", "teams": "[]"})
    migrate(engine)
    assert _pairs(engine) == sorted([("cal", north), ("cal", south), ("mia", north)])
    with engine.begin() as c:  # a team gone takes its rows
        c.execute(text("DELETE FROM teams WHERE id = :id"), {"id": north})
    assert _pairs(engine) == [("cal", south)]
    with pytest.raises(IntegrityError), engine.begin() as c:  # no row of a team not stored
        c.execute(text("INSERT INTO user_teams (team_id, user_id) SELECT 99999, id FROM users "
                       "WHERE username = 'sam'"))
    downgrade(engine, "0037")
    with engine.connect() as c:
        assert c.scalar(text("SELECT teams FROM users WHERE username = 'cal'")) is not None
        assert "user_teams" not in {r[0] for r in c.execute(text(
            "SELECT table_name FROM information_schema.tables "
            "WHERE table_schema = current_schema()") if c.dialect.name != "sqlite"
            else text("SELECT name FROM sqlite_master WHERE type = 'table'"))}
