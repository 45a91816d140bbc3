"""Rule 505(c): the public address names each penalized player, the nature
of the offence and the penalty assessed; goals are read with scorer, assist,
time and kind. Games are folded through the engine (no store needed)."""

from __future__ import annotations

from typing import Any

import pytest

from rinkside.reports.announcements import (
    Announcement,
    announcements,
    spoken_duration,
    spoken_infraction,
)
from rinkside.rules.events import (
    Event,
    FaceOff,
    Goal,
    GoalieChange,
    Penalty,
    PenaltyClass,
    PenaltyShot,
    PeriodEnd,
    Stoppage,
    Team,
)
from rinkside.rules.game import replay
from rinkside.rules.roster import GameSetup, Player, Roster
from rinkside.rules.settings import settings_from_mapping
from rinkside.rules.state import GameState
from rinkside.rules.times import GameTime

PC = PenaltyClass


def roster(name: str) -> Roster:
    players = [Player(1, f"{name} Keeper", goalie=True)]
    players += [Player(n, f"{name} {n}", captain="C" if n == 2 else None) for n in range(2, 15)]
    return Roster(name, tuple(players))


def game(events: list[Event], **settings: Any) -> GameState:
    setup = GameSetup(settings_from_mapping(settings), roster("Blades"), roster("Storm"))
    return replay(setup, events)


def t(period: int, clock: str) -> GameTime:
    minutes, seconds = clock.split(":")
    return GameTime(period, int(minutes) * 600 + int(seconds) * 10)


def pen(clock: str, team: Team, player: int | None, cls: PenaltyClass, infraction: str,
        rule: str, served_by: int | None = None) -> list[Event]:
    at = t(1, clock)
    return [Stoppage(at), Penalty(at, team, player, cls, infraction, rule, served_by),
            FaceOff(at)]


def texts(state: GameState, kind: str) -> list[str]:
    return [a.text for a in announcements(state) if a.kind == kind]


@pytest.fixture(scope="module")
def penalties_said() -> list[str]:
    """One penalty of each class of 401(a) and 404-405, and a goaltender's."""
    state = game([
        FaceOff(t(1, "12:00")),
        *pen("11:00", "home", 4, PC.MINOR, "Tripping", "642(a)"),
        *pen("10:00", "away", 5, PC.DOUBLE_MINOR, "High sticking", "619(b)"),
        *pen("9:00", "home", None, PC.BENCH_MINOR, "Too many players", "205(c)", 6),
        *pen("8:00", "away", 7, PC.MAJOR, "Boarding", "605(b)"),
        *pen("7:00", "home", 8, PC.MISCONDUCT, "Unsportsmanlike conduct", "601(a)"),
        *pen("6:00", "away", 9, PC.GAME_EJECTION, "Body checking", "604(a)"),
        *pen("5:00", "home", 10, PC.GAME_MISCONDUCT, "Abuse of an official", "601(d)"),
        *pen("4:00", "away", 11, PC.GROSS_MISCONDUCT, "Physical harm to an official",
             "601(f)"),
        *pen("3:00", "home", 12, PC.MATCH, "Attempt to injure", "603(a)"),
        *pen("2:00", "away", 1, PC.MINOR, "Slashing", "635(a)", 4),
        *pen("1:00", "away", 13, PC.MATCH, "Spearing", "636(d)", 2),
    ])
    return texts(state, "penalty")


