"""A game lineup (Rules 204, 202(c)-(d), 203(a), 201(a), 634(c); casebook 27)."""

from __future__ import annotations

import pytest

from rinkside.tournament.lineups import LineupError, check_lineup
from rinkside.tournament.model import RosterPlayer

# Player ids are 100 + the jersey number; #1 and #30 in goal; #20 a playing coach.
ROSTER = [
    RosterPlayer(100 + n, 1, n, f"Player {n}", goalie=n in (1, 30), playing_coach=n == 20)
    for n in (1, 30, *range(2, 15), 20)
]


def pid(number: int) -> int:
    return 100 + number


def ids(*numbers: int) -> list[int]:
    return [pid(n) for n in numbers]


FULL = ids(1, 2, 3, 4, 5, 6, 7, 8)  # a goaltender and seven skaters


def test_a_good_lineup_is_accepted() -> None:
    check = check_lineup(ROSTER, FULL, pid(2), ids(3, 4), {})
    assert check.accepted and check.errors == () and check.warnings == ()
    assert not check.forfeit_candidate and check.forfeit_reason is None
    assert (check.skaters, check.goaltenders) == (7, 1)
    check.raise_if_refused()


class TestSuspensions:
    """Casebook 27: a lineup that dresses a suspended player is refused, citing
    the rule that suspended him."""

    def test_a_suspended_player_is_refused_with_his_rule(self) -> None:
        message = "suspended for 1 game: game misconduct in game 12 (Rule 404(d))"
        check = check_lineup(ROSTER, FULL, pid(2), ids(3, 4), {pid(5): message})
        assert not check.accepted
        [error] = check.errors
        assert error.rule == "404(d)" and error.player_id == pid(5)
        assert "Rule 404(d)" in str(error) and "#5 Player 5" in str(error)
        with pytest.raises(LineupError, match=r"Rule 404\(d\)"):
            check.raise_if_refused()

    def test_a_suspended_player_not_dressed_is_no_problem(self) -> None:
        check = check_lineup(ROSTER, FULL, pid(2), ids(3, 4), {pid(12): "(Rule 405(e))"})
        assert check.accepted

    def test_a_message_without_a_rule_falls_back_to_410b(self) -> None:
        check = check_lineup(ROSTER, FULL, pid(2), [], {pid(6): "suspended by the directors"})
        assert [e.rule for e in check.errors] == ["410(b)"]


def test_203a_a_player_not_on_the_roster_is_refused() -> None:
    check = check_lineup(ROSTER, [*FULL, 999], pid(2), [], {})
    assert [(e.rule, e.player_id) for e in check.errors] == [("203(a)", 999)]


def test_201a_more_than_fifteen_dressed_is_refused() -> None:
    sixteen = [p.player_id for p in ROSTER]
    assert len(sixteen) == 16
    check = check_lineup(ROSTER, sixteen, pid(2), [], {})
    assert [e.rule for e in check.errors] == ["201(a)"]
    assert "16 players" in str(check.errors[0])


class TestLetters:
    def test_202c_the_captain_must_be_dressed(self) -> None:
        check = check_lineup(ROSTER, FULL, pid(12), [], {})
        assert [e.rule for e in check.errors] == ["202(c)"]
        assert "not dressed" in check.errors[0].message

    def test_202c_an_alternate_must_be_dressed(self) -> None:
        check = check_lineup(ROSTER, FULL, pid(2), ids(3, 13), {})
        assert [e.rule for e in check.errors] == ["202(c)"]

    def test_202c_no_captain_named_is_a_warning(self) -> None:
        check = check_lineup(ROSTER, FULL, None, [], {})
        assert check.accepted and [w.rule for w in check.warnings] == ["202(c)"]

    def test_202d_a_goaltender_cannot_be_captain(self) -> None:
        check = check_lineup(ROSTER, FULL, pid(1), [], {})
        assert [e.rule for e in check.errors] == ["202(d)"]
        assert "goaltender" in check.errors[0].message

    def test_202d_a_playing_coach_cannot_be_alternate(self) -> None:
        check = check_lineup(ROSTER, [*FULL, pid(20)], pid(2), ids(20), {})
        assert [e.rule for e in check.errors] == ["202(d)"]
        assert "playing coach" in check.errors[0].message

    def test_202b_at_most_two_alternates(self) -> None:
        check = check_lineup(ROSTER, FULL, pid(2), ids(3, 4, 5), {})
        assert [e.rule for e in check.errors] == ["202(b)"]

    def test_202b_the_captain_is_not_also_an_alternate(self) -> None:
        check = check_lineup(ROSTER, FULL, pid(2), ids(2), {})
        assert [e.rule for e in check.errors] == ["202(b)"]


class TestForfeitCandidate:
    """Rules 204(a), 634(c) 1: a warning for the officials, not an error."""

    def test_three_skaters_and_a_goaltender(self) -> None:
        check = check_lineup(ROSTER, ids(1, 2, 3, 4), pid(2), [], {})
        assert check.accepted and check.forfeit_candidate
        assert check.forfeit_reason is not None
        assert "3 skaters and 1 goaltender" in check.forfeit_reason
        assert "204(a)" in check.forfeit_reason and "634(c) 1" in check.forfeit_reason

    def test_four_skaters_and_a_goaltender_is_enough(self) -> None:
        check = check_lineup(ROSTER, ids(1, 2, 3, 4, 5), pid(2), [], {})
        assert check.accepted and not check.forfeit_candidate

    def test_no_goaltender(self) -> None:
        check = check_lineup(ROSTER, ids(2, 3, 4, 5, 6, 7), pid(2), [], {})
        assert check.forfeit_candidate and "0 goaltenders" in (check.forfeit_reason or "")

    def test_a_suspended_player_does_not_count(self) -> None:
        check = check_lineup(ROSTER, ids(1, 2, 3, 4, 5), pid(2), [],
                             {pid(5): "suspended (Rule 615(d))"})
        assert not check.accepted and check.forfeit_candidate
        assert check.skaters == 3


class TestStartingGoaltender:
    """Rule 204(a): the goaltender named to start is one of the dressed goaltenders."""

    def test_a_dressed_goaltender_may_be_named_to_start(self) -> None:
        assert check_lineup(ROSTER, FULL, pid(2), (), {}, starting_goalie=pid(1)).accepted

    @pytest.mark.parametrize(("starter", "why"), [
        (pid(2), "Player 2 is not a goaltender of the roster"),
        (pid(30), "is not dressed for this game"),
        (999, "player 999 is not on the team's roster"),
    ])
    def test_anyone_else_is_refused_with_the_rule(self, starter: int, why: str) -> None:
        check = check_lineup(ROSTER, FULL, pid(2), (), {}, starting_goalie=starter)
        problem = next(p for p in check.errors if p.rule == "204(a)")
        assert "starting goaltender must be a dressed goaltender" in problem.message
        assert why in problem.message
