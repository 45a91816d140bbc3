"""The schema is made by the migrations, and only by them."""

from __future__ import annotations

import re
from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Engine, inspect, select
from sqlalchemy.orm import Session
from storekit import new_game

from rinkside.store.db import downgrade, migrate
from rinkside.store.models import Base, Game

TABLES = {
    "tournaments", "divisions", "teams", "players", "roster_changes", "games",
    "lineup_entries", "event_revisions", "supplementary_disciplines", "coin_tosses",
    "game_states", "users", "game_officials", "signoff_entries", "rinks",
    "sessions", "login_failures", "store_meta", "sync_tokens", "sync_links", "sync_games",
    "desk_changes", "clock_anchors", "team_styles", "written_reports",
    "review_decisions", "suspension_changes", "sync_credentials", "playoff_places",
    "api_tokens", "webhooks", "webhook_deliveries",
    "signed_reports", "roster_submissions", "team_signatures", "mail_outbox",
    "team_requests", "official_hours", "schedule_locks", "venue_travel", "user_teams",
    "user_games",
}
SINCE_0005 = {"users", "game_officials", "signoff_entries", "rinks", "sessions", "login_failures",
              "store_meta", "sync_tokens", "sync_links", "sync_games", "desk_changes",
              "clock_anchors", "team_styles", "written_reports",
              "review_decisions", "suspension_changes", "sync_credentials",
              "playoff_places", "api_tokens", "webhooks", "webhook_deliveries", "signed_reports",
              "roster_submissions", "team_signatures", "mail_outbox",
              "team_requests", "official_hours", "schedule_locks", "venue_travel",
              "user_teams", "user_games"}


def _tables(engine: Engine) -> set[str]:
    return set(inspect(engine).get_table_names()) - {"alembic_version"}


def _differences(engine: Engine) -> list[object]:
    """What autogenerate would change to make the database match the models."""
    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={
            "compare_type": True,
            # SQLite reports server defaults in its own spelling; PostgreSQL's are exact.
            "compare_server_default": engine.dialect.name == "postgresql",
        })
        return list(compare_metadata(context, Base.metadata))


def test_an_empty_database_has_no_tables(empty_engine: Engine) -> None:
    assert _tables(empty_engine) == set()


def test_migrating_an_empty_database_creates_every_table(empty_engine: Engine) -> None:
    migrate(empty_engine)
    assert _tables(empty_engine) == TABLES == set(Base.metadata.tables)


def test_the_migrated_schema_is_the_models(engine: Engine) -> None:
    assert _differences(engine) == []


def test_a_revision_is_keyed_by_game_and_number(engine: Engine) -> None:
    key = inspect(engine).get_pk_constraint("event_revisions")
    assert key["constrained_columns"] == ["game_id", "revision"]
    if engine.dialect.name == "sqlite":
        with engine.connect() as connection:
            sql = connection.exec_driver_sql(
                "SELECT sql FROM sqlite_master WHERE name = 'event_revisions'").scalar()
        assert str(sql).rstrip().endswith("WITHOUT ROWID")


def test_downgrade_to_base_then_upgrade_round_trips(engine: Engine) -> None:
    with Session(engine) as session:
        new_game(session)
    downgrade(engine, "base")
    assert _tables(engine) == set()
    migrate(engine)
    assert _tables(engine) == TABLES
    assert _differences(engine) == []
    with Session(engine) as session:
        assert session.scalars(select(Game)).all() == []
        new_game(session)  # the schema works again


def _triggers(engine: Engine) -> set[str]:
    """The triggers of the database (PostgreSQL: of the engine's schema, with
    the functions they run)."""
    with engine.connect() as connection:
        if engine.dialect.name == "sqlite":
            rows = connection.exec_driver_sql(
                "SELECT 'trigger ' || name || ' on ' || tbl_name FROM sqlite_master"
                " WHERE type = 'trigger'")
            return set(rows.scalars())
        triggers = connection.exec_driver_sql(
            "SELECT 'trigger ' || t.tgname || ' on ' || c.relname FROM pg_trigger t"
            " JOIN pg_class c ON c.oid = t.tgrelid"
            " WHERE NOT t.tgisinternal AND c.relnamespace = current_schema()::regnamespace")
        functions = connection.exec_driver_sql(
            "SELECT 'function ' || proname FROM pg_proc"
            " WHERE pronamespace = current_schema()::regnamespace")
        return set(triggers.scalars()) | set(functions.scalars())


def test_the_trigger_that_keeps_the_head_comes_and_goes_with_0003(engine: Engine) -> None:
    trigger = {"trigger event_revisions_advance_game on event_revisions"}
    if engine.dialect.name == "postgresql":
        trigger.add("function event_revisions_advance_game")
    assert _triggers(engine) == trigger
    downgrade(engine, "0002")
    assert _triggers(engine) == set()
    assert _tables(engine) == TABLES - SINCE_0005  # 0005 and later are undone too
    migrate(engine)
    assert _triggers(engine) == trigger
    assert _differences(engine) == []  # triggers are no part of the models' comparison


def test_migrating_twice_changes_nothing(engine: Engine) -> None:
    migrate(engine)
    assert _tables(engine) == TABLES


def test_tables_are_never_made_from_the_models_in_the_package() -> None:
    source = Path(__file__).resolve().parents[2] / "src" / "rinkside"
    offenders = [
        str(path.relative_to(source)) for path in source.rglob("*.py")
        if re.search(r"\bcreate_all\(", path.read_text(encoding="utf-8"))
    ]
    assert offenders == []
