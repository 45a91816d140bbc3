"""A person's career lines added up (issue 27): scoring and goaltending
summed, GAA over the summed regulation games, save % over the games with
shots recorded only."""

from __future__ import annotations

from fractions import Fraction

from rinkside.tournament.stats.careers import CareerLine, career_total


def test_totals_sum_and_rates_are_recomputed() -> None:
    spring = CareerLine(gp=2, goals=1, assists=2, pim_tenths=1200, goalie_gp=2,
                        goalie_tenths=28800, shots_against=20, saves=18, goals_against=2,
                        regulation_games=Fraction(2), wins=1, ties=1, shutouts=0)
    autumn = CareerLine(gp=1, goals=0, assists=1, pim_tenths=900, goalie_gp=1,
                        goalie_tenths=7200, shots_against=None, saves=None, goals_against=3,
                        regulation_games=Fraction(1, 2), losses=1)
    total = career_total([spring, autumn])
    assert (total.gp, total.goals, total.assists, total.points, total.pim) == (3, 1, 3, 4, 3.5)
    assert (total.wins, total.losses, total.ties, total.shutouts) == (1, 1, 1, 0)
    assert total.goalie_minutes == 60
    assert total.gaa == 5 / 2.5  # 5 against over two and a half regulation games
    assert (total.shots_against, total.saves, total.save_pct) == (20, 18, 0.9)


def test_no_shots_recorded_anywhere_no_save_pct_and_no_time_no_gaa() -> None:
    total = career_total([CareerLine(gp=1, goals=1), CareerLine(gp=1)])
    assert (total.shots_against, total.saves, total.save_pct, total.gaa) == (
        None, None, None, None)
    assert not total.in_goal and total.points == 1
