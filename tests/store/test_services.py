"""The tournament service over a real store (SQLite and PostgreSQL)."""

from __future__ import annotations

from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from sqlalchemy.orm import Session, sessionmaker

from rinkside.rules.errors import RuleViolation, SettingsError
from rinkside.rules.events import (
    FaceOff,
    Forfeit,
    Goal,
    Penalty,
    PenaltyClass,
    PeriodEnd,
    Stoppage,
)
from rinkside.rules.times import GameTime
from rinkside.services.queries.playoffs import playoff_teams
from rinkside.services.tournaments import Tournaments
from rinkside.store.eventlog import StaleWrite, history
from rinkside.tournament.errors import TournamentRuleError
from rinkside.tournament.lineups import LineupError
from rinkside.tournament.roster_problems import RosterImportError


def _t(period: int, minutes: int, seconds: int = 0) -> GameTime:
    return GameTime(period, (minutes * 60 + seconds) * 10)


def _roster(prefix: str) -> list[dict[str, object]]:
    players: list[dict[str, object]] = [{"number": 1, "name": f"{prefix} Goalie",
                                         "goalie": True}]
    for n in range(2, 12):
        players.append({"number": n, "name": f"{prefix} Skater {n}",
                        "captain": "C" if n == 2 else "A" if n in (3, 4) else None})
    return players


@pytest.fixture
def service(sessions: sessionmaker[Session]) -> Tournaments:
    return Tournaments(sessions)


@pytest.fixture
def division(service: Tournaments) -> int:
    tid = service.create_tournament("Test Cup", date(2026, 12, 5), {"overtime": "shootout"})
    did = service.add_division(tid, "Division 1")
    for name in ("Blades", "Storm", "Wolves", "Rockets"):
        team = service.add_team(did, name)
        service.set_roster(team, _roster(name))
    return did


def _win(home_goals: int, away_goals: int) -> list[object]:
    events: list[object] = [FaceOff(_t(1, 12))]
    minute = 11
    for i in range(home_goals + away_goals):
        team = "home" if i < home_goals else "away"
        events += [Goal(_t(1, minute), team, 5), FaceOff(_t(1, minute))]  # type: ignore[arg-type]
        minute -= 1
    return [*events, PeriodEnd(_t(1, 0)), FaceOff(_t(2, 12)), PeriodEnd(_t(2, 0))]


class TestSetUp:
    def test_settings_amendments_are_checked_against_the_book(self,
                                                             service: Tournaments) -> None:
        with pytest.raises(SettingsError, match=r"402\(a\)"):
            service.create_tournament("Bad", None, {"minor": "1:45"})

    def test_round_robin_schedules_every_pair_once(self, service: Tournaments,
                                                   division: int) -> None:
        ids = service.generate_round_robin(
            division, start=datetime(2026, 12, 5, 8, tzinfo=UTC), slot_minutes=40,
            rinks=["Rink 1", "Rink 2"])
        view = service.division_view(division)
        pairs = {frozenset((g.home_team_id, g.away_team_id)) for g in view.schedule}
        assert len(ids) == 6 and len(pairs) == 6

    def test_roster_import_with_bad_rows_imports_nothing(self, service: Tournaments,
                                                         division: int, tmp_path: Path) -> None:
        bad = tmp_path / "roster.csv"
        bad.write_text("number,name,goalie,captain\n1,Goalie,yes,\n1O,Typo,no,\n"
                       "7,Seven,no,C\n7,Again,no,\n")
        with pytest.raises(RosterImportError) as caught:
            service.import_rosters(division, bad, team="Newcomers")
        assert "line 3" in str(caught.value) and "307(c)" in str(caught.value)
        names = [t.name for t in service.division_view(division).teams]
        assert "Newcomers" not in names


