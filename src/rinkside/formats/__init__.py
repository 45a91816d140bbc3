"""File formats at the project's edges.

- :mod:`rinkside.formats.scenario`: the conformance scenario / game log
  format of ``conformance/FORMAT.md``, read onto the engine's own events.
"""

from rinkside.formats.scenario import (
    Check,
    Scenario,
    ScenarioError,
    decode_event,
    encode_event,
    load_game_log,
    load_scenario,
)

__all__ = [
    "Check",
    "Scenario",
    "ScenarioError",
    "decode_event",
    "encode_event",
    "load_game_log",
    "load_scenario",
]
