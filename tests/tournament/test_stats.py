"""Tournament statistics (Rule 616(k), 616(c), 634(d); casebook 17, 28, 29),
from games replayed through the engine."""

from __future__ import annotations

from fractions import Fraction

import pytest
from gamekit import called, end, faceoff, goal, t
from tournament.stat_builders import forfeit, goals, pid, played, regulation, sched

from rinkside.rules import replay
from rinkside.rules.events import TEAMS, GoalieChange, PenaltyShot, Shot
from rinkside.simulate import simulate_games
from rinkside.tournament.model import Lineup, PlayedGame
from rinkside.tournament.stats import (
    SkaterLine,
    goaltender_lines,
    high_scorer_award,
    leaders,
    player_id,
    skater_lines,
    team_lines,
)


def special_teams_game(game_id: int = 1) -> PlayedGame:
    """Team 1 (home) v team 2: two power plays for team 1, one scored on
    (#7 from #8); team 1 short once and scoring short-handed (#9 from #10)."""
    return played(game_id, 1, 2, regulation(
        *called("2 11:00", "away", 7, "minor"),
        goal("2 10:00", "home", 7, 8), faceoff("2 10:00"),
        *called("2 8:00", "away", 9, "minor"),
        *called("2 4:00", "home", 5, "minor"),
        goal("2 3:00", "home", 9, 10), faceoff("2 3:00")))


class TestRule616kSkaterLines:
    def test_goals_assists_points_pim_ppg_shg(self) -> None:
        lines = skater_lines([special_teams_game()])
        scorer, passer, short = lines[pid(1, 7)], lines[pid(1, 8)], lines[pid(1, 9)]
        assert (scorer.goals, scorer.assists, scorer.points, scorer.ppg, scorer.shg) == \
            (1, 0, 1, 1, 0)
        assert (passer.goals, passer.assists, passer.points) == (0, 1, 1)
        assert (short.goals, short.ppg, short.shg) == (1, 0, 1)
        assert lines[pid(1, 10)].assists == 1
        assert lines[pid(2, 7)].pim == 2
        assert lines[pid(2, 9)].pim == 2
        assert lines[pid(1, 5)].pim == 2
        assert all(line.gp == 1 for line in lines.values())
        assert {line.team_id for line in lines.values()} == {1, 2}

    def test_gp_counts_the_lineup_only(self) -> None:
        game = played(1, 1, 2, regulation(), dressed={"home": (1, 2, 3, 4, 5)})
        lines = skater_lines([game, special_teams_game(2)])
        assert lines[pid(1, 3)].gp == 2
        assert lines[pid(1, 9)].gp == 1

    def test_minutes_follow_the_minor_setting(self) -> None:
        game = played(1, 1, 2, regulation(*called("2 11:00", "away", 7, "minor")),
                      minor="1:30")
        assert skater_lines([game])[pid(2, 7)].pim == 1.5

    def test_bench_minor_is_charged_to_no_player(self) -> None:
        game = played(1, 1, 2, regulation(
            *called("2 11:00", "home", None, "bench_minor", served_by=9)))
        lines = skater_lines([game])
        assert all(line.pim_tenths == 0 for line in lines.values())


class TestRule616cOwnGoal:
    def test_credited_to_the_attacker_with_no_assist(self) -> None:
        game = played(1, 1, 2, regulation(
            goal("2 10:00", "home", 7, own_goal=True), faceoff("2 10:00")))
        lines = skater_lines([game])
        assert (lines[pid(1, 7)].goals, lines[pid(1, 7)].assists) == (1, 0)
        assert sum(line.assists for line in lines.values()) == 0
        assert sum(line.goals for line in lines.values() if line.team_id == 2) == 0


class TestRule406PenaltyShotGoal:
    def test_credited_to_the_shooter(self) -> None:
        game = played(1, 1, 2, regulation(
            PenaltyShot(t("2 9:00"), "away", 11, True), faceoff("2 9:00")))
        line = skater_lines([game])[pid(2, 11)]
        assert (line.goals, line.assists, line.ppg, line.shg) == (1, 0, 0, 0)


