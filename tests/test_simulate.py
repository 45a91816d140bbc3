"""The game simulator: deterministic, legal, realistic, and covering the book."""

from __future__ import annotations

import json
import random
import statistics
from collections.abc import Iterator
from pathlib import Path

import pytest

from rinkside.rules import GameSetup, GameState, RuleViolation, apply, replay, start
from rinkside.rules.events import (
    TEAMS,
    Event,
    FaceOff,
    Goal,
    GoalieChange,
    PenaltyClass,
    PenaltyShot,
    PenaltySignal,
    ShootoutAttempt,
    Stoppage,
)
from rinkside.rules.settings import Settings
from rinkside.simulate import simulate_game, simulate_games, write_games

SEED = 20260
COVERAGE_GAMES = 200

Game = tuple[GameSetup, list[Event], GameState]


def _played(n: int, seed: int) -> Iterator[Game]:
    for setup, events in simulate_games(n, seed, second_edition=True):
        yield setup, events, replay(setup, events)


@pytest.fixture(scope="module")
def games() -> list[Game]:
    return list(_played(COVERAGE_GAMES, SEED))


class TestDeterminism:
    def test_same_seed_same_games(self) -> None:
        first = list(simulate_games(5, 7))
        second = list(simulate_games(5, 7))
        assert first == second

    def test_different_seeds_differ(self) -> None:
        a = [events for _, events in simulate_games(3, 1)]
        b = [events for _, events in simulate_games(3, 2)]
        assert a != b
        assert a[0] != a[1]  # and the games of one seed differ among themselves

    def test_simulate_game_uses_the_generator_only(self) -> None:
        one = simulate_game(random.Random(99))
        two = simulate_game(random.Random(99))
        assert one == two

    def test_settings_given_are_used(self) -> None:
        settings = Settings(clock="running", period_length=15 * 600, minor=900,
                            overtime="shootout_only", mercy=None)
        setup, events = simulate_game(random.Random(3), settings)
        assert setup.settings == settings
        assert replay(setup, events).status == "final"


    def test_where_play_waits_for_servers_the_teams_name_them(self) -> None:
        """402(c), 404(b), 404(e), 405(a), 407(a): under ``servers_named`` the
        simulator names the server of each penalty another player serves, so
        its face-offs are accepted; more servers are named than without."""
        named = unnamed = 0
        for seed in range(40):
            setup, events = simulate_game(random.Random(seed), Settings(servers_named=True))
            assert replay(setup, events).status == "final"
            named += sum(1 for e in events if getattr(e, "served_by", None) is not None)
            _, plain = simulate_game(random.Random(seed))
            unnamed += sum(1 for e in plain if getattr(e, "served_by", None) is not None)
        assert named > unnamed


class TestLegality:
    def test_every_game_replays_event_by_event_and_ends_final(self, games: list[Game]) -> None:
        for setup, events, _ in games:
            state = start(setup)
            for i, event in enumerate(events):
                try:
                    state = apply(state, event)
                except RuleViolation as exc:  # pragma: no cover - the failure message
                    pytest.fail(f"event {i} {event!r} refused: {exc}")
            assert state.status == "final"
            assert state.result is not None

    def test_games_start_with_a_faceoff_and_face_off_after_every_stoppage(
            self, games: list[Game]) -> None:
        for _, events, _ in games:
            assert isinstance(events[0], FaceOff)
            for i, event in enumerate(events):
                if isinstance(event, Stoppage | Goal | PenaltyShot) and i + 1 < len(events):
                    rest = events[i + 1:]
                    nxt = next((e for e in rest if isinstance(e, FaceOff | Stoppage)), None)
                    assert not isinstance(nxt, Stoppage), f"two whistles without a face-off at {i}"

    def test_a_pulled_goalie_comes_back_at_the_next_stoppage(self, games: list[Game]) -> None:
        for setup, events, _ in games:
            state = start(setup)
            for event in events:
                state = apply(state, event)
                if isinstance(event, FaceOff):
                    assert all(state.has_goalie(t) for t in TEAMS)


