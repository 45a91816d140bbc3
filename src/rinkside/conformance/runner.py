"""The conformance runner: FORMAT.md scenario files against the engine.

Each check is evaluated on the state right after its event (moved on to its
``at`` first, for that check only), comparing only the fields it gives
(:mod:`.checks`). A failure says the moment, the field, the expected and the
actual value: ``after events[9] at 1 8:50: skaters.home expected 2, got 3``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from rinkside.conformance.checks import COMPARERS
from rinkside.conformance.fold import Fold, fold
from rinkside.conformance.observation import format_clock
from rinkside.formats import Check, Scenario, ScenarioError, load_scenario
from rinkside.rules.game import GameState

__all__ = ["Outcome", "RunReport", "collect_paths", "iter_paths", "run_paths", "run_scenario"]


@dataclass(frozen=True, slots=True)
class Outcome:
    """How one scenario fared."""

    id: str
    passed: bool
    failures: list[str]
    path: Path | None = None

    def line(self) -> str:
        """``PASS <id>`` or ``FAIL <id>: <difference>; <difference>``."""
        if self.passed:
            return f"PASS {self.id}"
        return f"FAIL {self.id}: {'; '.join(self.failures)}"


@dataclass(slots=True)
class RunReport:
    """The outcome of every valid scenario, and the files that were not valid."""

    outcomes: list[Outcome] = field(default_factory=list)
    invalid: list[ScenarioError] = field(default_factory=list)

    @property
    def passed(self) -> int:
        return sum(1 for o in self.outcomes if o.passed)

    @property
    def failed(self) -> int:
        return sum(1 for o in self.outcomes if not o.passed)

    def summary(self) -> str:
        return f"{self.passed} passed, {self.failed} failed"

    @property
    def exit_code(self) -> int:
        """0 all passed, 1 a scenario failed, 2 a file was not a valid scenario."""
        if self.invalid:
            return 2
        return 1 if self.failed else 0


# --------------------------------------------------------------------------- files


def collect_paths(paths: Iterable[Path]) -> tuple[list[Path], list[ScenarioError]]:
    """Files as given and ``*.json`` under folders (recursive), sorted; plus an
    error for each path that does not exist."""
    found: list[Path] = []
    missing: list[ScenarioError] = []
    for path in paths:
        if path.is_dir():
            found.extend(p for p in path.rglob("*.json") if p.is_file())
        elif path.is_file():
            found.append(path)
        else:
            missing.append(ScenarioError(path, "no such file or folder"))
    unique = sorted(set(found))
    return unique, missing


def iter_paths(paths: Iterable[Path]) -> Iterator[Outcome | ScenarioError]:
    """Each scenario's outcome (or the reason its file is not valid), in order."""
    files, missing = collect_paths(paths)
    yield from missing
    for path in files:
        try:
            scenario = load_scenario(path)
        except ScenarioError as exc:
            yield exc
            continue
        yield run_scenario(scenario)


def run_paths(paths: Iterable[Path]) -> RunReport:
    """Load and run every scenario under ``paths``; invalid files are collected."""
    report = RunReport()
    for item in iter_paths(paths):
        if isinstance(item, ScenarioError):
            report.invalid.append(item)
        else:
            report.outcomes.append(item)
    return report


def run_scenario(scenario: Scenario) -> Outcome:
    """Fold the events, evaluate every check, and say what differed."""
    try:
        folded = fold(scenario)
    except Exception as exc:  # the engine could not even start
        return Outcome(scenario.id, False, [f"the game could not start: {exc}"], scenario.path)
    failures: list[tuple[int, int, str]] = []  # (event index, order, message)
    checked_refusals: set[int] = set()
    order = 0
    for i, reason in folded.crashed.items():
        failures.append((i, order, f"events[{i}] raised {reason}"))
        order += 1
    for check in scenario.checks:
        if "rejected" in check.fields:
            checked_refusals.add(check.after)
        for message in _evaluate(scenario, folded, check):
            failures.append((check.after, order, message))
            order += 1
    for i, refusal in folded.refused.items():
        if i not in checked_refusals:
            failures.append((i, order, f"events[{i}] refused: {refusal}"))
            order += 1
    failures.sort()
    messages = [m for _, _, m in failures]
    return Outcome(scenario.id, not messages, messages, scenario.path)


def _moment(check: Check) -> str:
    text = f"after events[{check.after}]"
    return f"{text} at {check.at_text}" if check.at_text else text


def _unreachable(scenario: Scenario, state: GameState, check: Check) -> str:
    """Why a check's ``at`` is a moment the state after its event cannot be
    moved to with nothing else happening ("" when it can): before the clock,
    or past the end of the period the clock is running in (a period ends only
    with its ``period_end``)."""
    assert check.at is not None
    now = format_clock(scenario, state.clock)
    if check.at.is_before(state.clock):
        return (f"the clock reads {now} after events[{check.after}]; a check's `at` moves "
                "it forward only")
    if state.running and check.at.period != state.clock.period:
        return (f"the clock is running at {now} after events[{check.after}], and its period "
                "ends only with a period_end event")
    return ""


def _evaluate(scenario: Scenario, folded: Fold, check: Check) -> list[str]:
    where = _moment(check)
    state = folded.states[check.after]
    if check.at is not None:
        unreachable = _unreachable(scenario, state, check)
        if unreachable:
            return [f"{where}: cannot move the clock to {check.at_text}: {unreachable}"]
        try:
            state = state.advance_to(check.at)
        except ValueError as exc:
            return [f"{where}: cannot move the clock to {check.at_text}: {exc}"]
        except Exception as exc:  # an engine fault fails the check
            return [f"{where}: moving the clock raised {type(exc).__name__}: {exc}"]
    differences: list[str] = []
    for name, expected in check.fields.items():
        compare = COMPARERS[name]
        try:
            found = compare(scenario, state, expected, folded, check)
        except Exception as exc:  # an engine fault fails the check
            found = [f"{name}: raised {type(exc).__name__}: {exc}"]
        differences.extend(f"{where}: {d}" for d in found)
    return differences
