"""Naming the player who serves a penalty, asked at the stoppage.

Where the book has another player serve a penalty (402(c), 404(b), 404(e),
405(a), 407(a)) and nobody was named when it was recorded, the engine lists
it (:func:`rinkside.rules.serving.servers_needed`) and, in a tournament's
games, holds the face-off for it. Naming him is a correction of the event
that recorded the penalty (the penalty, the delayed penalty signal or the
equipment measurement: :func:`rinkside.rules.serving.naming`), its
``served_by`` set; the log keeps who named him and the rule, as for every
correction.
"""

from __future__ import annotations

from rinkside.rules import serving
from rinkside.rules.state import GameState
from rinkside.services import logs
from rinkside.services.errors import StaleWrite
from rinkside.services.tournaments import Tournaments

__all__ = ["NoServerNeeded", "name_server"]


class NoServerNeeded(LookupError):
    """The penalty named does not wait for a server (named already, or none)."""


def name_server(service: Tournaments, game_id: int, version: int, penalty_id: int,
                number: int, *, by: str) -> tuple[int, GameState]:
    """Name ``number`` to serve the penalty ``penalty_id`` of the game at
    ``version``: the new version and state. Who may serve it is the rules'
    (:func:`rinkside.rules.serving.refuse_server`, with the rule); this only
    finds the penalty among those waiting and writes the correction. A later
    version than ``version`` is a stale write, as for any correction."""
    record = logs.game_record(service, game_id)  # NotFound
    if record.version != version:  # the penalty ids are those of ``version``
        raise StaleWrite(game_id, version, record.version)
    need = next((n for n in serving.servers_needed(record.state)
                 if n.penalty_id == penalty_id), None)
    if need is None:
        raise NoServerNeeded(f"penalty {penalty_id} does not wait for a server at this "
                             "stoppage: it has one, or the penalized player serves it")
    serving.refuse_server(need, number)  # the rule that has another serve it: need.rule
    found = serving.naming(record.events, need, number)
    if found is None:
        raise NoServerNeeded(f"no recorded event carries {need.who}'s "
                             f"{need.penalty_class.text}: the engine added it")
    position, event = found
    return service.correct(game_id, version, "replace", position, event, by=by,
                           reason=f"#{number} named to serve {need.who}'s "
                           f"{need.penalty_class.text} (Rule {need.rule})")
