"""0038 and 0039: the teams a manager or coach acts for and the games a
scorekeeper, table official or referee works, one row a team or game beside
``users.teams`` and ``users.games`` (issue 30: found by the team or game,
not by reading every user). Each upgrade copies the lists already stored (a
team or game no longer stored left out), a team or game removed takes its
rows, and the downgrade drops the table and keeps every list."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from sqlalchemy import Connection, Engine, text
from sqlalchemy.exc import IntegrityError

from rinkside.store.db import downgrade, migrate


@dataclass(frozen=True)
class Listed:
    """A list of ``users`` (``column``) and the table its migration made of
    it (``table``, one row a member, keyed ``key``): the revision before it,
    two roles that list members and one that lists none."""

    column: str
    table: str
    key: str
    before: str
    listing: tuple[str, str]
    none: str


TEAMS = Listed("teams", "user_teams", "team_id", "0037", ("coach", "manager"), "scorekeeper")
GAMES = Listed("games", "user_games", "game_id", "0038", ("referee", "scorekeeper"), "director")


def _members(c: Connection, listed: Listed) -> list[int]:
    """Two teams (and for games, two games between them): the members' ids."""
    c.execute(text("INSERT INTO tournaments (name, starts_on, settings, tiebreaks) "
                   "VALUES ('Cup', '2026-12-12', '{}', '[]')"))
    c.execute(text("INSERT INTO divisions (tournament_id, name, settings) "
                   "SELECT id, 'Open', '{}' FROM tournaments"))
    for name in ("North", "South"):
        c.execute(text("INSERT INTO teams (division_id, name) SELECT id, :name FROM divisions"),
                  {"name": name})
    if listed is GAMES:
        for order in (1, 2):
            c.execute(text(
                "INSERT INTO games (division_id, stage, home_team_id, away_team_id, "
                "schedule_order) SELECT d.id, 'pool', h.id, a.id, :order "
                "FROM divisions d, teams h, teams a WHERE h.name = 'North' AND a.name = 'South'"),
                {"order": order})
    return list(c.scalars(text(f"SELECT id FROM {listed.column} ORDER BY id")))


def _pairs(engine: Engine, listed: Listed) -> list[tuple[str, int]]:
    with engine.connect() as c:
        return [(r[0], r[1]) for r in c.execute(text(
            f"SELECT users.username, {listed.table}.{listed.key} FROM {listed.table} "
            f"JOIN users ON users.id = {listed.table}.user_id "
            f"ORDER BY users.username, {listed.table}.{listed.key}"))]


@pytest.mark.parametrize("listed", [TEAMS, GAMES], ids=["user_teams", "user_games"])
def test_the_upgrade_copies_each_users_list(engine: Engine, listed: Listed) -> None:
    other = "teams" if listed is GAMES else "games"
    insert_user = text(
        f"INSERT INTO users (username, password_hash, role, {listed.column}, active, {other}) "
        "VALUES (:name, 'x', :role, :members, true, '[]')")
    downgrade(engine, listed.before)
    with engine.begin() as c:
        first, second = _members(c, listed)
        c.execute(insert_user, {"name": "ann", "role": listed.listing[0],
                                "members": f"[{second}, {first}]"})
        c.execute(insert_user, {"name": "bob", "role": listed.listing[1],
                                "members": f"[{first}, 99999]"})  # 99999: not stored
        c.execute(insert_user, {"name": "cy", "role": listed.none, "members": "[]"})
    migrate(engine)
    assert _pairs(engine, listed) == sorted([("ann", first), ("ann", second), ("bob", first)])
    with engine.begin() as c:  # a member gone takes its rows
        c.execute(text(f"DELETE FROM {listed.column} WHERE id = :id"), {"id": first})
    assert _pairs(engine, listed) == [("ann", second)]
    with pytest.raises(IntegrityError), engine.begin() as c:  # no row of a member not stored
        c.execute(text(f"INSERT INTO {listed.table} ({listed.key}, user_id) "
                       "SELECT 99999, id FROM users WHERE username = 'cy'"))
    downgrade(engine, listed.before)
    with engine.connect() as c:
        kept = f"SELECT {listed.column} FROM users WHERE username = 'ann'"
        assert c.scalar(text(kept)) is not None
        assert listed.table not in {r[0] for r in c.execute(text(
            "SELECT table_name FROM information_schema.tables "
            "WHERE table_schema = current_schema()") if c.dialect.name != "sqlite"
            else text("SELECT name FROM sqlite_master WHERE type = 'table'"))}
