"""The conformance runner: FORMAT.md scenarios against the engine.

A scenario's events are folded in order. An event the engine refuses
(:class:`~rinkside.rules.errors.RuleViolation`) is remembered and the state
from before it is kept; the events after it are still applied. Each check is
then evaluated on the state right after its event (moved on to its ``at``
first, for that check only), comparing only the fields it gives, as
FORMAT.md says.

A failure says the moment, the field, the expected and the actual value:
``after events[9] at 1 8:50: skaters.home expected 2, got 3``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rinkside.formats import (
    Check,
    Scenario,
    ScenarioError,
    encode_time,
    load_scenario,
    parse_time,
)
from rinkside.rules.errors import RuleViolation
from rinkside.rules.events import TEAMS, Team
from rinkside.rules.game import GameState, apply, start
from rinkside.rules.times import GameTime, format_duration, parse_duration

__all__ = [
    "Outcome",
    "RunReport",
    "collect_paths",
    "describe_box_entry",
    "format_clock",
    "iter_paths",
    "observe",
    "run_paths",
    "run_scenario",
]


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


# --------------------------------------------------------------------------- running


@dataclass(slots=True)
class _Fold:
    states: list[GameState]  # the state right after each event
    refused: dict[int, RuleViolation]
    crashed: dict[int, str]


def _fold(scenario: Scenario) -> _Fold:
    state = start(scenario.setup)
    fold = _Fold([], {}, {})
    for i, event in enumerate(scenario.events):
        try:
            state = apply(state, event)
        except RuleViolation as exc:
            fold.refused[i] = exc
        except Exception as exc:  # an engine fault fails the scenario
            fold.crashed[i] = f"{type(exc).__name__}: {exc}"
        fold.states.append(state)
    return fold


def run_scenario(scenario: Scenario) -> Outcome:
    """Fold the events, evaluate every check, and say what differed."""
    try:
        fold = _fold(scenario)
    except Exception as exc:  # the engine could not even start
        return Outcome(scenario.id, False, [f"the game could not start: {exc}"], scenario.path)
    failures: list[tuple[int, int, str]] = []  # (event index, order, message)
    checked_refusals: set[int] = set()
    order = 0
    for i, reason in fold.crashed.items():
        failures.append((i, order, f"events[{i}] raised {reason}"))
        order += 1
    for check in scenario.checks:
        if "rejected" in check.fields:
            checked_refusals.add(check.after)
        for message in _evaluate(scenario, fold, check):
            failures.append((check.after, order, message))
            order += 1
    for i, refusal in fold.refused.items():
        if i not in checked_refusals:
            failures.append((i, order, f"events[{i}] refused: {refusal}"))
            order += 1
    failures.sort()
    messages = [m for _, _, m in failures]
    return Outcome(scenario.id, not messages, messages, scenario.path)


def _moment(check: Check) -> str:
    text = f"after events[{check.after}]"
    return f"{text} at {check.at_text}" if check.at_text else text


def _evaluate(scenario: Scenario, fold: _Fold, check: Check) -> list[str]:
    where = _moment(check)
    state = fold.states[check.after]
    if check.at is not None:
        try:
            state = state.advance_to(check.at)
        except ValueError as exc:
            return [f"{where}: cannot move the clock to {check.at_text}: {exc}"]
        except Exception as exc:  # an engine fault fails the check
            return [f"{where}: moving the clock raised {type(exc).__name__}: {exc}"]
    differences: list[str] = []
    for name, expected in check.fields.items():
        compare = _COMPARERS[name]
        try:
            found = compare(scenario, state, expected, fold, check)
        except Exception as exc:  # an engine fault fails the check
            found = [f"{name}: raised {type(exc).__name__}: {exc}"]
        differences.extend(f"{where}: {d}" for d in found)
    return differences


# --------------------------------------------------------------------------- fields


def _show(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _teams(expected: Mapping[str, Any]) -> Iterator[tuple[Team, Any]]:
    for team in TEAMS:
        if team in expected:
            yield team, expected[team]


def _same_number(a: Any, b: Any) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, int | float) and isinstance(b, int | float):
        return float(a) == float(b)
    return bool(a == b)


def _pair(name: str, expected: Mapping[str, Any], actual: Mapping[Team, Any]) -> list[str]:
    return [
        f"{name}.{team} expected {_show(value)}, got {_show(actual.get(team))}"
        for team, value in _teams(expected)
        if not _same_number(value, actual.get(team))
    ]


def format_clock(scenario_or_state: Scenario | GameState, moment: GameTime) -> str:
    """``"1 11:42"``, ``"OT1 3:00"``: a moment as FORMAT.md writes it."""
    return encode_time(moment, scenario_or_state.setup.settings)


def _score(sc: Scenario, state: GameState, expected: Any, *_: Any) -> list[str]:
    return _pair("score", expected, state.score)


def _skaters(sc: Scenario, state: GameState, expected: Any, *_: Any) -> list[str]:
    return _pair("skaters", expected, {t: state.skaters(t) for t in TEAMS})


def _goalie(sc: Scenario, state: GameState, expected: Any, *_: Any) -> list[str]:
    return _pair("goalie", expected, {t: state.has_goalie(t) for t in TEAMS})


def _timeouts(sc: Scenario, state: GameState, expected: Any, *_: Any) -> list[str]:
    return _pair("timeouts_left", expected, state.timeouts_left)


def _clock(sc: Scenario, state: GameState, expected: Any, *_: Any) -> list[str]:
    want = parse_time(expected, sc.setup.settings.periods)
    got = state.clock
    if want == got:
        return []
    return [f"clock expected {expected}, got {format_clock(sc, got)}"]


def _running(sc: Scenario, state: GameState, expected: Any, *_: Any) -> list[str]:
    got = state.running
    return [] if got is expected else [f"running expected {_show(expected)}, got {_show(got)}"]


def _status(sc: Scenario, state: GameState, expected: Any, *_: Any) -> list[str]:
    got = state.status
    return [] if got == expected else [f"status expected {expected}, got {got}"]


def _result(sc: Scenario, state: GameState, expected: Any, *_: Any) -> list[str]:
    result = state.result
    if result is None:
        return [f"result expected {_show_mapping(expected)}, got none (the game is not over)"]
    out: list[str] = []
    if "winner" in expected and expected["winner"] != result.winner:
        out.append(f"result.winner expected {_show(expected['winner'])}, "
                   f"got {_show(result.winner)}")
    if "decided_by" in expected and expected["decided_by"] != result.decided_by:
        out.append(f"result.decided_by expected {expected['decided_by']}, "
                   f"got {result.decided_by}")
    if "points" in expected:
        out.extend(_pair("result.points", expected["points"], result.points))
    if "score" in expected:
        out.extend(_pair("result.score", expected["score"], result.score))
    return out


def _show_mapping(value: Mapping[str, Any]) -> str:
    return "{" + ", ".join(f"{k}: {_show(v)}" for k, v in value.items()) + "}"


def _pim(sc: Scenario, state: GameState, expected: Any, *_: Any) -> list[str]:
    actual_all = state.pim()
    out: list[str] = []
    for team, table in _teams(expected):
        actual: Mapping[str, int | float] = actual_all.get(team, {})
        for who, minutes in table.items():
            got = actual.get(who, 0)
            if not _same_number(minutes, got):
                out.append(f"pim.{team}.{who} expected {_show(minutes)}, got {_show(got)}")
        for who, got in actual.items():
            if who not in table and not _same_number(got, 0):
                out.append(f"pim.{team}.{who} expected none, got {_show(got)}")
    return out


def _scoring(sc: Scenario, state: GameState, expected: Any, *_: Any) -> list[str]:
    actual_all = state.scoring()
    out: list[str] = []
    for team, table in _teams(expected):
        actual: Mapping[int, tuple[int, int]] = actual_all.get(team, {})
        for who, line in table.items():
            got = actual.get(int(who), (0, 0))
            want = (line["g"], line["a"])
            if tuple(got) != want:
                out.append(f"scoring.{team}.{who} expected g {want[0]} a {want[1]}, "
                           f"got g {got[0]} a {got[1]}")
        for number, got in actual.items():
            if str(number) not in table and tuple(got) != (0, 0):
                out.append(f"scoring.{team}.{number} expected none, "
                           f"got g {got[0]} a {got[1]}")
    return out


def _suspension_key(team: Any, player: Any, games: Any) -> tuple[str, int, str]:
    return (str(team), int(player), str(games))


def _show_suspensions(keys: Iterable[tuple[str, int, str]]) -> str:
    return "[" + ", ".join(f"{t} #{p} {g}" for t, p, g in sorted(keys)) + "]"


def _suspensions(sc: Scenario, state: GameState, expected: Any, *_: Any) -> list[str]:
    want = Counter(_suspension_key(s["team"], s["player"], s["games"]) for s in expected)
    got = Counter(_suspension_key(s.team, s.player, s.games) for s in state.suspensions())
    if want == got:
        return []
    message = (f"suspensions expected {_show_suspensions(want.elements())}, "
               f"got {_show_suspensions(got.elements())}")
    return [message]


def _rejected(sc: Scenario, state: GameState, expected: Any, fold: _Fold,
              check: Check) -> list[str]:
    rule = expected.get("rule")
    wanted = f"refusal citing {rule}" if rule else "a refusal"
    error = fold.refused.get(check.after)
    if error is None:
        if check.after in fold.crashed:
            return [f"rejected expected {wanted}, got {fold.crashed[check.after]}"]
        return [f"rejected expected {wanted}, got the event accepted"]
    if rule and rule not in str(error):
        return [f"rejected expected {wanted}, got refusal: {error}"]
    return []


# -- the box -------------------------------------------------------------------


def _entry_matches(want: Mapping[str, Any], got: Any) -> bool:
    player = None if want["player"] == "bench" else want["player"]
    if player != got.player:
        return False
    if "served_by" in want and want["served_by"] != got.served_by:
        return False
    if "state" in want and want["state"] != got.state:
        return False
    return not ("left" in want and parse_duration(want["left"]) != got.left)


def box_matches(expected: Sequence[Mapping[str, Any]], actual: Sequence[Any]) -> bool:
    """FORMAT.md: each expected entry pairs with a different actual entry that
    agrees on every field it gives, and no actual entry is left over."""
    if len(expected) != len(actual):
        return False
    partner: dict[int, int] = {}  # actual index -> expected index

    def place(e: int, seen: set[int]) -> bool:
        for a, got in enumerate(actual):
            if a in seen or not _entry_matches(expected[e], got):
                continue
            seen.add(a)
            if a not in partner or place(partner[a], seen):
                partner[a] = e
                return True
        return False

    return all(place(e, set()) for e in range(len(expected)))


def describe_box_entry(entry: Mapping[str, Any] | Any) -> str:
    """``#7 running 1:00`` / ``bench pending 2:00 served by #9``."""
    if isinstance(entry, Mapping):
        player = entry["player"]
        served_by = entry.get("served_by")
        state = entry.get("state")
        left = entry.get("left")
    else:
        player = "bench" if entry.player is None else entry.player
        served_by = entry.served_by
        state = entry.state
        left = format_duration(entry.left)
    parts = ["bench" if player in ("bench", None) else f"#{player}"]
    if state is not None:
        parts.append(str(state))
    if left is not None:
        parts.append(str(left))
    if served_by is not None:
        parts.append(f"served by #{served_by}")
    return " ".join(parts)


