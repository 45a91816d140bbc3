"""What the service hands its ``on_change`` hook after a game's write commits."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rinkside.rules.state import GameState
    from rinkside.services.queries.games import LiveView

__all__ = ["Change"]


@dataclass(frozen=True, slots=True)
class Change:
    """Game ``game_id`` is at ``version``, committed. ``state``: the game's
    state at that version as the write computed it (the live view is built
    from it, the log not read again); None when the change brought no new
    state of its own (a suspension's decision, a change another process
    wrote): the state is then read from the store. ``live``: what the live
    view shows beside the state (the game's row, clocks, sign-off, styles),
    read by the write in its own session before its commit; None when it
    read none (the live view then reads it)."""

    game_id: int
    version: int
    state: GameState | None = None
    live: LiveView | None = None
