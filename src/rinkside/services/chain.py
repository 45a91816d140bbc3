"""Each game's hash chain checked (issue 29): what ``rinkside verify --db``,
the game pages and the desk say of a record changed behind rinkside's back.

The chain itself is the store's (:mod:`rinkside.store.chain`); this module
reads it in a session and hands back values: :class:`Checked` per game, with
its head and the first :class:`Break` (the game, the entry and why).
"""

from __future__ import annotations

from rinkside.services.base import ServiceBase
from rinkside.store import chain
from rinkside.store.chain import Break, Checked

__all__ = ["Break", "Checked", "check_all", "check_game", "head"]


def check_game(service: ServiceBase, game_id: int) -> Checked | None:
    """The game's chain checked (``None``: there is no such game)."""
    with service.read() as s:
        return chain.verify(s, game_id)


def check_all(service: ServiceBase) -> list[Checked]:
    """Every game's chain checked, in the order of the games' ids."""
    with service.read() as s:
        found = [chain.verify(s, game_id) for game_id in chain.game_ids(s)]
    return [checked for checked in found if checked is not None]


def head(service: ServiceBase, game_id: int) -> tuple[str, int] | None:
    """The game's chain head and its length, as stored (``None``: no such game)."""
    with service.read() as s:
        return chain.head(s, game_id)
