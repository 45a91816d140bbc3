"""Indexes a console's write and the desk's webhooks page read through, and
a states' index a game in play no longer rewrites (issue 30).

Revision ID: 0040
Revises: 0039
Create Date: 2026-12-04

- ``webhooks (tournament_id, removed_at)``: every console write asks
  whether a live webhook listens to its tournament (the write's one read,
  :func:`rinkside.services.recording.game_at_write`), answered from the
  index alone; it read every webhook of the store (``SCAN webhooks``).
- ``webhook_deliveries (webhook_id, id)``: the desk's webhooks page reads
  each hook's latest deliveries, and a removed hook's pending ones are
  stopped, by the hook's key; the outbox, a row an event a hook, was read
  whole for each.
- 0036's ``game_states (status, engine, game_id, version)`` made partial,
  of the finished games' states alone (``WHERE status = 'final'``): its
  one reader asks for those (the games in play are the begun games not
  among them), from the index alone as before; but a game in play moves
  its state's version, and most often its status (in play, stopped), at
  every write, and its entry was moved with it (a page of the WAL a write
  on SQLite, which rewrites an index whose column a statement sets, even
  to the value it holds; an index entry a write on PostgreSQL). A game's
  state enters the index once, as the game ends.
"""

from __future__ import annotations

from rinkside.store.migrations import ddl

revision: str = "0040"
down_revision: str | None = "0039"

_STATES = ("status", "engine", "game_id", "version")


def upgrade() -> None:
    ddl.create_index("webhooks", "tournament_id", "removed_at")
    ddl.create_index("webhook_deliveries", "webhook_id", "id")
    ddl.drop_index("game_states", *_STATES)
    ddl.create_index("game_states", *_STATES, where="status = 'final'")


def downgrade() -> None:
    ddl.drop_index("game_states", *_STATES)
    ddl.create_index("game_states", *_STATES)
    ddl.drop_index("webhook_deliveries", "webhook_id", "id")
    ddl.drop_index("webhooks", "tournament_id", "removed_at")
