"""0018: users may be the book's table officials (Rules 505-507); the CHECK
constraint refuses any other role, and the downgrade keeps such a user but
disabled, with no games, as a referee (the old constraint's roles)."""

from __future__ import annotations

import pytest
from sqlalchemy import Engine, inspect, text
from sqlalchemy.exc import DataError, IntegrityError

from rinkside.store.db import downgrade, migrate

# A user as the store has them today (0024 added the teams of a team official)
# and as 0017 had them.
INSERT = text("INSERT INTO users (username, password_hash, role, games, active, teams) "
              "VALUES (:name, 'x', :role, '[3]', true, '[]')")
INSERT_0017 = text("INSERT INTO users (username, password_hash, role, games, active) "
                   "VALUES (:name, 'x', :role, '[3]', true)")


def _users(engine: Engine) -> list[tuple[str, str, str, bool]]:
    with engine.connect() as c:
        return [(r[0], r[1], str(r[2]), bool(r[3])) for r in c.execute(text(
            "SELECT username, role, games, active FROM users ORDER BY username"))]


def test_the_table_roles_are_stored_and_no_other(engine: Engine) -> None:
    with engine.begin() as c:
        for role in ("game_timekeeper", "penalty_timekeeper", "official_scorer"):
            c.execute(INSERT, {"name": role, "role": role})
    assert [u[1] for u in _users(engine)] == ["game_timekeeper", "official_scorer",
                                               "penalty_timekeeper"]
    with pytest.raises(IntegrityError), engine.begin() as c:
        c.execute(INSERT, {"name": "x", "role": "timekeeper"})
    checks = {c["name"] for c in inspect(engine).get_check_constraints("users")}
    assert checks == {"ck_users_ck_users_role"}


def test_the_downgrade_keeps_a_table_official_disabled_as_a_referee(engine: Engine) -> None:
    with engine.begin() as c:
        c.execute(INSERT, {"name": "tim", "role": "penalty_timekeeper"})
        c.execute(INSERT, {"name": "sam", "role": "scorekeeper"})
    downgrade(engine, "0017")
    assert _users(engine) == [("sam", "scorekeeper", "[3]", True), ("tim", "referee", "[]", False)]
    # refused by the CHECK constraint (SQLite) or the 16 characters (PostgreSQL)
    with pytest.raises((IntegrityError, DataError)), engine.begin() as c:
        c.execute(INSERT_0017, {"name": "pat", "role": "penalty_timekeeper"})
    migrate(engine)
    with engine.begin() as c:
        c.execute(INSERT, {"name": "pat", "role": "penalty_timekeeper"})
    assert len(_users(engine)) == 3
