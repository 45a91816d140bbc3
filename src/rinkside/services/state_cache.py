"""Game states kept by (game, version): the store's log is the truth, and a
state is only reused while the log's version is the one it was computed at."""

from __future__ import annotations

from collections import OrderedDict

from rinkside.rules.state import GameState


class StateCache:
    """A small least-recently-used cache of recomputed game states."""

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self._states: OrderedDict[int, tuple[int, GameState]] = OrderedDict()

    def get(self, game_id: int, version: int) -> GameState | None:
        found = self._states.get(game_id)
        if found is None or found[0] != version:
            return None
        self._states.move_to_end(game_id)
        return found[1]

    def put(self, game_id: int, version: int, state: GameState) -> None:
        self._states[game_id] = (version, state)
        self._states.move_to_end(game_id)
        while len(self._states) > self.size:
            self._states.popitem(last=False)

    def clear(self) -> None:
        self._states.clear()
