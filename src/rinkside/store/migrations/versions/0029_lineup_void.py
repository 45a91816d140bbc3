"""A lineup changed after a team official signed it voids the signature (202(c)).

Revision ID: 0029
Revises: 0028
Create Date: 2026-12-03

``team_signatures.kind`` may be ``void``: the lineup was changed after it
was signed, so that signature no longer covers it. The signature stays in
the game's hash chain; the void entry follows it there.
"""

from __future__ import annotations

from alembic import op

revision: str = "0029"
down_revision: str | None = "0028"

NAME = "ck_team_signatures_kind"
OLD = "kind IN ('lineup', 'report', 'decline')"
NEW = "kind IN ('lineup', 'report', 'decline', 'void')"


def upgrade() -> None:
    _kinds(NEW)


def downgrade() -> None:
    # The void entries go (the games' chains then name the gap they leave).
    op.execute("DELETE FROM team_signatures WHERE kind = 'void'")
    _kinds(OLD)


def _kinds(check: str) -> None:
    with op.batch_alter_table("team_signatures") as batch:
        batch.drop_constraint(op.f(NAME), type_="check")
        batch.create_check_constraint(op.f(NAME), check)
