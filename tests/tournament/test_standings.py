"""Standings and seeds: casebook 23-25, Rules 639(a), 634(d), 634(e)1."""

from __future__ import annotations

import random

import pytest
from tournament.builders import forfeited, game, scheduled, teams

from rinkside.rules import replay
from rinkside.rules.settings import Points
from rinkside.simulate import simulate_game
from rinkside.tournament.model import PlayedGame
from rinkside.tournament.standings import (
    CRITERIA,
    SeedingUndecided,
    Standing,
    seeds,
    standings,
)

FULL_CHAIN = list(CRITERIA)


def by_team(rows: list[Standing]) -> dict[int, Standing]:
    return {r.team_id: r for r in rows}


def order(rows: list[Standing]) -> list[int]:
    return [r.team_id for r in rows]


class TestCasebook23Counts:
    def test_columns_from_real_games(self) -> None:
        """GP = W+L+T; GF/GA from recorded scores; PIM players' and bench
        minutes; points from the setting (639(a) tie one point each)."""
        division = teams("Alpha", "Bravo", "Charlie")
        played = [
            game(1, 1, 2, (3, 1), penalties=[("home", 8, "minor"), ("away", None, "bench_minor")]),
            game(2, 2, 3, (2, 2)),
            game(3, 3, 1, (0, 4), penalties=[("home", 7, "major")]),
        ]
        rows = by_team(standings(division, played, Points(), FULL_CHAIN))
        a, b, c = rows[1], rows[2], rows[3]
        assert (a.gp, a.w, a.l, a.t, a.gf, a.ga, a.gd, a.pts, a.pim) == (2, 2, 0, 0, 7, 1, 6, 4, 2)
        assert (b.gp, b.w, b.l, b.t, b.gf, b.ga, b.gd, b.pts, b.pim) == (2, 0, 1, 1, 3, 5, -2, 1, 2)
        assert (c.gp, c.w, c.l, c.t, c.gf, c.ga, c.gd, c.pts, c.pim) == (2, 0, 1, 1, 2, 6, -4, 1, 5)
        for r in rows.values():
            assert r.gp == r.w + r.l + r.t

    def test_shootout_goals_never_count_and_winner_takes_win_points(self) -> None:
        """Casebook 15, 18, 23: a 1-1 game won in a shootout is recorded 1-1;
        the winner takes points.win, the loser points.loss."""
        division = teams("Alpha", "Bravo")
        played = [game(1, 1, 2, (1, 1), shootout="away")]
        assert played[0].state.result is not None
        assert played[0].state.result.decided_by == "shootout"
        rows = by_team(standings(division, played, Points(), FULL_CHAIN))
        assert (rows[2].w, rows[2].gf, rows[2].ga, rows[2].pts) == (1, 1, 1, 2)
        assert (rows[1].l, rows[1].gf, rows[1].ga, rows[1].pts) == (1, 1, 1, 0)

    def test_overtime_goal_counts(self) -> None:
        division = teams("Alpha", "Bravo")
        rows = by_team(standings(division, [game(1, 1, 2, (2, 2), overtime="home")], Points(),
                                 FULL_CHAIN))
        assert (rows[1].w, rows[1].gf, rows[1].ga) == (1, 3, 2)

    def test_points_come_from_the_setting(self) -> None:
        """Casebook 23: points from the ``points`` setting (here 3-1-0)."""
        division = teams("Alpha", "Bravo", "Charlie")
        played = [game(1, 1, 2, (3, 1)), game(2, 2, 3, (2, 2))]
        rows = by_team(standings(division, played, Points(win=3, tie=1, loss=0), FULL_CHAIN))
        assert (rows[1].pts, rows[2].pts, rows[3].pts) == (3, 1, 1)

    def test_only_pool_games_count(self) -> None:
        division = teams("Alpha", "Bravo")
        played = [game(1, 1, 2, (3, 1)), game(2, 2, 1, (4, 0), stage="playoff")]
        rows = by_team(standings(division, played, Points(), FULL_CHAIN))
        assert (rows[1].gp, rows[1].pts, rows[2].gp) == (1, 2, 1)

    def test_forfeit_counts_one_nil_and_two_points(self) -> None:
        """Rule 634(d)1, casebook 17 and 23: 1-0 in GF/GA, two points to none, GP for both."""
        division = teams("Alpha", "Bravo")
        rows = by_team(standings(division, [forfeited(1, 1, 2, by=2)], Points(), FULL_CHAIN))
        assert (rows[1].gp, rows[1].w, rows[1].gf, rows[1].ga, rows[1].pts) == (1, 1, 1, 0, 2)
        assert (rows[2].gp, rows[2].l, rows[2].gf, rows[2].ga, rows[2].pts) == (1, 1, 0, 1, 0)

    def test_forfeiting_team_takes_no_points_whatever_a_loss_earns(self) -> None:
        """Rule 634(d)1, casebook 17: zero points to the forfeiting team even
        where the event gives a loss a point; a loss played out keeps it."""
        division = teams("Alpha", "Bravo")
        played = [forfeited(1, 1, 2, by=2), game(2, 1, 2, (3, 1))]
        rows = by_team(standings(division, played, Points(loss=1), FULL_CHAIN))
        assert (rows[1].pts, rows[2].pts) == (4, 1)

    def test_forfeit_during_play_replaces_the_score(self) -> None:
        """Rule 634(d)1: a team leading 3-0 that forfeits is recorded 0-1."""
        division = teams("Alpha", "Bravo")
        played = [forfeited(1, 1, 2, by=1, score_before=(3, 0))]
        rows = by_team(standings(division, played, Points(), FULL_CHAIN))
        assert (rows[1].gf, rows[1].ga, rows[1].pts) == (0, 1, 0)
        assert (rows[2].gf, rows[2].ga, rows[2].pts) == (1, 0, 2)

    def test_removed_team_leaves_the_standings(self) -> None:
        """Casebook 26: the removed team leaves the standings."""
        division = teams("Alpha", "Bravo")
        assert order(standings(division, [], Points(), FULL_CHAIN, removed={2})) == [1]

    @pytest.mark.parametrize("seed", [1, 2, 3])
    def test_invariants_over_a_simulated_pool(self, seed: int) -> None:
        """Casebook 23 over a simulated round robin of five teams."""
        rng = random.Random(seed)
        division = teams("A", "B", "C", "D", "E")
        played = []
        pairs = [(h, a) for h in range(1, 6) for a in range(h + 1, 6)]
        for gid, (h, a) in enumerate(pairs, 1):
            setup, events = simulate_game(rng)
            played.append(PlayedGame(scheduled(gid, h, a), replay(setup, events)))
        points = Points()
        rows = standings(division, played, points, FULL_CHAIN)
        assert sum(r.gf for r in rows) == sum(r.ga for r in rows)
        assert sum(r.w for r in rows) == sum(r.l for r in rows)
        for r in rows:
            assert r.gp == r.w + r.l + r.t == 4
            assert r.pts == r.w * points.win + r.t * points.tie + r.l * points.loss
        assert [r.pts for r in rows] == sorted((r.pts for r in rows), reverse=True)
        assert sum(r.gf for r in rows) == sum(
            sum(p.state.result.score.values()) for p in played if p.state.result)