class TestRealism:
    def test_rosters(self, games: list[Game]) -> None:
        for setup, _, _ in games:
            for roster in (setup.home, setup.away):
                assert len(roster.players) == 15
                assert roster.goalies
                assert roster.captain is not None
                assert sum(1 for p in roster.players if p.captain == "A") == 2
                assert len({p.number for p in roster.players}) == 15
            assert setup.home.name != setup.away.name

    def test_event_and_goal_counts(self, games: list[Game]) -> None:
        lengths = [len(events) for _, events, _ in games]
        goals = [sum(state.score.values()) for _, _, state in games
                 if state.result is not None and state.result.decided_by != "forfeit"]
        assert 40 <= statistics.mean(lengths) <= 120
        assert 40 <= statistics.median(lengths) <= 120
        assert 3 <= statistics.mean(goals) <= 8
        assert max(lengths) < 400

    def test_minors_are_the_common_penalty(self, games: list[Game]) -> None:
        classes = [p.penalty_class for _, _, s in games for p in s.penalties]
        minors = classes.count(PenaltyClass.MINOR)
        assert minors > len(classes) / 2
        per_game = len(classes) / len(games)
        assert 2 <= per_game <= 15

    def test_penalties_fit_the_catalog(self, games: list[Game]) -> None:
        """Every infraction is one the catalog gives in that class: the engine
        warns of nothing but delayed minors washed out by a goal (409(c)), the
        automatic companions it adds itself (casebook 42), and a high-sticking
        major whose ejection is not yet recorded (619(c)'s "must")."""
        for setup, events, _ in games[:60]:
            state = start(setup)
            for event in events:
                state = apply(state, event)
                assert all(w.rule in ("409(c)", "619(c)") or "(casebook 42)" in w.text
                           for w in state.last_warnings), state.last_warnings

    def test_settings_vary(self, games: list[Game]) -> None:
        seen = {(s.settings.clock, s.settings.overtime) for s, _, _ in games}
        assert len(seen) == 8
        assert {s.settings.period_length for s, _, _ in games} == {7200, 9000, 10200}
        assert {s.settings.minor for s, _, _ in games} == {900, 1200}
        assert {s.settings.major for s, _, _ in games} == {2400, 3000}
        assert {s.settings.mercy for s, _, _ in games} == {8, None}


def _delayed_penalty_goal(events: list[Event]) -> bool:
    """A goal of the other team while a signal is pending (409(c))."""
    pending: list[PenaltySignal] = []
    for event in events:
        if isinstance(event, PenaltySignal):
            pending.append(event)
        elif isinstance(event, Goal) and any(s.team != event.team for s in pending):
            return True
        elif isinstance(event, Stoppage | Goal | PenaltyShot | FaceOff):
            pending = []
    return False


class TestCoverage:
    """Across 200 games every happening the simulator promises occurs."""

    def test_every_penalty_class(self, games: list[Game]) -> None:
        seen = {p.penalty_class for _, _, s in games for p in s.penalties}
        assert seen == set(PenaltyClass)

    def test_suspensions_of_every_kind(self, games: list[Game]) -> None:
        lengths = {s.games for _, _, state in games for s in state.suspensions()}
        assert {"rest_of_tournament", "pending_review", 1, 3} <= lengths

    def test_penalties_with_served_by(self, games: list[Game]) -> None:
        served = {(p.penalty_class, p.goalie) for _, _, s in games for p in s.penalties
                  if p.served_by is not None}
        assert (PenaltyClass.BENCH_MINOR, False) in served
        assert (PenaltyClass.MATCH, False) in served
        assert (PenaltyClass.MINOR, True) in served  # a goaltender's minor

    def test_endings(self, games: list[Game]) -> None:
        decided = {s.result.decided_by for _, _, s in games if s.result is not None}
        assert {"regulation", "overtime", "shootout", "mercy", "tie"} <= decided

    def test_an_overtime_goal(self, games: list[Game]) -> None:
        assert any(g.at.period > setup.settings.periods and not g.penalty_shot
                   for setup, _, s in games for g in s.goals)

    def test_an_empty_net_goal(self, games: list[Game]) -> None:
        assert any(g.empty_net for _, _, s in games for g in s.goals)

    def test_a_penalty_shot(self, games: list[Game]) -> None:
        shots = [e for _, events, _ in games for e in events if isinstance(e, PenaltyShot)]
        assert any(e.scored for e in shots)
        assert any(not e.scored for e in shots)

    def test_a_delayed_penalty_goal(self, games: list[Game]) -> None:
        assert any(_delayed_penalty_goal(events) for _, events, _ in games)

    def test_a_shootout_alternates_from_the_visitors(self, games: list[Game]) -> None:
        shootouts = [[e for e in events if isinstance(e, ShootoutAttempt)]
                     for _, events, _ in games]
        shootouts = [s for s in shootouts if s]
        assert shootouts
        for attempts in shootouts:
            assert [a.team for a in attempts] == [
                ("away", "home")[i % 2] for i in range(len(attempts))]

    def test_time_outs_and_goalie_pulls(self, games: list[Game]) -> None:
        kinds = {type(e).__name__ for _, events, _ in games for e in events}
        assert {"TimeOut", "GoalieChange", "PenaltySignal", "Designate"} <= kinds
        pulled = any(isinstance(e, GoalieChange) and e.goalie is None
                     for _, events, _ in games for e in events)
        assert pulled

    def test_coincident_penalties(self, games: list[Game]) -> None:
        def coincident(state: GameState) -> bool:
            by_moment: dict[tuple[int, int], set[str]] = {}
            for p in state.penalties:
                by_moment.setdefault((p.at.period, p.at.left), set()).add(p.team)
            return any(len(teams) == 2 for teams in by_moment.values())
        assert any(coincident(s) for _, _, s in games)


