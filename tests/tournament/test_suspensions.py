"""Suspensions earned, served and enforced (Rules 404(c), 404(d), 404(h),
405(e), 410(a)-(c), 615(d), 634(e) note 1; casebook 13, 26, 27), from games
replayed through the engine."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from gamekit import called
from tournament.stat_builders import (
    forfeit,
    in_order,
    pid,
    played,
    quiet,
    regulation,
    roster,
)

from rinkside.rules.errors import RuleViolation
from rinkside.tournament.model import PlayedGame, RosterPlayer, SupplementaryDiscipline
from rinkside.tournament.suspension_check import SuspendedPlayer, barred, check_can_dress
from rinkside.tournament.suspension_status import SuspensionStatus
from rinkside.tournament.suspensions import earned, status

ROSTERS: list[RosterPlayer] = [p for team in (1, 2, 3)
                               for p in roster(team, names={7: "Alex Kim"} if team == 1 else None)]


def game_misconduct(game_id: int, home: int = 1, away: int = 2) -> PlayedGame:
    """Team 1's #7 (Alex Kim, at home) drops the gloves: a game misconduct
    with no games set, so one game under 404(d) (casebook 13)."""
    return played(game_id, home, away, regulation(
        *called("2 10:00", "home", 7, "game_misconduct", infraction="dropping_gloves",
                rule="615(d)")))


def now(games: Sequence[PlayedGame], *, extra: Sequence[PlayedGame] = (),
        supplementary: Sequence[SupplementaryDiscipline] = (),
        rosters: Sequence[RosterPlayer] = ROSTERS) -> dict[int, SuspensionStatus]:
    """Status after ``games``; ``extra`` are scheduled games not yet played."""
    schedule = in_order(games) + [g.game for g in extra]
    return status(schedule, games, rosters, supplementary)


def refusal(player: int, game: PlayedGame, st: dict[int, SuspensionStatus]) -> SuspendedPlayer:
    with pytest.raises(SuspendedPlayer) as caught:
        check_can_dress(player, game.game, st)
    return caught.value


class TestCasebook13Earned:
    def test_each_penalty_mapped_to_player_ids(self) -> None:
        game = played(1, 1, 2, regulation(
            *called("2 10:00", "home", 7, "game_misconduct", infraction="dropping_gloves",
                    rule="615(d)"),
            *called("2 9:00", "away", 4, "match", infraction="attempt_to_injure",
                    rule="603(a)"),
            *called("2 8:00", "away", 5, "gross_misconduct",
                    infraction="physical_harm_to_official", rule="601(f)"),
            *called("2 7:00", "home", 8, "game_ejection", infraction="first_to_intervene",
                    rule="615(e)"),
            *called("2 6:00", "home", None, "bench_minor", served_by=9)))
        found = {(e.player_id, e.team_id, e.game_id, e.games, e.rule) for e in earned([game])}
        assert found == {  # the game ejection ends with the game (404(c))
            (pid(1, 7), 1, 1, 1, "404(d)"),
            (pid(2, 4), 2, 1, "rest_of_tournament", "405(e)"),
            (pid(2, 5), 2, 1, "pending_review", "404(h)"),
        }

    def test_erased_games_still_count(self) -> None:
        """634(e) note 1, casebook 26: a removed team's games are erased from the
        statistics, not from the suspensions; the caller passes them here."""
        erased = game_misconduct(1, 1, 3)
        assert [e.player_id for e in earned([erased, quiet(2, 1, 2)])] == [pid(1, 7)]

    def test_a_team_officials_suspension_is_the_games_not_a_rosters(self) -> None:
        """Casebook 59: a coach's game misconduct suspends him (the game's
        suspensions say so); he is on no roster, so it names no player."""
        game = played(1, 1, 2, regulation(
            *called("2 10:00", "home", None, "game_misconduct", official="Coach",
                    infraction="unsportsmanlike conduct", rule="601(a)"),
            *called("2 9:00", "away", 4, "game_misconduct", infraction="dropping_gloves",
                    rule="615(d)")))
        assert [(x.official, x.games) for x in game.state.suspensions()] == [("Coach", 1),
                                                                             (None, 1)]
        assert [e.player_id for e in earned([game])] == [pid(2, 4)]

    def test_missing_jersey_is_an_error(self) -> None:
        game = game_misconduct(5)
        bad = PlayedGame(game.game, game.state, game.lineups,
                         {"home": {}, "away": game.number_to_player["away"]})
        with pytest.raises(ValueError, match=r"game 5: the home team \(team 1\).*#7"):
            earned([bad])


class TestRule404dGameMisconduct:
    def test_served_by_the_next_game(self) -> None:
        g1, g2 = game_misconduct(1), quiet(2, 1, 3, dressed={"home": range(1, 7)})
        before = now([g1], extra=[g2])[pid(1, 7)]
        assert (before.to_serve, before.served, before.remaining) == (1, 0, 1)
        assert before.open_ended is None and before.rule == "404(d)"
        assert before.suspended and before.next_games == (2,)
        after = now([g1, g2])[pid(1, 7)]
        assert (after.served, after.remaining, after.suspended) == (1, 0, False)
        check_can_dress(pid(1, 7), quiet(3, 1, 2).game, now([g1, g2]))

    def test_other_teams_games_do_not_count(self) -> None:
        st = now([game_misconduct(1), quiet(2, 2, 3)])[pid(1, 7)]
        assert (st.served, st.remaining) == (0, 1)

    def test_a_forfeited_game_counts_as_served(self) -> None:
        st = now([game_misconduct(1), forfeit(2, 1, 3, by="home")])[pid(1, 7)]
        assert (st.served, st.remaining) == (1, 0)

    def test_check_can_dress_refuses_citing_the_rule(self) -> None:
        g1 = game_misconduct(4)
        exc = refusal(pid(1, 7), quiet(5, 1, 3), now([g1]))
        assert isinstance(exc, RuleViolation)
        assert exc.rule == "404(d)"
        assert str(exc) == ("#7 Alex Kim is suspended: game misconduct in game 4 "
                            "(Rule 404(d)), 1 of 1 game still to serve")

    def test_unsuspended_players_dress(self) -> None:
        st = now([game_misconduct(1)])
        check_can_dress(pid(1, 8), quiet(2, 1, 3).game, st)
        check_can_dress(pid(2, 7), quiet(2, 2, 3).game, st)
        refused = barred([pid(1, n) for n in range(1, 16)], quiet(2, 1, 3).game, st)
        assert {p: e.rule for p, e in refused.items()} == {pid(1, 7): "404(d)"}


class TestRule615dThreeGames:
    def test_served_across_pool_and_playoff(self) -> None:
        g1 = played(1, 1, 2, regulation(
            *called("2 10:00", "home", 7, "game_misconduct", infraction="dropping_gloves_punch",
                    rule="615(d)", suspension=3)))
        g2 = quiet(2, 1, 3)
        g3 = quiet(3, 2, 3)  # not team 1's game
        g4 = quiet(4, 1, 2, stage="playoff")
        g5 = quiet(5, 3, 1, stage="playoff")
        mid = now([g1, g2, g3, g4], extra=[g5])[pid(1, 7)]
        assert (mid.to_serve, mid.served, mid.remaining, mid.rule) == (3, 2, 1, "615(d)")
        assert mid.next_games == (5,)
        exc = refusal(pid(1, 7), g5, now([g1, g2, g3, g4]))
        assert exc.rule == "615(d)"
        assert "game misconduct in game 1 (Rule 615(d)), 1 of 3 games still to serve" in str(exc)
        done = now([g1, g2, g3, g4, g5])[pid(1, 7)]
        assert (done.served, done.remaining, done.suspended) == (3, 0, False)


class TestRule405eMatchPenalty:
    def test_rest_of_the_tournament(self) -> None:
        g1 = played(1, 1, 2, regulation(
            *called("2 10:00", "home", 7, "match", infraction="attempt_to_injure",
                    rule="603(a)")))
        games = [g1, quiet(2, 1, 3), quiet(3, 1, 2, stage="playoff")]
        st = now(games, extra=[quiet(4, 3, 1, stage="playoff")])[pid(1, 7)]
        assert st.open_ended == "rest_of_tournament"
        assert (st.to_serve, st.remaining, st.suspended, st.rule) == (0, 0, True, "405(e)")
        assert st.next_games == (4,)
        exc = refusal(pid(1, 7), quiet(4, 3, 1), now(games))
        assert exc.rule == "405(e)"
        assert str(exc) == ("#7 Alex Kim is suspended: match penalty in game 1 (Rule 405(e)), "
                            "suspended for the rest of the tournament")


class TestRule404hGrossMisconduct:
    def test_pending_review(self) -> None:
        g1 = played(1, 2, 1, regulation(
            *called("2 10:00", "away", 7, "gross_misconduct",
                    infraction="physical_harm_to_official", rule="601(f)")))
        st = now([g1, quiet(2, 1, 3)])[pid(1, 7)]
        assert st.open_ended == "pending_review"
        assert st.suspended and st.rule == "404(h)"
        exc = refusal(pid(1, 7), quiet(3, 1, 2), now([g1, quiet(2, 1, 3)]))
        assert exc.rule == "404(h)"
        assert "gross misconduct in game 1 (Rule 404(h))" in str(exc)
        assert "until the Event Directors have dealt with it" in str(exc)


class TestRule410aSupplementary:
    def test_adds_games_after_the_game_given(self) -> None:
        g1, g2, g3, g4 = (game_misconduct(1), quiet(2, 1, 3), quiet(3, 1, 2),
                          quiet(4, 1, 3))
        extra = [SupplementaryDiscipline(pid(1, 7), 2, "spearing after the buzzer",
                                         after_game_id=1)]
        st = now([g1, g2], extra=[g3, g4], supplementary=extra)[pid(1, 7)]
        assert (st.to_serve, st.served, st.remaining) == (3, 1, 2)
        assert [(s.rule, s.served, s.remaining) for s in st.sanctions] == \
            [("404(d)", 1, 0), ("410(a)", 0, 2)]
        assert st.rule == "410(a)" and st.next_games == (3, 4)
        exc = refusal(pid(1, 7), g3, now([g1, g2], supplementary=extra))
        assert exc.rule == "410(a)"
        assert ("supplementary discipline after game 1: spearing after the buzzer "
                "(Rule 410(a)), 2 of 2 games still to serve") in str(exc)
        done = now([g1, g2, g3, g4], supplementary=extra)[pid(1, 7)]
        assert (done.served, done.remaining, done.suspended) == (3, 0, False)

    def test_after_a_game_not_yet_played(self) -> None:
        g1, g2, g3 = quiet(1, 1, 2), quiet(2, 1, 3), quiet(3, 1, 2)
        extra = [SupplementaryDiscipline(pid(1, 8), 1, "incident in the parking lot",
                                         after_game_id=2)]
        st = now([g1], extra=[g2, g3], supplementary=extra)
        mine = st[pid(1, 8)]
        assert (mine.served, mine.remaining, mine.next_games) == (0, 1, (3,))
        check_can_dress(pid(1, 8), g2.game, st)  # before the game it follows
        assert refusal(pid(1, 8), g3, st).rule == "410(a)"
        after = now([g1, g2, g3], supplementary=extra)[pid(1, 8)]
        assert (after.served, after.suspended) == (1, False)

    def test_unknown_game_is_an_error(self) -> None:
        extra = [SupplementaryDiscipline(pid(1, 8), 1, "x", after_game_id=99)]
        with pytest.raises(ValueError, match="game 99"):
            now([quiet(1, 1, 2)], supplementary=extra)


class TestRule410cTwoDivisions:
    """Alex Kim plays for team 1 (division 1) and team 5 (division 2)."""

    rosters = (roster(1, names={7: "Alex Kim"}, person_keys={7: "kim-a"}) + roster(2)
               + roster(3) + roster(5, names={11: "Alex Kim"}, person_keys={11: "kim-a"})
               + roster(6))

    def test_served_in_the_division_earned_first(self) -> None:
        g1 = game_misconduct(1)
        g2 = quiet(2, 5, 6, division_id=2)  # his other team's game: does not count
        g3 = quiet(3, 6, 5, division_id=2)
        g4 = quiet(4, 1, 3)
        st = now([g1, g2], extra=[g3, g4], rosters=self.rosters)
        assert (st[pid(1, 7)].served, st[pid(1, 7)].remaining) == (0, 1)
        other = st[pid(5, 11)]
        assert other.suspended and other.rule == "410(c)"
        assert other.sanctions == () and other.next_games == (3,)
        exc = refusal(pid(5, 11), g3, now([g1, g2], rosters=self.rosters))
        assert exc.rule == "410(c)"
        assert str(exc) == (
            "#11 Alex Kim is suspended: game misconduct in game 1 with the player's other "
            "team (Rule 404(d)), 1 of 1 game still to serve there before playing in another "
            "division (Rule 410(c))")
        after = now([g1, g2, g4], rosters=self.rosters)
        assert not after[pid(1, 7)].suspended
        assert pid(5, 11) not in after
        check_can_dress(pid(5, 11), g3.game, after)

    def test_match_penalty_bars_every_team(self) -> None:
        g1 = played(1, 1, 2, regulation(
            *called("2 10:00", "home", 7, "match", infraction="attempt_to_injure",
                    rule="603(a)")))
        games = [g1, quiet(2, 1, 3)]
        exc = refusal(pid(5, 11), quiet(3, 5, 6), now(games, rosters=self.rosters))
        assert exc.rule == "405(e)"
        assert "for the rest of the tournament" in str(exc)



class TestRule404hAnd405bReviews:
    """404(h): a gross misconduct suspends until the Event Directors have dealt
    with it; 405(b): a match penalty is reported to them. Their decision
    resolves the case (the tournament desk records it)."""

    @staticmethod
    def gross(game_id: int) -> PlayedGame:
        return played(game_id, 1, 2, regulation(
            *called("2 8:00", "away", 5, "gross_misconduct",
                    infraction="physical_harm_to_official", rule="601(f)")))

    def test_rule_404h_the_case_is_pending_until_the_directors_decide(self) -> None:
        from rinkside.tournament.suspensions import pending_reviews

        st = now([self.gross(1)], extra=[quiet(2, 1, 2)])
        (pending,) = pending_reviews(st)
        assert (pending.reported, pending.games) == ("404(h)", "pending_review")
        assert st[pid(2, 5)].suspended

    def test_rule_404h_a_decision_of_two_games_is_served_like_any_other(self) -> None:
        from rinkside.tournament.suspensions import Review, pending_reviews

        games = [self.gross(1), quiet(2, 1, 2)]
        schedule = in_order(games) + [quiet(3, 1, 2).game]
        decided = [Review(pid(2, 5), 1, "404(h)", 2, "two games")]
        st = status(schedule, games, ROSTERS, (), decided)
        assert pending_reviews(st) == []
        (sanction,) = st[pid(2, 5)].sanctions
        assert (sanction.games, sanction.served, sanction.remaining) == (2, 1, 1)
        assert "two games" in sanction.describe()
        cleared = status(schedule, games, ROSTERS, (),
                         [Review(pid(2, 5), 1, "404(h)", 0, "no further action")])
        assert not cleared[pid(2, 5)].suspended

    def test_rule_405b_a_match_report_resolved_keeps_405e(self) -> None:
        from rinkside.tournament.suspensions import Review, pending_reviews

        match = played(1, 1, 2, regulation(
            *called("2 9:00", "away", 4, "match", infraction="attempt_to_injure",
                    rule="603(a)")))
        st = now([match])
        assert [s.reported for s in pending_reviews(st)] == ["405(b)"]
        decided = status(in_order([match]), [match], ROSTERS, (),
                         [Review(pid(2, 4), 1, "405(b)", "rest_of_tournament", "reported")])
        assert pending_reviews(decided) == []
        assert decided[pid(2, 4)].open_ended == "rest_of_tournament"
