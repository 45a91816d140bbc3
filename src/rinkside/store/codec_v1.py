"""Reading the store's payload of version 1: a JSON object per event.

The store wrote these from migration 0007 until migration 0014, which turned
every one into version 2 (:mod:`rinkside.store.codec`); they are still read
here, for a payload sent by a rink laptop whose store has not been migrated
yet (``rinkside sync push``)::

    {"v": 1, "type": "goal", "at": {"period": 1, "tenths": 7020},
     "team": "home", "scorer": 12, "assist": 7, "own_goal": false}

Every field is written, ``null`` when it has none (a penalty's ``official``
and ``called_by`` came with the second edition and may be absent); a
shootout attempt's ``at`` is ``null``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from rinkside.rules import events
from rinkside.rules.times import GameTime
from rinkside.store.payload_values import (
    PayloadError,
    as_bool,
    as_class,
    as_int,
    as_item,
    as_result,
    as_str,
    as_team,
    moment,
    opt_int,
    opt_str,
)

__all__ = ["VERSION_1", "decode_v1"]

VERSION_1: Final = 1

V1 = dict[str, Any]


def _at(value: Any) -> GameTime:
    if not isinstance(value, dict):
        raise PayloadError(f"{value!r} is not a moment (integer period and tenths)")
    return moment(value["period"], value["tenths"])


def _penalty_args(p: V1) -> tuple[Any, ...]:
    return (_at(p["at"]), as_team(p["team"]), opt_int(p["player"]), as_class(p["class"]),
            as_str(p["infraction"]), opt_str(p["rule"]), opt_int(p["served_by"]),
            opt_int(p["suspension"]), opt_str(p.get("official")), opt_str(p.get("called_by")),
            as_bool(p.get("penalty_shot", False)))


def _shootout(p: V1) -> events.ShootoutAttempt:
    at = p["at"]
    return events.ShootoutAttempt(as_team(p["team"]), as_int(p["shooter"]), as_bool(p["scored"]),
                                  None if at is None else _at(at))


_DECODERS: Final[dict[str, Callable[[V1], events.Event]]] = {
    "faceoff": lambda p: events.FaceOff(_at(p["at"]), opt_str(p["spot"])),
    "stoppage": lambda p: events.Stoppage(_at(p["at"]), opt_str(p["reason"])),
    "goal": lambda p: events.Goal(_at(p["at"]), as_team(p["team"]), as_int(p["scorer"]),
                                  opt_int(p["assist"]), as_bool(p["own_goal"])),
    "penalty": lambda p: events.Penalty(*_penalty_args(p)),
    "penalty_signal": lambda p: events.PenaltySignal(*_penalty_args(p)),
    "penalty_shot": lambda p: events.PenaltyShot(_at(p["at"]), as_team(p["team"]),
                                                 as_int(p["shooter"]), as_bool(p["scored"])),
    "timeout": lambda p: events.TimeOut(_at(p["at"]), as_team(p["team"])),
    "goalie_change": lambda p: events.GoalieChange(_at(p["at"]), as_team(p["team"]),
                                                   opt_int(p["goalie"])),
    "period_end": lambda p: events.PeriodEnd(_at(p["at"])),
    "shootout_attempt": _shootout,
    "forfeit": lambda p: events.Forfeit(_at(p["at"]), as_team(p["team"]), as_str(p["reason"])),
    "designate": lambda p: events.Designate(_at(p["at"]), as_team(p["team"]), as_int(p["player"])),
    "measurement": lambda p: events.Measurement(_at(p["at"]), as_team(p["team"]),
                                                as_int(p["player"]), as_item(p["item"]),
                                                as_result(p["result"]), opt_int(p["served_by"])),
    "shot": lambda p: events.Shot(_at(p["at"]), as_team(p["team"]), opt_int(p["shooter"])),
    "warning": lambda p: events.Caution(_at(p["at"]), as_team(p["team"]), as_str(p["rule"]),
                                        opt_int(p["player"]), opt_str(p["official"])),
    "left_box": lambda p: events.LeftBox(_at(p["at"]), as_team(p["team"]), as_int(p["player"]),
                                         as_bool(p["error"])),
    "suspend": lambda p: events.Suspend(_at(p["at"]), as_str(p["reason"])),
    "resume": lambda p: events.Resume(_at(p["at"])),
    "referee_timeout": lambda p: events.RefereeTimeout(_at(p["at"])),
}


def decode_v1(payload: V1) -> events.Event:
    """The engine's event a payload of version 1 holds.

    Raises :class:`PayloadError` for anything version 1 did not write."""
    kind = payload.get("type")
    decoder = _DECODERS.get(kind) if type(kind) is str else None
    if decoder is None:
        raise PayloadError(f"{payload.get('type')!r} is not an event type of payload "
                           f"version 1: {', '.join(_DECODERS)}")
    try:
        return decoder(payload)
    except (KeyError, TypeError) as exc:
        raise PayloadError(f"a stored {payload['type']} event: {exc!r}") from None
