"""Team names, not "home" and "away", in every sentence a person reads: the
engine's refusals and warnings keep their sides (conformance checks the
engine's sentences as they are); present.names.with_team_names calls the
teams by their names for the live state, the console, the commands and the
report, in one place."""

from __future__ import annotations

from rinkside.present.names import with_team_names
from rinkside.present.state import live_state
from rinkside.present.warnings import fold_warnings
from rinkside.rules import GameSetup, Settings, default_roster
from rinkside.rules.events import Caution, FaceOff, Stoppage
from rinkside.rules.game import replay, start
from rinkside.rules.times import GameTime

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
