"""A team's tournament roster, checked as a whole (Rules 201-203, 202, 307(c))."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given, strategies

from rinkside.rules.errors import RuleViolation
from rinkside.rules.roster import Player, check_roster
from rinkside.tournament.model import DivisionInfo, Letter, RosterPlayer
from rinkside.tournament.rosters import (
    RosterError,
    RosterProblem,
    age_on,
    check_change_allowed,
    check_tournament_roster,
    division_allows_player_coaches,
    raise_if_invalid,
    roster_size_problem,
)

STARTS = date(2026, 7, 10)
OPEN = DivisionInfo(1, "Division 1")
YOUTH = DivisionInfo(2, "14U")


def rp(number: int, *, pid: int | None = None, goalie: bool = False,
       captain: Letter | None = None, coach: bool = False, born: date | None = None,
       name: str = "") -> RosterPlayer:
    return RosterPlayer(player_id=pid if pid is not None else number, team_id=1, number=number,
                        name=name or f"Player {number}", goalie=goalie, captain=captain,
                        playing_coach=coach, birth_date=born)


def good_roster(size: int = 10) -> list[RosterPlayer]:
    """#1 in goal, #2 captain, #3 and #4 alternates, then skaters."""
    players = [rp(1, goalie=True), rp(2, captain="C"), rp(3, captain="A"), rp(4, captain="A")]
    return players + [rp(n) for n in range(5, size + 1)]


def rules(problems: list[RosterProblem]) -> list[str]:
    return [p.rule for p in problems]


def test_a_good_roster_has_no_problems() -> None:
    assert check_tournament_roster(OPEN, good_roster(15), STARTS) == []
    raise_if_invalid(OPEN, good_roster(15), STARTS)


class TestRule201a:
    def test_sixteen_players_are_one_too_many(self) -> None:
        problems = check_tournament_roster(OPEN, good_roster(16), STARTS)
        assert rules(problems) == ["201(a)"]
        assert "16 players" in problems[0].message and "15" in problems[0].message
        assert "Rule 201(a)" in str(problems[0])

    def test_fifteen_is_allowed(self) -> None:
        assert roster_size_problem(15) is None
        size = roster_size_problem(16)
        assert size is not None and size.rule == "201(a)"

    def test_an_event_may_set_a_smaller_roster(self) -> None:
        assert rules(check_tournament_roster(OPEN, good_roster(13), STARTS, roster_max=12)) \
            == ["201(a)"]


class TestRule203a:
    def test_a_roster_without_a_goaltender_is_refused(self) -> None:
        players = [rp(n, captain="C" if n == 2 else None) for n in range(2, 10)]
        problems = check_tournament_roster(OPEN, players, STARTS)
        assert rules(problems) == ["203(a)"]
        assert problems[0].field == "goalie"

    def test_an_empty_roster_names_no_goaltender_and_no_captain(self) -> None:
        assert rules(check_tournament_roster(OPEN, [], STARTS)) == ["203(a)", "202(a)"]

    def test_two_goaltenders_are_fine(self) -> None:
        players = [*good_roster(9), rp(30, goalie=True)]
        assert check_tournament_roster(OPEN, players, STARTS) == []


class TestRule307c:
    @pytest.mark.parametrize("number", [0, 100, -4])
    def test_numbers_outside_1_to_99_are_refused(self, number: int) -> None:
        problems = check_tournament_roster(OPEN, [*good_roster(8), rp(number, pid=50)], STARTS)
        assert rules(problems) == ["307(c)"]
        assert problems[0].number == number and problems[0].player_ids == (50,)

    def test_a_number_worn_twice_names_both_players(self) -> None:
        problems = check_tournament_roster(OPEN, [*good_roster(8), rp(7, pid=70)], STARTS)
        assert rules(problems) == ["307(c)"]
        assert problems[0].number == 7 and problems[0].player_ids == (7, 70)
        assert "twice" in problems[0].message


class TestRule202:
    def test_202a_two_captains(self) -> None:
        players = [*good_roster(8), rp(9, captain="C")]
        problems = check_tournament_roster(OPEN, players, STARTS)
        assert rules(problems) == ["202(a)"]
        assert "#2, #9" in problems[0].message and problems[0].player_ids == (2, 9)

    def test_202a_no_captain(self) -> None:
        players = [rp(1, goalie=True), *(rp(n) for n in range(2, 9))]
        assert rules(check_tournament_roster(OPEN, players, STARTS)) == ["202(a)"]

    def test_202b_three_alternates(self) -> None:
        players = [*good_roster(8), rp(9, captain="A")]
        problems = check_tournament_roster(OPEN, players, STARTS)
        assert rules(problems) == ["202(b)"]
        assert "3 alternate captains" in problems[0].message

    def test_202d_goaltender_as_captain(self) -> None:
        players = [rp(1, goalie=True, captain="C"), *(rp(n) for n in range(2, 9))]
        problems = check_tournament_roster(OPEN, players, STARTS)
        assert rules(problems) == ["202(d)"]
        assert problems[0].number == 1 and "goaltender" in problems[0].message

    def test_202d_playing_coach_as_alternate(self) -> None:
        players = [*good_roster(8), rp(9, captain="A", coach=True, born=date(1990, 1, 1))]
        players = [p for p in players if p.number != 4]  # keep two alternates
        problems = check_tournament_roster(OPEN, players, STARTS)
        assert rules(problems) == ["202(d)"]
        assert problems[0].number == 9 and "playing coach" in problems[0].message