class TestRule634dForfeit:
    def test_goal_to_the_winning_captain_no_assist_no_games(self) -> None:
        game = forfeit(1, 1, 2, by="away")
        lines = skater_lines([game])
        captain = lines[pid(1, 2)]
        assert (captain.goals, captain.assists, captain.points) == (1, 0, 1)
        assert sum(line.goals + line.assists for line in lines.values()) == 1
        assert all(line.gp == 0 for line in lines.values())

    def test_no_goaltender_statistics(self) -> None:
        game = forfeit(1, 1, 2, by="away")
        assert goaltender_lines([game]) == {}
        regular = played(2, 1, 2, regulation(*goals(("away", 7, None))))
        goalie = goaltender_lines([game, regular])[pid(1, 1)]
        assert (goalie.gp, goalie.goals_against) == (1, 1)

    def test_no_special_teams_figures(self) -> None:
        lines = team_lines([forfeit(1, 1, 2, by="away")])
        assert lines[1].games == lines[2].games == 0
        assert lines[1].pp_pct is None and lines[2].pk_pct is None


class TestGoaltenders:
    def test_gaa_and_save_pct_with_shots_recorded(self) -> None:
        """Casebook 28: goals against while in goal. #1 plays the first period
        (4 shots, 1 goal), #15 the second (2 shots, 1 goal)."""
        game = played(1, 1, 2, [
            faceoff("1 12:00"),
            Shot(t("1 11:00"), "away"), Shot(t("1 10:00"), "away"), Shot(t("1 9:00"), "away"),
            goal("1 8:00", "away", 7), faceoff("1 8:00"), goal("1 7:00", "home", 7),
            faceoff("1 7:00"), Shot(t("1 6:00"), "home"),
            end("1 0:00"), GoalieChange(t("2 12:00"), "home", 15), faceoff("2 12:00"),
            Shot(t("2 11:00"), "away"), goal("2 10:00", "away", 8), faceoff("2 10:00"),
            end("2 0:00")])
        lines = goaltender_lines([game])
        first, second, other = lines[pid(1, 1)], lines[pid(1, 15)], lines[pid(2, 1)]
        assert (first.gp, first.minutes, first.goals_against) == (1, 12, 1)
        assert (first.shots_against, first.saves) == (4, 3)
        assert first.save_pct == 0.75
        assert first.gaa == 2.0  # 1 goal in half a regulation game
        assert (second.gp, second.minutes, second.goals_against) == (1, 12, 1)
        assert (second.shots_against, second.saves, second.save_pct) == (2, 1, 0.5)
        assert second.gaa == 2.0
        assert (other.minutes, other.shots_against, other.saves, other.goals_against) == \
            (24, 2, 1, 1)
        assert other.gaa == 1.0

    def test_no_shots_recorded_no_save_pct(self) -> None:
        game = played(1, 1, 2, regulation(*goals(("away", 7, None), ("away", 8, 7))))
        goalie = goaltender_lines([game])[pid(1, 1)]
        assert (goalie.shots_against, goalie.saves, goalie.save_pct) == (None, None, None)
        assert goalie.goals_against == 2
        assert goalie.gaa == 2.0

    def test_save_pct_over_the_games_with_shots_only(self) -> None:
        with_shots = played(1, 1, 2, regulation(
            Shot(t("2 11:00"), "away"), goal("2 10:00", "away", 7), faceoff("2 10:00")))
        without = played(2, 1, 2, regulation(*goals(("away", 7, None), ("away", 8, None))))
        goalie = goaltender_lines([with_shots, without])[pid(1, 1)]
        assert (goalie.gp, goalie.goals_against) == (2, 3)
        assert (goalie.shots_against, goalie.saves, goalie.save_pct) == (2, 1, 0.5)
        assert goalie.gaa == 1.5

    def test_gaa_is_per_regulation_length_overtime_adds_time(self) -> None:
        game = played(1, 1, 2, [*regulation(*goals(("away", 7, None), ("home", 7, None))),
                                faceoff("3 5:00"), goal("3 2:30", "away", 8)],
                      overtime="shootout")
        goalie = goaltender_lines([game])[pid(1, 1)]
        assert goalie.minutes == 26.5
        assert goalie.regulation_games == Fraction(265, 240)
        assert goalie.gaa == pytest.approx(2 * 240 / 265)

    def test_regulation_games_sum_each_games_own_length_exactly(self) -> None:
        """GAA divides by regulation games, each game's time over its own
        regulation length: 26:30 of a 24:00 game and all of a 20:00 one."""
        overtime = played(1, 1, 2, [*regulation(*goals(("away", 7, None), ("home", 7, None))),
                                    faceoff("3 5:00"), goal("3 2:30", "away", 8)],
                          overtime="shootout")
        short = played(2, 1, 2, [faceoff("1 10:00"), goal("1 5:00", "away", 7),
                                 faceoff("1 5:00"), end("1 0:00"), faceoff("2 10:00"),
                                 end("2 0:00")], period_length="10:00")
        goalie = goaltender_lines([overtime, short])[pid(1, 1)]
        assert goalie.regulation_games == Fraction(265, 240) + 1
        assert (goalie.gp, goalie.minutes, goalie.goals_against) == (2, 46.5, 3)
        assert goalie.gaa == pytest.approx(3 / (Fraction(265, 240) + 1))

    def test_empty_net_goal_charges_nobody(self) -> None:
        game = played(1, 1, 2, regulation(
            GoalieChange(t("2 1:00"), "home", None), goal("2 0:30", "away", 7),
            faceoff("2 0:30")))
        lines = goaltender_lines([game])
        assert lines[pid(1, 1)].goals_against == 0


