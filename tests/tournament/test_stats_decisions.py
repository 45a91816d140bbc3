"""Goaltenders' wins, losses, ties and shutouts by the credit rule stated in
:mod:`rinkside.tournament.stats.decisions` (issue 27; 634(d)3), from games
replayed through the engine."""

from __future__ import annotations

from gamekit import end, faceoff, goal, t
from tournament import builders
from tournament.stat_builders import forfeit, goals, pid, played, regulation

from rinkside.rules.events import GoalieChange
from rinkside.tournament.stats.decisions import DecisionLine, decision_lines, game_decisions


class TestWinningGoalCredit:
    def test_win_and_loss_to_the_goaltenders_in_goal_at_the_winning_goal(self) -> None:
        """Home wins 2-1; its winning (second) goal comes at 1 10:00 while
        #1 is in goal for home and #1 for away. Home's #15 takes over in the
        second period and away's #15 after the winning goal: the decision
        stays with those in goal when it was scored, not with those at the end."""
        game = played(1, 1, 2, [
            faceoff("1 12:00"), goal("1 11:00", "home", 7), faceoff("1 11:00"),
            goal("1 10:30", "away", 7), faceoff("1 10:30"),
            goal("1 10:00", "home", 8), faceoff("1 10:00"),
            GoalieChange(t("1 10:00"), "away", 15),
            end("1 0:00"), GoalieChange(t("2 12:00"), "home", 15), faceoff("2 12:00"),
            end("2 0:00")])
        lines = decision_lines([game])
        assert lines[pid(1, 1)] == DecisionLine(pid(1, 1), wins=1)
        assert lines[pid(2, 1)] == DecisionLine(pid(2, 1), losses=1)
        assert pid(1, 15) not in lines and pid(2, 15) not in lines

    def test_insurance_goals_change_nothing(self) -> None:
        """3-1: the winning goal is the winner's second (one more than the
        loser's final 1), scored before away's #15 came in."""
        game = played(1, 1, 2, [
            faceoff("1 12:00"), goal("1 11:00", "home", 7), faceoff("1 11:00"),
            goal("1 10:00", "home", 8), faceoff("1 10:00"),
            GoalieChange(t("1 10:00"), "away", 15),
            goal("1 9:00", "away", 9), faceoff("1 9:00"),
            goal("1 8:00", "home", 9), faceoff("1 8:00"),
            end("1 0:00"), faceoff("2 12:00"), end("2 0:00")])
        lines = decision_lines([game])
        assert lines[pid(2, 1)].losses == 1
        assert pid(2, 15) not in lines


class TestTiesAndShutouts:
    def test_tie_to_each_goaltender_with_the_most_time(self) -> None:
        game = played(1, 1, 2, [
            faceoff("1 12:00"), goal("1 11:00", "home", 7), faceoff("1 11:00"),
            end("1 0:00"), faceoff("2 12:00"), goal("2 11:00", "away", 7),
            faceoff("2 11:00"), GoalieChange(t("2 11:00"), "away", 15), end("2 0:00")])
        lines = decision_lines([game])
        assert lines[pid(1, 1)] == DecisionLine(pid(1, 1), ties=1)
        assert lines[pid(2, 1)] == DecisionLine(pid(2, 1), ties=1)  # 13:00 against 11:00
        assert pid(2, 15) not in lines

    def test_shutout_to_a_goaltender_who_played_the_whole_game(self) -> None:
        game = played(1, 1, 2, regulation(*goals(("home", 7, None))))
        lines = decision_lines([game])
        assert lines[pid(1, 1)] == DecisionLine(pid(1, 1), wins=1, shutouts=1)
        assert lines[pid(2, 1)] == DecisionLine(pid(2, 1), losses=1)

    def test_a_shared_shutout_is_nobody_s(self) -> None:
        game = played(1, 1, 2, [
            faceoff("1 12:00"), goal("1 11:00", "home", 7), faceoff("1 11:00"),
            end("1 0:00"), GoalieChange(t("2 12:00"), "home", 15), faceoff("2 12:00"),
            end("2 0:00")])
        lines = decision_lines([game])
        assert lines[pid(1, 1)] == DecisionLine(pid(1, 1), wins=1)
        assert pid(1, 15) not in lines

    def test_a_scoreless_tie_is_a_shutout_for_both(self) -> None:
        lines = decision_lines([played(1, 1, 2, regulation())])
        assert lines[pid(1, 1)] == DecisionLine(pid(1, 1), ties=1, shutouts=1)
        assert lines[pid(2, 1)] == DecisionLine(pid(2, 1), ties=1, shutouts=1)


class TestRule634dForfeit:
    def test_a_forfeit_credits_no_goaltender(self) -> None:
        assert decision_lines([forfeit(1, 1, 2, by="away")]) == {}


class TestOverGames:
    def test_decisions_add_up(self) -> None:
        won = played(1, 1, 2, regulation(*goals(("home", 7, None))))
        lost = played(2, 1, 3, regulation(*goals(("away", 7, None), ("away", 8, None))))
        lines = decision_lines([won, lost, forfeit(3, 1, 4, by="away")])
        assert lines[pid(1, 1)] == DecisionLine(pid(1, 1), wins=1, losses=1, shutouts=1)
        assert lines[pid(3, 1)] == DecisionLine(pid(3, 1), wins=1, shutouts=1)


class TestWithoutAWinningGoalOnTheRecord:
    def test_a_shootout_credits_the_goaltenders_in_goal_at_the_end(self) -> None:
        """Casebook 18: shootout goals are not goals; the 1-1 game is decided
        by the shootout, the decisions go to the goaltenders in goal then."""
        won = builders.game(1, 1, 2, (1, 1), shootout="away")
        assert won.state.result is not None and won.state.result.decided_by == "shootout"
        assert game_decisions(won) == {"home": ("L", 1), "away": ("W", 1)}

    def test_an_overtime_goal_is_the_winning_goal(self) -> None:
        won = builders.game(1, 1, 2, (2, 2), overtime="home")
        assert game_decisions(won) == {"home": ("W", 1), "away": ("L", 1)}
