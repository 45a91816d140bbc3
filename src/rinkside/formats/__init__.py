"""The scenario / game-log format of ``conformance/FORMAT.md``, read onto the engine.

This package is the one adapter between that JSON format and the engine's
own objects: the conformance runner and ``rinkside replay`` read files
through it, and game logs are exported through it.
"""

from rinkside.formats.events import (
    Check,
    EventFieldError,
    Scenario,
    ScenarioError,
    decode_event,
    describe_malformed,
    encode_event,
    encode_roster,
    encode_settings,
    encode_time,
    load_game_log,
    load_game_log_file,
    load_scenario,
    parse_time,
    schema,
)

__all__ = [
    "Check",
    "EventFieldError",
    "Scenario",
    "ScenarioError",
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
    "schema",
]
