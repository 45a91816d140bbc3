"""A game's corrections in words, for the referees who sign it (616(a)):
"Replaced event 4 (goal, Blades #9 at P1 10:42) with (goal, Blades #12 at
P1 10:42), by kim at 14:02: wrong number". Values in, words out."""

from __future__ import annotations

from dataclasses import fields
from datetime import datetime

from rinkside.present.clock import clock_text
from rinkside.present.names import class_text
from rinkside.present.periods import period_label
from rinkside.rules.events import Event, Goal, PenaltyClass, Stoppage
from rinkside.rules.log import Op
from rinkside.rules.roster import GameSetup

_KIND = {
    "FaceOff": "face-off", "Stoppage": "whistle", "Goal": "goal", "Penalty": "penalty",
    "PenaltySignal": "delayed penalty", "PenaltyShot": "penalty shot", "TimeOut": "time-out",
    "GoalieChange": "goaltender change", "PeriodEnd": "period end",
    "ShootoutAttempt": "shootout attempt", "Forfeit": "forfeit", "Designate": "designation",
    "Measurement": "equipment measurement", "Shot": "shot on goal",
}
_ROLES = (("scorer", "scorer"), ("assist", "assist"), ("player", ""), ("served_by", "served by"),
          ("shooter", "shooter"), ("goalie", "in goal"))


def event_words(setup: GameSetup, event: Event) -> str:
    """``goal, Blades scorer #9 assist #4, at P1 10:42``."""
    name = type(event).__name__
    parts = [_KIND.get(name, name)]
    team = getattr(event, "team", None)
    who = [setup.roster(team).name] if team in ("home", "away") else []
    for field in fields(event):
        value = getattr(event, field.name)
        for key, label in _ROLES:
            if field.name == key and isinstance(value, int) and not isinstance(value, bool):
                who.append(f"{label} #{value}".strip())
        if isinstance(value, PenaltyClass):
            who.append(class_text(value))
        if field.name == "infraction" and value:
            who.append(str(value).lower())
        if field.name == "penalty_shot" and value is True:
            who.append("the foul of a penalty shot (406)")  # casebook 62
    if who:
        parts.append(" ".join(who))
    at = getattr(event, "at", None)
    if at is not None and hasattr(at, "period"):
        parts.append(f"at P{period_label(at.period, setup.settings)} {clock_text(at.left)}")
    return ", ".join(parts)


def goal_in_its_whistles_place(op: Op, event: Event | None, previous: Event | None) -> bool:
    """Rule 616: a goal scored during play stops play itself. The stoppage the
    Goal key sent the instant it was pressed (reason "goal", 507(a)), replaced
    by the goal at that same moment, is the goal being recorded, not a
    correction anyone made: the log shows the goal plainly (the record keeps
    the replacement, and the engine reads the goal as before the whistle,
    409(c), casebook 10)."""
    return (op == "replace" and isinstance(previous, Stoppage) and previous.reason == "goal"
            and isinstance(event, Goal) and event.at == previous.at)


def correction_text(setup: GameSetup, op: Op, position: int, event: Event | None,
                    previous: Event | None, by: str, at: datetime, reason: str) -> str | None:
    """The sentence for one correction (None for an event simply recorded, a
    goal in its own key's whistle's place among them, Rule 616)."""
    if goal_in_its_whistles_place(op, event, previous):
        return None
    when = f"by {by} at {at.astimezone().strftime('%H:%M')}"
    why = f": {reason}" if reason else ""
    number = position + 1
    if op == "replace" and event is not None and previous is not None:
        return (f"Event {number} ({event_words(setup, previous)}) replaced with "
                f"({event_words(setup, event)}), {when}{why}")
    if op == "insert" and event is not None:
        return f"Inserted as event {number}: {event_words(setup, event)}, {when}{why}"
    if op == "delete" and previous is not None:
        return f"Event {number} deleted ({event_words(setup, previous)}), {when}{why}"
    return None
