"""FORMAT.md events read: the ``events`` entries onto the engine's events.

:func:`decode_event` reads one entry (failing with an :class:`EventFieldError`
that names the event index and the field); :func:`describe_malformed` tells
any malformed event as ``events[3].at: ...``. The writing side is
:mod:`.event_writer`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from rinkside.formats.text import REASON, SHORT, TextError, TextKind, check_text
from rinkside.formats.times import parse_time, shootout_moment
from rinkside.rules import events
from rinkside.rules.errors import MalformedEvent
from rinkside.rules.events import MEASURE_RESULTS, MEASURED_ITEMS, TEAMS, PenaltyClass, Team
from rinkside.rules.times import SHOOTOUT_LABEL, GameTime, TimeFormatError

__all__ = [
    "EventFieldError",
    "decode_event",
    "describe_malformed",
]


class EventFieldError(MalformedEvent):
    """A :class:`MalformedEvent` that also keeps the bare ``detail`` (no prefix)."""

    def __init__(self, detail: str, *, index: int | None, field: str | None) -> None:
        self.detail = detail
        super().__init__(detail, index=index, field=field)


def _where(index: int | None, field: str | None) -> str:
    place = f"events[{index}]" if index is not None else "event"
    return f"{place}.{field}" if field else place


def describe_malformed(exc: MalformedEvent) -> str:
    """``events[3].at: '1 7:6' is not a game time ...`` for any malformed event."""
    detail = exc.detail if isinstance(exc, EventFieldError) else str(exc)
    return f"{_where(exc.index, exc.field)}: {detail}"


# type -> (required fields, optional fields), besides "type" itself.
_EVENT_FIELDS: Final[dict[str, tuple[tuple[str, ...], tuple[str, ...]]]] = {
    "faceoff": (("at",), ("spot",)),
    "stoppage": (("at",), ("reason",)),
    "goal": (("at", "team", "scorer"), ("assist", "own_goal")),
    "penalty": (
        ("at", "team", "class", "infraction"),
        ("player", "bench", "official", "rule", "served_by", "suspension", "called_by",
         "penalty_shot"),
    ),
    "penalty_shot": (("at", "team", "shooter", "result"), ()),
    "timeout": (("at", "team"), ()),
    "goalie": (("at", "team", "in"), ()),
    "period_end": (("at",), ()),
    "shootout_attempt": (("at", "team", "shooter", "result"), ()),
    "forfeit": (("at", "team", "reason"), ()),
    "designate": (("at", "team", "player"), ()),
    # rinkside's extension: an equipment measurement (301, 303, 304, 610(f))
    "measure": (("at", "team", "player", "item", "result"), ("served_by",)),
    # the second edition
    "shot": (("at", "team"), ("shooter",)),
    "warning": (("at", "team", "rule"), ("player", "bench", "official")),
    "left_box": (("at", "team", "player"), ("error",)),
    "suspend": (("at", "reason"), ()),
    "resume": (("at",), ()),
    "referee_timeout": (("at",), ()),
}
_EVENT_FIELDS["penalty_signal"] = _EVENT_FIELDS["penalty"]

assert set(_EVENT_FIELDS) == set(events.EVENT_CLASSES), "a type of events.EVENT_CLASSES unread"
# The kind (and so the length) of each text field of an event (formats.text).
_TEXT_KINDS: Final[dict[str, TextKind]] = {
    "spot": SHORT, "infraction": SHORT, "rule": SHORT, "reason": REASON,
    "item": SHORT, "result": SHORT,
}
_RESULTS: Final = ("goal", "no_goal")


class _Reader:
    """Reads the fields of one raw event, failing with the field's name."""

    def __init__(self, raw: Mapping[str, Any], index: int, regulation_periods: int) -> None:
        self.raw = raw
        self.index = index
        self.periods = regulation_periods

    def fail(self, field: str | None, detail: str) -> EventFieldError:
        return EventFieldError(detail, index=self.index, field=field)

    def at(self, *, shootout_ok: bool = False) -> GameTime:
        value = self.raw["at"]
        if value == SHOOTOUT_LABEL:
            if shootout_ok:
                return shootout_moment(self.periods)
            raise self.fail(
                "at", f"'{SHOOTOUT_LABEL}' is only the time of a shootout attempt or a forfeit"
            )
        if not isinstance(value, str):
            raise self.fail("at", f"{value!r} is not a game time like '1 11:42' or 'OT 3:00'")
        try:
            return parse_time(value, self.periods)
        except TimeFormatError as exc:
            raise self.fail("at", str(exc)) from None

    def team(self, field: str = "team") -> Team:
        value = self.raw[field]
        for team in TEAMS:
            if value == team:
                return team
        raise self.fail(field, f"{value!r} is not a team: 'home' or 'away'")

    def number(self, field: str) -> int:
        value = self.raw[field]
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 99:
            raise self.fail(field, f"{value!r} is not a jersey number (1-99)")
        return value

    def optional_number(self, field: str) -> int | None:
        return self.number(field) if field in self.raw else None

    def text(self, field: str, *, empty_ok: bool = True) -> str:
        """The field's text, refused when it is not text a person typed
        (a lone surrogate, a control character, too long: formats.text)."""
        value = self.raw[field]
        if not isinstance(value, str) or (not empty_ok and not value):
            raise self.fail(field, f"{value!r} is not a {'non-empty ' if not empty_ok else ''}text")
        try:
            return check_text(value, field, _TEXT_KINDS.get(field, REASON))
        except TextError as exc:
            raise self.fail(field, exc.problem) from None

    def optional_text(self, field: str) -> str | None:
        return self.text(field) if field in self.raw else None

    def flag(self, field: str) -> bool:
        value = self.raw.get(field, False)
        if not isinstance(value, bool):
            raise self.fail(field, f"{value!r} is not true or false")
        return value

    def scored(self) -> bool:
        value = self.raw["result"]
        if value not in _RESULTS:
            raise self.fail("result", f"{value!r} is not 'goal' or 'no_goal'")
        return bool(value == "goal")