class TestCasebook24Tiebreaks:
    def test_three_way_tie_head_to_head_then_restart_for_the_pair(self) -> None:
        """A, B and C end level on 2 points (A and B did not meet). Among the
        three, head-to-head gives B 2, C 2, A 0: A is split off last. B and C
        start the chain again among themselves: B beat C, so B is ahead,
        although C's goal difference (+3) is far better than B's (-3)."""
        a, b, c, d = 1, 2, 3, 4
        division = teams("Aces", "Bears", "Colts", "Docks")
        played = [
            game(1, b, c, (1, 0)),
            game(2, c, a, (5, 0)),
            game(3, a, d, (1, 0)),
            game(4, d, b, (4, 0)),
            game(5, d, c, (2, 1)),
        ]
        rows = standings(division, played, Points(), ["head_to_head", "goal_difference",
                                                      "coin_toss"])
        assert order(rows) == [d, b, c, a]
        assert [r.place for r in rows] == [1, 2, 3, 4]
        assert [r.decided_by for r in rows] == ["points", "head_to_head", "head_to_head", None]
        rb, rc = rows[1], rows[2]
        assert (rb.pts, rc.pts, rows[3].pts) == (2, 2, 2)
        assert rc.gd > rb.gd
        assert "head-to-head points (2 to 0, among Bears, Colts" in rb.explanation
        assert "head-to-head points (2 to 0, among Aces, Bears, Colts" in rc.explanation

    def test_goal_difference_splits_after_head_to_head_is_passed_over(self) -> None:
        """A and B tied each other (head-to-head level: passed over); goal
        difference splits them."""
        division = teams("Alpha", "Bravo", "Charlie")
        played = [game(1, 1, 2, (2, 2)), game(2, 1, 3, (4, 0)), game(3, 2, 3, (2, 1))]
        rows = standings(division, played, Points(), FULL_CHAIN)
        assert order(rows) == [1, 2, 3]
        assert rows[0].decided_by == "goal_difference"
        assert "goal difference (+4 to +1" in rows[0].explanation
        assert rows[1].decided_by == "points"

    def test_the_chain_order_decides(self) -> None:
        """Same goal difference: fewer goals against puts A first, more goals
        for puts B first; each is the tournament's chain."""
        division = teams("Alpha", "Bravo", "Charlie")
        played = [game(1, 1, 2, (1, 1)), game(2, 1, 3, (2, 0)), game(3, 2, 3, (4, 2))]
        first = standings(division, played, Points(), ["goal_difference", "goals_against"])
        assert order(first)[:2] == [1, 2]
        assert first[0].decided_by == "goals_against"
        second = standings(division, played, Points(), ["goal_difference", "goals_for"])
        assert order(second)[:2] == [2, 1]
        assert second[0].decided_by == "goals_for"

    def test_fewest_penalty_minutes(self) -> None:
        division = teams("Alpha", "Bravo", "Charlie")
        played = [game(1, 1, 2, (1, 1), penalties=[("home", 8, "minor")]),
                  game(2, 1, 3, (1, 0)), game(3, 2, 3, (1, 0))]
        rows = standings(division, played, Points(), FULL_CHAIN)
        assert order(rows)[:2] == [2, 1]
        assert rows[0].decided_by == "fewest_pim"
        assert "penalty minutes (fewer is better) (0 to 2" in rows[0].explanation

    @staticmethod
    def level_pair() -> list[PlayedGame]:
        """A and B level on every criterion."""
        return [game(1, 1, 2, (1, 1)), game(2, 1, 3, (1, 0)), game(3, 2, 3, (1, 0))]

    def test_coin_toss_recorded(self) -> None:
        division = teams("Alpha", "Bravo", "Charlie")
        rows = standings(division, self.level_pair(), Points(), FULL_CHAIN,
                         {frozenset({1, 2}): (2, 1)})
        assert order(rows) == [2, 1, 3]
        assert [r.place for r in rows] == [1, 2, 3]
        assert rows[0].decided_by == "coin_toss"
        assert "recorded coin toss" in rows[0].explanation

    def test_coin_toss_missing_leaves_the_tie(self) -> None:
        """No randomness is invented: the two share first place until the
        toss is recorded; a toss for another group of teams does not apply."""
        division = teams("Alpha", "Bravo", "Charlie")
        rows = standings(division, self.level_pair(), Points(), FULL_CHAIN,
                         {frozenset({1, 2, 3}): (3, 2, 1)})
        assert [r.place for r in rows] == [1, 1, 3]
        assert rows[0].decided_by is None
        assert rows[1].decided_by == "points"
        assert "coin toss needed" in rows[0].explanation
        assert "coin toss needed" in rows[1].explanation
        with pytest.raises(SeedingUndecided) as caught:
            seeds({1: rows})
        assert caught.value.teams == {1, 2} and caught.value.coin_toss
        # The message names the teams, never their internal ids.
        assert "Alpha is tied with Bravo" in str(caught.value)
        assert "[1, 2]" not in str(caught.value)

    def test_a_tie_before_the_pool_is_played_is_only_the_table_so_far(self) -> None:
        """Casebook 24: the coin toss is the chain's last resort; with pool
        games still to play, level teams wait for them, not for a toss."""
        division = teams("Alpha", "Bravo", "Charlie")
        rows = standings(division, self.level_pair(), Points(), FULL_CHAIN, pool_over=False)
        assert [r.place for r in rows] == [1, 1, 3]
        assert not rows[0].awaits_coin_toss
        assert "coin toss" not in rows[0].explanation
        assert "Alpha is level with Bravo so far" in rows[0].explanation
        with pytest.raises(SeedingUndecided) as caught:
            seeds({1: rows})
        assert not caught.value.coin_toss

    def test_chain_without_coin_toss_leaves_the_tie(self) -> None:
        division = teams("Alpha", "Bravo", "Charlie")
        rows = standings(division, self.level_pair(), Points(), ["head_to_head"])
        assert [r.place for r in rows] == [1, 1, 3]
        assert "level on every tiebreaker" in rows[0].explanation
        assert not rows[0].awaits_coin_toss  # casebook 24: a toss the chain has not
        with pytest.raises(SeedingUndecided) as caught:
            seeds({1: rows})
        assert not caught.value.coin_toss

    def test_unknown_criterion_is_named(self) -> None:
        with pytest.raises(ValueError, match=r"'wins'.*head_to_head, goal_difference"):
            standings(teams("Alpha"), [], Points(), ["head_to_head", "wins"])

    def test_coin_toss_must_order_exactly_the_group(self) -> None:
        division = teams("Alpha", "Bravo", "Charlie")
        with pytest.raises(ValueError, match="coin toss"):
            standings(division, self.level_pair(), Points(), ["coin_toss"],
                      {frozenset({1, 2}): (2, 3)})


