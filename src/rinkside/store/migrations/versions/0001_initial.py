"""The tournament store: tournaments, rosters, schedule, event logs, decisions.

Revision ID: 0001
Revises:
Create Date: 2025-01-01

Written out in full (not generated at run time) so that this revision stays
what it was when later ones change the models; ``tests/store`` checks that
the migrated schema matches :mod:`rinkside.store.models`.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

NAME = 200
WHO = 100


def _moment() -> sa.DateTime:
    return sa.DateTime(timezone=True)


def _recorded() -> tuple[sa.Column[str], sa.Column[object]]:
    """Who recorded a row and when (UTC)."""
    return (
        sa.Column("recorded_by", sa.String(WHO), nullable=False),
        sa.Column("recorded_at", _moment(), nullable=False),
    )


def _fk(table: str, column: str, target: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        [column], [f"{target}.id"], name=f"fk_{table}_{column}_{target}"
    )


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(NAME), nullable=False),
        sa.Column("starts_on", sa.Date(), nullable=True),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("tiebreaks", sa.JSON(), nullable=False),
        sa.Column("started", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_tournaments"),
    )
    op.create_table(
        "divisions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(NAME), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column(
            "player_coaches_allowed", sa.Boolean(), server_default=sa.false(), nullable=False
        ),
        sa.PrimaryKeyConstraint("id", name="pk_divisions"),
        _fk("divisions", "tournament_id", "tournaments"),
        sa.UniqueConstraint("tournament_id", "name", name="uq_divisions_tournament_id_name"),
    )
    op.create_table(
        "teams",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("division_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(NAME), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_teams"),
        _fk("teams", "division_id", "divisions"),
        sa.UniqueConstraint("division_id", "name", name="uq_teams_division_id_name"),
    )
    op.create_table(
        "players",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("team_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(NAME), nullable=False),
        sa.Column("goalie", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("captain", sa.String(1), nullable=True),
        sa.Column("playing_coach", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("birth_date", sa.Date(), nullable=True),
        sa.Column("person_key", sa.String(NAME), server_default="", nullable=False),
        sa.Column("active", sa.Boolean(), server_default=sa.true(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_players"),
        _fk("players", "team_id", "teams"),
        sa.CheckConstraint("number BETWEEN 1 AND 99", name="ck_players_number_range"),
        sa.CheckConstraint(
            "captain IS NULL OR captain IN ('C', 'A')", name="ck_players_captain_letter"
        ),
    )
    op.create_index(
        "uq_players_team_id_number_active", "players", ["team_id", "number"], unique=True,
        sqlite_where=sa.text("active"), postgresql_where=sa.text("active"),
    )
    op.create_table(
        "roster_changes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("team_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=True),
        sa.Column("action", sa.String(16), nullable=False),
        sa.Column("before", sa.JSON(), nullable=True),
        sa.Column("after", sa.JSON(), nullable=True),
        sa.Column("reason", sa.Text(), server_default="", nullable=False),
        *_recorded(),
        sa.PrimaryKeyConstraint("id", name="pk_roster_changes"),
        _fk("roster_changes", "team_id", "teams"),
        _fk("roster_changes", "player_id", "players"),
        sa.CheckConstraint(
            "action IN ('added', 'removed', 'changed')", name="ck_roster_changes_action"
        ),
    )
    op.create_index("ix_roster_changes_team_id", "roster_changes", ["team_id"])
    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("division_id", sa.Integer(), nullable=False),
        sa.Column("stage", sa.String(16), server_default="pool", nullable=False),
        sa.Column("home_team_id", sa.Integer(), nullable=False),
        sa.Column("away_team_id", sa.Integer(), nullable=False),
        sa.Column("start", _moment(), nullable=True),
        sa.Column("rink", sa.String(NAME), nullable=True),
        sa.Column("schedule_order", sa.Integer(), server_default="0", nullable=False),
        sa.Column("round_name", sa.String(NAME), server_default="", nullable=False),
        sa.Column("version", sa.Integer(), server_default="0", nullable=False),
        sa.Column("event_count", sa.Integer(), server_default="0", nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_games"),
        _fk("games", "division_id", "divisions"),
        _fk("games", "home_team_id", "teams"),
        _fk("games", "away_team_id", "teams"),
        sa.CheckConstraint("stage IN ('pool', 'playoff')", name="ck_games_stage"),
        sa.CheckConstraint("home_team_id <> away_team_id", name="ck_games_two_teams"),
        sa.CheckConstraint("version >= 0", name="ck_games_version"),
        sa.CheckConstraint("event_count >= 0", name="ck_games_event_count"),
    )
    op.create_index("ix_games_division_id", "games", ["division_id"])
    op.create_table(
        "lineup_entries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("team_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_lineup_entries"),
        _fk("lineup_entries", "game_id", "games"),
        _fk("lineup_entries", "team_id", "teams"),
        _fk("lineup_entries", "player_id", "players"),
        sa.UniqueConstraint("game_id", "player_id", name="uq_lineup_entries_game_id_player_id"),
    )
    op.create_table(
        "event_revisions",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("revision", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("op", sa.String(16), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=True),
        sa.Column("previous", sa.JSON(), nullable=True),
        *_recorded(),
        sa.Column("reason", sa.Text(), server_default="", nullable=False),
        # The key is also the index that reads one game's log in order.
        sa.PrimaryKeyConstraint("game_id", "revision", name="pk_event_revisions"),
        _fk("event_revisions", "game_id", "games"),
        sa.CheckConstraint(
            "op IN ('append', 'replace', 'insert', 'delete')", name="ck_event_revisions_op"
        ),
        sa.CheckConstraint("revision >= 1", name="ck_event_revisions_revision"),
        sa.CheckConstraint("position >= 0", name="ck_event_revisions_position"),
        sa.CheckConstraint(
            "(op = 'delete' AND payload IS NULL) OR (op <> 'delete' AND payload IS NOT NULL)",
            name="ck_event_revisions_payload",
        ),
        sa.CheckConstraint(
            "(op IN ('replace', 'delete') AND previous IS NOT NULL)"
            " OR (op IN ('append', 'insert') AND previous IS NULL)",
            name="ck_event_revisions_previous",
        ),
        sqlite_with_rowid=False,
    )
    op.create_table(
        "supplementary_disciplines",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=True),
        sa.Column("extent", sa.String(32), nullable=True),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("after_game_id", sa.Integer(), nullable=True),
        *_recorded(),
        sa.PrimaryKeyConstraint("id", name="pk_supplementary_disciplines"),
        _fk("supplementary_disciplines", "player_id", "players"),
        _fk("supplementary_disciplines", "after_game_id", "games"),
        sa.CheckConstraint(
            "games IS NULL OR games >= 1", name="ck_supplementary_disciplines_games"
        ),
        sa.CheckConstraint(
            "extent IS NULL OR extent IN ('rest_of_tournament', 'pending_review')",
            name="ck_supplementary_disciplines_extent",
        ),
        sa.CheckConstraint(
            "(games IS NULL) <> (extent IS NULL)",
            name="ck_supplementary_disciplines_games_or_extent",
        ),
    )
    op.create_index(
        "ix_supplementary_disciplines_player_id", "supplementary_disciplines", ["player_id"]
    )
    op.create_table(
        "coin_tosses",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("division_id", sa.Integer(), nullable=False),
        sa.Column("team_ids", sa.JSON(), nullable=False),
        sa.Column("drawn_order", sa.JSON(), nullable=False),
        sa.Column("reason", sa.Text(), server_default="", nullable=False),
        *_recorded(),
        sa.PrimaryKeyConstraint("id", name="pk_coin_tosses"),
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