def _target(r: _Reader, what: str) -> tuple[int | None, str | None]:
    """Exactly one of ``player``, ``"bench": true`` or ``official``."""
    bench = r.raw.get("bench")
    if "bench" in r.raw and bench is not True:
        raise r.fail("bench", f"{bench!r}: 'bench' is written only as true")
    named = [f for f in ("player", "bench", "official") if f in r.raw]
    if len(named) > 1:
        raise r.fail(named[1], f"{what} names a player, the bench or a team official: one, "
                     "not both")
    if not named:
        raise r.fail("player", f'missing: {what} names a player, says "bench": true, or names '
                     'a team "official"')
    official = r.text("official", empty_ok=False) if "official" in r.raw else None
    return (r.number("player") if "player" in r.raw else None), official


def _decode_penalty(r: _Reader) -> tuple[Any, ...]:
    player, official = _target(r, "a penalty")
    value = r.raw["class"]
    try:
        penalty_class = PenaltyClass(value)
    except ValueError:
        raise r.fail(
            "class", f"{value!r} is not a penalty class: {', '.join(c.value for c in PenaltyClass)}"
        ) from None
    suspension = r.raw.get("suspension")
    if suspension is not None and (
        isinstance(suspension, bool) or not isinstance(suspension, int) or suspension < 1
    ):
        raise r.fail("suspension", f"{suspension!r} is not a number of games (1 or more)")
    rule = r.optional_text("rule")
    called_by = r.text("called_by", empty_ok=False) if "called_by" in r.raw else None
    if "penalty_shot" in r.raw and r.raw["penalty_shot"] is not True:
        raise r.fail("penalty_shot", f"{r.raw['penalty_shot']!r}: 'penalty_shot' is written "
                     "only as true (the foul a penalty shot was awarded for, 406)")
    return (
        r.at(),
        r.team(),
        player,
        penalty_class,
        r.text("infraction", empty_ok=False),
        rule,
        r.optional_number("served_by"),
        suspension,
        official,
        called_by,
        r.flag("penalty_shot"),
    )


def _decode_warning(r: _Reader) -> events.Caution:
    player, official = _target(r, "a warning")
    return events.Caution(r.at(), r.team(), r.text("rule", empty_ok=False), player, official)