class TestRule201c:
    @pytest.mark.parametrize("name", [
        "Division 1", "Div 1", "Div. I", "D1", "Women's", "Womens", "Women’s Open", "Senior",
        "35 and Over", "35+", "Over 35", "Elite / Pro", "Elite", "Pro"])
    def test_divisions_that_allow_player_coaches(self, name: str) -> None:
        assert division_allows_player_coaches(name)

    @pytest.mark.parametrize("name", [
        "Division 2", "Div 10", "Gold", "40+", "14U", "18U Elite", "Midget", "Bantam AA",
        "Junior Pro", "Youth Division 1", ""])
    def test_divisions_that_do_not(self, name: str) -> None:
        assert not division_allows_player_coaches(name)

    def test_playing_coach_refused_in_a_youth_division(self) -> None:
        players = [*good_roster(8), rp(9, coach=True, born=date(1980, 5, 5))]
        problems = check_tournament_roster(YOUTH, players, STARTS)
        assert rules(problems) == ["201(c)"]
        assert problems[0].field == "playing_coach" and "14U" in problems[0].message

    def test_a_division_flagged_by_the_store_allows_them(self) -> None:
        flagged = DivisionInfo(3, "Gold", player_coaches_allowed=True)
        players = [*good_roster(8), rp(9, coach=True, born=date(1980, 5, 5))]
        assert check_tournament_roster(flagged, players, STARTS) == []

    def test_eighteen_on_the_start_date_is_old_enough(self) -> None:
        born = date(STARTS.year - 18, STARTS.month, STARTS.day)  # 18th birthday that day
        players = [*good_roster(8), rp(9, coach=True, born=born)]
        assert check_tournament_roster(OPEN, players, STARTS) == []

    def test_seventeen_on_the_start_date_is_not(self) -> None:
        born = date(STARTS.year - 18, STARTS.month, STARTS.day + 1)  # 18 the next day
        players = [*good_roster(8), rp(9, coach=True, born=born)]
        problems = check_tournament_roster(OPEN, players, STARTS)
        assert rules(problems) == ["201(c)"]
        assert "is 17 on 2026-07-10" in problems[0].message
        assert problems[0].field == "birth_date"

    def test_a_playing_coach_needs_a_birth_date(self) -> None:
        players = [*good_roster(8), rp(9, coach=True)]
        assert rules(check_tournament_roster(OPEN, players, STARTS)) == ["201(c)"]

    def test_age_of_a_leap_day_birthday(self) -> None:
        born = date(2008, 2, 29)
        assert age_on(born, date(2026, 2, 28)) == 17
        assert age_on(born, date(2026, 3, 1)) == 18


def test_every_problem_is_reported_not_only_the_first() -> None:
    players = [
        rp(1, goalie=True, captain="C"),  # 202(d)
        rp(2, captain="C"),  # second captain 202(a)
        rp(0),  # 307(c)
        rp(5, pid=51), rp(5, pid=52),  # 307(c) twice
        rp(6, captain="A"), rp(7, captain="A"), rp(8, captain="A"),  # 202(b)
        rp(9, coach=True, born=date(2010, 1, 1)),  # 201(c) age
        *(rp(n) for n in range(10, 18)),  # 17 players: 201(a)
    ]
    problems = check_tournament_roster(OPEN, players, STARTS)
    assert sorted(rules(problems)) == sorted(
        ["201(a)", "307(c)", "307(c)", "202(a)", "202(b)", "202(d)", "201(c)"])
    with pytest.raises(RosterError) as raised:
        raise_if_invalid(OPEN, players, STARTS)
    text = str(raised.value)
    assert text.startswith("7 roster problems")
    for rule in ("201(a)", "307(c)", "202(a)", "202(b)", "202(d)", "201(c)"):
        assert f"(Rule {rule})" in text


class TestRule203b:
    def test_before_the_start_the_team_may_change_its_list(self) -> None:
        check_change_allowed(False, "manager", None)

    def test_after_the_start_only_the_tournament_director(self) -> None:
        with pytest.raises(RosterError) as raised:
            check_change_allowed(True, "coach", "injury")
        assert raised.value.rules == ("203(b)",)
        assert "Tournament Director" in str(raised.value) and "Rule 203(b)" in str(raised.value)

    def test_after_the_start_a_reason_is_needed(self) -> None:
        with pytest.raises(RosterError, match=r"reason \(Rule 203\(b\)\)"):
            check_change_allowed(True, "tournament_director", "  ")

    def test_both_problems_at_once(self) -> None:
        with pytest.raises(RosterError) as raised:
            check_change_allowed(True, "manager", None)
        assert raised.value.rules == ("203(b)", "203(b)")

    @pytest.mark.parametrize("role", ["tournament_director", "Tournament Director", "TD",
                                      "director"])
    def test_the_director_with_a_reason_may(self, role: str) -> None:
        check_change_allowed(True, role, "added #44 after #12's injury")


# --------------------------------------------------------------------------- agreement

_letters = strategies.sampled_from([None, None, None, "C", "A"])
_players = strategies.lists(strategies.builds(lambda n, g, c: (n, g, c),
                                              strategies.integers(-2, 102),
                                              strategies.booleans(), _letters), max_size=18)


@given(_players)
def test_every_rule_the_engine_finds_is_reported(rows: list[tuple[int, bool, Letter | None]]
                                                 ) -> None:
    """check_roster (the engine, first problem only) and the tournament check agree."""
    engine_players = [Player(n, goalie=g, captain=c) for n, g, c in rows]
    roster = [rp(n, pid=i, goalie=g, captain=c) for i, (n, g, c) in enumerate(rows)]
    reported = set(rules(check_tournament_roster(OPEN, roster, STARTS)))
    try:
        check_roster("T", engine_players)
    except RuleViolation as v:
        assert v.rule in reported
    else:
        assert not reported & {"201(a)", "307(c)", "202(b)", "202(d)"}
        assert "202(a)" not in reported or not any(c == "C" for _, _, c in rows)
