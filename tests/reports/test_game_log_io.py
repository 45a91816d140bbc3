"""Game logs out and in: every played demo game exported and imported into a
fresh game of the same teams is the same game; a file that does not fit is
refused with what and where, and records nothing."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from exportkit import (
    Demo,
    build,
    copy_league,
    forfeit,
    game_teams,
    played_games,
    player_ids,
    small_league,
)

from rinkside.formats import ScenarioError, decode_event, load_game_log
from rinkside.reports import game_log
from rinkside.services import logs
from rinkside.services.tournaments import NotFound, Tournaments
from rinkside.store import models


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Demo:
    return build(tmp_path_factory.mktemp("gamelog") / "demo.sqlite")


@pytest.fixture(scope="module")
def league(demo: Demo, tmp_path_factory: pytest.TempPathFactory
           ) -> tuple[Tournaments, dict[int, int]]:
    """The demo's league without its games: where the logs are imported."""
    return copy_league(demo, tmp_path_factory.mktemp("gamelog") / "league.sqlite")


def _fresh_game(demo: Demo, league: tuple[Tournaments, dict[int, int]], game_id: int) -> int:
    """A new scheduled game of the same teams (same home and away) in the copy."""
    target, teams = league
    _, home, away = game_teams(demo.service, game_id)
    with target.read() as s:
        division = s.get(models.Team, teams[home]).division_id  # type: ignore[union-attr]
    fresh = target.add_game(division, teams[home], teams[away])
    # the lineups the game was played with (203(a): its suspended players left out)
    _, original = demo.service.game_state(game_id)
    for team, team_id in (("home", teams[home]), ("away", teams[away])):
        with target.read() as s:
            ids = {p.number: p.id for p in s.get(models.Team, team_id).players}  # type: ignore[union-attr]
        dressed = [ids[p.number] for p in original.setup.roster(team).players]
        if len(dressed) < len(ids):
            target.set_lineup(fresh, team_id, dressed)
    return fresh


def _write(tmp_path: Path, name: str, document: dict[str, Any] | str) -> Path:
    path = tmp_path / name
    path.write_text(document if isinstance(document, str) else json.dumps(document),
                    encoding="utf-8")
    return path


def _events_of(service: Tournaments, game_id: int) -> list[dict[str, Any]]:
    return [line.raw for line in logs.log_lines(logs.game_record(service, game_id))]


class TestRoundTrip:
    def test_every_played_game_imports_back_as_the_same_game(
            self, demo: Demo, league: tuple[Tournaments, dict[int, int]], tmp_path: Path
    ) -> None:
        target, _ = league
        games = played_games(demo)
        assert len(games) == 25  # both divisions' round robins
        kinds = set()
        for game_id in games:
            _, original = demo.service.game_state(game_id)
            assert original.result is not None
            kinds.add(original.result.decided_by)
            path = _write(tmp_path, f"game-{game_id}.json",
                          game_log.export_game_json(demo.service, game_id))
            fresh = _fresh_game(demo, league, game_id)
            version, state = game_log.import_game(target, fresh, path, by="import test")
            assert state.snapshot() == original.snapshot(), game_id
            assert state.setup == original.setup
            assert target.game_state(fresh) == (version, state)
            assert _events_of(target, fresh) == _events_of(demo.service, game_id)
            again = game_log.export_game(target, fresh)
            first = game_log.export_game(demo.service, game_id)
            for key in ("settings", "home", "away", "events"):
                assert again[key] == first[key], (game_id, key)
        assert len(kinds) > 1, kinds  # the demo's games do not all end alike

    def test_the_file_is_a_format_md_game_log(self, demo: Demo, tmp_path: Path) -> None:
        game_id = played_games(demo)[0]
        path = _write(tmp_path, "log.json", game_log.export_game_json(demo.service, game_id))
        setup, events = load_game_log(path)  # validated against the FORMAT.md schema
        _, state = demo.service.game_state(game_id)
        # FORMAT.md has no word for the table's setting servers_named (a scenario
        # names a server or not); everything else of the setup is in the file
        assert setup == replace(state.setup,
                                settings=replace(state.setup.settings, servers_named=False))
        assert len(events) == len(_events_of(demo.service, game_id))
        document = json.loads(path.read_text(encoding="utf-8"))
        assert document["id"] == f"game-{game_id}"
        assert document["home"]["name"] in document["title"]

    def test_a_bare_list_of_events_imports_too(self, demo: Demo, tmp_path: Path) -> None:
        """A file without settings or rosters (as `rinkside simulate` writes)
        is judged by the game's own settings and rosters. A league of its own:
        the games other tests import may suspend this game's players (404(d))."""
        league = copy_league(demo, tmp_path / "league.sqlite")
        target, _ = league
        game_id = played_games(demo)[1]
        path = _write(tmp_path, "bare.json", {"events": _events_of(demo.service, game_id)})
        fresh = _fresh_game(demo, league, game_id)
        _, state = game_log.import_game(target, fresh, path, by="import test")
        assert state.snapshot() == demo.service.game_state(game_id)[1].snapshot()


