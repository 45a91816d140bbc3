"""A check's fields compared with the engine's state, as FORMAT.md says.

Each field of a check (``score``, ``box``, ``clock``, ...) has one comparer in
:data:`COMPARERS`; only the fields a check gives are compared, and each
difference is told as ``<field> expected <x>, got <y>``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

from rinkside.conformance.fold import Fold
from rinkside.conformance.observation import format_clock
from rinkside.formats import Check, Scenario, parse_time
from rinkside.rules.automatic import rule_key
from rinkside.rules.events import TEAMS, Team
from rinkside.rules.game import GameState
from rinkside.rules.notices import RuleWarning
from rinkside.rules.times import format_duration, parse_duration

__all__ = ["COMPARERS", "Comparer", "box_matches", "describe_box_entry"]


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


def _suspension_key(team: Any, who: Any, games: Any) -> tuple[str, str, str]:
    """A player by his number, a team official (casebook 59) by his name."""
    return (str(team), f"#{who}" if isinstance(who, int) else str(who), str(games))


def _show_suspensions(keys: Iterable[tuple[str, str, str]]) -> str:
    return "[" + ", ".join(f"{t} {p} {g}" for t, p, g in sorted(keys)) + "]"


def _suspensions(sc: Scenario, state: GameState, expected: Any, *_: Any) -> list[str]:
    want = Counter(_suspension_key(s["team"], s["official"] if "official" in s else s["player"],
                                   s["games"]) for s in expected)
    got = Counter(_suspension_key(s.team, s.official if s.official is not None else s.player,
                                  s.games) for s in state.suspensions())
    if want == got:
        return []
    message = (f"suspensions expected {_show_suspensions(want.elements())}, "
               f"got {_show_suspensions(got.elements())}")
    return [message]


def _rejected(sc: Scenario, state: GameState, expected: Any, fold: Fold,
              check: Check) -> list[str]:
    rule = expected.get("rule")
    wanted = f"refusal citing {rule}" if rule else "a refusal"
    error = fold.refused.get(check.after)
    if error is None:
        if check.after in fold.crashed:
            return [f"rejected expected {wanted}, got {fold.crashed[check.after]}"]
        return [f"rejected expected {wanted}, got the event accepted"]
    if rule and rule not in str(error) and _squashed(rule) not in _squashed(str(error)):
        return [f"rejected expected {wanted}, got refusal: {error}"]
    return []


def _squashed(text: str) -> str:
    """Text without its spaces, in one case: a rule as a scenario writes it
    (``"639(b) 3"``, ``"639(b)3"``, ``"613 Note 1"``) found in the error."""
    return "".join(text.split()).casefold()


def _warnings(sc: Scenario, state: GameState, expected: Any, fold: Fold,
              check: Check) -> list[str]:
    """Second edition: each rule listed appears in a warning the engine gave
    for the event at ``after``; ``[]``: it gave none."""
    given = fold.warnings.get(check.after, ())
    shown = "[" + "; ".join(str(w) for w in given) + "]"
    if not expected:
        return [] if not given else [f"warnings expected none, got {shown}"]
    missing = [rule for rule in expected if not any(_names(w, rule) for w in given)]
    if missing:
        return [f"warnings expected {', '.join(missing)}, got {shown}"]
    return []


def _names(warning: RuleWarning, rule: str) -> bool:
    """Whether ``warning`` names ``rule`` as a scenario writes it: the rule
    itself, or its text, whatever the case and spacing (``"613 Note 1"``,
    ``"610 (d)"``); 613(c)'s penalty is its note 1's (casebook 46)."""
    if rule == warning.rule or rule in str(warning):
        return True
    if rule_key(rule) == rule_key(warning.rule):
        return True
    return "".join(rule.casefold().split()) in "".join(str(warning).casefold().split())


def _penalty_shot_due(sc: Scenario, state: GameState, expected: Any, *_: Any) -> list[str]:
    got = state.penalty_shot_due
    if got == expected:
        return []
    return [f"penalty_shot_due expected {_show(expected)}, got {_show(got)}"]


def _shots(sc: Scenario, state: GameState, expected: Any, *_: Any) -> list[str]:
    return _pair("shots", expected, state.shots_on_goal())


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


Comparer = Callable[[Scenario, GameState, Any, Fold, Check], list[str]]

COMPARERS: dict[str, Comparer] = {
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
    "warnings": _warnings,
    "penalty_shot_due": _penalty_shot_due,
    "shots": _shots,
}
