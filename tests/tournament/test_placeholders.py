"""What fills a playoff bracket's places (tournament/placeholders.py): a
first-round place says its seed ("2nd of 16U") until the pool is final; a
later place says "Winner of SF1" until that game is decided, signed (Rule
616(a)) or forfeited (Rule 634); a result not signed fills nothing."""

from __future__ import annotations

import pytest
from tournament.builders import forfeited, game, scheduled

from rinkside.tournament.placeholders import (
    decided,
    filled,
    game_code,
    ordinal,
    places,
    pool_final,
)
from rinkside.tournament.playoffs import advance, bracket

# Four teams seeded 11, 12, 13, 14: semi-finals 1 (11 v 14) and 2 (12 v 13), final 3.
SEEDS = [11, 12, 13, 14]


@pytest.mark.parametrize(("n", "text"), [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"),
                                         (11, "11th"), (12, "12th"), (13, "13th"),
                                         (21, "21st"), (22, "22nd")])
def test_ordinals(n: int, text: str) -> None:
    assert ordinal(n) == text


def test_game_codes_name_the_round_and_the_game() -> None:
    assert [game_code(1, 0), game_code(2, 1), game_code(4, 2), game_code(8, 4)] == [
        "F", "SF2", "QF3", "R16-5"]


def _labels(rounds: list[list[object]]) -> list[list[tuple[str, str]]]:
    return [[(g.top.waiting_for, g.bottom.waiting_for)  # type: ignore[attr-defined]
             for g in games] for games in rounds]


def test_before_the_pool_is_final_every_place_says_where_its_team_comes_from() -> None:
    rounds = places(bracket(SEEDS), pool="16U", pool_final=False, decided=())
    assert _labels(rounds) == [[("1st of 16U", "4th of 16U"), ("2nd of 16U", "3rd of 16U")],
                               [("Winner of SF1", "Winner of SF2")]]
    assert all(p.team_id is None for games in rounds for g in games
               for p in (g.top, g.bottom) if p is not None)
    assert filled(rounds) == {}


def test_the_pool_final_fills_the_first_round_with_the_seeds() -> None:
    rounds = places(bracket(SEEDS), pool="16U", pool_final=True, decided=())
    first = rounds[0]
    assert [(g.top.team_id, g.bottom.team_id) for g in first if g.bottom] == [(11, 14),
                                                                              (12, 13)]
    assert rounds[1][0].top.team_id is None
    assert filled(rounds) == {1: (11, 14), 2: (12, 13)}


def test_a_decided_semi_final_fills_its_place_in_the_final_and_only_that() -> None:
    b = advance(bracket(SEEDS), {1: 14})
    rounds = places(b, pool="16U", pool_final=True, decided={1})
    final = rounds[1][0]
    assert (final.top.team_id, final.top.seed, final.top.waiting_for) == (14, 4,
                                                                         "Winner of SF1")
    assert final.bottom is not None and final.bottom.team_id is None
    assert rounds[0][0].winner == 14
    assert 3 not in filled(rounds)


def test_a_result_not_decided_fills_nothing() -> None:
    """The bracket knows SF1's winner, but its game is neither signed nor
    forfeited: the final's place still waits (a correction may change it)."""
    b = advance(bracket(SEEDS), {1: 11, 2: 12})
    rounds = places(b, pool="16U", pool_final=True, decided={2})
    assert rounds[0][0].winner is None and rounds[0][1].winner == 12
    assert rounds[1][0].top.team_id is None and rounds[1][0].bottom.team_id == 12


def test_a_bye_sends_its_seed_on_at_once_saying_so_before_the_pool_ends() -> None:
    rounds = places(bracket([11, 12, 13]), pool="Pool A", pool_final=False, decided=())
    assert rounds[0][0].bottom is None  # 1st has the bye
    assert rounds[1][0].top.waiting_for == "1st of Pool A"
    assert rounds[1][0].bottom.waiting_for == "Winner of SF2"
    filled_in = places(bracket([11, 12, 13]), pool="Pool A", pool_final=True, decided=())
    assert filled_in[1][0].top.team_id == 11


def test_decided_games_are_the_signed_and_the_forfeited() -> None:
    signed = game(1, 1, 2, (3, 1))
    unsigned = game(2, 3, 4, (2, 0))
    forfeit = forfeited(3, 1, 3, by=3)  # Rule 634: no report to sign
    assert decided([signed, unsigned, forfeit], signed={1}) == {1, 3}


def test_the_pool_is_final_when_every_pool_game_is_decided_or_a_removed_teams() -> None:
    pool = [scheduled(1, 1, 2), scheduled(2, 3, 4), scheduled(3, 1, 3),
            scheduled(4, 2, 4, stage="playoff")]
    assert not pool_final(pool, {1, 2}, ())
    assert pool_final(pool, {1, 2, 3}, ())  # the playoff game does not count
    assert pool_final(pool, {1, 2}, {3})  # 634(e)4: a removed team plays no more
