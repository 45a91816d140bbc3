"""Scenario and game-log files of ``conformance/FORMAT.md``, read onto the engine.

Reading a file goes in a fixed order:

1. the JSON is parsed;
2. it is validated against ``scenario.schema.json`` (:mod:`.validation`); the
   first problem is reported naming the file and the place
   (``events[3].at``), and for the parts the rule book governs (settings,
   rosters) the rule that is broken;
3. the engine's objects are built: :class:`~rinkside.rules.settings.Settings`
   from the ``settings`` overrides, a :class:`~rinkside.rules.roster.Roster`
   per team (checked against Section II) (:mod:`.setup`), and one engine
   event per entry of ``events`` (:func:`~rinkside.formats.event_reader.decode_event`).

Every problem is a :class:`ScenarioError` whose text starts with the file.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from rinkside.formats.event_reader import decode_event, describe_malformed
from rinkside.formats.setup import decode_roster, decode_settings, settings_message
from rinkside.formats.text import TextError
from rinkside.formats.times import parse_time
from rinkside.formats.validation import first_problem
from rinkside.rules.errors import MalformedEvent, RuleViolation, SettingsError
from rinkside.rules.events import TEAMS, Event, Team
from rinkside.rules.roster import GameSetup, Roster
from rinkside.rules.times import GameTime, TimeFormatError, parse_duration

__all__ = [
    "MAX_FILE_BYTES",
    "Check",
    "Scenario",
    "ScenarioError",
    "check_file",
    "load_game_log",
    "load_game_log_file",
    "load_scenario",
    "read_json_file",
    "read_text_file",
    "read_toml_file",
]

# The largest file read: a whole tournament's game log is well under 1 MB.
MAX_FILE_BYTES: Final = 16 * 1024 * 1024

# Fields of a check that only say which moment is checked, or are for people.
CHECK_MOMENT_FIELDS: Final = frozenset({"after", "at", "why"})


class ScenarioError(ValueError):
    """A file that is not a valid scenario (or game log).

    ``str(error)`` is ``"<file>: <where>: <what>"``, e.g.
    ``public/x.json: events[3].at: '1 7:6' is not a game time ...``.
    """

    def __init__(self, path: Path | str, message: str) -> None:
        self.path = Path(path)
        self.message = message
        super().__init__(f"{path}: {message}")


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


def check_file(path: Path, *, limit: int = MAX_FILE_BYTES) -> None:
    """:class:`ScenarioError` naming the file unless ``path`` is a file of at
    most ``limit`` bytes."""
    path = Path(path)
    try:
        if path.is_dir():
            raise ScenarioError(path, "is a folder, not a file")
        size = path.stat().st_size
    except FileNotFoundError:
        raise ScenarioError(path, "no such file") from None
    except OSError as exc:
        raise ScenarioError(path, f"cannot be read: {exc.strerror or exc}") from None
    if size > limit:
        raise ScenarioError(path, f"is {size:,} bytes; a file read here is at most "
                            f"{limit:,} bytes")


def read_text_file(path: Path, *, limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of the file at ``path``; :class:`ScenarioError` naming the
    file and the problem (none there, a folder, unreadable, too large, binary
    or not UTF-8)."""
    path = Path(path)
    check_file(path, limit=limit)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ScenarioError(path, f"cannot be read: {exc.strerror or exc}") from None
    if b"\0" in data:
        raise ScenarioError(path, "is a binary file, not text")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ScenarioError(path, f"is not UTF-8 text (byte {exc.start + 1} is "
                            f"0x{data[exc.start]:02x})") from None


def read_json_file(path: Path) -> Any:
    """The JSON value in the file at ``path``; :class:`ScenarioError` naming
    the file and the problem (as :func:`read_text_file`, or not JSON, or
    nested deeper than any scenario is)."""
    text = read_text_file(path)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScenarioError(
            path, f"not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        ) from None
    except RecursionError:
        raise ScenarioError(path, "not a game log: its JSON is nested too deep") from None



def read_toml_file(path: Path) -> dict[str, Any]:
    """The table in the TOML file at ``path``; :class:`ScenarioError` naming
    the file and the problem (as :func:`read_text_file`, or not TOML)."""
    text = read_text_file(path)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(path, f"not valid TOML: {exc}") from None
    except RecursionError:
        raise ScenarioError(path, "not valid TOML: nested too deep") from None


def _validate(path: Path, data: Any, *, game_log: bool) -> None:
    if not isinstance(data, dict):
        raise ScenarioError(path, "(top level): a scenario is a JSON object")
    try:
        message = first_problem(data, game_log=game_log)
    except RecursionError:
        raise ScenarioError(path, "not a game log: its JSON is nested too deep") from None
    if message is not None:
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
    data = read_json_file(path)
    _validate(path, data, game_log=game_log)
    try:
        settings = decode_settings(data.get("settings"))
    except SettingsError as exc:
        raise ScenarioError(path, settings_message(exc)) from None
    rosters: dict[Team, Roster] = {}
    for team in TEAMS:
        try:
            rosters[team] = decode_roster(data.get(team), team, settings)
        except RuleViolation as exc:
            raise ScenarioError(path, f"{team}.roster: {exc}") from None
        except TextError as exc:
            raise ScenarioError(path, str(exc)) from None
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
