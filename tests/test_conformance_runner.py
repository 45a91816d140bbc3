"""The conformance runner: folding, checks, comparison semantics, exit codes."""

from __future__ import annotations

import copy
import dataclasses
import json
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from rinkside.conformance import (
    box_matches,
    observe,
    run_paths,
    run_scenario,
)
from rinkside.formats import Check, load_scenario
from rinkside.rules.game import apply, start

PUBLIC = Path(__file__).resolve().parents[2] / "shared" / "conformance" / "public"


def public_files() -> list[Path]:
    return sorted(PUBLIC.rglob("*.json")) if PUBLIC.is_dir() else []


# A minor to away #7 at 1 10:30 in a stop-time game; play resumes at once.
MINOR: dict[str, Any] = {
    "id": "minor",
    "settings": {"clock": "stop", "period_length": "12:00", "minor": "2:00"},
    "events": [
        {"type": "faceoff", "at": "1 12:00"},                                     # 0
        {"type": "stoppage", "at": "1 10:30"},                                    # 1
        {"type": "penalty", "at": "1 10:30", "team": "away", "player": 7,         # 2
         "class": "minor", "infraction": "tripping", "rule": "642(a)"},
        {"type": "faceoff", "at": "1 10:30"},                                     # 3
        {"type": "timeout", "at": "1 10:00", "team": "home"},                     # 4: refused
        {"type": "stoppage", "at": "1 9:00"},                                     # 5
    ],
    "expect": [],
}


def scenario_file(tmp_path: Path, expect: list[dict[str, Any]], *, name: str = "minor",
                  events: list[dict[str, Any]] | None = None) -> Path:
    data = copy.deepcopy(MINOR)
    data["id"] = name
    data["expect"] = expect
    if events is not None:
        data["events"] = events
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def run(tmp_path: Path, expect: list[dict[str, Any]], **kw: Any) -> list[str]:
    outcome = run_scenario(load_scenario(scenario_file(tmp_path, expect, **kw)))
    assert outcome.passed == (not outcome.failures)
    return outcome.failures


REFUSED_TIMEOUT = {"after": 4, "rejected": {"rule": "641(a)"}}


# --------------------------------------------------------------------------- public scenarios


@pytest.mark.skipif(not PUBLIC.is_dir(), reason="shared/conformance/public is not beside us")
@pytest.mark.parametrize("path", public_files(), ids=lambda p: p.stem)
def test_public_scenario_passes(path: Path) -> None:
    outcome = run_scenario(load_scenario(path))
    assert outcome.passed, outcome.line()


@pytest.mark.skipif(not PUBLIC.is_dir(), reason="shared/conformance/public is not beside us")
def test_run_paths_over_the_public_folder_counts_every_file() -> None:
    report = run_paths([PUBLIC])
    assert not report.invalid
    assert len(report.outcomes) == len(public_files())
    assert [o.id for o in report.outcomes] == sorted(o.id for o in report.outcomes)


@pytest.mark.skipif(not PUBLIC.is_dir(), reason="shared/conformance/public is not beside us")
@pytest.mark.parametrize("path", public_files(), ids=lambda p: p.stem)
def test_the_observed_state_passes_as_a_check_after_every_event(path: Path) -> None:
    """What ``replay --json`` prints, written back as a check, holds: the
    comparers read the engine's state the way ``observe`` writes it."""
    scenario = load_scenario(path)
    state = start(scenario.setup)
    checks: list[Check] = []
    for i, event in enumerate(scenario.events):
        try:
            state = apply(state, event)
        except Exception:  # refused events keep the state
            continue
        fields = observe(state)
        if fields["result"] is None:
            del fields["result"]
        checks.append(Check(len(checks), i, None, None, fields))
    outcome = run_scenario(dataclasses.replace(scenario, checks=checks))
    assert [f for f in outcome.failures if f.startswith("after")] == []


# --------------------------------------------------------------------------- mechanics


