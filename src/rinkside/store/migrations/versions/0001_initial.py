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

revision: str = "0001"
down_revision: str | None = None

NAME = 200
WHO = 100


def _moment() -> sqlalchemy.DateTime:
    return sqlalchemy.DateTime(timezone=True)


def _recorded() -> tuple[sqlalchemy.Column[str], sqlalchemy.Column[object]]:
    """Who recorded a row and when (UTC)."""
    return (
        sqlalchemy.Column("recorded_by", sqlalchemy.String(WHO), nullable=False),
        sqlalchemy.Column("recorded_at", _moment(), nullable=False),
    )


def _fk(table: str, column: str, target: str) -> sqlalchemy.ForeignKeyConstraint:
    return sqlalchemy.ForeignKeyConstraint(
        [column], [f"{target}.id"], name=f"fk_{table}_{column}_{target}"
    )


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sqlalchemy.Column("id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("name", sqlalchemy.String(NAME), nullable=False),
        sqlalchemy.Column("starts_on", sqlalchemy.Date(), nullable=True),
        sqlalchemy.Column("settings", sqlalchemy.JSON(), nullable=False),
        sqlalchemy.Column("tiebreaks", sqlalchemy.JSON(), nullable=False),
        sqlalchemy.Column("started", sqlalchemy.Boolean(), server_default=sqlalchemy.false(),
                          nullable=False),
        sqlalchemy.PrimaryKeyConstraint("id", name="pk_tournaments"),
    )
    op.create_table(
        "divisions",
        sqlalchemy.Column("id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("tournament_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("name", sqlalchemy.String(NAME), nullable=False),
        sqlalchemy.Column("settings", sqlalchemy.JSON(), nullable=False),
        sqlalchemy.Column(
            "player_coaches_allowed", sqlalchemy.Boolean(), server_default=sqlalchemy.false(),
                          nullable=False
        ),
        sqlalchemy.PrimaryKeyConstraint("id", name="pk_divisions"),
        _fk("divisions", "tournament_id", "tournaments"),
        sqlalchemy.UniqueConstraint("tournament_id", "name",
                                    name="uq_divisions_tournament_id_name"),
    )
    op.create_table(
        "teams",
        sqlalchemy.Column("id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("division_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("name", sqlalchemy.String(NAME), nullable=False),
        sqlalchemy.PrimaryKeyConstraint("id", name="pk_teams"),
        _fk("teams", "division_id", "divisions"),
        sqlalchemy.UniqueConstraint("division_id", "name", name="uq_teams_division_id_name"),
    )
    op.create_table(
        "players",
        sqlalchemy.Column("id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("team_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("number", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("name", sqlalchemy.String(NAME), nullable=False),
        sqlalchemy.Column("goalie", sqlalchemy.Boolean(), server_default=sqlalchemy.false(),
                          nullable=False),
        sqlalchemy.Column("captain", sqlalchemy.String(1), nullable=True),
        sqlalchemy.Column("playing_coach", sqlalchemy.Boolean(), server_default=sqlalchemy.false(),
                          nullable=False),
        sqlalchemy.Column("birth_date", sqlalchemy.Date(), nullable=True),
        sqlalchemy.Column("person_key", sqlalchemy.String(NAME), server_default="", nullable=False),
        sqlalchemy.Column("active", sqlalchemy.Boolean(), server_default=sqlalchemy.true(),
                          nullable=False),
        sqlalchemy.PrimaryKeyConstraint("id", name="pk_players"),
        _fk("players", "team_id", "teams"),
        sqlalchemy.CheckConstraint("number BETWEEN 1 AND 99", name="ck_players_number_range"),
        sqlalchemy.CheckConstraint(
            "captain IS NULL OR captain IN ('C', 'A')", name="ck_players_captain_letter"
        ),
    )
    op.create_index(
        "uq_players_team_id_number_active", "players", ["team_id", "number"], unique=True,
        sqlite_where=sqlalchemy.text("active"), postgresql_where=sqlalchemy.text("active"),
    )
    op.create_table(
        "roster_changes",
        sqlalchemy.Column("id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("team_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("player_id", sqlalchemy.Integer(), nullable=True),
        sqlalchemy.Column("action", sqlalchemy.String(16), nullable=False),
        sqlalchemy.Column("before", sqlalchemy.JSON(), nullable=True),
        sqlalchemy.Column("after", sqlalchemy.JSON(), nullable=True),
        sqlalchemy.Column("reason", sqlalchemy.Text(), server_default="", nullable=False),
        *_recorded(),
        sqlalchemy.PrimaryKeyConstraint("id", name="pk_roster_changes"),
        _fk("roster_changes", "team_id", "teams"),
        _fk("roster_changes", "player_id", "players"),
        sqlalchemy.CheckConstraint(
            "action IN ('added', 'removed', 'changed')", name="ck_roster_changes_action"
        ),
    )
    op.create_index("ix_roster_changes_team_id", "roster_changes", ["team_id"])
    op.create_table(
        "games",
        sqlalchemy.Column("id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("division_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("stage", sqlalchemy.String(16), server_default="pool", nullable=False),
        sqlalchemy.Column("home_team_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("away_team_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("start", _moment(), nullable=True),
        sqlalchemy.Column("rink", sqlalchemy.String(NAME), nullable=True),
        sqlalchemy.Column("schedule_order", sqlalchemy.Integer(), server_default="0",
                          nullable=False),
        sqlalchemy.Column("round_name", sqlalchemy.String(NAME), server_default="", nullable=False),
        sqlalchemy.Column("version", sqlalchemy.Integer(), server_default="0", nullable=False),
        sqlalchemy.Column("event_count", sqlalchemy.Integer(), server_default="0", nullable=False),
        sqlalchemy.PrimaryKeyConstraint("id", name="pk_games"),
        _fk("games", "division_id", "divisions"),
        _fk("games", "home_team_id", "teams"),
        _fk("games", "away_team_id", "teams"),
        sqlalchemy.CheckConstraint("stage IN ('pool', 'playoff')", name="ck_games_stage"),
        sqlalchemy.CheckConstraint("home_team_id <> away_team_id", name="ck_games_two_teams"),
        sqlalchemy.CheckConstraint("version >= 0", name="ck_games_version"),
        sqlalchemy.CheckConstraint("event_count >= 0", name="ck_games_event_count"),
    )
    op.create_index("ix_games_division_id", "games", ["division_id"])
    op.create_table(
        "lineup_entries",
        sqlalchemy.Column("id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("game_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("team_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("player_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.PrimaryKeyConstraint("id", name="pk_lineup_entries"),
        _fk("lineup_entries", "game_id", "games"),
        _fk("lineup_entries", "team_id", "teams"),
        _fk("lineup_entries", "player_id", "players"),
        sqlalchemy.UniqueConstraint("game_id", "player_id",
                                    name="uq_lineup_entries_game_id_player_id"),
    )
    op.create_table(
        "event_revisions",
        sqlalchemy.Column("game_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("revision", sqlalchemy.Integer(), autoincrement=False, nullable=False),
        sqlalchemy.Column("op", sqlalchemy.String(16), nullable=False),
        sqlalchemy.Column("position", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("payload", sqlalchemy.JSON(), nullable=True),
        sqlalchemy.Column("previous", sqlalchemy.JSON(), nullable=True),
        *_recorded(),
        sqlalchemy.Column("reason", sqlalchemy.Text(), server_default="", nullable=False),
        # The key is also the index that reads one game's log in order.
        sqlalchemy.PrimaryKeyConstraint("game_id", "revision", name="pk_event_revisions"),
        _fk("event_revisions", "game_id", "games"),
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
        sqlite_with_rowid=False,
    )
    op.create_table(
        "supplementary_disciplines",
        sqlalchemy.Column("id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("player_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("games", sqlalchemy.Integer(), nullable=True),
        sqlalchemy.Column("extent", sqlalchemy.String(32), nullable=True),
        sqlalchemy.Column("reason", sqlalchemy.Text(), nullable=False),
        sqlalchemy.Column("after_game_id", sqlalchemy.Integer(), nullable=True),
        *_recorded(),
        sqlalchemy.PrimaryKeyConstraint("id", name="pk_supplementary_disciplines"),
        _fk("supplementary_disciplines", "player_id", "players"),
        _fk("supplementary_disciplines", "after_game_id", "games"),
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
    op.create_index(
        "ix_supplementary_disciplines_player_id", "supplementary_disciplines", ["player_id"]
    )
    op.create_table(
        "coin_tosses",
        sqlalchemy.Column("id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("division_id", sqlalchemy.Integer(), nullable=False),
        sqlalchemy.Column("team_ids", sqlalchemy.JSON(), nullable=False),
        sqlalchemy.Column("drawn_order", sqlalchemy.JSON(), nullable=False),
        sqlalchemy.Column("reason", sqlalchemy.Text(), server_default="", nullable=False),
        *_recorded(),
        sqlalchemy.PrimaryKeyConstraint("id", name="pk_coin_tosses"),
        _fk("coin_tosses", "division_id", "divisions"),
    )
    op.create_index("ix_coin_tosses_division_id", "coin_tosses", ["division_id"])


def downgrade() -> None:
    op.drop_index("ix_coin_tosses_division_id", table_name="coin_tosses")
    op.drop_table("coin_tosses")
    op.drop_index("ix_supplementary_disciplines_player_id", table_name="supplementary_disciplines")
    op.drop_table("supplementary_disciplines")
    op.drop_table("event_revisions")
    op.drop_table("lineup_entries")
    op.drop_index("ix_games_division_id", table_name="games")
    op.drop_table("games")
    op.drop_index("ix_roster_changes_team_id", table_name="roster_changes")
    op.drop_table("roster_changes")
    op.drop_index("uq_players_team_id_number_active", table_name="players")
    op.drop_table("players")
    op.drop_table("teams")
    op.drop_table("divisions")
    op.drop_table("tournaments")