class TestLineupsAndShootouts:
    def test_a_forfeit_round_trips(self, tmp_path: Path) -> None:
        """Rule 634(d): recorded 1-0, the goal to the winning captain."""
        service, division, (a, b, _, _) = small_league(tmp_path / "league.sqlite")
        game_id = service.add_game(division, a, b)
        forfeit(service, game_id, "away")
        _, state = service.game_state(game_id)
        assert state.result is not None and state.result.decided_by == "forfeit"
        path = _write(tmp_path, "forfeit.json", game_log.export_game_json(service, game_id))
        fresh = service.add_game(division, a, b)
        _, imported = game_log.import_game(service, fresh, path, by="t")
        assert imported.snapshot() == state.snapshot()
        assert imported.scoring() == {"home": {2: (1, 0)}, "away": {}}  # captain #2

    def test_a_shootout_with_lineups_round_trips_once_the_same_players_dress(
            self, tmp_path: Path) -> None:
        """Rule 202(c), 204: the file carries the players dressed and the
        letters named for the game; the new game must dress the same ones."""
        service, division, (a, b, _, _) = small_league(
            tmp_path / "league.sqlite", settings={"overtime": "shootout"})
        ids = player_ids(service, a)

        def dress(game_id: int) -> None:
            service.set_lineup(game_id, a, [ids[n] for n in (1, 2, 3, 4, 5, 6, 7, 8)],
                               captain=ids[3], alternates=[ids[4]])

        game_id = service.add_game(division, a, b)
        dress(game_id)
        version, state = service.game_state(game_id)
        script = [
            {"type": "faceoff", "at": "1 12:00"},
            {"type": "goal", "at": "1 9:30", "team": "home", "scorer": 5, "assist": 3},
            {"type": "faceoff", "at": "1 9:30"},
            {"type": "period_end", "at": "1 0:00"},
            {"type": "faceoff", "at": "2 12:00"},
            {"type": "goal", "at": "2 4:00", "team": "away", "scorer": 7},
            {"type": "faceoff", "at": "2 4:00"},
            {"type": "period_end", "at": "2 0:00"},
            {"type": "faceoff", "at": "OT 5:00"},
            {"type": "period_end", "at": "OT 0:00"},
        ]
        # 639(b): the visitors shoot first; 3-0 with two home shooters left decides it
        for team, shooter, result in (("away", 2, "goal"), ("home", 3, "no_goal"),
                                      ("away", 5, "goal"), ("home", 5, "no_goal"),
                                      ("away", 6, "goal")):
            script.append({"type": "shootout_attempt", "at": "SO", "team": team,
                           "shooter": shooter, "result": result})
        events = [decode_event(e, i, 2) for i, e in enumerate(script)]
        _, state = service.record(game_id, version, events, by="scorekeeper")
        assert state.result is not None and state.result.decided_by == "shootout"
        assert state.setup.home.captain == 3  # named for the game, not #2 of the roster
        path = _write(tmp_path, "shootout.json", game_log.export_game_json(service, game_id))
        fresh = service.add_game(division, a, b)
        with pytest.raises(game_log.GameLogError) as caught:
            game_log.import_game(service, fresh, path, by="t")
        assert "home.roster: #9 Skater 9 is dressed for Team A in game" in str(caught.value)
        assert "#3 wears 'C' in the file but 'no letter'" in str(caught.value)
        dress(fresh)
        _, imported = game_log.import_game(service, fresh, path, by="t")
        assert imported.snapshot() == state.snapshot()
        assert imported.shootout_shots == state.shootout_shots