class TestPenaltyClasses:
    """Each penalty named, with its offence and the penalty as assessed (505(c))."""

    @pytest.fixture
    def said(self, penalties_said: list[str]) -> list[str]:
        return penalties_said

    def test_minor(self, said: list[str]) -> None:
        assert said[0] == ("Blades penalty, number 4, Blades 4, two minutes for tripping, "
                           "at 1:00 of the first period.")

    def test_double_minor(self, said: list[str]) -> None:
        assert said[1] == ("Storm penalty, number 5, Storm 5, a double minor, four minutes for "
                           "high sticking, at 2:00 of the first period.")

    def test_bench_minor_names_who_serves(self, said: list[str]) -> None:  # 402(c)
        assert said[2] == ("Blades bench minor penalty, two minutes for too many players, "
                           "served by number 6, Blades 6, at 3:00 of the first period.")

    def test_major(self, said: list[str]) -> None:
        assert said[3] == ("Storm penalty, number 7, Storm 7, a major penalty, five minutes "
                           "for boarding, at 4:00 of the first period.")

    def test_misconduct(self, said: list[str]) -> None:
        assert said[4] == ("Blades penalty, number 8, Blades 8, a misconduct, ten minutes for "
                           "unsportsmanlike conduct, at 5:00 of the first period.")

    @pytest.mark.parametrize(("index", "words"), [
        (5, "Storm penalty, number 9, Storm 9, a game ejection for body checking"),
        (6, "Blades penalty, number 10, Blades 10, a game misconduct for abuse of an official"),
        (7, ("Storm penalty, number 11, Storm 11, a gross misconduct for physical harm to an "
            "official")),
    ])
    def test_removals(self, said: list[str], index: int, words: str) -> None:
        assert said[index].startswith(words + ", at ")

    def test_match_penalty_time_portion(self, said: list[str]) -> None:  # 405(a)
        assert said[8] == ("Blades penalty, number 12, Blades 12, a match penalty for attempt "
                           "to injure, five minutes to be served by a teammate, at 9:00 of the "
                           "first period.")
        assert said[10] == ("Storm penalty, number 13, Storm 13, a match penalty for spearing, "
                            "five minutes served by number 2, Storm 2, at 11:00 of the first "
                            "period.")

    def test_goaltender_penalty_served_by_a_teammate(self, said: list[str]) -> None:  # 402(b)
        assert said[9] == ("Storm penalty, goaltender number 1, Storm Keeper, two minutes for "
                           "slashing, served by number 4, Storm 4, at 10:00 of the first period.")

    def test_every_sentence_has_name_offence_and_penalty(self, said: list[str]) -> None:
        assert len(said) == 11
        for text in said:
            assert " for " in text and "number " in text and text.endswith("period.")


@pytest.fixture(scope="module")
def goals_said() -> list[Announcement]:
    state = game([
        FaceOff(t(1, "12:00")),
        *pen("11:00", "away", 5, PC.MINOR, "Tripping", "642(a)"),
        Goal(t(1, "10:30"), "home", 9, 4), FaceOff(t(1, "10:30")),
        *pen("10:00", "home", 3, PC.MINOR, "Hooking", "622(a)"),
        Goal(t(1, "9:30"), "home", 2), FaceOff(t(1, "9:30")),
        GoalieChange(t(1, "7:00"), "away", None),
        Goal(t(1, "6:30"), "home", 6, 7),
        GoalieChange(t(1, "6:30"), "away", 1), FaceOff(t(1, "6:30")),
        PenaltyShot(t(1, "5:00"), "away", 8, scored=True), FaceOff(t(1, "5:00")),
        Goal(t(1, "4:00"), "away", 9, own_goal=True), FaceOff(t(1, "4:00")),
    ])
    return [a for a in announcements(state) if a.kind == "goal"]