def test_a_scenario_whose_checks_hold_passes(tmp_path: Path) -> None:
    expect = [
        {"after": 2, "box": {"away": [{"player": 7, "state": "pending", "left": "2:00"}]},
         "running": False, "clock": "1 10:30", "status": "stopped"},
        {"after": 3, "skaters": {"home": 4, "away": 3}, "goalie": {"home": True}},
        REFUSED_TIMEOUT,
        {"after": 5, "pim": {"away": {"7": 2}, "home": {}}, "score": {"home": 0, "away": 0},
         "timeouts_left": {"home": 1, "away": 1}, "scoring": {"home": {}},
         "suspensions": []},
    ]
    assert run(tmp_path, expect) == []


def test_a_wrong_expectation_fails_with_field_expected_actual_and_event(tmp_path: Path) -> None:
    failures = run(tmp_path, [REFUSED_TIMEOUT, {"after": 3, "skaters": {"home": 4, "away": 4}}])
    assert failures == ["after events[3]: skaters.away expected 4, got 3"]


def test_a_check_at_a_later_time_moves_the_clock_for_that_check_only(tmp_path: Path) -> None:
    expect = [
        REFUSED_TIMEOUT,
        {"after": 3, "at": "1 9:30", "box": {"away": [{"player": 7, "left": "1:10"}]}},
        {"after": 3, "clock": "1 10:30"},
    ]
    failures = run(tmp_path, expect)
    assert len(failures) == 1
    assert failures[0].startswith("after events[3] at 1 9:30: box.away expected [#7 1:10], "
                                  "got [#7 running 1:00]")


def test_a_check_at_an_earlier_time_fails_rather_than_crashing(tmp_path: Path) -> None:
    failures = run(tmp_path, [REFUSED_TIMEOUT, {"after": 3, "at": "1 11:00", "running": True}])
    assert len(failures) == 1 and "after events[3] at 1 11:00" in failures[0]


def test_a_check_at_an_earlier_time_says_where_the_clock_is(tmp_path: Path) -> None:
    failures = run(tmp_path, [REFUSED_TIMEOUT, {"after": 3, "at": "1 11:00", "running": True}])
    assert failures == [("after events[3] at 1 11:00: cannot move the clock to 1 11:00: the "
                         "clock reads 1 10:30 after events[3]; a check's `at` moves it forward "
                         "only")]


def test_a_check_in_a_later_period_while_the_clock_runs_fails_saying_why(
        tmp_path: Path) -> None:
    """FORMAT.md: `at` moves the clock with nothing else happening; a period
    ends only with its period_end, so the check is not compared at a moment
    the clock never reaches."""
    failures = run(tmp_path, [REFUSED_TIMEOUT, {"after": 3, "at": "2 11:00", "running": True}])
    assert failures == [("after events[3] at 2 11:00: cannot move the clock to 2 11:00: the "
                         "clock is running at 1 10:30 after events[3], and its period ends "
                         "only with a period_end event")]


FACEOFF_MINOR = [
    {"type": "faceoff", "at": "1 12:00"},
    {"type": "stoppage", "at": "1 10:00"},
    {"type": "penalty", "at": "1 10:00", "team": "away", "player": 7, "class": "minor",
     "infraction": "Failing to take face-off position", "rule": "613(c)"},
]


@pytest.mark.parametrize("rule", ["613 note 1", "613 Note 1", "613(c)", "613 (c)"])
def test_a_warning_is_named_whatever_the_case_and_spacing(tmp_path: Path, rule: str) -> None:
    """FORMAT.md `warnings`: each listed rule must appear in a warning; the
    613 note 1 warning (casebook 46) is named as the book or the event cites it."""
    assert run(tmp_path, [{"after": 2, "warnings": [rule]}], events=FACEOFF_MINOR) == []


def test_a_warning_not_given_is_told(tmp_path: Path) -> None:
    failures = run(tmp_path, [{"after": 2, "warnings": ["610(d)"]}], events=FACEOFF_MINOR)
    assert len(failures) == 1 and failures[0].startswith(
        "after events[2]: warnings expected 610(d), got [Rule 613 note 1:")


