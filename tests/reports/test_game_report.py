"""The official game report's data: what the scripted game of ``reportkit``
must show by the rule book (Rules 506(a), 507, 502(l), 404(h), 405(b), 616(a))."""

from __future__ import annotations

import pytest
from reportkit import Cup, play, scripted_game

from rinkside.reports.game_report import build_report
from rinkside.reports.report_model import GameReport
from rinkside.rules.events import FaceOff, Penalty, PenaltyClass, Stoppage
from rinkside.rules.times import GameTime
from rinkside.services import officiating, users
from rinkside.services.tournaments import NotFound


@pytest.fixture(scope="module")
def report(cup: Cup, game: int) -> GameReport:
    return build_report(cup.service, game)


class TestHeading:
    def test_where_and_when(self, report: GameReport) -> None:
        assert (report.tournament, report.division, report.round_name, report.rink) == (
            "Report Cup", "Open", "Pool A", "Rink A")
        assert report.scheduled is not None and report.scheduled.hour == 15
        # Rule 507(a): start and finish are the first and last events recorded
        assert report.started is not None and report.finished is not None
        assert report.started <= report.finished
        assert report.final and report.status == "final"

    def test_rosters_as_dressed(self, report: GameReport) -> None:
        home = {p.number: p for p in report.home.players}
        assert report.home.name == "Blades" and report.away.name == "Storm"
        assert sorted(home) == [1, *range(2, 13), 30]
        assert home[1].goalie and home[30].goalie and not home[2].goalie
        assert (home[2].letter, home[3].letter, home[4].letter) == ("C", "A", None)
        assert home[9].name == "Blade Skater9"

    def test_player_lines_count_goals_assists_and_minutes(self, report: GameReport) -> None:
        away = {p.number: p for p in report.away.players}
        assert (away[6].goals, away[6].assists) == (2, 1)
        assert (away[7].goals, away[7].assists) == (1, 1)
        assert away[10].pim == 10  # game misconduct: 10 in the records (404(e) note 1)
        assert away[9].pim == 10  # match penalty: 10 in all (405(c) note 1)
        home = {p.number: p for p in report.home.players}
        assert home[1].pim == 2  # the goaltender is charged, whoever served (407)
        assert report.home.bench_pim == 2


class TestGoals:
    def test_goals_in_order_with_strength(self, report: GameReport) -> None:
        seen = [(g.period, g.time, g.team_name, g.scorer, g.assist, g.tags, g.score)
                for g in report.goals]
        assert seen == [
            ("1", "10:00", "Blades", 9, 4, ("PP",), "1-0"),
            ("1", "8:30", "Blades", 2, None, ("SH",), "2-0"),
            ("1", "4:30", "Storm", 6, 7, ("PP",), "2-1"),
            ("2", "9:00", "Blades", 10, None, ("PP",), "3-1"),  # the major runs on (402(d))
            ("2", "6:00", "Storm", 6, None, ("SH",), "3-2"),
            ("2", "3:00", "Storm", 7, 6, (), "3-3"),
        ]

    def test_names_from_the_dressed_roster(self, report: GameReport) -> None:
        first = report.goals[0]
        assert (first.scorer_name, first.assist_name) == ("#9 Blade Skater9", "#4 Blade Skater4")

    def test_score_by_period_and_shootout(self, report: GameReport) -> None:
        assert report.periods == ("1", "2", "OT", "SO")
        assert report.home.by_period == (2, 1, 0, 2)
        assert report.away.by_period == (1, 2, 0, 1)


class TestPenalties:
    def lines(self, report: GameReport) -> list[tuple[object, ...]]:
        return [(p.period, p.time, p.team_name, p.player, p.penalty_class, p.rule, p.minutes,
                 p.off, p.on, p.served_by) for p in report.penalties]

    def test_each_penalty_with_off_and_on(self, report: GameReport) -> None:
        pc = PenaltyClass
        assert self.lines(report) == [
            # released by the power-play goal at 10:00 (402(d))
            ("1", "11:00", "Storm", 5, pc.MINOR, "642(a)", 2, "1 11:00", "1 10:00", None),
            # a short-handed goal releases nobody: back when his time is up
            ("1", "9:00", "Blades", 3, pc.MINOR, "622(a)", 2, "1 9:00", "1 7:00", None),
            # the first of two minors ends with the goal against (402(d) note 1)
            ("1", "6:00", "Blades", None, pc.BENCH_MINOR, "205(c)", 2, "1 6:00", "1 4:30", 7),
            # a goaltender's minor is served by a teammate (402(b))
            ("1", "5:00", "Blades", 1, pc.MINOR, "635(a)", 2, "1 5:00", "1 3:00", 8),
            # removed from the game: no time to serve, 10 minutes charged (404(e) note 1)
            ("1", "2:00", "Storm", 10, pc.GAME_MISCONDUCT, "601(d)", 10, None, None, None),
            # the five-minute time portion, served by #8 (405(a)), 10 charged (405(c))
            ("2", "10:00", "Storm", 9, pc.MATCH, "603(a)", 10, "2 10:00", "2 5:00", 8),
        ]

    def test_names_infractions_and_classes(self, report: GameReport) -> None:
        bench = report.penalties[2]
        assert (bench.player_name, bench.served_by_name, bench.class_text, bench.infraction) == (
            "bench", "#7 Blade Skater7", "bench minor", "Too many players")
        goalie = report.penalties[3]
        assert goalie.goalie and goalie.player_name == "#1 Blade Keeper"


