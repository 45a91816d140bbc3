"""Forfeits in the tournament: Rule 634(d), 634(e); casebook 17, 25, 26."""

from __future__ import annotations

from datetime import datetime

import pytest
from tournament.builders import forfeited, game, schedule_of, scheduled, teams

from rinkside.rules.settings import Points
from rinkside.tournament.errors import TournamentRuleError
from rinkside.tournament.forfeits import (
    Removal,
    forfeited_by,
    games_that_stand,
    late_forfeit_teams,
    refuse_if_removed,
    removed_teams,
)
from rinkside.tournament.model import PlayedGame
from rinkside.tournament.standings import CRITERIA, standings

A, B, C, X = 1, 2, 3, 4
DIVISION = teams("Aces", "Bears", "Colts", "Xylos")


def pool_with_two_forfeits() -> list[PlayedGame]:
    """X loses a real game to A, forfeits to B, then forfeits to C."""
    return [
        game(1, A, X, (3, 1)),
        forfeited(2, X, B, by=X),
        game(3, B, C, (2, 0)),
        forfeited(4, C, X, by=X),
        game(5, A, C, (1, 1)),
    ]


class TestRule634d:
    def test_engine_records_forfeit_one_nil_to_the_captain(self) -> None:
        """Casebook 17: 1-0, two points, the goal to the winning captain (#2)."""
        p = forfeited(1, A, B, by=B)
        result = p.state.result
        assert result is not None
        assert (result.decided_by, result.score, result.points) == (
            "forfeit", {"home": 1, "away": 0}, {"home": 2, "away": 0})
        assert p.state.scoring() == {"home": {2: (1, 0)}, "away": {}}
        assert forfeited_by(p, B) and not forfeited_by(p, A) and not forfeited_by(p, C)

    def test_a_lost_game_is_not_a_forfeit(self) -> None:
        assert not forfeited_by(game(1, A, B, (0, 5)), A)


class TestRule634e4Removal:
    def test_first_forfeit_does_not_remove(self) -> None:
        """Rule 634(e): one forfeit per tournament without recourse."""
        played = pool_with_two_forfeits()[:3]
        assert removed_teams(schedule_of(played), played) == {}

    def test_second_forfeit_removes_after_that_game(self) -> None:
        played = pool_with_two_forfeits()
        removed = removed_teams(schedule_of(played), played)
        assert list(removed) == [X]
        assert removed[X].game_id == 4
        assert "634(e)4" in removed[X].reason

    def test_forfeits_are_counted_in_order_of_play(self) -> None:
        """The second forfeit is the later one in the schedule, not in the list."""
        played = [
            forfeited(7, X, A, by=X, order=9),
            forfeited(8, B, X, by=X, order=2),
            game(9, A, B, (1, 0), order=1),
        ]
        assert removed_teams(schedule_of(played), played)[X].game_id == 7
        timed = [
            forfeited(7, X, A, by=X, order=1),
            forfeited(8, B, X, by=X, order=2),
        ]
        schedule = [  # game 8 starts first although listed second
            scheduled(7, X, A, order=1, start=datetime(2025, 6, 1, 18, 0)),
            scheduled(8, B, X, order=2, start=datetime(2025, 6, 1, 9, 0)),
        ]
        assert removed_teams(schedule, timed)[X].game_id == 7

    def test_playoff_forfeit_counts_too(self) -> None:
        """Rule 634(e)4: more than one game at a tournament."""
        played = [forfeited(1, X, A, by=X), forfeited(2, B, X, by=X, stage="playoff")]
        assert removed_teams(schedule_of(played), played)[X].game_id == 2

    def test_other_divisions_games_are_not_counted(self) -> None:
        played = pool_with_two_forfeits()
        only_first_forfeit = [g for g in schedule_of(played) if g.game_id != 4]
        assert removed_teams(only_first_forfeit, played) == {}

    def test_disqualified_by_the_tournament(self) -> None:
        """Rule 634(e)3, 634(e)5: the director's disqualification removes too."""
        played = pool_with_two_forfeits()[:3]
        removed = removed_teams(schedule_of(played), played,
                                disqualified={C: "forfeited its next to last game"})
        assert removed[C].game_id is None
        assert "forfeited its next to last game" in removed[C].reason
        assert "634(e)3" in removed[C].reason

    def test_later_games_are_refused_citing_634e(self) -> None:
        played = pool_with_two_forfeits()
        removed = removed_teams(schedule_of(played), played)
        with pytest.raises(TournamentRuleError) as caught:
            refuse_if_removed(X, removed)
        assert caught.value.rule == "634(e)"
        assert "Rule 634(e)" in str(caught.value)
        assert "after game 4" in str(caught.value)
        refuse_if_removed(A, removed)  # nothing raised


