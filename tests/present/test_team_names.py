"""Team names, not "home" and "away", in every sentence a person reads: the
engine's refusals and warnings keep their sides (conformance checks the
engine's sentences as they are); present.names.with_team_names calls the
teams by their names for the live state, the console, the commands and the
report, in one place."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from rinkside.cli import app
from rinkside.present.names import with_team_names
from rinkside.present.state import live_state
from rinkside.present.warnings import fold_warnings
from rinkside.rules import GameSetup, Settings, default_roster
from rinkside.rules.events import Caution, FaceOff, Stoppage
from rinkside.rules.game import replay, start
from rinkside.rules.times import GameTime
from rinkside.services.open import open_tournaments

SETUP = GameSetup(Settings(), default_roster("Hawks"), default_roster("Owls"))
SECOND_WARNING = [FaceOff(GameTime(1, 7200)), Stoppage(GameTime(1, 7000)),
                  Caution(GameTime(1, 7000), "away", "631(b)"),
                  Caution(GameTime(1, 7000), "away", "631(b)")]


def test_each_side_is_called_by_its_team_s_name_and_the_rest_is_the_engine_s() -> None:
    assert (with_team_names("Rule 629(c): #7 (away) has no penalty time; home waits", SETUP)
            == "Rule 629(c): #7 (Owls) has no penalty time; Hawks waits")
    # an infraction's words are not a team
    assert (with_team_names("Rule 622(b): Shooting the puck away from an official", SETUP)
            == "Rule 622(b): Shooting the puck away from an official")
    assert with_team_names("homework for away", None) == "homework for away"


def test_the_live_state_s_warnings_name_the_team_the_engine_s_keep_the_side() -> None:
    state = replay(SETUP, SECOND_WARNING)
    assert "a second warning to away in this period" in str(state.warnings[0])  # the engine's
    shown = live_state(state, game_id=1, version=4, division="Open", rink=None,
                       team_ids={"home": 1, "away": 2})
    assert [w.text for w in shown.warnings] == [
        ("Rule 631(b): a second warning to Owls in this period: a minor penalty is due to the "
         "player who violated the rule")]
    _, folded = fold_warnings(start(SETUP), SECOND_WARNING)  # the report's and the CLI's
    assert [w.text for w in folded] == [w.text for w in shown.warnings]


def _cup(tmp_path: Path) -> str:
    db = f"sqlite:///{tmp_path / 'cli.sqlite'}"
    for args in (["tournament", "create", "Cup"], ["tournament", "division", "Open",
                                                   "--tournament", "1"]):
        assert CliRunner().invoke(app, [*args, "--db", db]).exit_code == 0
    roster = tmp_path / "rosters.csv"
    lines = ["team,number,name,goalie,captain"]
    for team in ("Hawks", "Owls"):
        lines.append(f"{team},1,{team} Goalie,yes,")
        lines += [f"{team},{n},{team} {n},no,{'C' if n == 2 else ''}" for n in range(2, 11)]
    roster.write_text("\n".join(lines) + "\n")
    for args in (["roster", "import", str(roster), "--division", "1"],
                 ["schedule", "generate", "--division", "1", "--start", "2026-12-05T08:00"]):
        assert CliRunner().invoke(app, [*args, "--db", db]).exit_code == 0
    return db


def test_the_cli_s_refusals_and_warnings_name_the_teams(tmp_path: Path) -> None:
    db = _cup(tmp_path)
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
    out = CliRunner().invoke(app, ["game", "record", "1", str(log), "--db", db])
    assert out.exit_code == 0, out.output
    assert f"a second warning to {away} in this period" in out.output
    again = tmp_path / "again.json"
    again.write_text(json.dumps({"events": [{"type": "timeout", "at": "1 11:40",
                                             "team": "home"}]}))
    refused = CliRunner().invoke(app, ["game", "record", "1", str(again), "--db", db])
    assert refused.exit_code == 1
    assert f"refused: Rule 641(b) note 1: {home} has no time-out left" in refused.output
    assert "home has" not in refused.output
