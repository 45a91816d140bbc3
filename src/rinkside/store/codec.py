"""The store's own form of an engine event: a versioned JSON object.

Each event of a game's log is kept as the store writes it, not as FORMAT.md
does: a moment is its period's index and the clock's integer tenths, so a
stored event reads back without the division's settings (which can change)
and without parsing text::

    {"v": 1, "type": "goal", "at": {"period": 1, "tenths": 7020},
     "team": "home", "scorer": 12, "assist": 7, "own_goal": false}

Every field of the event is written, ``null`` when it has none; a shootout
attempt's ``at`` is ``null`` (the shootout has no clock, Rule 639(b)).
``v`` is the payload's version: a later form of the store gets a new number
and a migration, and :func:`decode` refuses any number it does not know.

FORMAT.md stays the form of files and of the console's HTTP API
(:mod:`rinkside.formats`); this module is the store's alone and knows no
rules: it only turns the values of :mod:`rinkside.rules.events` into JSON
and back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final, assert_never

from rinkside.rules.events import (
    MEASURED_ITEMS,
    Caution,
    Designate,
    Event,
    FaceOff,
    Forfeit,
    Goal,
    GoalieChange,
    LeftBox,
    Measurement,
    MeasureResult,
    Penalty,
    PenaltyClass,
    PenaltyShot,
    PenaltySignal,
    PeriodEnd,
    RefereeTimeout,
    Resume,
    ShootoutAttempt,
    Shot,
    Stoppage,
    Suspend,
    Team,
    TimeOut,
)
from rinkside.rules.times import GameTime

__all__ = ["VERSION", "PayloadError", "decode", "decode_all", "encode"]

VERSION: Final = 1
"""The payload version :func:`encode` writes (``"v"``)."""

Payload = dict[str, Any]


class PayloadError(ValueError):
    """A stored payload that is not an event of a version this store reads."""


# --------------------------------------------------------------------------- encode


def _at(moment: GameTime) -> dict[str, int]:
    return {"period": moment.period, "tenths": moment.left}


def _penalty(kind: str, event: Penalty | PenaltySignal) -> Payload:
    return {"v": VERSION, "type": kind, "at": _at(event.at), "team": event.team,
            "player": event.player, "class": event.penalty_class.value,
            "infraction": event.infraction, "rule": event.rule,
            "served_by": event.served_by, "suspension": event.suspension,
            "official": event.official, "called_by": event.called_by}


def encode(event: Event) -> Payload:
    """``event`` as the store keeps it (a JSON object, every field written)."""
    match event:
        case FaceOff():
            return {"v": VERSION, "type": "faceoff", "at": _at(event.at), "spot": event.spot}
        case Stoppage():
            return {"v": VERSION, "type": "stoppage", "at": _at(event.at),
                    "reason": event.reason}
        case Goal():
            return {"v": VERSION, "type": "goal", "at": _at(event.at), "team": event.team,
                    "scorer": event.scorer, "assist": event.assist, "own_goal": event.own_goal}
        case Penalty():
            return _penalty("penalty", event)
        case PenaltySignal():
            return _penalty("penalty_signal", event)
        case PenaltyShot():
            return {"v": VERSION, "type": "penalty_shot", "at": _at(event.at),
                    "team": event.team, "shooter": event.shooter, "scored": event.scored}
        case TimeOut():
            return {"v": VERSION, "type": "timeout", "at": _at(event.at), "team": event.team}
        case GoalieChange():
            return {"v": VERSION, "type": "goalie_change", "at": _at(event.at),
                    "team": event.team, "goalie": event.goalie}
        case PeriodEnd():
            return {"v": VERSION, "type": "period_end", "at": _at(event.at)}
        case ShootoutAttempt():
            return {"v": VERSION, "type": "shootout_attempt",
                    "at": None if event.at is None else _at(event.at),
                    "team": event.team, "shooter": event.shooter, "scored": event.scored}
        case Forfeit():
            return {"v": VERSION, "type": "forfeit", "at": _at(event.at), "team": event.team,
                    "reason": event.reason}
        case Designate():
            return {"v": VERSION, "type": "designate", "at": _at(event.at), "team": event.team,
                    "player": event.player}
        case Measurement():
            return {"v": VERSION, "type": "measurement", "at": _at(event.at),
                    "team": event.team, "player": event.player, "item": event.item,
                    "result": event.result, "served_by": event.served_by}
        case Shot():
            return {"v": VERSION, "type": "shot", "at": _at(event.at), "team": event.team,
                    "shooter": event.shooter}
        case Caution():
            return {"v": VERSION, "type": "warning", "at": _at(event.at), "team": event.team,
                    "rule": event.rule, "player": event.player, "official": event.official}
        case LeftBox():
            return {"v": VERSION, "type": "left_box", "at": _at(event.at), "team": event.team,
                    "player": event.player, "error": event.error}
        case Suspend():
            return {"v": VERSION, "type": "suspend", "at": _at(event.at),
                    "reason": event.reason}
        case Resume():
            return {"v": VERSION, "type": "resume", "at": _at(event.at)}
        case RefereeTimeout():
            return {"v": VERSION, "type": "referee_timeout", "at": _at(event.at)}
        case _:
            assert_never(event)


# --------------------------------------------------------------------------- decode
# Decoding is the cold path of every standings page (each stored game's log is
# read and replayed): one dict look-up for the type, then the constructor.
# Values are checked only where a wrong one would pass silently (teams, class,
# numbers' types); a missing field is a KeyError, reported as PayloadError.

_TEAMS: Final[dict[object, Team]] = {"home": "home", "away": "away"}
_CLASSES: Final[dict[object, PenaltyClass]] = {c.value: c for c in PenaltyClass}
_RESULTS: Final[dict[object, MeasureResult]] = {
    "legal": "legal", "illegal": "illegal", "refused": "refused"}


# Moments are values: one GameTime per (period, tenths) read, shared by every
# event at that moment (a stoppage and its face-off, a penalty and its
# signal), so a log costs a dict look-up per moment, not a new object.
_MOMENTS: dict[tuple[int, int], GameTime] = {}
_MOMENTS_KEPT: Final = 1 << 16


def _moment(value: Any) -> GameTime:
    key = (value["period"], value["tenths"])
    moment = _MOMENTS.get(key)
    if moment is not None:
        return moment
    if type(key[0]) is not int or type(key[1]) is not int:
        raise PayloadError(f"{value!r} is not a moment (integer period and tenths)")
    if len(_MOMENTS) >= _MOMENTS_KEPT:
        _MOMENTS.clear()
    moment = _MOMENTS[key] = GameTime(*key)
    return moment


def _team(value: Any) -> Team:
    team = _TEAMS.get(value)
    if team is None:
        raise PayloadError(f"{value!r} is not a team: 'home' or 'away'")
    return team


def _class(value: Any) -> PenaltyClass:
    found = _CLASSES.get(value)
    if found is None:
        raise PayloadError(f"{value!r} is not a penalty class")
    return found


def _int(value: Any) -> int:
    if type(value) is not int:
        raise PayloadError(f"{value!r} is not an integer")
    return value


def _opt_int(value: Any) -> int | None:
    return None if value is None else _int(value)


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise PayloadError(f"{value!r} is not a text")
    return value


def _opt_str(value: Any) -> str | None:
    return None if value is None else _str(value)


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise PayloadError(f"{value!r} is not true or false")
    return value


def _measurement(p: Payload) -> Measurement:
    item = _str(p["item"])
    if item not in MEASURED_ITEMS:
        raise PayloadError(f"{item!r} is not a measured item: {', '.join(MEASURED_ITEMS)}")
    result = _RESULTS.get(p["result"])
    if result is None:
        raise PayloadError(f"{p['result']!r} is not a measurement's result")
    return Measurement(_moment(p["at"]), _team(p["team"]), _int(p["player"]), item, result,
                       _opt_int(p["served_by"]))


def _shootout(p: Payload) -> ShootoutAttempt:
    at = p["at"]
    return ShootoutAttempt(_team(p["team"]), _int(p["shooter"]), _bool(p["scored"]),
                           None if at is None else _moment(at))


# The usual events of a log (face-offs, stoppages, goals, penalties, goalie
# changes, ends of periods: 95% of a stored game) are decoded with their
# checks written out, not through a helper per field: a log is read whole on
# every cold recompute, so each call saved is saved some 70 times a game.


def _faceoff(p: Payload) -> FaceOff:
    spot = p["spot"]
    if spot is not None and type(spot) is not str:
        raise PayloadError(f"{spot!r} is not a text")
    return FaceOff(_moment(p["at"]), spot)


def _stoppage(p: Payload) -> Stoppage:
    reason = p["reason"]
    if reason is not None and type(reason) is not str:
        raise PayloadError(f"{reason!r} is not a text")
    return Stoppage(_moment(p["at"]), reason)


def _goal(p: Payload) -> Goal:
    team, scorer, assist, own_goal = p["team"], p["scorer"], p["assist"], p["own_goal"]
    if (team not in _TEAMS or type(scorer) is not int
            or (assist is not None and type(assist) is not int) or type(own_goal) is not bool):
        return Goal(_moment(p["at"]), _team(team), _int(scorer), _opt_int(assist),
                    _bool(own_goal))  # raises, saying which
    return Goal(_moment(p["at"]), team, scorer, assist, own_goal)


def _penalty_args(p: Payload) -> tuple[Any, ...]:
    at, team, player, infraction = p["at"], p["team"], p["player"], p["infraction"]
    rule, served_by, suspension = p["rule"], p["served_by"], p["suspension"]
    found = _CLASSES.get(p["class"])
    # (the second edition's fields: absent from the payloads stored before it)
    official, called_by = p.get("official"), p.get("called_by")
    if (found is None or team not in _TEAMS or type(infraction) is not str
            or (player is not None and type(player) is not int)
            or (rule is not None and type(rule) is not str)
            or (served_by is not None and type(served_by) is not int)
            or (suspension is not None and type(suspension) is not int)
            or (official is not None and type(official) is not str)
            or (called_by is not None and type(called_by) is not str)):
        return (_moment(at), _team(team), _opt_int(player), _class(p["class"]),  # raises
                _str(infraction), _opt_str(rule), _opt_int(served_by), _opt_int(suspension),
                _opt_str(official), _opt_str(called_by))
    return (_moment(at), team, player, found, infraction, rule, served_by, suspension,
            official, called_by)


def _goalie_change(p: Payload) -> GoalieChange:
    team, goalie = p["team"], p["goalie"]
    if team not in _TEAMS or (goalie is not None and type(goalie) is not int):
        return GoalieChange(_moment(p["at"]), _team(team), _opt_int(goalie))  # raises
    return GoalieChange(_moment(p["at"]), team, goalie)


_DECODERS: Final[dict[str, Callable[[Payload], Event]]] = {
    "faceoff": _faceoff,
    "stoppage": _stoppage,
    "goal": _goal,
    "penalty": lambda p: Penalty(*_penalty_args(p)),
    "penalty_signal": lambda p: PenaltySignal(*_penalty_args(p)),
    "penalty_shot": lambda p: PenaltyShot(_moment(p["at"]), _team(p["team"]),
                                          _int(p["shooter"]), _bool(p["scored"])),
    "timeout": lambda p: TimeOut(_moment(p["at"]), _team(p["team"])),
    "goalie_change": _goalie_change,
    "period_end": lambda p: PeriodEnd(_moment(p["at"])),
    "shootout_attempt": _shootout,
    "forfeit": lambda p: Forfeit(_moment(p["at"]), _team(p["team"]), _str(p["reason"])),
    "designate": lambda p: Designate(_moment(p["at"]), _team(p["team"]), _int(p["player"])),
    "measurement": _measurement,
    "shot": lambda p: Shot(_moment(p["at"]), _team(p["team"]), _opt_int(p["shooter"])),
    "warning": lambda p: Caution(_moment(p["at"]), _team(p["team"]), _str(p["rule"]),
                                 _opt_int(p["player"]), _opt_str(p["official"])),
    "left_box": lambda p: LeftBox(_moment(p["at"]), _team(p["team"]), _int(p["player"]),
                                  _bool(p["error"])),
    "suspend": lambda p: Suspend(_moment(p["at"]), _str(p["reason"])),
    "resume": lambda p: Resume(_moment(p["at"])),
    "referee_timeout": lambda p: RefereeTimeout(_moment(p["at"])),
}

TYPES: Final = tuple(_DECODERS)
"""The ``type`` of every payload, one per engine event type."""


def decode(payload: Mapping[str, Any]) -> Event:
    """The engine's event a stored payload holds (the inverse of :func:`encode`).

    Raises :class:`PayloadError` for anything :func:`encode` does not write.
    """
    if not isinstance(payload, dict):
        raise PayloadError(f"a stored event is a JSON object, not {type(payload).__name__}")
    if payload.get("v") != VERSION:
        raise PayloadError(f"payload version {payload.get('v')!r}: this store reads {VERSION}")
    decoder = _DECODERS.get(payload.get("type"))  # type: ignore[arg-type]
    if decoder is None:
        raise PayloadError(f"{payload.get('type')!r} is not an event type: {', '.join(TYPES)}")
    try:
        return decoder(payload)
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, PayloadError):
            raise
        raise PayloadError(f"a stored {payload['type']} event: {exc!r}") from None


def decode_all(payloads: Iterable[Any]) -> list[Event]:
    """:func:`decode` of every payload of a log, in order (one call for the
    whole log: the cold path of every standings page)."""
    decoders = _DECODERS
    out: list[Event] = []
    append = out.append
    for payload in payloads:
        if type(payload) is dict and payload.get("v") == VERSION:
            decoder = decoders.get(payload.get("type"))  # type: ignore[arg-type]
            if decoder is not None:
                try:
                    append(decoder(payload))
                    continue
                except (KeyError, TypeError, ValueError):
                    pass
        append(decode(payload))  # raises PayloadError, saying why
    return out