def _decode_goalie(r: _Reader) -> events.GoalieChange:
    value = r.raw["in"]
    return events.GoalieChange(r.at(), r.team(), None if value is None else r.number("in"))


def _decode_shootout(r: _Reader) -> events.ShootoutAttempt:
    if r.raw["at"] != SHOOTOUT_LABEL:
        raise r.fail("at", f"{r.raw['at']!r}: a shootout attempt is at \"{SHOOTOUT_LABEL}\"")
    return events.ShootoutAttempt(r.team(), r.number("shooter"), r.scored(), at=None)


def _decode_measure(r: _Reader) -> events.Measurement:
    """A rinkside extension of FORMAT.md: an equipment measurement (610(f))."""
    item, result = r.text("item"), r.text("result")
    if item not in MEASURED_ITEMS:
        raise r.fail("item", f"{item!r}: one of {', '.join(MEASURED_ITEMS)}")
    if result not in MEASURE_RESULTS:
        raise r.fail("result", f"{result!r}: legal, illegal or refused")
    return events.Measurement(r.at(), r.team(), r.number("player"), item, result,
                              r.optional_number("served_by"))


_DECODERS: Final[dict[str, Callable[[_Reader], events.Event]]] = {
    "faceoff": lambda r: events.FaceOff(r.at(), r.optional_text("spot")),
    "stoppage": lambda r: events.Stoppage(r.at(), r.optional_text("reason")),
    "goal": lambda r: events.Goal(
        r.at(), r.team(), r.number("scorer"), r.optional_number("assist"), r.flag("own_goal")
    ),
    "penalty": lambda r: events.Penalty(*_decode_penalty(r)),
    "penalty_signal": lambda r: events.PenaltySignal(*_decode_penalty(r)),
    "penalty_shot": lambda r: events.PenaltyShot(r.at(), r.team(), r.number("shooter"), r.scored()),
    "timeout": lambda r: events.TimeOut(r.at(), r.team()),
    "goalie": _decode_goalie,
    "period_end": lambda r: events.PeriodEnd(r.at()),
    "shootout_attempt": _decode_shootout,
    "forfeit": lambda r: events.Forfeit(r.at(shootout_ok=True), r.team(), r.text("reason")),
    "designate": lambda r: events.Designate(r.at(), r.team(), r.number("player")),
    "measure": _decode_measure,
    "shot": lambda r: events.Shot(r.at(), r.team(), r.optional_number("shooter")),
    "warning": _decode_warning,
    "left_box": lambda r: events.LeftBox(r.at(), r.team(), r.number("player"), r.flag("error")),
    "suspend": lambda r: events.Suspend(r.at(), r.text("reason")),
    "resume": lambda r: events.Resume(r.at()),
    "referee_timeout": lambda r: events.RefereeTimeout(r.at()),
}


def decode_event(raw: Mapping[str, Any], index: int, regulation_periods: int) -> events.Event:
    """One entry of ``events`` as the engine's event.

    Raises :class:`~rinkside.rules.errors.MalformedEvent` (an
    :class:`EventFieldError`) naming the event index and the field.
    """
    if not isinstance(raw, Mapping):
        raise EventFieldError(f"{raw!r} is not an event object", index=index, field=None)
    kind = raw.get("type")
    if "type" not in raw:
        raise EventFieldError("missing", index=index, field="type")
    if not isinstance(kind, str) or kind not in _EVENT_FIELDS:
        raise EventFieldError(
            f"{kind!r} is not an event type: {', '.join(events.EVENT_CLASSES)}",
            index=index,
            field="type",
        )
    required, optional = _EVENT_FIELDS[kind]
    for name in required:
        if name not in raw:
            raise EventFieldError(
                f"missing (a {kind} event has {', '.join(required)})", index=index, field=name
            )
    allowed = {"type", *required, *optional}
    for name in raw:
        if name not in allowed:
            known = ", ".join(required + optional)
            raise EventFieldError(
                f"not a field of a {kind} event (it has {known})", index=index, field=str(name)
            )
    return _DECODERS[kind](_Reader(raw, index, regulation_periods))
