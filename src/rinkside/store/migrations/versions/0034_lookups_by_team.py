"""The players of a team, the entries of one person and a team's games,
found by index (issue 30).

Revision ID: 0034
Revises: 0033
Create Date: 2026-12-03

``players.team_id``: every write reads its game's two rosters (and a
game's first write the suspensions of its teams' players), which scanned
every player of the store (the unique index on a team's active numbers is
partial: a query naming ``active IS 1`` cannot use it). ``players.person_key,
name``: the other entries of a player's person on another team (Rule 410(c):
a person is his key, else, his key empty, his name) are found by it, not by
reading every player of the tournament. ``games.home_team_id``,
``games.away_team_id``: a game's first write reads its two teams' games
(Rule 634(e), the suspensions that dress its rosters), not its division's.
"""

from __future__ import annotations

from rinkside.store.migrations import ddl

revision: str = "0034"
down_revision: str | None = "0033"


def upgrade() -> None:
    ddl.create_index("players", "team_id")
    ddl.create_index("players", "person_key", "name")
    ddl.create_index("games", "home_team_id")
    ddl.create_index("games", "away_team_id")


def downgrade() -> None:
    ddl.drop_index("games", "away_team_id")
    ddl.drop_index("games", "home_team_id")
    ddl.drop_index("players", "person_key", "name")
    ddl.drop_index("players", "team_id")
