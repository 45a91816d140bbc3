"""FORMAT.md events written: the engine's events in the form FORMAT.md gives them.

:func:`encode_event` writes one event, the inverse of
:func:`~rinkside.formats.event_reader.decode_event`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rinkside.formats.text import readable
from rinkside.formats.times import encode_time
from rinkside.rules import events
from rinkside.rules.settings import Settings
from rinkside.rules.times import SHOOTOUT_LABEL, GameTime

__all__ = ["encode_event"]


def _target_fields(player: int | None, official: str | None) -> dict[str, Any]:
    """Whom a penalty or warning names: ``official``, ``bench`` or ``player``."""
    if official is not None:
        return {"official": official}
    return {"bench": True} if player is None else {"player": player}


def _penalty_fields(event: events.Penalty | events.PenaltySignal,
                    at: Callable[[GameTime], str]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "type": "penalty" if isinstance(event, events.Penalty) else "penalty_signal",
        "at": at(event.at),
        "team": event.team,
        **_target_fields(event.player, event.official),
    }
    out["class"] = event.penalty_class.value
    out["infraction"] = event.infraction
    if event.rule is not None:
        out["rule"] = event.rule
    if event.served_by is not None:
        out["served_by"] = event.served_by
    if event.suspension is not None:
        out["suspension"] = event.suspension
    if event.called_by is not None:
        out["called_by"] = event.called_by
    if event.penalty_shot:
        out["penalty_shot"] = True
    return out


def encode_event(event: events.Event, settings: Settings) -> dict[str, Any]:
    """The engine's event as a FORMAT.md event (the inverse of
    :func:`~rinkside.formats.event_reader.decode_event`), for a game played
    under ``settings`` (which name its periods,
    :func:`~rinkside.formats.times.encode_time`).

    Optional fields are written only when they carry something.
    """

    def at(moment: GameTime) -> str:
        return encode_time(moment, settings)

    return {key: readable(value) if isinstance(value, str) else value
            for key, value in _encoded(event, at).items()}


def _encoded(event: events.Event, at: Callable[[GameTime], str]) -> dict[str, Any]:
    """:func:`encode_event`'s fields, as stored."""
    match event:
        case events.FaceOff():
            out: dict[str, Any] = {"type": "faceoff", "at": at(event.at)}
            if event.spot is not None:
                out["spot"] = event.spot
            return out
        case events.Stoppage():
            out = {"type": "stoppage", "at": at(event.at)}
            if event.reason is not None:
                out["reason"] = event.reason
            return out
        case events.Goal():
            out = {"type": "goal", "at": at(event.at), "team": event.team, "scorer": event.scorer}
            if event.assist is not None:
                out["assist"] = event.assist
            if event.own_goal:
                out["own_goal"] = True
            return out
        case events.Penalty() | events.PenaltySignal():
            return _penalty_fields(event, at)
        case events.PenaltyShot():
            return {
                "type": "penalty_shot", "at": at(event.at), "team": event.team,
                "shooter": event.shooter, "result": "goal" if event.scored else "no_goal",
            }
        case events.TimeOut():
            return {"type": "timeout", "at": at(event.at), "team": event.team}
        case events.GoalieChange():
            return {"type": "goalie", "at": at(event.at), "team": event.team, "in": event.goalie}
        case events.PeriodEnd():
            return {"type": "period_end", "at": at(event.at)}
        case events.ShootoutAttempt():
            return {
                "type": "shootout_attempt", "at": SHOOTOUT_LABEL, "team": event.team,
                "shooter": event.shooter, "result": "goal" if event.scored else "no_goal",
            }
        case events.Forfeit():
            return {"type": "forfeit", "at": at(event.at), "team": event.team,
                    "reason": event.reason}
        case events.Designate():
            return {"type": "designate", "at": at(event.at), "team": event.team,
                    "player": event.player}
        case events.Measurement():
            out = {"type": "measure", "at": at(event.at), "team": event.team,
                   "player": event.player, "item": event.item, "result": event.result}
            if event.served_by is not None:
                out["served_by"] = event.served_by
            return out
        case events.Shot():
            out = {"type": "shot", "at": at(event.at), "team": event.team}
            if event.shooter is not None:
                out["shooter"] = event.shooter
            return out
        case events.Caution():
            return {"type": "warning", "at": at(event.at), "team": event.team,
                    **_target_fields(event.player, event.official), "rule": event.rule}
        case events.LeftBox():
            out = {"type": "left_box", "at": at(event.at), "team": event.team,
                   "player": event.player}
            if event.error:
                out["error"] = True
            return out
        case events.Suspend():
            return {"type": "suspend", "at": at(event.at), "reason": event.reason}
        case events.Resume():
            return {"type": "resume", "at": at(event.at)}
        case events.RefereeTimeout():
            return {"type": "referee_timeout", "at": at(event.at)}
    raise ValueError(f"{type(event).__name__} events have no form in FORMAT.md")