class TestSpecialTeams:
    def test_pp_and_pk_percent(self) -> None:
        """Two power plays for team 1, one scored on; team 1 short once and
        killing it with a short-handed goal of its own."""
        lines = team_lines([special_teams_game()])
        home, away = lines[1], lines[2]
        assert (home.pp_opportunities, home.pp_goals, home.pp_pct) == (2, 1, 50.0)
        assert (away.times_short, away.pp_goals_against, away.pk_pct) == (2, 1, 50.0)
        assert (home.times_short, home.pp_goals_against, home.pk_pct) == (1, 0, 100.0)
        assert (away.pp_opportunities, away.pp_goals, away.pp_pct) == (1, 0, 0.0)
        assert (home.sh_goals, away.sh_goals_against) == (1, 1)


class TestLeaders:
    def games(self) -> list[PlayedGame]:
        one = played(1, 1, 2, regulation(
            *goals(("home", 7, 8), ("home", 7, 8), ("home", 9, 8), ("away", 5, None)),
            *called("2 5:00", "away", 5, "major", infraction="fighting", rule="615(a)")),
            dressed={"home": [n for n in range(1, 16) if n != 12]})
        two = played(2, 1, 2, regulation(
            *goals(("home", 12, None), ("home", 12, None), ("home", 10, None),
                   ("home", 10, None)),
            *called("2 5:00", "home", 12, "minor")),
            dressed={"home": [n for n in range(1, 16) if n != 9]})
        return [one, two]

    def test_goals_by_value_then_fewer_games_then_player_id(self) -> None:
        lines = skater_lines(self.games())
        top = leaders(lines, "goals", 5)
        assert [line.player_id for line in top] == \
            [pid(1, 12), pid(1, 7), pid(1, 10), pid(1, 9), pid(2, 5)]
        assert [line.goals for line in top] == [2, 2, 2, 1, 1]
        assert [line.gp for line in top] == [1, 2, 2, 1, 2]

    def test_assists_points_pim_and_n(self) -> None:
        lines = skater_lines(self.games())
        assert [(x.player_id, x.assists) for x in leaders(lines, "assists", 3)] == \
            [(pid(1, 8), 3)]
        assert [x.player_id for x in leaders(lines.values(), "points", 2)] == \
            [pid(1, 8), pid(1, 12)]
        # the fighting major brings its automatic game misconduct (615(a), casebook 42)
        assert [(x.player_id, x.pim) for x in leaders(lines, "pim", 10)] == \
            [(pid(2, 5), 15), (pid(1, 12), 2)]
        assert leaders(lines, "goals", 0) == []

    def test_points_level_break_by_goals_before_games(self) -> None:
        """Issue 27: three players on 3 points; the one with more goals goes
        first even with more games (fewer games came first before)."""
        passer = SkaterLine(pid(1, 8), 1, gp=1, goals=0, assists=3)
        scorer = SkaterLine(pid(1, 9), 1, gp=2, goals=2, assists=1)
        other = SkaterLine(pid(1, 10), 1, gp=2, goals=1, assists=2)
        assert [x.player_id for x in leaders([passer, other, scorer], "points")] == \
            [pid(1, 9), pid(1, 10), pid(1, 8)]
        # goals and the other columns keep fewer games first
        assert [x.player_id for x in leaders([scorer, other, passer], "assists")] == \
            [pid(1, 8), pid(1, 10), pid(1, 9)]


