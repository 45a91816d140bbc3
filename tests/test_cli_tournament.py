"""The tournament commands, end to end on a SQLite file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rinkside.cli import app

runner = CliRunner()


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'cli.sqlite'}"


def _ok(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def test_set_up_import_schedule_record_and_standings(db: str, tmp_path: Path) -> None:
    assert "tournament 1" in _ok("tournament", "create", "Cup", "--starts", "2026-12-05",
                                 "--db", db)
    assert "division 1" in _ok("tournament", "division", "Division 1", "--tournament", "1",
                               "--db", db)
    roster = tmp_path / "rosters.csv"
    lines = ["team,number,name,goalie,captain"]
    for team in ("Blades", "Storm"):
        lines.append(f"{team},1,{team} Goalie,yes,")
        lines += [f"{team},{n},{team} {n},no,{'C' if n == 2 else ''}" for n in range(2, 11)]
    roster.write_text("\n".join(lines) + "\n")
    out = _ok("roster", "import", str(roster), "--division", "1", "--db", db)
    assert "Blades: 10 players" in out and "Storm: 10 players" in out
    assert "1 games scheduled" in _ok("schedule", "generate", "--division", "1", "--start",
                                      "2026-12-05T08:00", "--db", db)
    log = tmp_path / "game.json"
    log.write_text(json.dumps({"events": [
        {"type": "faceoff", "at": "1 12:00"},
        {"type": "goal", "at": "1 10:00", "team": "home", "scorer": 5, "assist": 6},
        {"type": "faceoff", "at": "1 10:00"},
        {"type": "period_end", "at": "1 0:00"},
        {"type": "faceoff", "at": "2 12:00"},
        {"type": "period_end", "at": "2 0:00"},
    ]}))
    assert "Blades 1 - 0 Storm, final" in _ok("game", "record", "1", str(log), "--db", db)
    table = _ok("standings", "--db", db)
    assert "Blades" in table and "placed by" in table
    assert "Blades 5" in _ok("stats", "--db", db)


def test_refused_event_writes_nothing_and_exits_1(db: str, tmp_path: Path) -> None:
    _ok("tournament", "create", "Cup", "--db", db)
    _ok("tournament", "division", "Open", "--tournament", "1", "--db", db)
    _ok("tournament", "team", "A", "--division", "1", "--db", db)
    _ok("tournament", "team", "B", "--division", "1", "--db", db)
    _ok("schedule", "generate", "--division", "1", "--start", "2026-12-05T08:00", "--db", db)
    log = tmp_path / "bad.json"
    log.write_text(json.dumps([{"type": "faceoff", "at": "1 12:00"},
                               {"type": "timeout", "at": "1 11:00", "team": "home"}]))
    result = runner.invoke(app, ["game", "record", "1", str(log), "--db", db])
    assert result.exit_code == 1
    assert "641(a)" in result.output
    assert "not started" in _ok("schedule", "--db", db)


def test_bad_amendments_and_bad_roster_file_exit_2(db: str, tmp_path: Path) -> None:
    toml = tmp_path / "event.toml"
    toml.write_text('minor = "1:45"\n')
    result = runner.invoke(app, ["tournament", "create", "Cup", "--settings", str(toml),
                                 "--db", db])
    assert result.exit_code == 2 and "402(a)" in result.output
    _ok("tournament", "create", "Cup", "--db", db)
    _ok("tournament", "division", "Open", "--tournament", "1", "--db", db)
    bad = tmp_path / "bad.csv"
    bad.write_text("number,name\n100,Too Big\n")
    result = runner.invoke(app, ["roster", "import", str(bad), "--division", "1", "--team",
                                 "X", "--db", db])
    assert result.exit_code == 2 and "line 2" in result.output


def test_demo_builds_a_tournament_with_standings_stats_and_suspensions(db: str) -> None:
    built = _ok("demo", "--db", db)
    assert "demo tournament 1 built" in built
    assert "scorer (scorekeeper)" in built  # the console's demo logins
    from rinkside.services import users
    from rinkside.services.open import open_tournaments

    demo_users = {u.username: u for u in users.users(open_tournaments(db))}
    assert demo_users["scorer"].games and demo_users["scorer"].games == \
        demo_users["referee"].games  # the exhibition games still to play
    assert "Division 1 standings" in _ok("standings", "--db", db)
    leaders = _ok("stats", "--division", "2", "--db", db)
    assert "points leaders" in leaders and "high scorer by" in leaders
    assert "Suspensions" in _ok("suspensions", "--db", db)


def test_playoffs_lineups_and_discipline(db: str) -> None:
    _ok("demo", "--db", db)
    out = _ok("playoffs", "--division", "1", "--teams", "4", "--schedule", "--db", db)
    # the demo's game day already plays one of division 1's playoff games
    assert "1 playoff games scheduled" in out and out.lower().count("semi-final") == 2
    from rinkside.services.open import open_tournaments

    semi = open_tournaments(db).division_view(1).schedule[-1]
    home = str(semi.home_team_id)
    lineup = _ok("game", "lineup", str(semi.game_id), "--team", home, "--players", "1,30",
                 "--starting-goalie", "30", "--db", db)
    assert f"lineup of team {home} recorded" in lineup and "#30 starts in goal" in lineup
    assert open_tournaments(db).starting_goaltenders(semi.game_id) == {"home": 30}  # 204(a)
    assert "warning" in lineup and "204" in lineup  # two goaltenders, no skaters
    result = runner.invoke(app, ["discipline", "5", "two", "--reason", "x", "--db", db])
    assert result.exit_code == 2 and "rest_of_tournament" in result.output
    assert "410(a)" in _ok("discipline", "5", "2", "--reason", "spearing review", "--db", db)


def test_list_and_roster_show(db: str, tmp_path: Path) -> None:
    """``tournament list`` draws the tree by id with each team's active
    players; ``roster show`` a team's players by number."""
    _ok("tournament", "create", "Cup", "--db", db)
    _ok("tournament", "division", "Open", "--tournament", "1", "--db", db)
    _ok("tournament", "division", "14U", "--tournament", "1", "--db", db)
    _ok("tournament", "team", "Empty", "--division", "1", "--db", db)
    roster = tmp_path / "storm.csv"
    roster.write_text("number,name,goalie,captain\n1,Sam Goalie,yes,\n12,Alex Kim,no,C\n"
                      "7,Jo Park,no,A\n")
    _ok("roster", "import", str(roster), "--division", "2", "--team", "Storm", "--db", db)
    listed = _ok("tournament", "list", "--db", db).splitlines()
    rows = [[cell.strip() for cell in line.split("│")[1:-1]] for line in listed
            if line.startswith("│")]
    assert rows == [["1 Cup", "", "", ""], ["", "1 Open", "", ""], ["", "", "1 Empty", "0"],
                    ["", "2 14U", "", ""], ["", "", "2 Storm", "3"]]
    shown = _ok("roster", "show", "2", "--db", db)
    assert shown.index("Sam Goalie") < shown.index("Jo Park") < shown.index("Alex Kim")
    assert "Storm" in shown
    missing = runner.invoke(app, ["roster", "show", "99", "--db", db])
    assert missing.exit_code == 2 and "no team 99" in missing.output