def _box(sc: Scenario, state: GameState, expected: Any, *_: Any) -> list[str]:
    out: list[str] = []
    for team, entries in _teams(expected):
        actual = state.box(team)
        if not box_matches(entries, actual):
            want = ", ".join(describe_box_entry(e) for e in entries)
            got = ", ".join(describe_box_entry(e) for e in actual)
            out.append(f"box.{team} expected [{want}], got [{got}]")
    return out


Comparer = Callable[[Scenario, GameState, Any, _Fold, Check], list[str]]

_COMPARERS: dict[str, Comparer] = {
    "score": _score,
    "skaters": _skaters,
    "goalie": _goalie,
    "box": _box,
    "clock": _clock,
    "running": _running,
    "timeouts_left": _timeouts,
    "status": _status,
    "result": _result,
    "pim": _pim,
    "scoring": _scoring,
    "suspensions": _suspensions,
    "rejected": _rejected,
}


# --------------------------------------------------------------------------- observing


def observe(state: GameState) -> dict[str, Any]:
    """The state as FORMAT.md's check fields (what ``rinkside replay --json``
    prints): written as a check's fields, every one of them holds."""
    box: dict[str, list[dict[str, Any]]] = {}
    for team in TEAMS:
        entries = []
        for e in state.box(team):
            entry: dict[str, Any] = {"player": "bench" if e.player is None else e.player}
            if e.served_by is not None:
                entry["served_by"] = e.served_by
            entry["state"] = e.state
            entry["left"] = format_duration(e.left)
            entries.append(entry)
        box[team] = entries
    result = state.result
    pim = state.pim()
    scoring = state.scoring()
    return {
        "score": dict(state.score),
        "skaters": {t: state.skaters(t) for t in TEAMS},
        "goalie": {t: state.has_goalie(t) for t in TEAMS},
        "box": box,
        "clock": format_clock(state, state.clock),
        "running": state.running,
        "timeouts_left": dict(state.timeouts_left),
        "status": state.status,
        "result": None if result is None else {
            "winner": result.winner,
            "decided_by": result.decided_by,
            "points": dict(result.points),
            "score": dict(result.score),
        },
        "pim": {t: dict(pim.get(t, {})) for t in TEAMS},
        "scoring": {
            t: {str(n): {"g": g, "a": a} for n, (g, a) in sorted(scoring.get(t, {}).items())}
            for t in TEAMS
        },
        "suspensions": [
            {"team": s.team, "player": s.player, "games": s.games} for s in state.suspensions()
        ],
    }
