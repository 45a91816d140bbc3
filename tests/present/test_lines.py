"""A game's record as lines for a person (rinkside.present.lines): each goal,
penalty and goaltender said once from the engine's state, for the game page,
the scoreboard and the official report alike."""

from __future__ import annotations

from rinkside.present.lines import game_lines
from rinkside.present.names import roster_player_name
from rinkside.rules import GameSetup, Settings, default_roster
from rinkside.rules.events import FaceOff, Goal, Penalty, PenaltyClass, Stoppage
from rinkside.rules.game import replay
from rinkside.rules.state import REPLACEMENT_GOALIE
from rinkside.rules.times import GameTime

SETUP = GameSetup(Settings(), default_roster("Hawks"), default_roster("Owls"))
LATE = GameTime(1, 425)  # 0:42.5: the boards show tenths in the last minute
EVENTS = [
    FaceOff(GameTime(1, 7200)), Stoppage(GameTime(1, 6000)),
    Penalty(GameTime(1, 6000), "home", None, PenaltyClass.BENCH_MINOR, "Too many players",
            "205(c)", 9),
    FaceOff(GameTime(1, 6000)),
    Goal(GameTime(1, 5000), "away", 7, 8), FaceOff(GameTime(1, 5000)),
    Goal(GameTime(1, 3000), "home", 5, own_goal=True), FaceOff(GameTime(1, 3000)),
    Stoppage(LATE),
    Penalty(LATE, "away", 7, PenaltyClass.MINOR, "Tripping", "642(a)", called_by="referee"),
    FaceOff(LATE),
]


def test_a_penalty_line_says_the_engine_s_record_in_words() -> None:
    """506(a): who, infraction, class and minutes; 507: when its time began
    and ended; 402(c): the bench minor's server; 503: who called it."""
    bench, tripping = game_lines(replay(SETUP, EVENTS)).penalties
    assert (bench.team_name, bench.player_name, bench.who, bench.served_by_name) == \
        ("Hawks", "bench", "Bench", "#9")
    assert (bench.class_text, bench.minutes, bench.off, bench.on) == \
        ("bench minor", 2, "1 10:00", "1 8:20")  # the power-play goal released it (402(d))
    assert (tripping.time, tripping.clock) == ("0:42", "0:42.5")
    assert tripping.infraction == "Tripping (called by referee, Rule 503)"
    assert tripping.recorded_infraction == "Tripping"
    assert (tripping.who, tripping.on) == ("#7", None)


def test_a_goal_line_has_its_tags_and_the_score_after_it() -> None:
    """The engine's strength (PP); OG on the report only (616(c))."""
    power_play, own = game_lines(replay(SETUP, EVENTS)).goals
    assert (power_play.scorer_name, power_play.assist_name, power_play.tags,
            power_play.score) == ("#7", "#8", ("PP",), "0-1")
    assert (own.tags, own.board_tags, own.score) == (("OG",), (), "1-1")


def test_goalie_lines_and_the_unnamed_replacement() -> None:
    goalies = game_lines(replay(SETUP, EVENTS)).goalies
    assert [(g.team_name, g.name, g.goals_against) for g in goalies] == \
        [("Hawks", "#1", 1), ("Owls", "#1", 1)]
    assert roster_player_name(SETUP.home, REPLACEMENT_GOALIE) == \
        "replacement goaltender (not named)"  # 407(b)
