"""The scenario / game-log format of ``conformance/FORMAT.md``, read onto the engine.

This is the one adapter between that JSON format and the engine's own
objects: the conformance runner and ``rinkside replay`` both read files
through it, and a game log is exported through :func:`encode_event`.

Reading a file goes in a fixed order:

1. the JSON is parsed;
2. it is validated against ``scenario.schema.json`` (the copy shipped in
   this package); the first problem is reported naming the file and the
   place (``events[3].at``), and for the parts the rule book governs
   (settings, rosters) the rule that is broken;
3. the engine's objects are built: :class:`~rinkside.rules.settings.Settings`
   from the ``settings`` overrides, a :class:`~rinkside.rules.roster.Roster`
   per team (checked against Section II), and one engine event per entry
   of ``events`` (:func:`decode_event`).

Every problem is a :class:`ScenarioError` whose text starts with the file.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, fields
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Final

from jsonschema import Draft202012Validator  # type: ignore[import-untyped]

from rinkside.rules.errors import MalformedEvent, RuleViolation, SettingsError
from rinkside.rules.events import (
    MEASURED_ITEMS,
    TEAMS,
    Designate,
    Event,
    FaceOff,
    Forfeit,
    Goal,
    GoalieChange,
    Measurement,
    Penalty,
    PenaltyClass,
    PenaltyShot,
    PenaltySignal,
    PeriodEnd,
    ShootoutAttempt,
    Stoppage,
    Team,
    TimeOut,
)
from rinkside.rules.roster import GameSetup, Player, Roster, default_roster
from rinkside.rules.settings import SPECS, Settings, settings_from_mapping
from rinkside.rules.times import (
    SHOOTOUT_LABEL,
    GameTime,
    TimeFormatError,
    format_duration,
    parse_duration,
    parse_game_time,
)

__all__ = [
    "Check",
    "EventFieldError",
    "Scenario",
    "ScenarioError",
    "decode_event",
    "encode_event",
    "encode_time",
    "load_game_log",
    "load_scenario",
    "parse_time",
    "schema",
]

SCHEMA_FILE: Final = "scenario.schema.json"

# Fields of a check that only say which moment is checked, or are for people.
CHECK_MOMENT_FIELDS: Final = frozenset({"after", "at", "why"})


# --------------------------------------------------------------------------- errors


class ScenarioError(ValueError):
    """A file that is not a valid scenario (or game log).

    ``str(error)`` is ``"<file>: <where>: <what>"``, e.g.
    ``public/x.json: events[3].at: '1 7:6' is not a game time ...``.
    """

    def __init__(self, path: Path | str, message: str) -> None:
        self.path = Path(path)
        self.message = message
        super().__init__(f"{path}: {message}")


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


# --------------------------------------------------------------------------- model


@dataclass(frozen=True, slots=True)
class Check:
    """One entry of ``expect``.

    ``fields`` holds the compared fields exactly as written (everything but
    ``after``, ``at`` and ``why``); their times have been checked readable.
    """

    index: int
    after: int
    at: GameTime | None
    at_text: str | None
    fields: Mapping[str, Any]
    why: str = ""


@dataclass(frozen=True)
class Scenario:
    """A scenario file read onto the engine's objects."""

    id: str
    title: str
    rules: list[str]
    setup: GameSetup
    events: list[Event]
    raw_events: list[dict[str, Any]]
    checks: list[Check]
    path: Path


# --------------------------------------------------------------------------- times


def parse_time(text: str, regulation_periods: int) -> GameTime:
    """A FORMAT.md game time (``"1 11:42"``, ``"OT 3:00"``, ``"OT2 9:30"``).

    Unlike :func:`parse_game_time` alone this refuses a numbered period past
    regulation (``"3 5:00"`` in a two-period game): FORMAT.md names overtime
    ``OT``/``OT1``..., so such a time is a mistake, not overtime.
    """
    parts = text.split()
    if len(parts) != 2:
        raise TimeFormatError(
            f"{text!r} is not a game time like '1 11:42', '2 0:04.5' or 'OT 3:00'"
        )
    try:
        moment = parse_game_time(text, regulation_periods)
    except TimeFormatError:
        raise TimeFormatError(
            f"{text!r} is not a game time like '1 11:42', '2 0:04.5' or 'OT 3:00'"
        ) from None
    if parts[0].isdigit() and moment.period > regulation_periods:
        raise TimeFormatError(
            f"{text!r}: period {moment.period} is past the {regulation_periods} regulation "
            "periods; overtime is written 'OT' (or 'OT1', 'OT2', ...)"
        )
    return moment


