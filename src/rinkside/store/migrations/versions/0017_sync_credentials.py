"""Each official's credential for a rink's laptop.

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-03

``sync_credentials``: on the league server, the credential the director
issued an official for one rink's laptop: ``verifier``, the argon2 hash of
its secret (the laptop logs the official in with it; the league's password
hashes no longer leave the league), and ``key``, the HMAC key derived from
the secret, with which the league checks that the official did what that
laptop pushes in their name. On a rink laptop, one row per official the
league carries there, ``key`` derived when the official signs in on it.
"""

from __future__ import annotations

from alembic import op

from rinkside.store.migrations import ddl

revision: str = "0017"
down_revision: str | None = "0016"

# As rinkside.services.sync_local writes it: no hash, so no password logs in.
NO_CREDENTIAL = "!no credential for this laptop"


def upgrade() -> None:
    ddl.create_table(
        "sync_credentials",
        ddl.integer("rink_id"),
        ddl.integer("user_id"),
        ddl.string("verifier", 255, nullable=True),
        ddl.string("key", 64, nullable=True),
        ddl.moment("issued_at", nullable=True),
        ddl.foreign_key("sync_credentials", "rink_id", "rinks"),
        ddl.foreign_key("sync_credentials", "user_id", "users", ondelete="CASCADE"),
        ddl.unique("sync_credentials", "rink_id", "user_id"),
    )
    op.execute(
        "INSERT INTO sync_credentials (rink_id, user_id) "
        "SELECT rinks.id, users.id FROM sync_links "
        "JOIN rinks ON rinks.tournament_id = sync_links.tournament_id "
        "AND rinks.name = sync_links.rink "
        "CROSS JOIN users WHERE users.role <> 'director'")
    op.execute(f"UPDATE users SET password_hash = '{NO_CREDENTIAL}' "
               "WHERE id IN (SELECT user_id FROM sync_credentials)")


def downgrade() -> None:
    op.drop_table("sync_credentials")
