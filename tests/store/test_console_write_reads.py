"""Issue 30, a console write near the cost of its commit: a write of a game
in play reads the game, whether it is signed (616(a)), its settings, names,
players, lineup and styles in one statement
(:func:`rinkside.services.recording.game_at_write`), appends, reads the
clocks for the live view and keeps the state: a handful of statements where
it ran a dozen and an ORM load. What it builds from that one read is what
the separate reads gave: the same setup (Rules 202, 203(a), 639), the same
live view."""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy.orm import Session, sessionmaker
from storekit import statements, two_team_game

from rinkside.rules.events import FaceOff, Stoppage
from rinkside.rules.roster import GameSetup
from rinkside.rules.times import GameTime
from rinkside.services import recording, replay, state_cache
from rinkside.services.change import Change
from rinkside.services.queries.games import live
from rinkside.services.tournaments import Tournaments
from rinkside.store import models


def test_a_write_of_a_game_in_play_runs_a_handful_of_statements(
        sessions: sessionmaker[Session]) -> None:
    service = Tournaments(sessions)
    game_id, _ = two_team_game(service, "Reads Cup", skaters=10)
    version, _ = service.record(game_id, 0, [FaceOff(GameTime(1, 7200))], by="test")
    with statements(sessions.kw["bind"]) as sent:
        version, state = service.record(game_id, version, [Stoppage(GameTime(1, 7000))],
                                        by="test")
    # the game read, the append, the clocks for the live view, the state kept
    assert len(sent) <= 4, "\n".join(sent)
    with statements(sessions.kw["bind"]) as sent:
        service.record(game_id, version, [FaceOff(GameTime(1, 7000))], by="test")
    assert len(sent) <= 5, "\n".join(sent)  # and the clock's anchor (Rule 507(a))
    assert state.phase == "stopped"


def test_the_setup_read_with_the_game_is_the_one_its_own_reads_build(
        sessions: sessionmaker[Session]) -> None:
    """Birth dates, playing coaches, goaltenders, a captain and alternates
    named for the game (202(c)), players no longer on the roster left out:
    the setup built from the one read equals the one built from the players'
    and lineups' own reads."""
    service = Tournaments(sessions)
    game_id, (home, _) = two_team_game(service, "Reads Cup", skaters=10)
    ids = service.set_roster(home, [
        {"number": 1, "name": "Keeper", "goalie": True, "birth_date": date(2001, 2, 3)},
        {"number": 4, "name": "Coach Four", "playing_coach": True,
         "birth_date": date(1990, 5, 6)},
        {"number": 5, "name": "Skater 5", "captain": "C"},
        *({"number": n, "name": f"Skater {n}", "birth_date": date(2000, 1, n)}
          for n in range(6, 14))])
    service.set_lineup(game_id, home, ids[:8], captain=ids[2], alternates=[ids[3], ids[4]])
    with service.read() as s:
        at_write = recording.game_at_write(s, game_id)
        built = recording.setup_at_write(at_write)
        own = replay.setup_of(s, service.existing_row(s, models.Game, game_id))
    assert built == own
    assert [p.number for p in built.home.players] == [1, 4, 5, 6, 7, 8, 9, 10]
    assert {p.number: p.captain for p in built.home.players if p.captain} == {5: "C", 6: "A",
                                                                              7: "A"}
    assert len(built.away.players) == 11  # no lineup: the whole roster
    assert not at_write.locked and not at_write.hooked


def test_the_live_view_a_write_carries_is_what_a_read_after_it_shows(
        sessions: sessionmaker[Session]) -> None:
    """The names, the teams' styles and the clock the write anchored."""
    changes: list[Change] = []
    service = Tournaments(sessions, on_change=changes.append)
    game_id, (home, _) = two_team_game(service, "Reads Cup", skaters=10)
    service.set_team_style(home, colour="#1e40af")
    version, _ = service.record(game_id, 0, [FaceOff(GameTime(1, 7200))], by="test")
    version, _ = service.record(game_id, version, [Stoppage(GameTime(1, 7000))], by="test")
    version, _ = service.record(game_id, version, [FaceOff(GameTime(1, 7000))], by="test")
    carried = changes[-1].live
    assert carried is not None
    assert carried == live(service, game_id)
    shown, extras = carried
    assert (shown.version, shown.home, shown.away) == (version, "Blades", "Storm")
    assert extras.styles == {home: ("#1e40af", None)}
    assert extras.anchor is not None and extras.anchor.left == 7000


def test_a_state_kept_again_for_the_same_setup_is_not_digested_again(
        sessions: sessionmaker[Session], monkeypatch: Any) -> None:
    """A stored state is kept under the digests of its settings and rosters;
    a console's next write keeps its state for the very setup the last one
    digested, and digests nothing again."""
    service = Tournaments(sessions)
    game_id, _ = two_team_game(service, "Reads Cup", skaters=10)
    version, _ = service.record(game_id, 0, [FaceOff(GameTime(1, 7200))], by="test")
    digested: list[object] = []
    dumps = state_cache.pickle.dumps  # what a value is digested as

    def counted(value: object, *args: Any, **kwargs: Any) -> bytes:
        digested.append(value)
        return dumps(value, *args, **kwargs)

    monkeypatch.setattr(state_cache.pickle, "dumps", counted)
    version, _ = service.record(game_id, version, [Stoppage(GameTime(1, 7000))], by="test")
    assert digested == []
    service.cache.clear()  # and the state kept is read back for that setup
    assert service.game_state(game_id)[0] == version


def test_a_write_after_a_read_of_the_game_compares_no_rosters(
        sessions: sessionmaker[Session], monkeypatch: Any) -> None:
    """A state read by another path (game_state(): setup_of's setup, an
    equal value built apart) is kept again with the write's own setup, so
    the writes after it find their setup at once and compare no rosters."""
    service = Tournaments(sessions)
    game_id, _ = two_team_game(service, "Reads Cup", skaters=10)
    version, _ = service.record(game_id, 0, [FaceOff(GameTime(1, 7200))], by="test")
    service.cache.clear()
    assert service.game_state(game_id)[0] == version  # replayed with setup_of's setup
    version, _ = service.record(game_id, version, [Stoppage(GameTime(1, 7000))], by="test")
    compared: list[object] = []
    equal = GameSetup.__eq__

    def counted(self: GameSetup, other: object) -> bool:
        compared.append(other)
        return equal(self, other)

    monkeypatch.setattr(GameSetup, "__eq__", counted)
    version, state = service.record(game_id, version, [FaceOff(GameTime(1, 7000))], by="test")
    assert compared == []
    with service.read() as s:
        assert state.setup is recording.setup_at_write(recording.game_at_write(s, game_id))