def test_several_differences_are_all_reported(tmp_path: Path) -> None:
    failures = run(tmp_path, [REFUSED_TIMEOUT,
                              {"after": 5, "running": True, "status": "in_play",
                               "clock": "1 9:30"}])
    assert sorted(failures) == sorted([
        "after events[5]: running expected true, got false",
        "after events[5]: status expected in_play, got stopped",
        "after events[5]: clock expected 1 9:30, got 1 9:00",
    ])


def test_rejected_with_the_right_rule_holds_and_the_state_is_the_one_before(
    tmp_path: Path,
) -> None:
    expect = [{"after": 4, "rejected": {"rule": "641(a)"}, "running": True,
               "timeouts_left": {"home": 1}, "clock": "1 10:30"}]
    assert run(tmp_path, expect) == []


def test_rejected_without_a_rule_accepts_any_refusal(tmp_path: Path) -> None:
    assert run(tmp_path, [{"after": 4, "rejected": {}}]) == []


def test_rejected_with_another_rule_fails_showing_the_refusal(tmp_path: Path) -> None:
    failures = run(tmp_path, [{"after": 4, "rejected": {"rule": "630"}}])
    assert len(failures) == 1
    assert failures[0].startswith("after events[4]: rejected expected refusal citing 630, "
                                  "got refusal: Rule 641(a)")


def test_rejected_on_an_accepted_event_fails(tmp_path: Path) -> None:
    failures = run(tmp_path, [REFUSED_TIMEOUT, {"after": 3, "rejected": {}}])
    assert failures == ["after events[3]: rejected expected a refusal, got the event accepted"]


def test_a_refusal_no_check_expects_is_itself_a_failure(tmp_path: Path) -> None:
    failures = run(tmp_path, [{"after": 5, "score": {"home": 0}}])
    assert len(failures) == 1
    assert failures[0].startswith("events[4] refused: Rule 641(a)")


def test_pim_players_not_listed_must_have_no_minutes(tmp_path: Path) -> None:
    failures = run(tmp_path, [REFUSED_TIMEOUT, {"after": 5, "pim": {"away": {}}}])
    assert failures == ["after events[5]: pim.away.7 expected none, got 2"]


def test_pim_compares_minutes_as_numbers(tmp_path: Path) -> None:
    assert run(tmp_path, [REFUSED_TIMEOUT, {"after": 5, "pim": {"away": {"7": 2.0}}}]) == []


def test_scoring_players_not_listed_must_have_nothing(tmp_path: Path) -> None:
    events = copy.deepcopy(MINOR["events"][:4]) + [
        {"type": "goal", "at": "1 10:00", "team": "home", "scorer": 9, "assist": 10}]
    ok = run(tmp_path, [{"after": 4, "scoring": {"home": {"9": {"g": 1, "a": 0},
                                                         "10": {"g": 0, "a": 1}}}}],
             events=events)
    assert ok == []
    failures = run(tmp_path, [{"after": 4, "scoring": {"home": {"9": {"g": 1, "a": 0}}}}],
                   events=events)
    assert failures == ["after events[4]: scoring.home.10 expected none, got g 0 a 1"]


def test_result_is_compared_field_by_field(tmp_path: Path) -> None:
    events = [{"type": "faceoff", "at": "1 12:00"},
              {"type": "stoppage", "at": "1 7:30"},
              {"type": "forfeit", "at": "1 7:30", "team": "away", "reason": "no goaltender"}]
    assert run(tmp_path, [{"after": 2, "result": {"winner": "home", "decided_by": "forfeit"}}],
               events=events) == []
    failures = run(tmp_path, [{"after": 2, "result": {"winner": "away",
                                                      "points": {"home": 2, "away": 1}}}],
                   events=events)
    assert failures == ["after events[2]: result.winner expected away, got home",
                        "after events[2]: result.points.away expected 1, got 0"]
    not_over = run(tmp_path, [{"after": 1, "result": {"winner": None}}], events=events)
    assert len(not_over) == 1 and "result expected" in not_over[0]