class TestCasebook26Erasure:
    def test_every_game_of_the_removed_team_is_erased_for_everyone(self) -> None:
        """Rule 634(e)6-7: the win over X before its removal and the forfeits
        won against X are all erased; GP and points drop for A, B and C."""
        played = pool_with_two_forfeits()
        before = {r.team_id: r for r in standings(DIVISION, played, Points(), list(CRITERIA))}
        assert (before[A].gp, before[A].pts, before[A].gf, before[A].ga) == (2, 3, 4, 2)
        assert (before[B].gp, before[B].pts) == (2, 4)
        assert (before[C].gp, before[C].pts) == (3, 3)

        removed = removed_teams(schedule_of(played), played)
        stand = games_that_stand(played, removed)
        assert [p.game.game_id for p in stand] == [3, 5]
        after = {r.team_id: r for r in standings(DIVISION, stand, Points(), list(CRITERIA),
                                                 removed=removed)}
        assert X not in after
        assert (after[A].gp, after[A].pts, after[A].gf, after[A].ga) == (1, 1, 1, 1)
        assert (after[B].gp, after[B].w, after[B].pts, after[B].gf) == (1, 1, 2, 2)
        assert (after[C].gp, after[C].l, after[C].t, after[C].pts) == (2, 1, 1, 1)
        unfiltered = standings(DIVISION, played, Points(), list(CRITERIA), removed=removed)
        assert unfiltered == list(after.values())

    def test_nothing_is_erased_without_a_removal(self) -> None:
        played = pool_with_two_forfeits()
        assert games_that_stand(played, {}) == played

    def test_removal_value(self) -> None:
        removal = Removal(X, 4, "second forfeit")
        assert games_that_stand([game(1, A, X, (1, 0))], {X: removal}) == []


class TestCasebook25LateForfeits:
    def test_forfeit_of_one_of_the_last_two_pool_games(self) -> None:
        """Rule 634(e)1: X forfeits its next to last pool game; C forfeits its
        first; B's forfeit win is not a forfeit by B; playoff games are not
        pool games."""
        played = [
            forfeited(1, C, A, by=C),
            game(2, X, B, (2, 1)),
            game(3, A, X, (0, 1)),
            forfeited(4, X, C, by=X),
            game(5, B, A, (3, 3)),
            game(6, C, X, (1, 2)),
            game(7, B, C, (0, 1)),
            forfeited(8, A, B, by=A, stage="playoff"),
        ]
        assert late_forfeit_teams(schedule_of(played), played) == {X}

    def test_unplayed_games_still_are_the_last_two(self) -> None:
        """"Last two scheduled": an early forfeit is not late because the
        games after it are not played yet."""
        played = [forfeited(1, A, B, by=A)]
        schedule = [*schedule_of(played), scheduled(2, A, C), scheduled(3, B, A)]
        assert late_forfeit_teams(schedule, played) == set()
        assert late_forfeit_teams(schedule[:2], played) == {A}


class TestRule634eSanctionsChosenByTheTournament:
    """634(e)1-3: the tournament's ``late_forfeit_sanctions`` setting says which
    sanctions a forfeit of a team's last or next to last game brings."""

    @staticmethod
    def late() -> list[PlayedGame]:
        return [game(1, A, B, (2, 1)), game(2, C, X, (1, 0)), game(3, A, C, (1, 1)),
                forfeited(4, X, B, by=X)]

    def test_rule_634e1_last_seed_is_the_default_and_optional(self) -> None:
        from rinkside.rules.settings import Settings
        from rinkside.tournament.forfeits import late_forfeit_sanctions

        played = self.late()
        default = late_forfeit_sanctions(schedule_of(played), played,
                                         Settings().late_forfeit_sanctions)
        assert default.last_seed == {X} and not default.no_awards and not default.disqualified
        off = late_forfeit_sanctions(schedule_of(played), played, ())
        assert not off.last_seed

    def test_rule_634e2_and_634e3_are_reachable_and_applied(self) -> None:
        from rinkside.rules.settings import Settings
        from rinkside.tournament.forfeits import late_forfeit_sanctions

        played = self.late()
        chosen = Settings().with_overrides(
            {"late_forfeit_sanctions": "no_awards, disqualify"}).late_forfeit_sanctions
        sanctioned = late_forfeit_sanctions(schedule_of(played), played, chosen)
        assert sanctioned.no_awards == {X} and set(sanctioned.disqualified) == {X}
        removed = removed_teams(schedule_of(played), played, sanctioned.disqualified)
        assert "634(e)3" in removed[X].reason
        standing = games_that_stand(played, removed)
        assert all(X not in (p.game.home_team_id, p.game.away_team_id) for p in standing)


def test_seeds_are_read_whatever_the_settings_even_where_pool_games_may_tie() -> None:
    """Casebook 25: seeds follow the standings; a tie allowed in the pool
    (overtime 'none', 639(a)) does not stop them being read."""
    from rinkside.rules.settings import Settings
    from rinkside.tournament.playoffs import seeding

    played = [game(1, A, B, (2, 1)), game(2, C, X, (3, 0)), game(3, A, C, (1, 0)),
              game(4, X, B, (1, 1))]
    table = standings(DIVISION, played, Points(), CRITERIA)
    order = seeding(table, schedule_of(played), played, Settings(overtime="none"), teams=2)
    assert order == [A, C]