class TestCasebook25Seeds:
    @staticmethod
    def pool() -> list[PlayedGame]:
        """Aces win their first two games, then forfeit their last one."""
        return [
            game(1, 1, 2, (2, 0)),
            game(2, 3, 4, (1, 0)),
            game(3, 1, 3, (3, 1)),
            game(4, 2, 4, (2, 1)),
            game(5, 2, 3, (1, 0)),
            forfeited(6, 1, 4, by=1),
        ]

    def test_seeds_follow_the_standings(self) -> None:
        rows = standings(teams("Aces", "Bears", "Colts", "Docks"), self.pool(), Points(),
                         FULL_CHAIN)
        assert order(rows) == [1, 2, 3, 4]
        assert seeds({1: rows}) == [1, 2, 3, 4]

    def test_late_forfeit_takes_the_last_seed_not_the_last_row(self) -> None:
        """Rule 634(e)1: the Aces are first in the standings and seeded last."""
        rows = standings(teams("Aces", "Bears", "Colts", "Docks"), self.pool(), Points(),
                         FULL_CHAIN)
        assert seeds({1: rows}, {1}) == [2, 3, 4, 1]
        assert (rows[0].team_id, rows[0].place, rows[0].decided_by) == (1, 1, "head_to_head")
        assert seeds({1: rows}, {1}, per_division=2) == [2, 1]

    def test_divisions_interleave_by_place(self) -> None:
        north = standings(teams("A", "B"), [game(1, 1, 2, (1, 0))], Points(), FULL_CHAIN)
        south = standings(teams("C", "D", division_id=2, first_id=3),
                          [game(2, 3, 4, (0, 1), division_id=2)], Points(), FULL_CHAIN)
        assert seeds({1: north, 2: south}) == [1, 4, 2, 3]
        assert seeds({1: north, 2: south}, {4}) == [1, 2, 3, 4]