def test_suspensions_are_compared_as_a_multiset(tmp_path: Path) -> None:
    events = copy.deepcopy(MINOR["events"][:2]) + [
        {"type": "penalty", "at": "1 10:30", "team": "away", "player": 4,
         "class": "game_misconduct", "infraction": "fighting", "rule": "615(d)",
         "suspension": 3},
        {"type": "penalty", "at": "1 10:30", "team": "home", "player": 5,
         "class": "match", "infraction": "deliberate injury", "rule": "605(a)"}]
    ok = [{"team": "home", "player": 5, "games": "rest_of_tournament"},
          {"team": "away", "player": 4, "games": 3}]
    assert run(tmp_path, [{"after": 3, "suspensions": ok}], events=events) == []
    failures = run(tmp_path, [{"after": 3, "suspensions": ok[:1]}], events=events)
    assert len(failures) == 1 and failures[0].startswith("after events[3]: suspensions expected")


# -- box matching ---------------------------------------------------------------------------


class Entry(NamedTuple):
    player: int | None
    served_by: int | None
    state: str
    left: int


def test_two_identical_expected_entries_need_two_actual_entries(tmp_path: Path) -> None:
    assert not box_matches([{"player": 7}, {"player": 7}], [Entry(7, None, "running", 600)])
    assert box_matches([{"player": 7}, {"player": 7}],
                       [Entry(7, None, "running", 600), Entry(7, None, "pending", 1200)])
    failures = run(tmp_path, [REFUSED_TIMEOUT,
                              {"after": 3, "box": {"away": [{"player": 7}, {"player": 7}]}}])
    assert failures == ["after events[3]: box.away expected [#7, #7], got [#7 running 2:00]"]


def test_box_matching_finds_a_pairing_a_greedy_one_would_miss() -> None:
    actual = [Entry(7, None, "running", 600), Entry(7, None, "pending", 1200)]
    assert box_matches([{"player": 7}, {"player": 7, "state": "running"}], actual)
    assert box_matches([{"player": 7, "left": "2:00"}, {"player": 7}], actual)


def test_box_matching_leaves_no_actual_entry_over() -> None:
    actual = [Entry(7, None, "running", 600), Entry(None, 9, "pending", 1200)]
    assert not box_matches([{"player": 7}], actual)
    assert box_matches([{"player": "bench", "served_by": 9}, {"player": 7}], actual)
    assert not box_matches([{"player": "bench", "served_by": 8}, {"player": 7}], actual)
    assert box_matches([], [])


def test_box_entries_compare_every_field_they_give() -> None:
    actual = [Entry(7, 12, "expired", 0)]
    assert box_matches([{"player": 7, "served_by": 12, "state": "expired", "left": "0:00"}],
                       actual)
    assert not box_matches([{"player": 7, "left": "0:00.1"}], actual)
    assert not box_matches([{"player": 7, "state": "running"}], actual)
    assert not box_matches([{"player": 8}], actual)


# -- files and exit codes ---------------------------------------------------------------------


def test_run_paths_exit_codes(tmp_path: Path) -> None:
    good = scenario_file(tmp_path, [REFUSED_TIMEOUT], name="a-good")
    bad = scenario_file(tmp_path, [REFUSED_TIMEOUT, {"after": 3, "skaters": {"away": 4}}],
                        name="b-wrong")
    assert run_paths([good]).exit_code == 0
    report = run_paths([tmp_path])
    assert [o.line() for o in report.outcomes] == [
        "PASS a-good", "FAIL b-wrong: after events[3]: skaters.away expected 4, got 3"]
    assert (report.summary(), report.exit_code) == ("1 passed, 1 failed", 1)
    (tmp_path / "sub").mkdir()
    broken = tmp_path / "sub" / "c-broken.json"
    broken.write_text(json.dumps({"id": "c-broken", "events": [{"type": "faceoff"}],
                                  "expect": []}), encoding="utf-8")
    report = run_paths([tmp_path])
    assert report.exit_code == 2
    expected = f"{broken}: events[0].at: missing (a faceoff event has at)"
    assert [str(e) for e in report.invalid] == [expected]
    assert len(report.outcomes) == 2
    assert bad.exists()


def test_a_path_that_does_not_exist_is_invalid(tmp_path: Path) -> None:
    report = run_paths([tmp_path / "nowhere.json"])
    assert report.exit_code == 2
    assert "nowhere.json" in str(report.invalid[0])
