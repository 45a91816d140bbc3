"""Who serves a penalty (:mod:`rinkside.rules.serving`): one table, used by
the engine's box and by the answer the console asks for. One class per rule."""

from __future__ import annotations

from gamekit import called, faceoff, pen, play, refused, whistle

from rinkside.rules import serving
from rinkside.rules.events import GoalieChange, PenaltyClass
from rinkside.rules.times import GameTime

PC = PenaltyClass
EVERYONE = tuple(range(1, 16))  # default_roster: 1-15, #1 in goal


class TestTheOneTable:
    def test_the_catalogs_views_of_the_table(self) -> None:
        assert serving.SERVED_BY["any"] == {PC.BENCH_MINOR: "402(c)"}
        assert serving.SERVED_BY["skater"] == {PC.MATCH: "405(a)"}
        assert serving.SERVED_BY["goaltender"] == {
            PC.MINOR: "407(a)", PC.DOUBLE_MINOR: "407(a)", PC.MAJOR: "407(a)",
            PC.MISCONDUCT: "404(a)", PC.MATCH: "405(a)"}
        assert serving.SERVED_WITH == {
            PC.MINOR: ((PC.MISCONDUCT,), "404(b)"),
            PC.MAJOR: ((PC.MISCONDUCT, PC.GAME_EJECTION, PC.GAME_MISCONDUCT), "404(e)")}

    def test_the_engine_keeps_the_time_for_whom_the_table_says(self) -> None:
        assert serving.server_number(PC.MINOR, 7, None, goaltender=False) == 7
        assert serving.server_number(PC.MINOR, 1, None, goaltender=True) is None
        assert serving.server_number(PC.MATCH, 7, None, goaltender=False) is None
        assert serving.server_number(PC.BENCH_MINOR, None, None, goaltender=False) is None
        assert serving.server_number(PC.BENCH_MINOR, 9, None, goaltender=False) == 9
        assert serving.server_number(PC.MATCH, 7, 9, goaltender=False) == 9


class TestRule402cBenchMinor:
    def test_any_player_still_in_the_game_may_be_named(self) -> None:
        s = play([faceoff("1 12:00"), whistle("1 11:00"),
                  pen("1 11:00", "home", 5, "game_ejection")])
        answer = serving.serving(s, "home", None, [PC.BENCH_MINOR])
        assert (answer.rule, answer.name_server) == ("402(c)", True)
        assert answer.may_serve == tuple(n for n in EVERYONE if n != 5)


class TestRule402bSkaterMinor:
    def test_the_penalized_skater_serves_it_himself(self) -> None:
        s = play([faceoff("1 12:00"), whistle("1 11:00")])
        answer = serving.serving(s, "away", 7, [PC.MINOR])
        assert (answer.rule, answer.name_server) == (None, False)
        assert answer.text == "the penalized player serves it"


class TestRule404aGoaltendersMisconduct:
    def test_a_teammate_serves_it(self) -> None:
        s = play([faceoff("1 12:00"), whistle("1 11:00")])
        answer = serving.serving(s, "home", 1, [PC.MISCONDUCT])
        assert (answer.rule, answer.name_server) == ("404(a)", True)
        assert 1 not in answer.may_serve


class TestRule407aGoaltendersPenaltyFromTheFloor:
    def test_a_teammate_in_the_box_may_not_serve_it_and_the_console_does_not_offer_him(
            self) -> None:
        s = play([faceoff("1 12:00"), *called("1 11:00", "home", 4, "minor"),
                  whistle("1 10:30")])
        for cls in ("minor", "major", "misconduct"):
            error = refused(s, pen("1 10:30", "home", 1, cls, served_by=4))
            assert error.rule == "407(a)"
            assert "on the floor at the time of the infraction" in str(error)
        assert 4 not in serving.serving(s, "home", 1, [PC.MINOR]).may_serve

    def test_a_teammate_on_the_floor_serves_it_at_once_beside_the_others(self) -> None:
        s = play([faceoff("1 12:00"), *called("1 11:00", "home", 4, "minor"),
                  whistle("1 10:30"), pen("1 10:30", "home", 1, "minor", served_by=5),
                  faceoff("1 10:30")])
        assert s.skaters("home") == 2
        assert s.pim()["home"] == {"4": 2, "1": 2}


class TestRule404bMinorWithMisconduct:
    def test_a_substitute_serves_the_minor(self) -> None:
        s = play([faceoff("1 12:00"), whistle("1 11:00")])
        answer = serving.serving(s, "home", 7, [PC.MINOR, PC.MISCONDUCT])
        assert (answer.rule, answer.name_server) == ("404(b)", True)
        assert 7 not in answer.may_serve
        alone = serving.serving(s, "home", 7, [PC.MINOR])
        assert alone.rule is None


class TestRule404eMajorWithGameMisconduct:
    def test_a_substitute_serves_the_major(self) -> None:
        s = play([faceoff("1 12:00"), whistle("1 11:00")])
        answer = serving.serving(s, "away", 8, [PC.MAJOR, PC.GAME_MISCONDUCT])
        assert (answer.rule, answer.name_server) == ("404(e)", True)


class TestRule405aMatch:
    def test_a_non_penalized_player_not_the_goaltender_serves_the_time(self) -> None:
        s = play([faceoff("1 12:00"), *called("1 11:30", "away", 4, "minor"),
                  whistle("1 11:00")])
        answer = serving.serving(s, "away", 7, [PC.MATCH])
        assert (answer.rule, answer.name_server) == ("405(a)", True)
        assert answer.may_serve == tuple(n for n in EVERYONE if n not in (1, 4, 7))

    def test_the_engine_keeps_a_teammate_in_the_box_not_the_removed_player(self) -> None:
        s = play([faceoff("1 12:00"), *called("1 11:00", "away", 7, "match")])
        [entry] = s.box("away")
        assert (entry.player, entry.served_by, entry.state) == (7, None, "running")
        assert s.is_ejected("away", 7)


class TestRule407aGoaltendersMinor:
    def test_a_teammate_serves_it_and_the_goaltender_stays_in_goal(self) -> None:
        s = play([faceoff("1 12:00"), *called("1 11:00", "home", 1, "minor")])
        assert serving.serving(s, "home", 1, [PC.MINOR]).rule == "407(a)"
        assert s.goalie("home") == 1 and s.skaters("home") == 3

    def test_whoever_is_in_goal_counts_as_the_goaltender(self) -> None:
        s = play([faceoff("1 12:00"), whistle("1 11:00"),
                  GoalieChange(GameTime(1, 6600), "home", 9)])
        answer = serving.serving(s, "home", 9, [PC.MAJOR])
        assert (answer.rule, answer.name_server) == ("407(a)", True)
        assert 9 not in answer.may_serve
