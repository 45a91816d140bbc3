"""Indexes that keep the public pages' reads independent of the season's size (issue 30).

Revision ID: 0036
Revises: 0035
Create Date: 2026-12-03

- ``games (division_id, start)`` (beside 0035's ``games (start)``): the
  schedule's and the tournament page's day, and the days before and after it, found by
  looking in the index (the first start from a moment, the last before
  it), not by reading every start of the season; a division's first and
  last start (the picker's dates) two looks each.
- ``games (division_id, rink)``: the rinks a tournament's schedule names,
  read from the index alone.
- ``game_states (status, engine, game_id, version)``: the finished games'
  stored states found in the index alone (the status is stored after the
  state, whose pages a look at the row reads); the games in play are the
  begun games not among them.
"""

from __future__ import annotations

from rinkside.store.migrations import ddl

revision: str = "0036"
down_revision: str | None = "0035"


def upgrade() -> None:
    ddl.create_index("games", "division_id", "start")
    ddl.create_index("games", "division_id", "rink")
    ddl.create_index("game_states", "status", "engine", "game_id", "version")


def downgrade() -> None:
    ddl.drop_index("game_states", "status", "engine", "game_id", "version")
    ddl.drop_index("games", "division_id", "rink")
    ddl.drop_index("games", "division_id", "start")