class TestGameLog:
    def _game(self, service: Tournaments, division: int) -> int:
        view = service.division_view(division)
        home, away = view.teams[0].team_id, view.teams[1].team_id
        return service.add_game(division, home, away)

    def test_recorded_events_are_checked_and_versioned(self, service: Tournaments,
                                                       division: int) -> None:
        game = self._game(service, division)
        version, state = service.record(game, 0, [FaceOff(_t(1, 12))], by="scorer")
        assert version == 1 and state.status == "in_play"
        with pytest.raises(RuleViolation, match=r"409\(b\)"):
            service.record(game, 1, [Penalty(_t(1, 11), "away", 7, PenaltyClass.MINOR,
                                             "tripping", "642(a)")], by="scorer")
        assert service.game_state(game)[0] == 1  # nothing was written

    def test_second_console_with_a_stale_version_is_refused(self, service: Tournaments,
                                                            division: int) -> None:
        game = self._game(service, division)
        service.record(game, 0, [FaceOff(_t(1, 12))], by="console A")
        with pytest.raises(StaleWrite):
            service.record(game, 0, [FaceOff(_t(1, 12))], by="console B")

    def test_correction_is_a_revision_and_the_old_value_stays_readable(
            self, service: Tournaments, division: int, sessions: sessionmaker[Session]) -> None:
        game = self._game(service, division)
        version, _ = service.record(game, 0, [FaceOff(_t(1, 12)), Goal(_t(1, 10), "home", 5)],
                                    by="scorer")
        version, state = service.correct(game, version, "replace", 1,
                                         Goal(_t(1, 10), "home", 6, 5), by="scorer",
                                         reason="referee credited #6")
        assert state.scoring()["home"] == {6: (1, 0), 5: (0, 1)}
        with sessions() as s:
            revisions = history(s, game, 1)
        assert [r.op for r in revisions] == ["append", "replace"]
        previous = revisions[-1].previous
        assert isinstance(previous, Goal) and previous.scorer == 5


class TestTournament:
    def _play(self, service: Tournaments, division: int, home: int, away: int,
              events: list[object]) -> int:
        game = service.add_game(division, home, away)
        service.record(game, 0, events, by="scorer")  # type: ignore[arg-type]
        return game

    def test_standings_from_stored_games(self, service: Tournaments, division: int) -> None:
        a, b, c, _ = (t.team_id for t in service.division_view(division).teams)
        self._play(service, division, a, b, _win(3, 1))
        self._play(service, division, b, c, _win(2, 0))
        rows = {r.team_id: r for r in service.standings(division)}
        assert (rows[a].pts, rows[a].gf, rows[a].ga) == (2, 3, 1)
        assert (rows[b].gp, rows[b].w, rows[b].l, rows[b].pts) == (2, 1, 1, 2)

    def test_a_lineup_must_leave_the_record_standing(self, service: Tournaments,
                                                     division: int) -> None:
        a, b, _, _ = (t.team_id for t in service.division_view(division).teams)
        game = self._play(service, division, a, b, [FaceOff(_t(1, 12)),
                                                    Goal(_t(1, 10), "home", 5)])
        roster = _players(service, a)
        without_5 = [pid for pid, number in roster if number != 5]
        with pytest.raises(RuleViolation, match=r"203\(a\).*record does not stand"):
            service.set_lineup(game, a, without_5, captain=None)
        assert service.game_state(game)[1].score["home"] == 1  # nothing changed
        everyone = [pid for pid, _ in roster]
        captain = next(pid for pid, number in roster if number == 2)
        assert service.set_lineup(game, a, everyone, captain=captain).accepted

    def test_suspended_player_cannot_be_dressed(self, service: Tournaments,
                                                division: int) -> None:
        a, b, _, _ = (t.team_id for t in service.division_view(division).teams)
        events: list[object] = [FaceOff(_t(1, 12)), Stoppage(_t(1, 11)),
                                Penalty(_t(1, 11), "home", 7, PenaltyClass.GAME_MISCONDUCT,
                                        "fighting", "615(c)"),
                                FaceOff(_t(1, 11)), Goal(_t(1, 5), "away", 5),
                                FaceOff(_t(1, 5)), PeriodEnd(_t(1, 0)), FaceOff(_t(2, 12)),
                                PeriodEnd(_t(2, 0))]
        self._play(service, division, a, b, events)
        nxt = service.add_game(division, a, b)
        roster = _players(service, a)
        seven = next(pid for pid, number in roster if number == 7)
        with pytest.raises(LineupError, match=r"404\(d\)"):
            service.set_lineup(nxt, a, [pid for pid, _ in roster], captain=None)
        check = service.set_lineup(nxt, a, [pid for pid, _ in roster if pid != seven])
        assert check.accepted

    def test_second_forfeit_removes_the_team_and_its_games(self, service: Tournaments,
                                                           division: int) -> None:
        a, b, c, d = (t.team_id for t in service.division_view(division).teams)
        self._play(service, division, a, b, _win(4, 0))
        self._play(service, division, c, a, [Forfeit(_t(1, 12), "away", "no show")])
        self._play(service, division, d, a, [Forfeit(_t(1, 12), "away", "no show")])
        rows = {r.team_id: r for r in service.standings(division)}
        assert a not in rows  # removed (634(e), casebook 26)
        assert rows[b].gp == 0 and rows[c].gp == 0
        later = service.add_game(division, a, c)
        with pytest.raises(TournamentRuleError, match=r"634\(e\)"):
            service.record(later, 0, [FaceOff(_t(1, 12))], by="scorer")