def encode_time(moment: GameTime, regulation_periods: int, *, numbered_overtime: bool) -> str:
    """The inverse of :func:`parse_time`. A second or later overtime is always
    numbered (``"OT2 9:30"``) so that no moment is written ambiguously."""
    if moment.period <= regulation_periods:
        label = str(moment.period)
    else:
        number = moment.period - regulation_periods
        label = f"OT{number}" if numbered_overtime or number > 1 else "OT"
    return f"{label} {format_duration(moment.left)}"


def shootout_moment(regulation_periods: int) -> GameTime:
    """The moment a forfeit written ``"at": "SO"`` is given: the end of the
    first overtime. The shootout has no clock (639(b)); the engine keeps its
    clock as it is for an event during the shootout, so the value only has to
    be a readable moment. Such a forfeit is written back with this clock time."""
    return GameTime(regulation_periods + 1, 0)


# --------------------------------------------------------------------------- events

# type -> (required fields, optional fields), besides "type" itself.
_EVENT_FIELDS: Final[dict[str, tuple[tuple[str, ...], tuple[str, ...]]]] = {
    "faceoff": (("at",), ("spot",)),
    "stoppage": (("at",), ("reason",)),
    "goal": (("at", "team", "scorer"), ("assist", "own_goal")),
    "penalty": (
        ("at", "team", "class", "infraction"),
        ("player", "bench", "rule", "served_by", "suspension"),
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
}
_EVENT_FIELDS["penalty_signal"] = _EVENT_FIELDS["penalty"]

EVENT_TYPE_NAMES: Final = tuple(_EVENT_FIELDS)
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
        value = self.raw[field]
        if not isinstance(value, str) or (not empty_ok and not value):
            raise self.fail(field, f"{value!r} is not a {'non-empty ' if not empty_ok else ''}text")
        return value

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


def _decode_penalty(r: _Reader) -> tuple[Any, ...]:
    has_player = "player" in r.raw
    bench = r.raw.get("bench")
    if "bench" in r.raw and bench is not True:
        raise r.fail("bench", f"{bench!r}: 'bench' is written only as true")
    if has_player and bench:
        raise r.fail("bench", "a penalty names a player or is a bench penalty, not both")
    if not has_player and not bench:
        raise r.fail("player", 'missing: a penalty names a player or says "bench": true')
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
    return (
        r.at(),
        r.team(),
        r.number("player") if has_player else None,
        penalty_class,
        r.text("infraction", empty_ok=False),
        rule,
        r.optional_number("served_by"),
        suspension,
    )


def _decode_goalie(r: _Reader) -> GoalieChange:
    value = r.raw["in"]
    return GoalieChange(r.at(), r.team(), None if value is None else r.number("in"))


def _decode_shootout(r: _Reader) -> ShootoutAttempt:
    if r.raw["at"] != SHOOTOUT_LABEL:
        raise r.fail("at", f"{r.raw['at']!r}: a shootout attempt is at \"{SHOOTOUT_LABEL}\"")
    return ShootoutAttempt(r.team(), r.number("shooter"), r.scored(), at=None)


def _decode_measure(r: _Reader) -> Measurement:
    """A rinkside extension of FORMAT.md: an equipment measurement (610(f))."""
    item, result = r.text("item"), r.text("result")
    if item not in MEASURED_ITEMS:
        raise r.fail("item", f"{item!r}: one of {', '.join(MEASURED_ITEMS)}")
    if result not in ("legal", "illegal", "refused"):
        raise r.fail("result", f"{result!r}: legal, illegal or refused")
    return Measurement(r.at(), r.team(), r.number("player"), item, result,  # type: ignore[arg-type]
                       r.optional_number("served_by"))


_DECODERS: Final[dict[str, Callable[[_Reader], Event]]] = {
    "faceoff": lambda r: FaceOff(r.at(), r.optional_text("spot")),
    "stoppage": lambda r: Stoppage(r.at(), r.optional_text("reason")),
    "goal": lambda r: Goal(
        r.at(), r.team(), r.number("scorer"), r.optional_number("assist"), r.flag("own_goal")
    ),
    "penalty": lambda r: Penalty(*_decode_penalty(r)),
    "penalty_signal": lambda r: PenaltySignal(*_decode_penalty(r)),
    "penalty_shot": lambda r: PenaltyShot(r.at(), r.team(), r.number("shooter"), r.scored()),
    "timeout": lambda r: TimeOut(r.at(), r.team()),
    "goalie": _decode_goalie,
    "period_end": lambda r: PeriodEnd(r.at()),
    "shootout_attempt": _decode_shootout,
    "forfeit": lambda r: Forfeit(r.at(shootout_ok=True), r.team(), r.text("reason")),
    "designate": lambda r: Designate(r.at(), r.team(), r.number("player")),
    "measure": _decode_measure,
}


def decode_event(raw: Mapping[str, Any], index: int, regulation_periods: int) -> Event:
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
            f"{kind!r} is not an event type: {', '.join(EVENT_TYPE_NAMES)}",
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


def _penalty_fields(
    event: Penalty | PenaltySignal, regulation_periods: int, numbered_overtime: bool
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "type": "penalty" if isinstance(event, Penalty) else "penalty_signal",
        "at": encode_time(event.at, regulation_periods, numbered_overtime=numbered_overtime),
        "team": event.team,
    }
    if event.player is None:
        out["bench"] = True
    else:
        out["player"] = event.player
    out["class"] = event.penalty_class.value
    out["infraction"] = event.infraction
    if event.rule is not None:
        out["rule"] = event.rule
    if event.served_by is not None:
        out["served_by"] = event.served_by
    if event.suspension is not None:
        out["suspension"] = event.suspension
    return out


def encode_event(event: Event, regulation_periods: int, numbered_overtime: bool) -> dict[str, Any]:
    """The engine's event as a FORMAT.md event (the inverse of :func:`decode_event`).

    Optional fields are written only when they carry something. A
    :class:`~rinkside.rules.events.Shot` has no place in FORMAT.md and is
    refused with :class:`ValueError`.
    """

    def at(moment: GameTime) -> str:
        return encode_time(moment, regulation_periods, numbered_overtime=numbered_overtime)

    match event:
        case FaceOff():
            out: dict[str, Any] = {"type": "faceoff", "at": at(event.at)}
            if event.spot is not None:
                out["spot"] = event.spot
            return out
        case Stoppage():
            out = {"type": "stoppage", "at": at(event.at)}
            if event.reason is not None:
                out["reason"] = event.reason
            return out
        case Goal():
            out = {"type": "goal", "at": at(event.at), "team": event.team, "scorer": event.scorer}
            if event.assist is not None:
                out["assist"] = event.assist
            if event.own_goal:
                out["own_goal"] = True
            return out
        case Penalty() | PenaltySignal():
            return _penalty_fields(event, regulation_periods, numbered_overtime)
        case PenaltyShot():
            return {
                "type": "penalty_shot", "at": at(event.at), "team": event.team,
                "shooter": event.shooter, "result": "goal" if event.scored else "no_goal",
            }
        case TimeOut():
            return {"type": "timeout", "at": at(event.at), "team": event.team}
        case GoalieChange():
            return {"type": "goalie", "at": at(event.at), "team": event.team, "in": event.goalie}
        case PeriodEnd():
            return {"type": "period_end", "at": at(event.at)}
        case ShootoutAttempt():
            return {
                "type": "shootout_attempt", "at": SHOOTOUT_LABEL, "team": event.team,
                "shooter": event.shooter, "result": "goal" if event.scored else "no_goal",
            }
        case Forfeit():
            return {"type": "forfeit", "at": at(event.at), "team": event.team,
                    "reason": event.reason}
        case Designate():
            return {"type": "designate", "at": at(event.at), "team": event.team,
                    "player": event.player}
        case Measurement():
            out = {"type": "measure", "at": at(event.at), "team": event.team,
                   "player": event.player, "item": event.item, "result": event.result}
            if event.served_by is not None:
                out["served_by"] = event.served_by
            return out
    raise ValueError(f"{type(event).__name__} events have no form in FORMAT.md")


# The settings FORMAT.md (and its schema) has a key for, in its order.
FORMAT_SETTINGS: Final = ("periods", "period_length", "clock", "late_stop_clock", "minor",
                          "major", "misconduct", "mercy", "overtime", "overtime_length",
                          "shootout_shooters", "timeouts", "timeout_length", "points")
_DURATIONS: Final = frozenset({"period_length", "late_stop_clock", "minor", "major",
                               "misconduct", "overtime_length", "timeout_length"})


def encode_settings(settings: Settings, *, strict: bool = False) -> dict[str, Any]:
    """The settings as FORMAT.md writes them (``"12:00"``, ``null`` for off).

    A setting FORMAT.md has no key for is left out, or, ``strict``, refused
    with :class:`ValueError` when it differs from its default (a scenario
    must mean what it says)."""
    if strict:
        default = Settings()
        for f in fields(Settings):
            if f.name not in FORMAT_SETTINGS and \
                    getattr(settings, f.name) != getattr(default, f.name):
                raise ValueError(f"setting {f.name!r} has no form in FORMAT.md")

    def edge(key: str, value: Any) -> Any:
        if value is None:
            return None
        if key in _DURATIONS:
            return format_duration(value)
        if key == "points":
            return {"win": value.win, "tie": value.tie, "loss": value.loss}
        return value

    return {key: edge(key, getattr(settings, key)) for key in FORMAT_SETTINGS}


def encode_roster(roster: Roster) -> dict[str, Any]:
    """A team as FORMAT.md writes it: its name and dressed players (a team
    with no player dressed has no ``roster``: the format wants one at least)."""
    players: list[dict[str, Any]] = []
    for p in roster.players:
        entry: dict[str, Any] = {"number": p.number}
        if p.name:
            entry["name"] = p.name
        if p.goalie:
            entry["goalie"] = True
        if p.captain is not None:
            entry["captain"] = p.captain
        players.append(entry)
    return {"name": roster.name, "roster": players} if players else {"name": roster.name}


# --------------------------------------------------------------------------- schema


@cache
def schema() -> dict[str, Any]:
    """The scenario JSON schema shipped in this package."""
    text = resources.files("rinkside.formats").joinpath(SCHEMA_FILE).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def _validator(game_log: bool) -> Any:
    document = schema()
    if game_log:
        # A game log is the same file without the need for an id or checks.
        document = copy.deepcopy(document)
        document["required"] = ["events"]
    return Draft202012Validator(document)


_CLOCK_PATTERN: Final = "clockTime"
_DURATION_PATTERN: Final = "duration"


def _pattern_kind(pattern: str) -> str | None:
    defs = schema()["$defs"]
    if pattern == defs["clockTime"]["pattern"]:
        return _CLOCK_PATTERN
    if pattern == defs["duration"]["pattern"]:
        return _DURATION_PATTERN
    return None


def _place(path: Iterable[Any]) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "(top level)"


def _explain(error: Any) -> str:
    """A readable ``<place>: <what>`` for one jsonschema error."""
    place = _place(error.absolute_path)
    instance = error.instance
    validator = error.validator
    if validator in ("anyOf", "oneOf") and error.context:
        kinds = [
            _pattern_kind(sub.validator_value) for sub in error.context
            if sub.validator == "pattern"
        ]
        if _CLOCK_PATTERN in kinds:
            return f"{place}: {instance!r} is not a game time like '1 11:42' or 'OT 3:00'"
        if _DURATION_PATTERN in kinds:
            return f"{place}: {instance!r} is not a time like '2:00'"
        deepest = max(error.context, key=lambda sub: len(sub.absolute_path))
        return _explain(deepest)
    if validator == "pattern":
        kind = _pattern_kind(error.validator_value)
        if kind == _CLOCK_PATTERN:
            return f"{place}: {instance!r} is not a game time like '1 11:42' or 'OT 3:00'"
        if kind == _DURATION_PATTERN:
            return f"{place}: {instance!r} is not a time like '2:00'"
        defs = schema()["$defs"]
        if error.validator_value == defs["pimTable"]["propertyNames"]["pattern"]:
            return f"{place}: key {instance!r} is not a jersey number (1-99) or 'bench'"
        if error.validator_value == defs["scoringTable"]["propertyNames"]["pattern"]:
            return f"{place}: key {instance!r} is not a jersey number (1-99)"
        if error.validator_value == schema()["properties"]["id"]["pattern"]:
            return f"{place}: {instance!r} is not an id (letters, digits, '.', '_', '-')"
        return f"{place}: {instance!r} is not of the form {error.validator_value}"
    if validator == "required":
        missing = [name for name in error.validator_value if name not in instance]
        names = ", ".join(repr(n) for n in missing) or error.message
        return f"{place}: missing field {names}"
    if validator == "additionalProperties":
        allowed = set(error.schema.get("properties", {}))
        extra = sorted(str(k) for k in instance if k not in allowed)
        return f"{place}: unknown field {', '.join(repr(e) for e in extra)}"
    if validator == "propertyNames":
        return f"{place}: {error.message}"
    if validator == "enum":
        choices = ", ".join(json.dumps(c) for c in error.validator_value)
        return f"{place}: {json.dumps(instance)} is not one of {choices}"
    if validator == "const":
        return f"{place}: {json.dumps(instance)} must be {json.dumps(error.validator_value)}"
    if validator == "type":
        return f"{place}: {json.dumps(instance)} is not of type {error.validator_value}"
    return f"{place}: {error.message}"


_TOP_ORDER: Final = ("id", "title", "rules", "settings", "home", "away", "events", "expect")


def _error_key(error: Any) -> tuple[Any, ...]:
    path = list(error.absolute_path)
    top = path[0] if path else ""
    rank = _TOP_ORDER.index(top) if top in _TOP_ORDER else len(_TOP_ORDER)
    rest = tuple((0, p, "") if isinstance(p, int) else (1, 0, str(p)) for p in path[1:])
    return (rank, rest)


# --------------------------------------------------------------------------- building


def _settings(raw: Any) -> Settings:
    """Raises SettingsError naming the setting and its rule."""
    if raw is None:
        return Settings()
    return settings_from_mapping(raw)


def _settings_message(exc: SettingsError) -> str:
    text = str(exc)
    prefix = f"setting '{exc.key}': "
    return f"settings.{exc.key}: {text.removeprefix(prefix)}"


def _roster(raw: Any, team: Team, settings: Settings) -> Roster:
    """Raises RuleViolation (Section II) for a roster that breaks the book."""
    info = raw or {}
    name = info.get("name") or team.capitalize()
    if "roster" not in info:
        return default_roster(name)
    players = tuple(
        Player(
            number=p["number"],
            name=p.get("name", ""),
            goalie=bool(p.get("goalie", False)),
            captain=p.get("captain"),
        )
        for p in info["roster"]
    )
    return Roster(name, players, roster_max=settings.roster_max)


def _rule_explanation(error: Any, data: Mapping[str, Any], game_log: bool) -> str | None:
    """For a schema error inside a part the rule book governs, the book's own
    reason (a settings error with its rule, a roster's Section II rule, an
    event's field) where one can be found."""
    path = list(error.absolute_path)
    if not path:
        return None
    top = path[0]
    if top == "settings":
        try:
            _settings(data.get("settings"))
        except SettingsError as exc:
            return _settings_message(exc)
        except (TypeError, AttributeError):
            return None
        key = path[1] if len(path) > 1 else None
        if isinstance(key, str) and key in SPECS:
            return f"{_explain(error)} (Rule {SPECS[key].rule})"
        return None
    if top in TEAMS and len(path) > 1 and path[1] == "roster":
        team: Team = "home" if top == "home" else "away"
        try:
            _roster(data.get(top), team, Settings())
        except RuleViolation as exc:
            return f"{top}.roster: {exc}"
        except (TypeError, KeyError, AttributeError):
            return None
        return None
    if top == "events" and len(path) > 1 and isinstance(path[1], int):
        periods = _safe_periods(data)
        try:
            decode_event(data["events"][path[1]], path[1], periods)
        except MalformedEvent as exc:
            return describe_malformed(exc)
        return None
    return None


def _safe_periods(data: Mapping[str, Any]) -> int:
    try:
        return _settings(data.get("settings")).periods
    except (SettingsError, TypeError, AttributeError):
        return Settings().periods


def _read_json(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError(path, "no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError(path, f"cannot be read: {exc}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScenarioError(
            path, f"not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        ) from None


def _validate(path: Path, data: Any, *, game_log: bool) -> None:
    if not isinstance(data, dict):
        raise ScenarioError(path, "(top level): a scenario is a JSON object")
    errors = sorted(_validator(game_log).iter_errors(data), key=_error_key)
    if errors:
        first = errors[0]
        message = _rule_explanation(first, data, game_log) or _explain(first)
        raise ScenarioError(path, message)


def _check(raw: Mapping[str, Any], index: int, event_count: int, periods: int,
           path: Path) -> Check:
    place = f"expect[{index}]"
    after = raw["after"]
    if after >= event_count:
        raise ScenarioError(
            path, f"{place}.after: {after} is not an event index (events are 0-{event_count - 1})"
        )
    at: GameTime | None = None
    at_text = raw.get("at")
    try:
        if at_text is not None:
            at = parse_time(at_text, periods)
    except TimeFormatError as exc:
        raise ScenarioError(path, f"{place}.at: {exc}") from None
    if "clock" in raw:
        try:
            parse_time(raw["clock"], periods)
        except TimeFormatError as exc:
            raise ScenarioError(path, f"{place}.clock: {exc}") from None
    for team, entries in raw.get("box", {}).items():
        for k, entry in enumerate(entries):
            if "left" in entry:
                try:
                    parse_duration(entry["left"])
                except TimeFormatError as exc:
                    raise ScenarioError(path, f"{place}.box.{team}[{k}].left: {exc}") from None
    fields = {k: v for k, v in raw.items() if k not in CHECK_MOMENT_FIELDS}
    return Check(index, after, at, at_text, fields, str(raw.get("why", "")))


def _load(path: Path, *, game_log: bool) -> Scenario:
    path = Path(path)
    data = _read_json(path)
    _validate(path, data, game_log=game_log)
    try:
        settings = _settings(data.get("settings"))
    except SettingsError as exc:
        raise ScenarioError(path, _settings_message(exc)) from None
    rosters: dict[Team, Roster] = {}
    for team in TEAMS:
        try:
            rosters[team] = _roster(data.get(team), team, settings)
        except RuleViolation as exc:
            raise ScenarioError(path, f"{team}.roster: {exc}") from None
    setup = GameSetup(settings, rosters["home"], rosters["away"])
    raw_events: list[dict[str, Any]] = list(data["events"])
    events: list[Event] = []
    for i, raw in enumerate(raw_events):
        try:
            events.append(decode_event(raw, i, settings.periods))
        except MalformedEvent as exc:
            raise ScenarioError(path, describe_malformed(exc)) from None
    checks = [
        _check(raw, j, len(events), settings.periods, path)
        for j, raw in enumerate(data.get("expect", []))
    ]
    return Scenario(
        id=str(data.get("id", path.stem)),
        title=str(data.get("title", "")),
        rules=list(data.get("rules", [])),
        setup=setup,
        events=events,
        raw_events=raw_events,
        checks=checks,
        path=path,
    )


def load_scenario(path: Path) -> Scenario:
    """Read and check a scenario file; :class:`ScenarioError` names file and field."""
    return _load(path, game_log=False)


def load_game_log(path: Path) -> tuple[GameSetup, list[Event]]:
    """Read a game log: the scenario format with ``id`` and ``expect`` optional."""
    scenario = _load(path, game_log=True)
    return scenario.setup, scenario.events


def load_game_log_file(path: Path) -> Scenario:
    """Like :func:`load_game_log` but keeping everything read (raw events, checks)."""
    return _load(path, game_log=True)
