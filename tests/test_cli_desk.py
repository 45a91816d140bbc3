"""The desk's commands: what the director does on the desk, scripted, through
the same services (refusals exit 1 or 2 with the rule; the record kept)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from rinkside.cli import app
from rinkside.services.open import open_tournaments

runner = CliRunner()


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'desk.sqlite'}"


def run(*args: str, code: int = 0) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, result.output
    return result.output


def setup_cup(db: str) -> None:
    run("tournament", "create", "Cup", "--starts", "2026-12-12", "--db", db)
    run("tournament", "division", "Open", "--tournament", "1", "--db", db)
    for name in ("A", "B", "C", "D"):
        run("tournament", "team", name, "--division", "1", "--db", db)
    for rink in ("East", "West"):
        run("tournament", "rink", "1", rink, "--width", "85", "--length", "185",
            "--corner-radius", "20", "--goal-line", "12", "--db", db)


def test_settings_are_changed_and_a_1_45_minor_is_refused_citing_402a(db: str) -> None:
    setup_cup(db)
    refused = runner.invoke(app, ["tournament", "settings", "1", "--set", "minor=1:45",
                                  "--db", db])
    assert refused.exit_code == 2 and "402(a)" in refused.output
    out = run("tournament", "settings", "1", "--set", "minor=1:30", "--set", "mercy=off",
              "--db", db)
    assert "1:30" in out
    tie = runner.invoke(app, ["tournament", "settings", "1", "--stage", "playoff", "--set",
                              "overtime=none", "--db", db])
    assert tie.exit_code == 1 and "639" in tie.output
    assert "shootout" in run("tournament", "settings", "1", "--stage", "playoff", "--db", db)
    assert "changed" in run("changes", "--tournament", "1", "--db", db)


def test_playoffs_work_on_a_new_tournament_with_default_settings(db: str) -> None:
    setup_cup(db)
    run("schedule", "build", "1", "--window", "2026-12-12 08:00-14:00", "--game", "50",
        "--db", db)
    open_tournaments(db).record_coin_toss(1, [1, 2, 3, 4], by="test")  # casebook 24
    out = run("playoffs", "--division", "1", "--teams", "2", "--schedule", "--db", db)
    assert "1 playoff games scheduled" in out  # 639: the playoffs' own settings decide them


def test_the_schedule_is_built_then_a_game_moved_added_and_cancelled(db: str) -> None:
    setup_cup(db)
    out = run("schedule", "build", "1", "--window", "2026-12-12 08:00-14:00", "--game", "50",
              "--rest", "10", "--db", db)
    assert "6 games scheduled" in out
    clash = runner.invoke(app, ["schedule", "add", "1", "1", "2", "--start",
                                "2026-12-12T08:00", "--rink", "West", "--db", db])
    assert clash.exit_code == 1 and "two games at once" in clash.output
    assert "game 7 scheduled" in run("schedule", "add", "1", "1", "2", "--start",
                                     "2026-12-13T09:00", "--rink", "East", "--db", db)
    run("schedule", "move", "7", "--start", "2026-12-13T11:00", "--rink", "West", "--db", db)
    no_reason = runner.invoke(app, ["schedule", "cancel", "7", "--reason", "", "--db", db])
    assert no_reason.exit_code == 2
    run("schedule", "cancel", "7", "--reason", "doubled", "--db", db)
    record = run("changes", "--db", db)
    assert "cancelled" in record and "moved" in record and "generated" in record


def test_a_game_is_staffed_and_a_player_edited_by_section_ii(db: str, tmp_path: Path) -> None:
    setup_cup(db)
    run("schedule", "build", "1", "--window", "2026-12-12 08:00-14:00", "--game", "50",
        "--db", db)
    run("user", "add", "sam", "--role", "scorekeeper", "--password", "sam-pass-1", "--db", db)
    run("user", "add", "rita", "--role", "referee", "--password", "rita-pass-1", "--db", db)
    assert "referees rita" in run("game", "staff", "1", "--scorekeeper", "sam", "--referee",
                                  "rita", "--db", db)
    busy = runner.invoke(app, ["game", "staff", "2", "--referee", "rita", "--db", db])
    assert busy.exit_code == 1 and "two places at once" in busy.output
    roster = tmp_path / "a.csv"
    roster.write_text("number,name,goalie,captain\n1,Ann,yes,\n9,Bo,no,C\n10,Cy,no,\n")
    run("roster", "import", str(roster), "--division", "1", "--team", "A", "--db", db)
    twin = runner.invoke(app, ["roster", "edit", "3", "--number", "9", "--name", "Cy",
                               "--db", db])
    assert twin.exit_code == 2 and "307(c)" in twin.output
    assert "#11 Cy" in run("roster", "edit", "3", "--number", "11", "--name", "Cy", "--db", db)
    run("tournament", "rename-team", "1", "Aces", "--db", db)
    assert "renamed" in run("changes", "--db", db)
    assert "team 4 withdrawn" in run("tournament", "withdraw-team", "4", "--reason", "gone",
                                     "--db", db)
    run("tournament", "start", "1", "--db", db)
    late = runner.invoke(app, ["tournament", "withdraw-team", "3", "--reason", "x", "--db", db])
    assert late.exit_code == 1 and "634" in late.output


def test_rule_404h_a_review_is_resolved_and_410a_410d_suspensions_changed_by_command(
        db: str, tmp_path: Path) -> None:
    from rinkside.rules.events import FaceOff, Forfeit, Penalty, PenaltyClass, Stoppage
    from rinkside.rules.times import GameTime

    setup_cup(db)
    for team in ("A", "B"):
        roster = tmp_path / f"{team}.csv"
        roster.write_text("number,name,goalie,captain\n1,Keeper,yes,\n9,Bo,no,C\n10,Cy,no,\n"
                          "11,Di,no,\n12,Ed,no,\n")
        run("roster", "import", str(roster), "--division", "1", "--team", team, "--db", db)
    run("schedule", "add", "1", "1", "2", "--start", "2026-12-12T09:00", "--rink", "East",
        "--db", db)
    service = open_tournaments(db)
    service.record(1, 0, [FaceOff(GameTime(1, 7200)), Stoppage(GameTime(1, 6000)),
                          Penalty(GameTime(1, 6000), "away", 10, PenaltyClass.GROSS_MISCONDUCT,
                                  "physical harm to an official", "601(f)"),
                          Forfeit(GameTime(1, 6000), "home", "left the floor")], by="test")
    listed = run("tournament", "reviews", "1", "--db", db)
    assert "Rule 404(h)" in listed and "#10 Cy" in listed
    player = int(listed.split("player ")[1].split()[0])
    unexplained = runner.invoke(app, ["tournament", "review", str(player), "1", "404(h)", "2",
                                      "--db", db])
    assert unexplained.exit_code == 2 and "404(h)" in unexplained.output
    assert "decided, 2" in run("tournament", "review", str(player), "1", "404(h)", "2",
                               "--reason", "two more games", "--db", db)
    assert "no case awaits" in run("tournament", "reviews", "1", "--db", db)
    assert "shortened by 1" in run("tournament", "suspension-change", str(player),
                                   "--games", "-1", "--reason", "on appeal", "--db", db)
    assert "410(d)" in run("tournament", "suspension-elsewhere", str(player), "--organisation",
                           "NARCh", "--games", "1", "--reason", "fight", "--db", db)
    sanctions = open_tournaments(db).suspensions(1)[player].sanctions
    assert sorted((s.rule, s.games) for s in sanctions) == [("404(h)", 1), ("410(d)", 1)]
    record = run("changes", "--db", db)
    assert "review 404(h)" in record and "on appeal" in record and "NARCh" in record


def test_the_desks_commands_check_text_as_every_edge_does(db: str) -> None:
    setup_cup(db)
    for args in (("tournament", "rename-team", "1", "Blades\x0e\xc2\x86"),
                 ("tournament", "rename-team", "1", "B" * 5000),
                 ("tournament", "rename-division", "1", "Open\x00"),
                 ("tournament", "edit", "1", "--name", "Cup\x1b[2J"),
                 ("tournament", "withdraw-team", "2", "--reason", "r" * 501),
                 ("tournament", "rename-team", "1", "Owls", "--by", "dora\r\n")):
        out = run(*args, "--db", db, code=2)
        assert "Invalid value" in out, args
    listed = run("changes", "--db", db)
    assert "renamed" not in listed and "withdrawn" not in listed