def _players(service: Tournaments, team_id: int) -> list[tuple[int, int]]:
    from sqlalchemy import select

    from rinkside.store import models

    with service.read() as s:
        return [(p.id, p.number) for p in s.scalars(
            select(models.Player).where(models.Player.team_id == team_id,
                                        models.Player.active.is_(True)))]


class TestStateCache:
    def test_a_stored_state_is_reused_only_for_the_same_log_and_setup(
            self, service: Tournaments, division: int,
            sessions: sessionmaker[Session]) -> None:
        a, b, _, _ = (t.team_id for t in service.division_view(division).teams)
        game = service.add_game(division, a, b)
        _, state = service.record(game, 0, [FaceOff(_t(1, 12)), Goal(_t(1, 10), "home", 5)],
                                        by="scorer")
        fresh = Tournaments(sessions)  # a new process: nothing in memory
        assert fresh.game_state(game)[1].snapshot() == state.snapshot()
        roster = _players(service, a)
        fresh.set_lineup(game, a, [pid for pid, number in roster if number != 9])
        _, after = Tournaments(sessions).game_state(game)
        assert not after.setup.home.has(9)  # recomputed for the new lineup
        assert after.score == state.score


class TestPlayoffs:
    def test_seeded_bracket_scheduled_round_by_round_to_a_champion(
            self, service: Tournaments, division: int) -> None:
        import random

        from rinkside.simulate import play_game

        rng = random.Random(5)
        service.generate_round_robin(division, start=datetime(2026, 12, 5, 8, tzinfo=UTC),
                                     slot_minutes=40, rinks=["Rink 1"])

        def play_all(stage: str) -> None:
            for game in service.division_view(division).schedule:
                service.dress_eligible(game.game_id)  # 203(a): suspended players sit out
                version, state = service.game_state(game.game_id)
                if game.stage == stage and version == 0:
                    service.record(game.game_id, 0, play_game(rng, state.setup), by="scorer")

        play_all("pool")
        table = service.standings(division)
        semis = service.schedule_playoffs(division, 4)
        assert len(semis) == 2
        assert playoff_teams(service, division) == 4  # drawn: the public bracket shows it
        view = service.division_view(division)
        first = next(g for g in view.schedule if g.game_id == semis[0])
        assert {first.home_team_id, first.away_team_id} == {table[0].team_id, table[3].team_id}
        play_all("playoff")
        assert len(service.schedule_playoffs(division, 4)) == 1  # the final
        play_all("playoff")
        bracket, mapping = service.playoffs(division, 4)
        assert bracket.champion is not None and len(mapping) == 3
        assert service.schedule_playoffs(division, 4) == []

    def test_playoffs_need_settings_that_cannot_end_tied(self, service: Tournaments) -> None:
        with pytest.raises(TournamentRuleError, match="639"):
            service.create_tournament("Ties", None, {"overtime": "none"},
                                      playoff_settings={"overtime": "none"})


class TestLineupLetters:
    def test_the_captain_named_for_the_game_gets_the_forfeit_goal(
            self, service: Tournaments, division: int) -> None:
        a, b, _, _ = (t.team_id for t in service.division_view(division).teams)
        game = service.add_game(division, a, b)
        roster = dict((number, pid) for pid, number in _players(service, a))
        dressed = [roster[n] for n in (1, 5, 6, 7, 8, 9)]  # the roster's captain #2 is not
        service.set_lineup(game, a, dressed, captain=roster[5], alternates=[roster[6]])
        _, state = service.record(game, 0, [Forfeit(_t(1, 12), "away", "no show")], by="td")
        assert state.scoring()["home"] == {5: (1, 0)}  # 634(d)2: the captain of the day
