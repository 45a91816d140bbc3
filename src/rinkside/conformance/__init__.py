"""The conformance runner: FORMAT.md scenarios against the engine.

A scenario's events are folded in order (:mod:`.fold`). An event the engine
refuses (:class:`~rinkside.rules.errors.RuleViolation`) is remembered and the
state from before it is kept; the events after it are still applied. Each
check is then evaluated on the state right after its event (moved on to its
``at`` first, for that check only), comparing only the fields it gives, as
FORMAT.md says (:mod:`.checks`).

A failure says the moment, the field, the expected and the actual value:
``after events[9] at 1 8:50: skaters.home expected 2, got 3``.

- :mod:`.runner`: files in, outcomes out (``rinkside conformance``);
- :mod:`.fold`: the events through the engine, every state kept;
- :mod:`.checks`: one comparer per check field;
- :mod:`.observation`: the state as check fields (``rinkside replay --json``).
"""

from rinkside.conformance.checks import box_matches, describe_box_entry
from rinkside.conformance.observation import format_clock, observe
from rinkside.conformance.runner import (
    Outcome,
    RunReport,
    collect_paths,
    iter_paths,
    run_paths,
    run_scenario,
)

__all__ = [
    "Outcome",
    "RunReport",
    "box_matches",
    "collect_paths",
    "describe_box_entry",
    "format_clock",
    "iter_paths",
    "observe",
    "run_paths",
    "run_scenario",
]
