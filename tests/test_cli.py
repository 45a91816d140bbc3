"""The ``rinkside`` command line, through Typer's test runner."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from rinkside.cli import app

PUBLIC = Path(__file__).resolve().parents[2] / "shared" / "conformance" / "public"

runner = CliRunner()

GAME: dict[str, Any] = {
    "settings": {"clock": "stop", "period_length": "12:00", "minor": "2:00"},
    "home": {"name": "Hawks"},
    "away": {"name": "Owls"},
    "events": [
        {"type": "faceoff", "at": "1 12:00"},                                          # 0
        {"type": "stoppage", "at": "1 10:00"},                                         # 1
        {"type": "penalty", "at": "1 10:00", "team": "home", "player": 5,              # 2
         "class": "minor", "infraction": "hooking", "rule": "622(a)"},
        {"type": "faceoff", "at": "1 10:00"},                                          # 3
        {"type": "goal", "at": "1 9:15", "team": "away", "scorer": 9, "assist": 10},   # 4
        {"type": "faceoff", "at": "1 9:15"},                                           # 5
        {"type": "stoppage", "at": "1 8:00"},                                          # 6
        {"type": "penalty", "at": "1 8:00", "team": "away", "player": 6,               # 7
         "class": "minor", "infraction": "tripping", "rule": "642(a)"},
        {"type": "faceoff", "at": "1 8:00"},                                           # 8
    ],
}


def write(path: Path, data: dict[str, Any]) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def scenario(tmp_path: Path, name: str, expect: list[dict[str, Any]]) -> Path:
    return write(tmp_path / f"{name}.json", {"id": name, **GAME, "expect": expect})


# --------------------------------------------------------------------------- conformance


def test_conformance_prints_a_line_per_scenario_and_the_closing_count(tmp_path: Path) -> None:
    scenario(tmp_path, "a-holds", [{"after": 3, "skaters": {"home": 3, "away": 4}}])
    scenario(tmp_path, "b-differs", [{"after": 4, "score": {"home": 0, "away": 2}}])
    result = runner.invoke(app, ["conformance", str(tmp_path)])
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "PASS a-holds",
        "FAIL b-differs: after events[4]: score.away expected 2, got 1",
        "1 passed, 1 failed",
    ]


def test_conformance_exits_0_when_all_pass(tmp_path: Path) -> None:
    path = scenario(tmp_path, "ok", [{"after": 4, "box": {"home": []}}])
    result = runner.invoke(app, ["conformance", str(path)])
    assert (result.exit_code, result.stdout) == (0, "PASS ok\n1 passed, 0 failed\n")


def test_conformance_exits_2_naming_an_invalid_file_and_still_runs_the_rest(
    tmp_path: Path,
) -> None:
    scenario(tmp_path, "ok", [{"after": 4, "box": {"home": []}}])
    bad = {"id": "bad", **GAME, "expect": []}
    bad["events"] = [dict(e) for e in GAME["events"]]
    bad["events"][2]["team"] = "visitors"
    bad_path = write(tmp_path / "bad.json", bad)
    result = runner.invoke(app, ["conformance", str(tmp_path)])
    assert result.exit_code == 2
    assert result.stdout.splitlines() == ["PASS ok", "1 passed, 0 failed"]
    assert f"{bad_path}: events[2].team: 'visitors' is not a team" in result.stderr


@pytest.mark.skipif(not PUBLIC.is_dir(), reason="shared/conformance/public is not beside us")
def test_conformance_over_the_public_scenarios() -> None:
    result = runner.invoke(app, ["conformance", str(PUBLIC)])
    lines = result.stdout.splitlines()
    count = len(list(PUBLIC.rglob("*.json")))
    assert len(lines) == count + 1
    assert all(line.startswith(("PASS ", "FAIL ")) for line in lines[:-1])
    assert lines[-1] == f"{count} passed, 0 failed", result.stdout
    assert result.exit_code == 0


# --------------------------------------------------------------------------- replay


def test_replay_json_gives_the_check_fields_at_the_end(tmp_path: Path) -> None:
    log = write(tmp_path / "game.json", GAME)
    result = runner.invoke(app, ["replay", str(log), "--json"])
    assert result.exit_code == 0, result.output
    state = json.loads(result.stdout)
    assert state["score"] == {"home": 0, "away": 1}
    assert state["skaters"] == {"home": 4, "away": 3}
    assert state["goalie"] == {"home": True, "away": True}
    assert state["box"] == {"home": [],
                            "away": [{"player": 6, "state": "running", "left": "2:00"}]}
    assert (state["clock"], state["running"], state["status"]) == ("1 8:00", True, "in_play")
    assert state["timeouts_left"] == {"home": 1, "away": 1}
    assert state["result"] is None
    assert state["pim"] == {"home": {"5": 2}, "away": {"6": 2}}
    assert state["scoring"] == {"home": {}, "away": {"9": {"g": 1, "a": 0},
                                                     "10": {"g": 0, "a": 1}}}
    assert state["suspensions"] == []


def test_replay_at_stops_there_and_runs_the_clock(tmp_path: Path) -> None:
    log = write(tmp_path / "game.json", GAME)
    result = runner.invoke(app, ["replay", str(log), "--at", "1 9:30", "--json"])
    assert result.exit_code == 0, result.output
    state = json.loads(result.stdout)
    assert state["clock"] == "1 9:30"
    assert state["score"] == {"home": 0, "away": 0}
    assert state["box"]["home"] == [{"player": 5, "state": "running", "left": "1:30"}]


def test_replay_shows_tables_by_default(tmp_path: Path) -> None:
    log = write(tmp_path / "game.json", GAME)
    result = runner.invoke(app, ["replay", str(log)])
    assert result.exit_code == 0, result.output
    for text in ("Hawks", "Owls", "1 8:00", "4 on 3", "tripping", "#9", "PP"):
        assert text in result.stdout, text


def test_replay_of_a_refused_event_names_it_and_exits_1(tmp_path: Path) -> None:
    data = {**GAME, "events": [*GAME["events"], {"type": "timeout", "at": "1 7:00",
                                                 "team": "home"}]}
    log = write(tmp_path / "game.json", data)
    result = runner.invoke(app, ["replay", str(log)])
    assert result.exit_code == 1
    assert f"{log}: events[9] refused: Rule 641(a)" in result.stderr


def test_replay_of_a_malformed_file_names_file_index_and_field(tmp_path: Path) -> None:
    data = {**GAME, "events": [dict(e) for e in GAME["events"]]}
    data["events"][4]["scorer"] = "nine"
    log = write(tmp_path / "game.json", data)
    result = runner.invoke(app, ["replay", str(log), "--json"])
    assert result.exit_code == 2
    assert f"{log}: events[4].scorer:" in result.stderr
    assert result.stdout == ""


def test_replay_of_a_missing_file_exits_2(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(tmp_path / "none.json")])
    assert result.exit_code == 2
    assert "none.json" in result.stderr


# --------------------------------------------------------------------------- settings, catalog


def test_settings_lists_the_table_with_rules() -> None:
    result = runner.invoke(app, ["settings"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    minor = next(line for line in result.stdout.splitlines() if " minor " in line)
    assert "2:00" in minor and "402(a)" in minor


def test_settings_with_a_toml_file_shows_its_values(tmp_path: Path) -> None:
    toml = tmp_path / "event.toml"
    toml.write_text('[settings]\nminor = "1:30"\nmercy = "off"\n', encoding="utf-8")
    result = runner.invoke(app, ["settings", "--toml", str(toml)], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "1:30" in next(line for line in lines if " minor " in line)
    assert "off" in next(line for line in lines if " mercy " in line)


def test_settings_with_a_value_the_book_forbids_exits_2(tmp_path: Path) -> None:
    toml = tmp_path / "event.toml"
    toml.write_text('minor = "1:45"\n', encoding="utf-8")
    result = runner.invoke(app, ["settings", "--toml", str(toml)])
    assert result.exit_code == 2
    assert "setting 'minor'" in result.stderr and "402(a)" in result.stderr


def test_infractions_lists_the_catalog() -> None:
    result = runner.invoke(app, ["infractions", "--search", "tripping"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "642(a)" in result.stdout and "Tripping" in result.stdout


def test_infractions_by_class_keeps_only_that_class() -> None:
    every = runner.invoke(app, ["infractions"], env={"COLUMNS": "200"}).stdout
    majors = runner.invoke(app, ["infractions", "--class", "bench_minor"],
                           env={"COLUMNS": "200"}).stdout
    assert "Delaying a line change" in majors
    assert "Tripping " not in majors
    assert len(majors.splitlines()) < len(every.splitlines())


def test_infractions_with_an_unknown_class_exits_2() -> None:
    result = runner.invoke(app, ["infractions", "--class", "minorish"])
    assert result.exit_code == 2
    assert "not a penalty class" in result.stderr


def test_python_dash_m_rinkside_runs_the_same_app() -> None:
    done = subprocess.run([sys.executable, "-m", "rinkside", "--help"], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0
    for command in ("conformance", "replay", "settings", "infractions"):
        assert command in done.stdout
