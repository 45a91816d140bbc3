"""The scenario JSON schema (``scenario.schema.json``) and its messages.

A file is checked against the copy of the schema shipped in this package.
The first problem found is told as ``<place>: <what>`` (``events[3].at:
'1 7:6' is not a game time ...``), and for the parts the rule book governs
(settings, rosters, events) in the book's own words, with its rule.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable, Mapping
from functools import cache
from importlib import resources
from typing import Any, Final

from jsonschema import Draft202012Validator

from rinkside.formats.event_reader import decode_event, describe_malformed
from rinkside.formats.setup import decode_roster, decode_settings, settings_message
from rinkside.rules.errors import MalformedEvent, RuleViolation, SettingsError
from rinkside.rules.events import TEAMS, Team
from rinkside.rules.settings import SPECS, Settings

__all__ = ["first_problem", "schema"]

SCHEMA_FILE: Final = "scenario.schema.json"


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
            decode_settings(data.get("settings"))
        except SettingsError as exc:
            return settings_message(exc)
        except (TypeError, AttributeError):
            return None
        key = path[1] if len(path) > 1 else None
        if isinstance(key, str) and key in SPECS:
            return f"{_explain(error)} (Rule {SPECS[key].rule})"
        return None
    if top in TEAMS and len(path) > 1 and path[1] == "roster":
        team: Team = "home" if top == "home" else "away"
        try:
            decode_roster(data.get(top), team, Settings())
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
        return decode_settings(data.get("settings")).periods
    except (SettingsError, TypeError, AttributeError):
        return Settings().periods


def first_problem(data: Mapping[str, Any], *, game_log: bool) -> str | None:
    """The first thing wrong with a scenario's (or, ``game_log``, a game log's)
    JSON object, as ``<place>: <what>``; None for a valid one."""
    errors = sorted(_validator(game_log).iter_errors(data), key=_error_key)
    if not errors:
        return None
    first = errors[0]
    return _rule_explanation(first, data, game_log) or _explain(first)
