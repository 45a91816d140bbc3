"""The game as the pages show it: the engine's :class:`GameState` in words
and the live state JSON.

The words are :mod:`rinkside.present`'s (said once for pages, reports and
commands); they are named here too for the routers and pages that use them.
:func:`state_json` is the one shape the scoreboard, the live stream and the
state API share: :class:`rinkside.present.state.LiveState`, filled with the
game's catalogue values. No rule is decided here.
"""

from __future__ import annotations

from typing import Any, Final

from rinkside.formats.text import readable
from rinkside.present.clock import TENTHS_SHOWN_UNDER, clock_text, timer_text
from rinkside.present.names import class_text, goal_tags, player_name, team_name
from rinkside.present.periods import current_period, period_label
from rinkside.present.results import result_text, status_text
from rinkside.present.state import LiveState, live_state, shown_score, strength_text
from rinkside.rules.state import GameState
from rinkside.services import queries
from rinkside.services.game_clock import shown_anchor, shown_countdown
from rinkside.services.tournaments import Tournaments

__all__ = [
    "IN_PLAY", "TENTHS_SHOWN_UNDER", "class_text", "clock_text", "current_period", "goal_tags",
    "live_model", "live_read", "period_text", "player_name", "readable_json", "result_text",
    "shown_score", "state_json",
    "status_text", "strength_text", "team_name", "timer_text",
]

IN_PLAY: Final = frozenset({"in_play", "stopped", "intermission", "shootout"})
# How often a live state's reads are repeated when a write lands between
# them (:func:`live_model`): a game takes a few writes a second at most.
_REREADS: Final = 3


def period_text(state: GameState, period: int) -> str:
    """``1``, ``2``, then ``OT`` (``OT2``, ``OT3`` for later overtimes)."""
    return period_label(period, state.setup.settings)


def live_read(service: Tournaments, game_id: int, live: queries.LiveView | None = None
              ) -> tuple[int, GameState, queries.LiveView]:
    """The game's version, its state and what its live view shows beside it
    (:func:`queries.live`), read from the store so that they agree. They are
    two reads: a write landing between them (its intermission's countdown,
    640(a), not yet among the clocks read) is told by the game row's
    version, and both are read again, so that no page keeps a state beside
    clocks older or newer than it (``live``: read already, first)."""
    if live is None:
        live = queries.live(service, game_id)
    version, state = service.game_state(game_id)
    for _ in range(_REREADS):
        if live[0].version == version:
            break
        live = queries.live(service, game_id)
        version, state = service.game_state(game_id)
    return version, state, live


def live_model(service: Tournaments, game_id: int, committed: int | None = None,
               state: GameState | None = None, live: queries.LiveView | None = None
               ) -> LiveState:
    """The game's current live state (:class:`NotFound` for an unknown game);
    with ``committed``, the state this process computed as it committed that
    version: ``state`` (the :class:`~rinkside.services.change.Change` the
    write announced), else the one it still holds
    (:meth:`Tournaments.committed_state`). The game's names, clocks,
    sign-off and colours are read in one session (:func:`queries.live`),
    unless given with ``committed`` (``live``: what the write read before its
    commit, the change carrying it). Read from the store, they are trusted
    beside the committed state only while the game is still at that version:
    a write landing since (its clocks among those read) has the state, the
    clocks and the version read again together (:func:`live_read`)."""
    known = (None if committed is None else state if state is not None
             else service.committed_state(game_id, committed))
    seen = live if committed is not None and live is not None else None
    if committed is not None and known is not None:
        if seen is None:
            seen = queries.live(service, game_id)
        if seen[0].version == committed:
            version, state, (row, extras) = committed, known, seen
        else:  # a newer write landed: its clocks are not the committed state's
            version, state, (row, extras) = live_read(service, game_id, seen)
    else:
        version, state, (row, extras) = live_read(service, game_id, seen)
    styles = extras.styles
    return live_state(state, game_id=game_id, version=version, division=row.division,
                      rink=row.rink, team_ids={"home": row.home_team_id,
                                               "away": row.away_team_id},
                      anchor=shown_anchor(state, extras.anchor), locked=extras.locked,
                      countdown=shown_countdown(state, extras.countdown),
                      styles={"home": styles.get(row.home_team_id, (None, None)),
                              "away": styles.get(row.away_team_id, (None, None))})


def state_json(service: Tournaments, game_id: int, committed: int | None = None,
               state: GameState | None = None, live: queries.LiveView | None = None
               ) -> dict[str, Any]:
    """The game's current state for the scoreboard, the live stream and the
    state API (:class:`NotFound` for an unknown game; ``committed``,
    ``state`` and ``live`` as for :func:`live_model`); every text in it
    readable (:func:`readable_json`)."""
    shown: dict[str, Any] = readable_json(
        live_model(service, game_id, committed, state, live).as_json())
    return shown


def readable_json(value: Any) -> Any:
    """``value`` (a JSON object, array or scalar) with each text as
    :func:`rinkside.formats.text.readable` shows it: a name or an event's
    text stored before the checks at the edge (a lone surrogate, a control
    character) is sent with U+FFFD, so that no page or stream fails on it or
    shows it raw, as the reports do."""
    if isinstance(value, str):
        return readable(value)
    if isinstance(value, dict):
        return {readable(k) if isinstance(k, str) else k: readable_json(v)
                for k, v in value.items()}
    if isinstance(value, list):
        return [readable_json(v) for v in value]
    return value