class TestRefusals:
    """Every refused file leaves the game as it was: no event, version 0."""

    @pytest.fixture
    def setup(self, demo: Demo, league: tuple[Tournaments, dict[int, int]]
              ) -> tuple[Tournaments, int, dict[str, Any]]:
        game_id = played_games(demo)[2]
        fresh = _fresh_game(demo, league, game_id)
        return league[0], fresh, game_log.export_game(demo.service, game_id)

    @staticmethod
    def _untouched(service: Tournaments, game_id: int) -> None:
        version, state = service.game_state(game_id)
        assert version == 0 and state.status == "not_started"
        assert _events_of(service, game_id) == []

    def test_corrupted_json(self, setup: tuple[Tournaments, int, dict[str, Any]],
                            tmp_path: Path) -> None:
        service, game_id, document = setup
        text = json.dumps(document)
        path = _write(tmp_path, "broken.json", text[: len(text) // 2])
        with pytest.raises(ScenarioError, match=r"broken\.json: not valid JSON: .*line 1"):
            game_log.import_game(service, game_id, path, by="t")
        self._untouched(service, game_id)

    def test_malformed_event_names_its_place(
            self, setup: tuple[Tournaments, int, dict[str, Any]], tmp_path: Path) -> None:
        service, game_id, document = setup
        document["events"][3]["at"] = "1 7:6"
        path = _write(tmp_path, "bad.json", document)
        with pytest.raises(ScenarioError, match=r"bad\.json: events\[3\]\.at: '1 7:6'"):
            game_log.import_game(service, game_id, path, by="t")
        self._untouched(service, game_id)

    def test_event_the_engine_refuses_names_its_index_and_rule(
            self, setup: tuple[Tournaments, int, dict[str, Any]], tmp_path: Path) -> None:
        service, game_id, document = setup
        events = document["events"]
        position = next(i for i, e in enumerate(events) if e["type"] == "faceoff" and i > 0)
        # Rule 641(a): a time-out only during a stoppage; right after a face-off play is on.
        events.insert(position + 1, {"type": "timeout", "at": events[position]["at"],
                                     "team": "home"})
        path = _write(tmp_path, "refused.json", document)
        with pytest.raises(game_log.GameLogRefused) as caught:
            game_log.import_game(service, game_id, path, by="t")
        assert caught.value.index == position + 1
        assert caught.value.rule == "641(a)"
        assert f"events[{position + 1}] (timeout at" in str(caught.value)
        assert "Rule 641(a)" in str(caught.value) and "nothing was recorded" in str(caught.value)
        self._untouched(service, game_id)

    def test_roster_that_does_not_match_is_reported_player_by_player(
            self, setup: tuple[Tournaments, int, dict[str, Any]], tmp_path: Path) -> None:
        service, game_id, document = setup
        roster = document["away"]["roster"]
        skater = next(p for p in roster if not p.get("goalie") and "captain" not in p)
        unused = next(n for n in range(2, 100) if n not in {p["number"] for p in roster})
        was = skater["number"]
        skater["number"] = unused
        goalie = next(p for p in document["home"]["roster"] if p.get("goalie"))
        goalie["goalie"] = False
        path = _write(tmp_path, "roster.json", document)
        with pytest.raises(game_log.GameLogError) as caught:
            game_log.import_game(service, game_id, path, by="t")
        problems = caught.value.problems
        assert any(p.startswith(f"away.roster: #{unused} ") and "Rule 203(a)" in p
                   for p in problems)
        assert any(p.startswith(f"away.roster: #{was} ") and "not in the file" in p
                   for p in problems)
        assert any(p.startswith(f"home.roster: #{goalie['number']} is not a goaltender")
                   for p in problems)
        assert len(problems) == 3
        self._untouched(service, game_id)

    def test_home_and_away_swapped(self, setup: tuple[Tournaments, int, dict[str, Any]],
                                   tmp_path: Path) -> None:
        service, game_id, document = setup
        document["home"], document["away"] = document["away"], document["home"]
        path = _write(tmp_path, "swapped.json", document)
        with pytest.raises(game_log.GameLogError, match=r"home and away swapped\?"):
            game_log.import_game(service, game_id, path, by="t")
        self._untouched(service, game_id)

    def test_settings_that_differ_name_their_rule(
            self, setup: tuple[Tournaments, int, dict[str, Any]], tmp_path: Path) -> None:
        service, game_id, document = setup
        document["settings"]["minor"] = "1:30"
        document["settings"]["overtime"] = "none"
        path = _write(tmp_path, "settings.json", document)
        with pytest.raises(game_log.GameLogError) as caught:
            game_log.import_game(service, game_id, path, by="t")
        minor = f"settings.minor: the file says 1:30 but game {game_id} is played with 2:00"
        overtime = (f"settings.overtime: the file says none but game {game_id} is played "
                    "with shootout")
        assert caught.value.problems == (f"{minor} (Rule 402(a))", f"{overtime} (Rule 639)")
        self._untouched(service, game_id)

    def test_a_game_already_played_is_refused(
            self, demo: Demo, tmp_path: Path) -> None:
        played = played_games(demo)
        path = _write(tmp_path, "log.json", game_log.export_game_json(demo.service, played[0]))
        version_before, _ = demo.service.game_state(played[1])
        with pytest.raises(game_log.GameLogError, match=r"already has \d+ event"):
            game_log.import_game(demo.service, played[1], path, by="t")
        assert demo.service.game_state(played[1])[0] == version_before

    def test_unknown_game(self, demo: Demo, tmp_path: Path) -> None:
        path = _write(tmp_path, "log.json",
                      game_log.export_game_json(demo.service, played_games(demo)[0]))
        with pytest.raises(NotFound):
            game_log.import_game(demo.service, 9999, path, by="t")
        with pytest.raises(NotFound):
            game_log.export_game(demo.service, 9999)

    def test_a_game_without_events_has_no_log(
            self, setup: tuple[Tournaments, int, dict[str, Any]]) -> None:
        service, game_id, _ = setup
        with pytest.raises(ValueError, match="no event recorded yet"):
            game_log.export_game(service, game_id)
