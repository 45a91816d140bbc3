"""The office commands end to end: users, officials, sign-off and reopening
(Rule 616(a)) and rinks, on a SQLite file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rinkside.cli import app

runner = CliRunner()


@pytest.fixture
def db(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'office.sqlite'}"
    _ok("tournament", "create", "Cup", "--starts", "2026-12-05", "--db", url)
    _ok("tournament", "division", "Open", "--tournament", "1", "--db", url)
    roster = tmp_path / "rosters.csv"
    lines = ["team,number,name,goalie,captain"]
    for team in ("Blades", "Storm"):
        lines.append(f"{team},1,{team} Goalie,yes,")
        lines += [f"{team},{n},{team} {n},no,{'C' if n == 2 else ''}" for n in range(2, 11)]
    roster.write_text("\n".join(lines) + "\n")
    _ok("roster", "import", str(roster), "--division", "1", "--db", url)
    _ok("schedule", "generate", "--division", "1", "--start", "2026-12-05T08:00", "--db", url)
    log = tmp_path / "game.json"
    log.write_text(json.dumps({"events": [
        {"type": "faceoff", "at": "1 12:00"}, {"type": "period_end", "at": "1 0:00"},
        {"type": "faceoff", "at": "2 12:00"}, {"type": "period_end", "at": "2 0:00"}]}))
    _ok("game", "record", "1", str(log), "--db", url)
    return url


def _run(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.output


def _ok(*args: str, stdin: str | None = None) -> str:
    code, out = _run(*args, stdin=stdin)
    assert code == 0, out
    return out


def test_users_sign_lock_and_reopen(db: str, tmp_path: Path) -> None:
    assert "(referee)" in _ok("user", "add", "rita", "--role", "referee", "--game", "1",
                              "--db", db, stdin="whistle-1\nwhistle-1\n")
    _ok("user", "add", "dana", "--role", "director", "--password", "boss-desk", "--db", db)
    listed = _ok("user", "list", "--db", db)
    assert "rita" in listed and "dana" in listed
    assert "Rita Ray" in _ok("game", "officials", "1", "--referee", "Rita Ray",
                             "--official-scorer", "Sam Sun", "--db", db)

    code, out = _run("game", "sign", "1", "--user", "rita", "--password", "nope", "--db", db)
    assert code == 2 and "wrong username or password" in out
    assert "signed and locked (Rule 616(a))" in _ok(
        "game", "sign", "1", "--user", "rita", "--db", db, stdin="whistle-1\n")

    late = tmp_path / "late.json"
    late.write_text(json.dumps([{"type": "goal", "at": "2 0:00", "team": "home",
                                 "scorer": 5}]))
    code, out = _run("game", "record", "1", str(late), "--db", db)
    assert code == 1 and "616(a)" in out

    code, out = _run("game", "reopen", "1", "--user", "rita", "--reason", "oops",
                     "--password", "whistle-1", "--db", db)
    assert code == 1 and "only the tournament director" in out
    out = _ok("game", "reopen", "1", "--user", "dana", "--reason", "clock error",
              "--password", "boss-desk", "--db", db)
    assert "reopened by dana" in out and "clock error" in out


def test_a_rink_is_recorded_with_its_problems(db: str) -> None:
    out = _ok("tournament", "rink", "1", "Rink A", "--width", "85", "--length", "185",
              "--corner-radius", "20", "--goal-line", "13", "--db", db)
    assert "rink 1: Rink A" in out
    out = _ok("tournament", "rink", "1", "Barn", "--width", "55", "--length", "185",
              "--corner-radius", "20", "--goal-line", "13", "--db", db)
    assert "Rule 101" in out
    code, out = _run("tournament", "rink", "1", "Rink A", "--width", "85", "--length", "185",
                     "--corner-radius", "20", "--goal-line", "13", "--db", db)
    assert code == 2 and "already has a rink" in out


def test_a_user_is_added_only_with_a_name_and_a_password_by_the_desks_rule(db: str) -> None:
    for name, password, why in (("pat", "p", "at least 8 characters"),
                                ("ops/night", "long-enough-1", "'/' may not stand"),
                                ("pat kim", "long-enough-1", "' ' may not stand")):
        code, out = _run("user", "add", name, "--role", "scorekeeper", "--password", password,
                         "--db", db)
        assert code != 0 and why in out, out
    assert "pat" not in _ok("user", "list", "--db", db)
    _ok("user", "add", "pat", "--role", "scorekeeper", "--password", "long-enough-1",
        "--db", db)
    code, out = _run("user", "password", "pat", "--password", "x", "--db", db)
    assert code != 0 and "at least 8 characters" in out


def test_the_table_officials_are_users_with_their_games(db: str) -> None:
    for name, role in (("gil", "game_timekeeper"), ("pat", "penalty_timekeeper"),
                       ("oscar", "official_scorer")):
        assert f"({role})" in _ok("user", "add", name, "--role", role, "--game", "1",
                                  "--password", "table-pass-1", "--db", db)
    listed = _ok("user", "list", "--db", db)
    assert "penalty_timekeeper" in listed and "official_scorer" in listed
    code, out = _run("user", "add", "tim", "--role", "timekeeper", "--password",
                     "table-pass-1", "--db", db)
    assert code != 0 and "'timekeeper' is not a role" in out


def test_a_team_manager_is_added_for_a_team_with_an_email(db: str) -> None:
    """Issue 28: ``--role manager --team N [--email E]``; a manager needs a
    team that exists, and only a manager or coach has one."""
    out = _ok("user", "add", "mia", "--role", "manager", "--team", "1", "--email",
              "mia@example.org", "--password", "manager-pass-1", "--db", db)
    assert "(manager), team 1" in out
    assert "team 1" in _ok("user", "list", "--db", db)
    code, out = _run("user", "add", "max", "--role", "coach", "--password", "coach-pass-1",
                     "--db", db)
    assert code != 0 and "acts for a team" in out
    code, out = _run("user", "add", "moe", "--role", "manager", "--team", "99",
                     "--password", "manager-pass-1", "--db", db)
    assert code != 0 and "no team 99" in out
    code, out = _run("user", "add", "sam", "--role", "scorekeeper", "--team", "1",
                     "--password", "scorer-pass-1", "--db", db)
    assert code != 0 and "only a manager or coach" in out
    code, out = _run("user", "add", "eve", "--role", "manager", "--team", "1", "--email",
                     "not-an-address", "--password", "manager-pass-1", "--db", db)
    assert code != 0 and "not an e-mail address" in out


def test_a_user_is_added_only_with_a_role_given(db: str) -> None:
    """Issue 26: no role by default (least power): `user add` without
    --role is refused, saying the option is missing, and makes no user."""
    code, out = _run("user", "add", "norole", "--password", "long-enough-1", "--db", db)
    assert code != 0 and "--role" in out, out
    assert "norole" not in _ok("user", "list", "--db", db)


def test_the_report_names_referees_by_full_name_else_username(db: str, tmp_path: Path) -> None:
    """Issue 26: a user's full name (``--name``, ``user name``) is what the
    report and the sign-off print for a referee named by login;
    the username only where no name is given."""
    assert "Łukasz Żółć" in _ok("user", "add", "lukasz", "--role", "referee", "--game", "1",
                                "--name", "Łukasz Żółć", "--password", "whistle-1",
                                "--db", db)
    _ok("user", "add", "ivan", "--role", "referee", "--game", "1", "--password", "whistle-2",
        "--db", db)
    assert "Иван Петров" in _ok("user", "name", "ivan", "Иван Петров", "--db", db)
    shown = _ok("game", "officials", "1", "--referee", "lukasz", "--referee", "ivan", "--db", db)
    assert "referee: Łukasz Żółć, Иван Петров" in shown
    assert "still to sign: Łukasz Żółć, Иван Петров" in shown
    assert "signed by Łukasz Żółć" in _ok("game", "sign", "1", "--user", "lukasz",
                                          "--password", "whistle-1", "--db", db)
    html = tmp_path / "r.html"
    _ok("report", "1", "--html", str(html), "--db", db)
    page = html.read_text(encoding="utf-8")
    assert "<dd>Łukasz Żółć, Иван Петров</dd>" in page
    assert "Signed by Łukasz Żółć (referee)" in page and "awaiting Иван Петров" in page
    _ok("user", "name", "ivan", "", "--db", db)
    _ok("report", "1", "--html", str(html), "--db", db)
    assert "<dd>Łukasz Żółć, ivan</dd>" in html.read_text(encoding="utf-8")
    code, out = _run("user", "name", "ivan", "bad\x07name", "--db", db)
    assert code != 0 and "full name" in out
