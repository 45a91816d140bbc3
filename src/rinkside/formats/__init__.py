"""The scenario / game-log format of ``conformance/FORMAT.md``, read onto the engine.

This package is the one adapter between that JSON format and the engine's
own objects: the conformance runner and ``rinkside replay`` read files
through it, and game logs are exported through it.

- :mod:`.times`: game times (``"1 11:42"``, ``"OT 3:00"``) <-> ``GameTime``;
- :mod:`.event_reader`: ``events`` entries -> the engine's events;
- :mod:`.event_writer`: the engine's events -> ``events`` entries
  (:mod:`.events` gives both under their old name);
- :mod:`.setup`: ``settings`` and teams <-> ``Settings`` and ``Roster``;
- :mod:`.validation`: the JSON schema and its messages, citing the rules;
- :mod:`.files`: scenario and game-log files (:class:`ScenarioError`);
- :mod:`.text`: text fields checked at the edge (:func:`~.text.check_text`).
"""

from rinkside.formats.event_reader import EventFieldError, decode_event, describe_malformed
from rinkside.formats.event_writer import encode_event
from rinkside.formats.files import (
    Check,
    Scenario,
    ScenarioError,
    check_file,
    load_game_log,
    load_game_log_file,
    load_scenario,
    read_json_file,
    read_text_file,
    read_toml_file,
)
from rinkside.formats.setup import encode_roster, encode_settings
from rinkside.formats.times import encode_time, parse_time
from rinkside.formats.validation import schema

__all__ = [
    "Check",
    "EventFieldError",
    "Scenario",
    "ScenarioError",
    "check_file",
    "decode_event",
    "describe_malformed",
    "encode_event",
    "encode_roster",
    "encode_settings",
    "encode_time",
    "load_game_log",
    "load_game_log_file",
    "load_scenario",
    "parse_time",
    "read_json_file",
    "read_text_file",
    "read_toml_file",
    "schema",
]
