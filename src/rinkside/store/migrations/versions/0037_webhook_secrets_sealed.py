"""The webhooks' secrets kept encrypted.

Revision ID: 0037
Revises: 0036
Create Date: 2026-12-03

``webhooks.secret`` grows to 300 characters and holds each secret sealed
with the league's webhook key (``fernet:`` and a Fernet token,
:mod:`rinkside.store.webhook_key`), not as it was made: a copy of the
database no longer signs deliveries in the league's name. The rows there
are sealed here, the key made in the league's keys folder if none is kept
yet (a store with no webhook needs none). The downgrade opens them again
with that key (it cannot without it, and says so) and narrows the column.
"""

from __future__ import annotations

import sqlalchemy
from alembic import op

from rinkside.store import webhook_key

revision: str = "0037"
down_revision: str | None = "0036"

_WEBHOOKS = sqlalchemy.table("webhooks", sqlalchemy.column("id", sqlalchemy.Integer),
                             sqlalchemy.column("secret", sqlalchemy.String))


def upgrade() -> None:
    with op.batch_alter_table("webhooks") as batch:
        batch.alter_column("secret", existing_type=sqlalchemy.String(100),
                           type_=sqlalchemy.String(300), existing_nullable=False)
    _rewrite(seal=True)


def downgrade() -> None:
    _rewrite(seal=False)
    with op.batch_alter_table("webhooks") as batch:
        batch.alter_column("secret", existing_type=sqlalchemy.String(300),
                           type_=sqlalchemy.String(100), existing_nullable=False)


def _rewrite(*, seal: bool) -> None:
    bind = op.get_bind()
    rows = bind.execute(sqlalchemy.select(_WEBHOOKS.c.id, _WEBHOOKS.c.secret)
                        .order_by(_WEBHOOKS.c.id)).all()
    wanted = [r for r in rows if webhook_key.sealed(r.secret) != seal]
    if not wanted:
        return
    key = webhook_key.load_or_make() if seal else webhook_key.load()
    for row in wanted:
        secret = (webhook_key.seal(key, row.secret) if seal
                  else webhook_key.unseal(key, row.secret))
        bind.execute(_WEBHOOKS.update().where(_WEBHOOKS.c.id == row.id).values(secret=secret))
