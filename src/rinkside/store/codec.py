"""The store's own form of an engine event: a versioned JSON array.

Each event of a game's log is kept as the store writes it, not as FORMAT.md
does: its payload version, its type, the moment as the period's index and
the clock's integer tenths, then the event's fields in the order of
:data:`LAYOUT`, so a stored event reads back without the division's settings
(which can change) and without parsing text::

    [2, "goal", 1, 7020, "home", 12, 7, false]

Every field is written, ``null`` when it has none; a shootout attempt's
moment is ``null, null`` (the shootout has no clock, Rule 639(b)). The first
element is the payload's version: a later form of the store gets a new
number and a migration, and :func:`decode` refuses any number it does not
know. Version 1 (a JSON object per event, :mod:`rinkside.store.codec_v1`,
three times the bytes and twice the time to read) is still read.

FORMAT.md stays the form of files and of the console's HTTP API
(:mod:`rinkside.formats`); this module is the store's alone and knows no
rules: it only turns the values of :mod:`rinkside.rules.events` into JSON
and back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final, assert_never

from rinkside.rules import events
from rinkside.store.codec_v1 import VERSION_1, decode_v1
from rinkside.store.event_builders import builder
from rinkside.store.payload_values import (
    CLASSES,
    TEAMS,
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

__all__ = ["LAYOUT", "TYPES", "VERSION", "Payload", "PayloadError", "decode", "decode_all",
           "encode"]

VERSION: Final = 2
"""The payload version :func:`encode` writes (the array's first element)."""

Payload = list[Any]

_PENALTY: Final = ("team", "player", "class", "infraction", "rule", "served_by",
                   "suspension", "official", "called_by", "penalty_shot")
"""A penalty's fields; a row stored before ``penalty_shot`` (casebook 62) has
the nine before it, and reads as ``false``."""

LAYOUT: Final[dict[str, tuple[str, ...]]] = {
    "faceoff": ("spot",),
    "stoppage": ("reason",),
    "goal": ("team", "scorer", "assist", "own_goal"),
    "penalty": _PENALTY,
    "penalty_signal": _PENALTY,
    "penalty_shot": ("team", "shooter", "scored"),
    "timeout": ("team",),
    "goalie_change": ("team", "goalie"),
    "period_end": (),
    "shootout_attempt": ("team", "shooter", "scored"),
    "forfeit": ("team", "reason"),
    "designate": ("team", "player"),
    "measurement": ("team", "player", "item", "result", "served_by"),
    "shot": ("team", "shooter"),
    "warning": ("team", "rule", "player", "official"),
    "left_box": ("team", "player", "error"),
    "suspend": ("reason",),
    "resume": (),
    "referee_timeout": (),
}
"""Each payload type's fields, in the order they follow the moment."""

TYPES: Final = tuple(LAYOUT)
"""The type of every payload, one per engine event type."""


# --------------------------------------------------------------------------- encode


def encode(event: events.Event) -> Payload:
    """``event`` as the store keeps it (a JSON array, every field written; a
    shootout attempt's moment ``null, null``)."""
    kind, fields = _named(event)
    at = event.at
    return [VERSION, kind, None if at is None else at.period, None if at is None else at.left,
            *fields]


def _named(event: events.Event) -> tuple[str, tuple[Any, ...]]:
    """The payload type of ``event`` and its fields (:data:`LAYOUT`'s order)."""
    match event:
        case events.FaceOff():
            return "faceoff", (event.spot,)
        case events.Stoppage():
            return "stoppage", (event.reason,)
        case events.Goal():
            return "goal", (event.team, event.scorer, event.assist, event.own_goal)
        case events.Penalty() | events.PenaltySignal():
            return ("penalty" if isinstance(event, events.Penalty) else "penalty_signal",
                    (event.team, event.player, event.penalty_class.value, event.infraction,
                     event.rule, event.served_by, event.suspension, event.official,
                     event.called_by, event.penalty_shot))
        case events.PenaltyShot():
            return "penalty_shot", (event.team, event.shooter, event.scored)
        case events.TimeOut():
            return "timeout", (event.team,)
        case events.GoalieChange():
            return "goalie_change", (event.team, event.goalie)
        case events.PeriodEnd():
            return "period_end", ()
        case events.ShootoutAttempt():
            return "shootout_attempt", (event.team, event.shooter, event.scored)
        case events.Forfeit():
            return "forfeit", (event.team, event.reason)
        case events.Designate():
            return "designate", (event.team, event.player)
        case events.Measurement():
            return "measurement", (event.team, event.player, event.item, event.result,
                                   event.served_by)
        case events.Shot():
            return "shot", (event.team, event.shooter)
        case events.Caution():
            return "warning", (event.team, event.rule, event.player, event.official)
        case events.LeftBox():
            return "left_box", (event.team, event.player, event.error)
        case events.Suspend():
            return "suspend", (event.reason,)
        case events.Resume():
            return "resume", ()
        case events.RefereeTimeout():
            return "referee_timeout", ()
        case _:
            assert_never(event)


# --------------------------------------------------------------------------- decode
# Decoding is the cold path of every standings page (each stored game's log is
# read and replayed): one dict look-up for the type, then the constructor. A
# payload of the wrong length is a ValueError of its unpacking, reported as
# PayloadError. The usual events of a log (face-offs, stoppages, goals,
# penalties, goalie changes: 95% of a stored game) are decoded with their
# checks written out, not through a helper per field: a log is read whole on
# every cold recompute, so each call saved is saved some 70 times a game.


_NEW_FACEOFF: Final = builder(events.FaceOff)
_NEW_STOPPAGE: Final = builder(events.Stoppage)
_NEW_GOAL: Final = builder(events.Goal)
_NEW_GOALIE_CHANGE: Final = builder(events.GoalieChange)
_NEW_PENALTY: Final = builder(events.Penalty)
_NEW_PENALTY_SIGNAL: Final = builder(events.PenaltySignal)


def _faceoff(p: Payload) -> events.FaceOff:
    _, _, period, tenths, spot = p
    if spot is not None and type(spot) is not str:
        raise PayloadError(f"{spot!r} is not a text")
    return _NEW_FACEOFF(moment(period, tenths), spot)


def _stoppage(p: Payload) -> events.Stoppage:
    _, _, period, tenths, reason = p
    if reason is not None and type(reason) is not str:
        raise PayloadError(f"{reason!r} is not a text")
    return _NEW_STOPPAGE(moment(period, tenths), reason)


def _goal(p: Payload) -> events.Goal:
    _, _, period, tenths, team, scorer, assist, own_goal = p
    if (team not in TEAMS or type(scorer) is not int
            or (assist is not None and type(assist) is not int) or type(own_goal) is not bool):
        return events.Goal(moment(period, tenths), as_team(team), as_int(scorer), opt_int(assist),
                           as_bool(own_goal))  # raises, saying which
    return _NEW_GOAL(moment(period, tenths), team, scorer, assist, own_goal)


def _penalty_args(p: Payload) -> tuple[Any, ...]:
    if len(p) == 13:  # stored before penalty_shot (casebook 62): not the shot's foul
        (_, _, period, tenths, team, player, kind, infraction, rule, served_by, suspension,
         official, called_by) = p
        penalty_shot = False
    else:
        (_, _, period, tenths, team, player, kind, infraction, rule, served_by, suspension,
         official, called_by, penalty_shot) = p
    found = CLASSES.get(kind)
    if (found is None or team not in TEAMS or type(infraction) is not str
            or (player is not None and type(player) is not int)
            or (rule is not None and type(rule) is not str)
            or (served_by is not None and type(served_by) is not int)
            or (suspension is not None and type(suspension) is not int)
            or (official is not None and type(official) is not str)
            or (called_by is not None and type(called_by) is not str)
            or type(penalty_shot) is not bool):
        return (moment(period, tenths), as_team(team), opt_int(player), as_class(kind),
                as_str(infraction), opt_str(rule), opt_int(served_by), opt_int(suspension),
                opt_str(official), opt_str(called_by), as_bool(penalty_shot))  # raises
    return (moment(period, tenths), team, player, found, infraction, rule, served_by,
            suspension, official, called_by, penalty_shot)


def _goalie_change(p: Payload) -> events.GoalieChange:
    _, _, period, tenths, team, goalie = p
    if team not in TEAMS or (goalie is not None and type(goalie) is not int):
        return events.GoalieChange(moment(period, tenths), as_team(team), opt_int(goalie))  # raises
    return _NEW_GOALIE_CHANGE(moment(period, tenths), team, goalie)


def _shootout(p: Payload) -> events.ShootoutAttempt:
    _, _, period, tenths, team, shooter, scored = p
    at = None if period is None and tenths is None else moment(period, tenths)
    return events.ShootoutAttempt(as_team(team), as_int(shooter), as_bool(scored), at)


def _fields(p: Payload, count: int) -> list[Any]:
    """The fields after the moment, ``count`` of them (else a ValueError)."""
    if len(p) != 4 + count:
        raise ValueError(f"{len(p) - 4} fields where {p[1]} has {count}")
    return p[4:]


def _forfeit(p: Payload) -> events.Forfeit:
    team, reason = _fields(p, 2)
    return events.Forfeit(moment(p[2], p[3]), as_team(team), as_str(reason))


def _designate(p: Payload) -> events.Designate:
    team, player = _fields(p, 2)
    return events.Designate(moment(p[2], p[3]), as_team(team), as_int(player))


def _measurement(p: Payload) -> events.Measurement:
    team, player, item, result, served_by = _fields(p, 5)
    return events.Measurement(moment(p[2], p[3]), as_team(team), as_int(player), as_item(item),
                              as_result(result), opt_int(served_by))


def _caution(p: Payload) -> events.Caution:
    team, rule, player, official = _fields(p, 4)
    return events.Caution(moment(p[2], p[3]), as_team(team), as_str(rule), opt_int(player),
                          opt_str(official))


def _left_box(p: Payload) -> events.LeftBox:
    team, player, error = _fields(p, 3)
    return events.LeftBox(moment(p[2], p[3]), as_team(team), as_int(player), as_bool(error))


def _penalty_shot(p: Payload) -> events.PenaltyShot:
    team, shooter, scored = _fields(p, 3)
    return events.PenaltyShot(moment(p[2], p[3]), as_team(team), as_int(shooter), as_bool(scored))


def _timeout(p: Payload) -> events.TimeOut:
    (team,) = _fields(p, 1)
    return events.TimeOut(moment(p[2], p[3]), as_team(team))


def _shot(p: Payload) -> events.Shot:
    team, shooter = _fields(p, 2)
    return events.Shot(moment(p[2], p[3]), as_team(team), opt_int(shooter))


def _suspend(p: Payload) -> events.Suspend:
    (reason,) = _fields(p, 1)
    return events.Suspend(moment(p[2], p[3]), as_str(reason))


def _period_end(p: Payload) -> events.PeriodEnd:
    _, _, period, tenths = p
    return events.PeriodEnd(moment(period, tenths))


def _resume(p: Payload) -> events.Resume:
    _fields(p, 0)
    return events.Resume(moment(p[2], p[3]))


def _referee_timeout(p: Payload) -> events.RefereeTimeout:
    _fields(p, 0)
    return events.RefereeTimeout(moment(p[2], p[3]))


_DECODERS: Final[dict[str, Callable[[Payload], events.Event]]] = {
    "faceoff": _faceoff,
    "stoppage": _stoppage,
    "goal": _goal,
    "penalty": lambda p: _NEW_PENALTY(*_penalty_args(p)),
    "penalty_signal": lambda p: _NEW_PENALTY_SIGNAL(*_penalty_args(p)),
    "penalty_shot": _penalty_shot,
    "timeout": _timeout,
    "goalie_change": _goalie_change,
    "period_end": _period_end,
    "shootout_attempt": _shootout,
    "forfeit": _forfeit,
    "designate": _designate,
    "measurement": _measurement,
    "shot": _shot,
    "warning": _caution,
    "left_box": _left_box,
    "suspend": _suspend,
    "resume": _resume,
    "referee_timeout": _referee_timeout,
}
assert tuple(_DECODERS) == TYPES


def decode(payload: Any) -> events.Event:
    """The engine's event a stored payload holds (the inverse of :func:`encode`;
    a payload of version 1 too).

    Raises :class:`PayloadError` for anything :func:`encode` does not write."""
    if isinstance(payload, dict):
        if payload.get("v") == VERSION_1:
            return decode_v1(payload)
        raise PayloadError(f"payload version {payload.get('v')!r}: this store reads "
                           f"{VERSION} (an array) and {VERSION_1} (an object)")
    if not isinstance(payload, list) or len(payload) < 4:
        raise PayloadError(f"a stored event is a JSON array of at least 4 values, not "
                           f"{payload!r:.80}")
    if payload[0] != VERSION or type(payload[0]) is not int:
        raise PayloadError(f"payload version {payload[0]!r}: this store reads {VERSION} "
                           f"and {VERSION_1}")
    decoder = _DECODERS.get(payload[1]) if type(payload[1]) is str else None
    if decoder is None:
        raise PayloadError(f"{payload[1]!r} is not an event type: {', '.join(TYPES)}")
    try:
        return decoder(payload)
    except (TypeError, ValueError) as exc:
        if isinstance(exc, PayloadError):
            raise
        raise PayloadError(f"a stored {payload[1]} event: {exc}") from None


def decode_all(payloads: Iterable[Any]) -> list[events.Event]:
    """:func:`decode` of every payload of a log, in order (one call for the
    whole log: the cold path of every standings page)."""
    decoders = _DECODERS
    out: list[events.Event] = []
    append = out.append
    for payload in payloads:
        if type(payload) is list:
            try:  # a payload this cannot take (short, of another type) is decode's to refuse
                if payload[0] == VERSION:
                    append(decoders[payload[1]](payload))
                    continue
            except (TypeError, ValueError, KeyError, IndexError):
                pass
        append(decode(payload))  # raises PayloadError, saying why
    return out
