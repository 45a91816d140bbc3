"""Playoffs: single elimination from the seeds (casebook 25); Rule 639: no tie."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies
from tournament.builders import game

from rinkside.rules.settings import Settings, settings_from_mapping
from rinkside.tournament.errors import TournamentRuleError
from rinkside.tournament.playoffs import (
    Bracket,
    advance,
    bracket,
    check_playoff_settings,
    playoff_winners,
)

SIX = [11, 12, 13, 14, 15, 16]  # team ids, seeds 1-6


def pairs(b: Bracket, r: int) -> list[tuple[int | None, int | None]]:
    return [(g.top.seed if g.top else None, g.bottom.seed if g.bottom else None)
            for g in b.rounds[r].games]


class TestBracket:
    def test_six_teams_with_byes(self) -> None:
        """1 v 8 and 2 v 7 are byes; 4 v 5 and 3 v 6 play; 1 and 2 in
        opposite halves."""
        b = bracket(SIX)
        assert [r.name for r in b.rounds] == ["quarter-final", "semi-final", "final"]
        assert pairs(b, 0) == [(1, None), (4, 5), (2, None), (3, 6)]
        assert [g.bye for g in b.rounds[0].games] == [True, False, True, False]
        assert pairs(b, 1) == [(1, None), (2, None)]  # the bye winners are in
        assert [g.game_id for g in b.games()] == [1, 2, 3, 4, 5]
        assert [g.ready for g in b.games()] == [True, True, False, False, False]
        assert b.champion is None

    def test_game_ids_and_round_names_given(self) -> None:
        b = bracket(SIX, game_ids=[101, 102, 103, 104, 105],
                    round_names=["round 1", "semi", "championship"])
        assert [g.game_id for g in b.games()] == [101, 102, 103, 104, 105]
        assert b.rounds[2].name == "championship"
        with pytest.raises(ValueError, match="5 games"):
            bracket(SIX, game_ids=[1, 2])

    @given(strategies.integers(min_value=2, max_value=40))
    def test_standard_seeding(self, n: int) -> None:
        """Every team once; N-1 games; byes to the top seeds; 1 v N pairs
        summing to the bracket size + 1; seeds 1 and 2 meet only in the final."""
        b = bracket(list(range(100, 100 + n)))
        first = b.rounds[0].games
        size = 2 * len(first)
        assert size >= n > size // 2
        assert len(b.games()) == n - 1
        seeds_seen = sorted(s for pair in pairs(b, 0) for s in pair if s is not None)
        assert seeds_seen == list(range(1, n + 1))
        byes = sorted(g.top.seed for g in first if g.bye and g.top)
        assert byes == list(range(1, size - n + 1))
        for g in first:
            if not g.bye and g.top and g.bottom:
                assert g.top.seed + g.bottom.seed == size + 1
        half = len(first) // 2 or 1
        top_half = {g.top.seed for g in first[:half] if g.top}
        assert (1 in top_half) != (2 in top_half) or n == 2
        assert b.rounds[-1].name == "final"

    def test_refuses_bad_seeds(self) -> None:
        with pytest.raises(ValueError, match="at least two"):
            bracket([1])
        with pytest.raises(ValueError, match="seeded twice"):
            bracket([1, 2, 1])


class TestAdvance:
    def test_winners_fill_the_next_round(self) -> None:
        b = advance(bracket(SIX), {1: 15, 2: 13})  # 5 upsets 4; 3 beats 6
        assert pairs(b, 1) == [(1, 5), (2, 3)]
        assert [g.ready for g in b.rounds[1].games] == [True, True]
        b = advance(b, {3: 11, 4: 13})
        assert pairs(b, 2) == [(1, 3)]
        b = advance(b, {5: 13})
        assert b.champion is not None and (b.champion.team_id, b.champion.seed) == (13, 3)

    def test_results_may_span_rounds_and_repeat(self) -> None:
        b = advance(bracket(SIX), {1: 14, 2: 16, 3: 14, 4: 12, 5: 12})
        assert b.champion is not None and b.champion.team_id == 12
        assert advance(b, {1: 14}) == b

    def test_refusals(self) -> None:
        b = bracket(SIX)
        with pytest.raises(ValueError, match="not in this bracket"):
            advance(b, {99: 11})
        with pytest.raises(ValueError, match="team 11 is not in game 1"):
            advance(b, {1: 11})
        with pytest.raises(ValueError, match="no two teams yet"):
            advance(b, {3: 11})
        done = advance(b, {1: 14})
        with pytest.raises(ValueError, match="already won by team 14"):
            advance(done, {1: 15})


class TestRule639NoTie:
    @pytest.mark.parametrize("overtime", ["shootout", "shootout_only", "unlimited"])
    def test_settings_with_overtime_accepted(self, overtime: str) -> None:
        check_playoff_settings(settings_from_mapping({"overtime": overtime}))

    def test_overtime_none_refused(self) -> None:
        with pytest.raises(TournamentRuleError) as caught:
            check_playoff_settings(Settings(overtime="none"))
        assert caught.value.rule == "639"
        assert str(caught.value).startswith("Rule 639:")

    def test_played_playoff_games_advance_the_bracket(self) -> None:
        """Real games: an overtime winner and a shootout winner (639(b))."""
        b = bracket([21, 22, 23, 24])  # 1 v 4 (game 1), 2 v 3 (game 2)
        played = [
            game(1, 21, 24, (2, 2), overtime="away", stage="playoff"),
            game(2, 22, 23, (1, 1), shootout="home", stage="playoff"),
            game(9, 21, 22, (5, 0)),  # a pool game: ignored
        ]
        b = advance(b, playoff_winners(played))
        assert pairs(b, 1) == [(4, 2)]

    def test_tied_playoff_game_refused(self) -> None:
        played = [game(1, 21, 24, (2, 2), stage="playoff")]  # overtime 'none': a tie
        with pytest.raises(TournamentRuleError, match=r"Rule 639: playoff game 1 ended tied"):
            playoff_winners(played)
