"""Migration 0017 on a rink laptop pulled before it: the league's password
hashes of its officials are gone (no password logs them in until the next
pull brings their credentials), its own directors untouched; on a league
server nothing changes."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import JSON, Boolean, Engine, Integer, String, column, insert, select, table

from rinkside.services.users import hashed
from rinkside.store.db import migrate, session_factory
from rinkside.store.models import SyncCredential, SyncLink, User

# The users table as 0016 has it (today's model has columns it lacks: full_name).
USERS_0016 = table("users", column("username", String), column("password_hash", String),
                   column("role", String), column("games", JSON))
# The rinks table as 0016 has it (today's has columns it lacks: venue, hours).
RINKS_0016 = table("rinks", column("tournament_id", Integer), column("name", String),
                   column("dimensions", JSON))
# The tournaments table as 0016 has it (today's has columns it lacks: roster_deadline).
TOURNAMENTS_0016 = table("tournaments", column("id", Integer), column("name", String),
                         column("settings", JSON), column("tiebreaks", JSON),
                         column("started", Boolean))


def _users(engine: Engine) -> dict[str, str]:
    with session_factory(engine)() as s:
        rows = s.execute(select(USERS_0016.c.username, USERS_0016.c.password_hash))
        return {str(name): str(password) for name, password in rows}


def test_a_laptops_officials_lose_the_league_password_hashes(empty_engine: Engine) -> None:
    migrate(empty_engine, "0016")
    sessions = session_factory(empty_engine)
    with sessions() as s:
        # A tournament only, as 0016 stores it.
        s.execute(insert(TOURNAMENTS_0016).values(
            name="Spring Classic", settings={"minor": "1:30"}, started=False,
            tiebreaks=["head_to_head", "goal_difference", "coin_toss"]))
        tournament = s.scalars(select(TOURNAMENTS_0016.c.id)).one()
        s.execute(insert(RINKS_0016).values(tournament_id=tournament, name="North", dimensions={}))
        s.execute(insert(SyncLink).values(league_url="http://league", token="t",
                                          tournament_id=tournament, rink="North",
                                          pulled_at=datetime(2026, 12, 1, tzinfo=UTC)))
        for name, role in (("scorer", "scorekeeper"), ("ref", "referee"), ("boss", "director")):
            s.execute(insert(USERS_0016).values(username=name, role=role, games=[],
                                                password_hash=hashed(f"{name}-password")))
        s.commit()
    before = _users(empty_engine)
    migrate(empty_engine)
    after = _users(empty_engine)
    assert after["scorer"] == after["ref"] == "!no credential for this laptop"
    assert after["boss"] == before["boss"]  # the laptop's own director
    with sessions() as s:
        carried = s.execute(select(User.username).join(
            SyncCredential, SyncCredential.user_id == User.id).order_by(User.username)
        ).scalars().all()
    assert carried == ["ref", "scorer"]


def test_a_league_servers_users_are_untouched(empty_engine: Engine) -> None:
    migrate(empty_engine, "0016")
    sessions = session_factory(empty_engine)
    with sessions() as s:
        s.execute(insert(USERS_0016).values(username="scorer", role="scorekeeper", games=[],
                                            password_hash=hashed("scorer-password")))
        s.commit()
    before = _users(empty_engine)
    migrate(empty_engine)
    assert _users(empty_engine) == before
    with sessions() as s:
        assert s.scalars(select(SyncCredential)).all() == []