class TestFiles:
    def test_written_files_load_and_replay_the_same(self, tmp_path: Path) -> None:
        scenario = pytest.importorskip("rinkside.formats")
        paths = write_games(12, SEED, tmp_path)
        assert len(paths) == 12 and len(set(paths)) == 12
        for path, (setup, events) in zip(paths, simulate_games(12, SEED), strict=True):
            data = json.loads(path.read_text(encoding="utf-8"))
            assert data["id"] == path.stem
            assert data["expect"] == []
            assert len(data["home"]["roster"]) == 15
            loaded_setup, loaded_events = scenario.load_game_log(path)
            assert loaded_setup == setup
            assert loaded_events == events
            assert replay(loaded_setup, loaded_events).snapshot() == \
                replay(setup, events).snapshot()
            scenario.load_scenario(path)  # also a valid scenario (no checks)

    def test_written_settings_are_edge_strings(self, tmp_path: Path) -> None:
        (path,) = write_games(1, 5, tmp_path)
        settings = json.loads(path.read_text(encoding="utf-8"))["settings"]
        assert settings["period_length"] in ("12:00", "15:00", "17:00")
        assert settings["minor"] in ("1:30", "2:00")
        assert settings["major"] in ("4:00", "5:00")


class TestFoldKeepsItsDerivedValues:
    """What the fold keeps rather than works out again at each read (issue 30)
    stays what working it out gives, at every state of every game."""

    @pytest.mark.parametrize("settings", [Settings(), Settings(clock="running",
                                                               late_stop_clock=1200)])
    def test_elapsed_follows_the_period_and_the_time_left(self, settings: Settings) -> None:
        checked = 0
        for seed in range(25):
            setup, events = simulate_game(random.Random(seed), settings)
            state = start(setup)
            for event in events:
                state = apply(state, event)
                worked_out = state.period_offset(state.period + 1) - state.left
                assert state.elapsed == worked_out, (seed, event)
                if state.phase in ("in_play", "stopped") and state.left > 0:
                    later = state.advance_to(type(state.clock)(state.period, state.left - 1))
                    assert later.elapsed == later.period_offset(later.period + 1) - later.left
                    checked += 1
        assert checked > 100

    def test_goaltenders_are_the_ones_the_roster_lists(self) -> None:
        """203(a): a backup goaltender on the bench is a goaltender; a skater is not."""
        setup, _ = simulate_game(random.Random(5))
        state = start(setup)
        for team in TEAMS:
            roster = setup.roster(team)
            for player in roster.players:
                assert roster.lists_goalie(player.number) == player.goalie
                assert state.is_goaltender(team, player.number) == (
                    player.goalie or player.number == state.goalie(team))