class TestGoals:
    @pytest.fixture
    def said(self, goals_said: list[Announcement]) -> list[Announcement]:
        return goals_said

    def test_power_play_goal(self, said: list[Announcement]) -> None:
        assert said[0].text == ("Blades goal scored by number 9, Blades 9, assisted by number 4, "
                                "Blades 4, at 1:30 of the first period, power-play goal.")
        assert (said[0].period, said[0].time) == ("1", "10:30")

    def test_short_handed_and_unassisted(self, said: list[Announcement]) -> None:
        assert said[1].text == ("Blades goal scored by number 2, Blades 2, unassisted, at 2:30 "
                                "of the first period, short-handed goal.")

    def test_empty_net(self, said: list[Announcement]) -> None:
        assert said[2].text.startswith("Blades goal scored by number 6, Blades 6, assisted by "
                                       "number 7, Blades 7, at 5:30 of the first period")
        assert "empty-net goal" in said[2].text

    def test_penalty_shot_goal(self, said: list[Announcement]) -> None:
        assert said[3].text.startswith("Storm goal scored by number 8, Storm 8, unassisted, at "
                                       "7:00 of the first period")
        assert said[3].text.endswith("penalty-shot goal.")

    def test_own_goal_credited_to_the_attacker(self, said: list[Announcement]) -> None:
        assert said[4].text == ("Storm goal, put in by the defending side, credited to number 9, "
                                "Storm 9, at 8:00 of the first period.")  # 616(c)


class TestOrderAndOvertime:
    def test_newest_last_goal_before_penalty_of_the_same_stoppage(self) -> None:
        at = t(1, "8:00")
        state = game([FaceOff(t(1, "12:00")), Goal(at, "home", 4),
                      Penalty(at, "away", 6, PC.MINOR, "Roughing", "615(b)"), FaceOff(at),
                      Goal(t(1, "2:00"), "away", 5)])
        said = announcements(state)
        assert [(a.kind, a.time) for a in said] == [
            ("goal", "8:00"), ("penalty", "8:00"), ("goal", "2:00")]

    def test_overtime_of_a_shootout_format(self) -> None:
        state = game([FaceOff(t(1, "12:00")), PeriodEnd(t(1, "0:00")), FaceOff(t(2, "12:00")),
                      PeriodEnd(t(2, "0:00")), FaceOff(t(3, "5:00")),
                      Goal(t(3, "3:15"), "away", 4)], overtime="shootout")
        said = announcements(state)
        assert said[-1].period == "OT"
        assert said[-1].text.endswith("at 1:45 of overtime.")

    def test_unlimited_overtimes_are_numbered(self) -> None:
        events: list[Event] = [FaceOff(t(1, "12:00")), PeriodEnd(t(1, "0:00"))]
        for period in (2, 3):
            events += [FaceOff(t(period, "12:00")), PeriodEnd(t(period, "0:00"))]
        events += [FaceOff(t(4, "12:00")), Goal(t(4, "1:10"), "home", 3)]
        said = announcements(game(events, overtime="unlimited"))
        assert (said[-1].period, said[-1].time) == ("OT2", "1:10")
        assert said[-1].text.endswith("at 10:50 of the second overtime.")

    def test_forfeit_goals_are_not_announced(self) -> None:
        from rinkside.rules.events import Forfeit

        state = game([Forfeit(t(1, "12:00"), "away", "no goaltender")])
        assert state.goals and announcements(state) == []

    def test_running_time_minor_of_a_minute_thirty(self) -> None:
        state = game([FaceOff(t(1, "17:00")),
                      *pen("11:00", "home", 4, PC.MINOR, "Tripping", "642(a)")],
                     minor="1:30", major="4:00", clock="running", period_length="17:00")
        assert "one minute thirty seconds for tripping" in texts(state, "penalty")[0]


class TestWords:
    @pytest.mark.parametrize(("tenths", "words"), [
        (1200, "two minutes"), (900, "one minute thirty seconds"), (600, "one minute"),
        (3000, "five minutes"), (6000, "ten minutes"), (300, "thirty seconds"),
        (1800, "three minutes")])
    def test_durations(self, tenths: int, words: str) -> None:
        assert spoken_duration(tenths) == words

    @pytest.mark.parametrize(("recorded", "spoken"), [
        ("Tripping", "tripping"), ("high_sticking", "high sticking"),
        ("Too many players", "too many players"), ("PP delay", "PP delay")])
    def test_infractions(self, recorded: str, spoken: str) -> None:
        assert spoken_infraction(recorded) == spoken