class TestGameRecords:
    def test_goaltenders_and_decisions(self, report: GameReport) -> None:
        lines = [(g.team, g.number, g.time, g.goals_against, g.saves, g.decision)
                 for g in report.goalies]
        # 12:00 + 12:00 + 5:00 overtime; no shots recorded, so no saves
        assert lines == [("home", 1, "29:00", 3, None, "W"), ("away", 1, "29:00", 3, None, "L")]

    def test_timeouts(self, report: GameReport) -> None:
        assert [(t.team_name, t.period, t.time) for t in report.timeouts] == [
            ("Storm", "1", "5:00")]
        assert (report.home.timeouts_used, report.away.timeouts_used) == (0, 1)

    def test_penalty_shots_scored_or_not(self, report: GameReport) -> None:
        assert [(s.label, s.team_name, s.shooter, s.scored) for s in report.penalty_shots] == [
            ("2 8:00", "Blades", 4, False)]

    def test_shootout_rounds(self, report: GameReport) -> None:
        # 639(b)4C-E: Storm (visitors) first; four shooters a team, then sudden death
        shots = [(s.label, s.team, s.shooter, s.scored) for s in report.shootout]
        assert [label for label, *_ in shots] == ["R1"] * 8 + ["SD1", "SD1", "SD2", "SD2"]
        assert [team for _, team, *_ in shots] == ["away", "home"] * 6
        assert shots[-1] == ("SD2", "home", 5, True)

    def test_result_and_how_decided(self, report: GameReport) -> None:
        assert report.result == "Blades 3, Storm 3 — Blades win in a shootout (Rule 639(b))"


class TestRefereeReports:
    def test_game_misconduct_and_match_are_reported(self, report: GameReport) -> None:
        found = [(r.rules, r.player_name, r.class_text) for r in report.referee_reports]
        assert found == [(("502(l)", "404(d)"), "#10 Storm Skater10", "game misconduct"),
                         (("502(l)", "405(b)"), "#9 Storm Skater9", "match")]
        assert "surrounding circumstances" in report.referee_reports[1].duty

    def test_minor_penalties_are_not(self, report: GameReport) -> None:
        assert len(report.referee_reports) == sum(
            p.penalty_class in (PenaltyClass.GAME_MISCONDUCT, PenaltyClass.GROSS_MISCONDUCT,
                                PenaltyClass.MATCH) for p in report.penalties)

    def test_suspensions(self, report: GameReport) -> None:
        assert [(s.player_name, s.games, s.rule) for s in report.suspensions] == [
            ("#9 Storm Skater9", "rest of the tournament", "405(e)"),
            ("#10 Storm Skater10", "1 game", "404(d)")]


class TestOfficialsAndSignOff:
    def test_officials_named(self, cup: Cup) -> None:
        game = scripted_game(cup)
        officiating.set_officials(cup.service, game, {
            "referee": ["Pat Stripes", "Lee Whistle"], "official_scorer": ["Kim Pencil"]})
        named = dict(build_report(cup.service, game).officials)
        assert named["Referee"] == ("Pat Stripes", "Lee Whistle")
        assert named["Official scorer"] == ("Kim Pencil",)
        assert named["Goal judge"] == ()

    def test_unsigned_signed_and_reopened(self, cup: Cup) -> None:
        game = scripted_game(cup)
        for name in ("ref-a", "ref-b"):
            users.create_user(cup.service, f"{name}-{game}", "pw", "referee", [game])
        users.create_user(cup.service, f"td-{game}", "pw", "director")

        before = build_report(cup.service, game).signoff
        assert not before.locked and not before.signatures
        assert set(before.awaiting) == {f"ref-a-{game}", f"ref-b-{game}"}

        officiating.sign(cup.service, game, f"ref-a-{game}")
        half = build_report(cup.service, game).signoff
        assert not half.locked and half.awaiting == (f"ref-b-{game}",)

        officiating.sign(cup.service, game, f"ref-b-{game}")
        signed = build_report(cup.service, game).signoff
        assert signed.locked  # Rule 616(a)
        assert [s.username for s in signed.signatures] == [f"ref-a-{game}", f"ref-b-{game}"]

        officiating.reopen(cup.service, game, f"td-{game}", "Goal 3 credited to the wrong number")
        reopened = build_report(cup.service, game).signoff
        assert not reopened.locked and not reopened.signatures
        assert [(r.by, r.reason) for r in reopened.reopenings] == [
            (f"td-{game}", "Goal 3 credited to the wrong number")]
        assert len(reopened.earlier) == 2


class TestOtherGames:
    def test_a_game_not_started(self, cup: Cup) -> None:
        game = cup.service.add_game(cup.division, cup.home, cup.away)
        report = build_report(cup.service, game)
        assert report.status == "not_started" and not report.final
        assert report.result is None and report.started is None and report.finished is None
        assert report.periods == ("1", "2")
        assert report.goals == () and report.penalties == () and report.goalies == ()

    def test_unknown_game(self, cup: Cup) -> None:
        with pytest.raises(NotFound):
            build_report(cup.service, 987654)

    def test_a_team_officials_suspension_names_him(self, cup: Cup) -> None:
        """Casebook 59: the coach's game misconduct suspends him one game (404(d))."""
        game = cup.service.add_game(cup.division, cup.home, cup.away)
        at = GameTime(1, 6000)
        play(cup.service, game, [FaceOff(GameTime(1, 7200)), Stoppage(at), Penalty(
            at, "home", None, PenaltyClass.GAME_MISCONDUCT, "Unsportsmanlike conduct", "601(a)",
            official="Coach Ray")])
        report = build_report(cup.service, game)
        assert [(s.player_name, s.games, s.rule) for s in report.suspensions] == [
            ("Coach Ray (team official)", "1 game", "404(d)")]
