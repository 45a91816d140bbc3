"""The tournament store: tournaments, rosters, schedule, event logs, decisions.

Revision ID: 0001
Revises:
Create Date: 2025-01-01

Written out in full (not generated at run time) so that this revision stays
what it was when later ones change the models; ``tests/store`` checks that
the migrated schema matches :mod:`rinkside.store.models`.
"""

from __future__ import annotations

import sqlalchemy
from alembic import op

from rinkside.store.migrations import ddl

revision: str = "0001"
down_revision: str | None = None

def upgrade() -> None:
    ddl.create_table(
        "tournaments",
        ddl.string("name", ddl.NAME),
        sqlalchemy.Column("starts_on", sqlalchemy.Date(), nullable=True),
        ddl.json("settings"),
        ddl.json("tiebreaks"),
        ddl.flag("started", default=False),
    )
    ddl.create_table(
        "divisions",
        ddl.integer("tournament_id"),
        ddl.string("name", ddl.NAME),
        ddl.json("settings"),
        ddl.flag("player_coaches_allowed", default=False),
        ddl.foreign_key("divisions", "tournament_id", "tournaments"),
        ddl.unique("divisions", "tournament_id", "name"),
    )
    ddl.create_table(
        "teams",
        ddl.integer("division_id"),
        ddl.string("name", ddl.NAME),
        ddl.foreign_key("teams", "division_id", "divisions"),
        ddl.unique("teams", "division_id", "name"),
    )
    ddl.create_table(
        "players",
        ddl.integer("team_id"),
        ddl.integer("number"),
        ddl.string("name", ddl.NAME),
        ddl.flag("goalie", default=False),
        ddl.string("captain", 1, nullable=True),
        ddl.flag("playing_coach", default=False),
        sqlalchemy.Column("birth_date", sqlalchemy.Date(), nullable=True),
        ddl.string("person_key", ddl.NAME, default=""),
        ddl.flag("active", default=True),
        ddl.foreign_key("players", "team_id", "teams"),
        sqlalchemy.CheckConstraint("number BETWEEN 1 AND 99", name="ck_players_number_range"),
        sqlalchemy.CheckConstraint(
            "captain IS NULL OR captain IN ('C', 'A')", name="ck_players_captain_letter"
        ),
    )
    op.create_index(
        "uq_players_team_id_number_active", "players", ["team_id", "number"], unique=True,
        sqlite_where=sqlalchemy.text("active"), postgresql_where=sqlalchemy.text("active"),
    )
    ddl.create_table(
        "roster_changes",
        ddl.integer("team_id"),
        ddl.integer("player_id", nullable=True),
        ddl.string("action", 16),
        ddl.json("before", nullable=True),
        ddl.json("after", nullable=True),
        ddl.text("reason", default=""),
        *ddl.recorded(),
        ddl.foreign_key("roster_changes", "team_id", "teams"),
        ddl.foreign_key("roster_changes", "player_id", "players"),
        sqlalchemy.CheckConstraint(
            "action IN ('added', 'removed', 'changed')", name="ck_roster_changes_action"
        ),
    )
    ddl.create_index("roster_changes", "team_id")
    ddl.create_table(
        "games",
        ddl.integer("division_id"),
        ddl.string("stage", 16, default="pool"),
        ddl.integer("home_team_id"),
        ddl.integer("away_team_id"),
        ddl.moment("start", nullable=True),
        ddl.string("rink", ddl.NAME, nullable=True),
        ddl.integer("schedule_order", default="0"),
        ddl.string("round_name", ddl.NAME, default=""),
        ddl.integer("version", default="0"),
        ddl.integer("event_count", default="0"),
        ddl.foreign_key("games", "division_id", "divisions"),
        ddl.foreign_key("games", "home_team_id", "teams"),
        ddl.foreign_key("games", "away_team_id", "teams"),
        sqlalchemy.CheckConstraint("stage IN ('pool', 'playoff')", name="ck_games_stage"),
        sqlalchemy.CheckConstraint("home_team_id <> away_team_id", name="ck_games_two_teams"),
        sqlalchemy.CheckConstraint("version >= 0", name="ck_games_version"),
        sqlalchemy.CheckConstraint("event_count >= 0", name="ck_games_event_count"),
    )
    ddl.create_index("games", "division_id")
    ddl.create_table(
        "lineup_entries",
        ddl.integer("game_id"),
        ddl.integer("team_id"),
        ddl.integer("player_id"),
        ddl.foreign_key("lineup_entries", "game_id", "games"),
        ddl.foreign_key("lineup_entries", "team_id", "teams"),
        ddl.foreign_key("lineup_entries", "player_id", "players"),
        ddl.unique("lineup_entries", "game_id", "player_id"),
    )
    ddl.create_table(
        "event_revisions",
        ddl.integer("game_id"),
        sqlalchemy.Column("revision", sqlalchemy.Integer(), autoincrement=False, nullable=False),
        ddl.string("op", 16),
        ddl.integer("position"),
        ddl.json("payload", nullable=True),
        ddl.json("previous", nullable=True),
        *ddl.recorded(),
        ddl.text("reason", default=""),
        ddl.foreign_key("event_revisions", "game_id", "games"),
        sqlalchemy.CheckConstraint(
            "op IN ('append', 'replace', 'insert', 'delete')", name="ck_event_revisions_op"
        ),
        sqlalchemy.CheckConstraint("revision >= 1", name="ck_event_revisions_revision"),
        sqlalchemy.CheckConstraint("position >= 0", name="ck_event_revisions_position"),
        sqlalchemy.CheckConstraint(
            "(op = 'delete' AND payload IS NULL) OR (op <> 'delete' AND payload IS NOT NULL)",
            name="ck_event_revisions_payload",
        ),
        sqlalchemy.CheckConstraint(
            "(op IN ('replace', 'delete') AND previous IS NOT NULL)"
            " OR (op IN ('append', 'insert') AND previous IS NULL)",
            name="ck_event_revisions_previous",
        ),
        key=("game_id", "revision"),  # also the index that reads one game's log in order
        sqlite_with_rowid=False,
    )
    ddl.create_table(
        "supplementary_disciplines",
        ddl.integer("player_id"),
        ddl.integer("games", nullable=True),
        ddl.string("extent", 32, nullable=True),
        ddl.text("reason"),
        ddl.integer("after_game_id", nullable=True),
        *ddl.recorded(),
        ddl.foreign_key("supplementary_disciplines", "player_id", "players"),
        ddl.foreign_key("supplementary_disciplines", "after_game_id", "games"),
        sqlalchemy.CheckConstraint(
            "games IS NULL OR games >= 1", name="ck_supplementary_disciplines_games"
        ),
        sqlalchemy.CheckConstraint(
            "extent IS NULL OR extent IN ('rest_of_tournament', 'pending_review')",
            name="ck_supplementary_disciplines_extent",
        ),
        sqlalchemy.CheckConstraint(
            "(games IS NULL) <> (extent IS NULL)",
            name="ck_supplementary_disciplines_games_or_extent",
        ),
    )
    ddl.create_index("supplementary_disciplines", "player_id")
    ddl.create_table(
        "coin_tosses",
        ddl.integer("division_id"),
        ddl.json("team_ids"),
        ddl.json("drawn_order"),
        ddl.text("reason", default=""),
        *ddl.recorded(),
        ddl.foreign_key("coin_tosses", "division_id", "divisions"),
    )
    ddl.create_index("coin_tosses", "division_id")


def downgrade() -> None:
    ddl.drop_index("coin_tosses", "division_id")
    op.drop_table("coin_tosses")
    ddl.drop_index("supplementary_disciplines", "player_id")
    op.drop_table("supplementary_disciplines")
    op.drop_table("event_revisions")
    op.drop_table("lineup_entries")
    ddl.drop_index("games", "division_id")
    op.drop_table("games")
    ddl.drop_index("roster_changes", "team_id")
    op.drop_table("roster_changes")
    op.drop_index("uq_players_team_id_number_active", table_name="players")
    op.drop_table("players")
    op.drop_table("teams")
    op.drop_table("divisions")
    op.drop_table("tournaments")
