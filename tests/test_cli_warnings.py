"""The engine's warnings reach the terminal: ``rinkside replay`` shows every
one with the event that gave it, ``--explain`` each box entry with its rules,
``rinkside game record`` the warnings of the events it recorded, and ``rinkside
game show`` every one on the game's record."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from rinkside.cli import app
from rinkside.services.open import open_tournaments

runner = CliRunner()

EVENTS: list[dict[str, Any]] = [
    {"type": "faceoff", "at": "1 12:00"},                                               # 0
    {"type": "stoppage", "at": "1 10:00"},                                              # 1
    {"type": "penalty", "at": "1 10:00", "team": "home", "player": 5,                   # 2
     "class": "misconduct", "infraction": "hooking", "rule": "622(a)"},
    {"type": "faceoff", "at": "1 10:00"},                                               # 3
    {"type": "penalty_signal", "at": "1 9:30", "team": "away", "player": 6,             # 4
     "class": "minor", "infraction": "tripping", "rule": "642(a)"},
    {"type": "goal", "at": "1 9:15", "team": "home", "scorer": 9},                      # 5
    {"type": "faceoff", "at": "1 9:15"},                                                # 6
]
HOOKING = ("Warning, events[2] at 1 10:00: Rule 622(a): Hooking allows minor; a misconduct "
           "was assessed")
DELAYED = ("Warning, events[5] at 1 9:15: Rule 409(c): the delayed minor to #6 is not "
           "imposed: the other team scored.")


def _log(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    path.write_text(json.dumps({
        "settings": {"clock": "stop", "period_length": "12:00", "minor": "2:00"},
        "home": {"name": "Hawks"}, "away": {"name": "Owls"}, "events": EVENTS}))
    return path


def test_replay_shows_every_warning_with_its_event_not_only_the_last(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(_log(tmp_path))])
    assert result.exit_code == 0, result.output
    assert HOOKING in result.output and DELAYED in result.output
    assert result.output.index(HOOKING) < result.output.index(DELAYED)


def test_replay_at_shows_the_warnings_given_until_then(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(_log(tmp_path)), "--at", "1 9:20"])
    assert result.exit_code == 0, result.output
    assert HOOKING in result.output and "409(c)" not in result.output


def test_replay_explain_lists_each_box_entry_with_the_rules_that_put_it_there(
        tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(_log(tmp_path)), "--explain"])
    assert result.exit_code == 0, result.output
    explained = result.output[result.output.index("Penalty box, explained:"):]
    assert "home #5 misconduct (hooking): running, 9:15 left" in explained
    assert "a misconduct: Rule 404(a)" in explained
    assert "away" not in explained  # the delayed minor was never imposed (409(c))


def _stored_cup(tmp_path: Path) -> str:
    """A cup of Hawks and Owls in a SQLite file, its games scheduled: the --db URL."""
    db = f"sqlite:///{tmp_path / 'cli.sqlite'}"
    for args in (["tournament", "create", "Cup"], ["tournament", "division", "Open",
                                                   "--tournament", "1"]):
        assert runner.invoke(app, [*args, "--db", db]).exit_code == 0
    roster = tmp_path / "rosters.csv"
    lines = ["team,number,name,goalie,captain"]
    for team in ("Hawks", "Owls"):
        lines.append(f"{team},1,{team} Goalie,yes,")
        lines += [f"{team},{n},{team} {n},no,{'C' if n == 2 else ''}" for n in range(2, 11)]
    roster.write_text("\n".join(lines) + "\n")
    for args in (["roster", "import", str(roster), "--division", "1"],
                 ["schedule", "generate", "--division", "1", "--start", "2026-12-05T08:00"]):
        assert runner.invoke(app, [*args, "--db", db]).exit_code == 0
    return db


def test_game_record_prints_the_warnings_of_the_events_it_recorded(tmp_path: Path) -> None:
    db = _stored_cup(tmp_path)
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    first.write_text(json.dumps({"events": EVENTS[:4]}))
    second.write_text(json.dumps({"events": EVENTS[4:]}))
    out = runner.invoke(app, ["game", "record", "1", str(first), "--db", db])
    assert out.exit_code == 0, out.output
    assert HOOKING in out.output and "409(c)" not in out.output
    out = runner.invoke(app, ["game", "record", "1", str(second), "--db", db])
    assert out.exit_code == 0, out.output
    assert ("Warning, events[1] at 1 9:15: Rule 409(c): the delayed minor to #6 is not "
            "imposed") in out.output  # numbered as the file's events
    assert "622(a)" not in out.output  # recorded before: not this file's
    shown = runner.invoke(app, ["game", "show", "1", "--db", db])
    assert shown.exit_code == 0, shown.output
    assert HOOKING in shown.output and DELAYED in shown.output  # the whole record's


def test_the_cli_s_refusals_and_warnings_name_the_teams(tmp_path: Path) -> None:
    db = _stored_cup(tmp_path)
    setup = open_tournaments(db).game_state(1)[1].setup
    home, away = setup.home.name, setup.away.name
    log = tmp_path / "log.json"
    log.write_text(json.dumps({"events": [
        {"type": "faceoff", "at": "1 12:00"}, {"type": "stoppage", "at": "1 11:40"},
        {"type": "warning", "at": "1 11:40", "team": "away", "rule": "631(b)",
         "bench": True},
        {"type": "warning", "at": "1 11:40", "team": "away", "rule": "631(b)",
         "bench": True},
        {"type": "timeout", "at": "1 11:40", "team": "home"}]}))
    out = runner.invoke(app, ["game", "record", "1", str(log), "--db", db])
    assert out.exit_code == 0, out.output
    assert f"a second warning to {away} in this period" in out.output
    again = tmp_path / "again.json"
    again.write_text(json.dumps({"events": [{"type": "timeout", "at": "1 11:40",
                                             "team": "home"}]}))
    refused = runner.invoke(app, ["game", "record", "1", str(again), "--db", db])
    assert refused.exit_code == 1
    assert f"refused: Rule 641(b) note 1: {home} has no time-out left" in refused.output
    assert "home has" not in refused.output