class TestCasebook29HighScorer:
    """Teams 1, 2, 3 of one division. Game 1: team 2's #7 scores 3, team 1's
    #7 one. Game 2: team 2 forfeits to team 3 (captain #2 credited). Game 3:
    team 3's #9 scores 2, team 1's #7 one."""

    def division(self) -> list[PlayedGame]:
        one = played(1, 1, 2, regulation(*goals(("away", 7, None), ("away", 7, None),
                                                ("away", 7, None), ("home", 7, None))))
        two = forfeit(2, 2, 3, by="home")
        three = played(3, 1, 3, regulation(*goals(("away", 9, None), ("away", 9, None),
                                                  ("home", 7, None))))
        return [one, two, three]

    def test_average_where_a_forfeit_stands(self) -> None:
        games = self.division()
        award = high_scorer_award(games, skater_lines(games))
        assert award.basis == "points_per_game"
        assert award.winners == (pid(3, 9),)
        standing = {a.player_id: (a.points, a.games, a.average) for a in award.ranking}
        # 2 in game 3 only: the forfeit team 3 won is not a game (634(d)4)
        assert standing[pid(3, 9)] == (2, 1, Fraction(2))
        # 3 in game 1, plus the game team 2 forfeited
        assert standing[pid(2, 7)] == (3, 2, Fraction(3, 2))
        assert standing[pid(1, 7)] == (2, 2, Fraction(1))
        # the forfeit goal counts as a point; the game it was won in does not
        assert standing[pid(3, 2)] == (1, 1, Fraction(1))
        assert [a.player_id for a in award.ranking[:4]] == \
            [pid(3, 9), pid(2, 7), pid(1, 7), pid(3, 2)]

    def test_total_points_without_a_forfeit(self) -> None:
        games = [g for g in self.division() if g.game.game_id != 2]
        award = high_scorer_award(games)
        assert award.basis == "points"
        assert award.winners == (pid(2, 7),)
        assert award.ranking[0].points == 3

    def test_players_level_share_it(self) -> None:
        game = played(1, 1, 2, regulation(*goals(("away", 7, None), ("home", 7, None))))
        assert high_scorer_award([game]).winners == (pid(1, 7), pid(2, 7))

    def test_team_eliminated_from_contention(self) -> None:
        """634(e)2: the directors may take a team's players out of the award."""
        games = self.division()
        award = high_scorer_award(games, excluded_teams={3})
        assert award.winners == (pid(2, 7),)
        assert all(a.team_id != 3 for a in award.ranking)


class TestNumberMap:
    def test_missing_jersey_names_game_side_and_number(self) -> None:
        game = played(4, 1, 2, regulation(*goals(("away", 7, 8))), unmapped={"away": [8]})
        with pytest.raises(ValueError, match=r"game 4: the away team \(team 2\).*#8"):
            skater_lines([game])
        with pytest.raises(ValueError, match="#8"):
            player_id(game, "away", 8)


class TestSimulatedGamesAddUp:
    """Invariants over realistic games: the lines account for every goal."""

    def test_totals_match_the_engine(self) -> None:
        games: list[PlayedGame] = []
        for i, (setup, events) in enumerate(simulate_games(25, 616)):
            state = replay(setup, events)
            home, away = 2 * i + 1, 2 * i + 2
            maps = {side: {p.number: (home if side == "home" else away) * 100 + p.number
                           for p in setup.roster(side).players} for side in TEAMS}
            lineups = {side: Lineup(home if side == "home" else away,
                                    tuple(maps[side].values())) for side in TEAMS}
            games.append(PlayedGame(sched(i + 1, home, away), state, lineups, maps))
        lines = skater_lines(games)
        recorded_goals = sum(len(g.state.goals) for g in games)
        assert sum(line.goals for line in lines.values()) == recorded_goals
        assert sum(line.ppg for line in lines.values()) == \
            sum(t.pp_goals for t in team_lines(games).values())
        goalies = goaltender_lines(games)
        charged = sum(1 for g in games if g.state.result
                      and g.state.result.decided_by != "forfeit"
                      for goal_ in g.state.goals if goal_.goalie_against not in (None, 0))
        assert sum(line.goals_against for line in goalies.values()) == charged

