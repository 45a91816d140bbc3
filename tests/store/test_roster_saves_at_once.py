"""Two saves of one set at once, on SQLite and on PostgreSQL, their
interleaving forced: the first save stops before its first write, having
read what it reads before writing; the second runs until its own first
write; then both go on. A save that reads before it holds the row its set
hangs from replaces what it read, not what the other wrote: a duplicate key
(the web's 500) or both sets. Held first, the second waits and the last one
stands whole: a team's roster (Rules 201-203, 307(c)), a game's lineup
(202(c), 204), a login's games, a game's lock on the schedule, a team's
colours."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date
from typing import Any

import pytest
from sqlalchemy import Engine, event, select
from sqlalchemy.orm import Session, sessionmaker

from rinkside.services import desk_schedule, desk_teams, users
from rinkside.services.tournaments import Tournaments
from rinkside.store import models
from rinkside.tournament.rosters import RosterError

WRITES = ("INSERT", "UPDATE", "DELETE")


def _takes_a_lock(statement: str) -> bool:
    """A write, or a read that locks its rows (PostgreSQL's FOR UPDATE)."""
    text = statement.lstrip().upper()
    return text.startswith(WRITES) or text.rstrip().endswith("FOR UPDATE")
PATIENCE = 60  # seconds: a guard against a hung test, never a wait for an outcome


@contextmanager
def _first_writes_paused(engine: Engine) -> Iterator[dict[str, threading.Event]]:
    """Events on the threads' first writes (or locks): the thread named
    ``first`` stops before its first such statement until ``release`` is set; ``paused``
    is set when it has stopped; the thread named ``second`` sets
    ``release`` as it begins its own first write."""
    events = {name: threading.Event() for name in ("paused", "release")}
    seen: set[str] = set()

    def before(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        name = threading.current_thread().name
        if name in seen or not _takes_a_lock(statement):
            return
        seen.add(name)
        if name == "first":
            events["paused"].set()
            assert events["release"].wait(PATIENCE)
        elif name == "second":
            events["release"].set()

    event.listen(engine, "before_cursor_execute", before)
    try:
        yield events
    finally:
        event.remove(engine, "before_cursor_execute", before)


def _interleaved(sessions: sessionmaker[Session], first: Callable[[], object],
                 second: Callable[[], object]) -> list[BaseException]:
    """``first`` stopped before its first write, ``second`` run until its
    own, then both on: what either raised."""
    engine = sessions.kw["bind"]
    failures: list[BaseException] = []

    with _first_writes_paused(engine) as events:

        def run(save: Callable[[], object]) -> None:
            try:
                save()
            except BaseException as exc:  # any error is what this test finds
                failures.append(exc)
            finally:
                events["release"].set()  # a save that never wrote holds no one back

        one = threading.Thread(target=run, args=(first,), name="first")
        one.start()
        assert events["paused"].wait(PATIENCE)
        two = threading.Thread(target=run, args=(second,), name="second")
        two.start()
        one.join()
        two.join()
    return failures


def _roster(tab: str) -> list[dict[str, object]]:
    players: list[dict[str, object]] = [{"number": 1, "name": f"{tab} Keeper", "goalie": True}]
    players += [{"number": n, "name": f"{tab} {n}", "captain": "C" if n == 2 else None}
                for n in range(2, 10)]
    return players


@pytest.fixture
def cup(sessions: sessionmaker[Session]) -> tuple[Tournaments, int, int, int]:
    """A service, a game and its two teams (home, away)."""
    service = Tournaments(sessions)
    tournament = service.create_tournament("Race Cup", date(2026, 12, 5), {})
    division = service.add_division(tournament, "Division 1")
    home, away = (service.add_team(division, name) for name in ("Blades", "Storm"))
    return service, service.add_game(division, home, away), home, away


def _active_names(service: Tournaments, team: int) -> list[str]:
    with service.read() as s:
        return sorted(s.scalars(select(models.Player.name).where(
            models.Player.team_id == team, models.Player.active)))


def test_a_roster_saved_twice_at_once_ends_as_the_last_whole(
    sessions: sessionmaker[Session], cup: tuple[Tournaments, int, int, int]
) -> None:
    service, _, team, _ = cup
    service.set_roster(team, _roster("Old"))
    saves = [lambda tab=tab: Tournaments(sessions).set_roster(team, _roster(tab))
             for tab in "AB"]
    assert _interleaved(sessions, *saves) == []
    names = _active_names(service, team)
    assert names in (sorted(str(p["name"]) for p in _roster(tab)) for tab in "AB")


def test_a_number_added_twice_at_once_is_refused_once_by_rule_307c(
    sessions: sessionmaker[Session], cup: tuple[Tournaments, int, int, int]
) -> None:
    service, _, team, _ = cup
    service.set_roster(team, _roster("Old"))
    saves = [lambda name=name: desk_teams.add_player(
        Tournaments(sessions), team, number=42, name=name, goalie=False, captain=None,
        by="dana") for name in ("Ann Added", "Bob Added")]
    failures = _interleaved(sessions, *saves)
    assert len(failures) == 1 and isinstance(failures[0], RosterError)
    assert "307(c)" in str(failures[0]) and "#42" in str(failures[0])
    assert len([n for n in _active_names(service, team) if n.endswith("Added")]) == 1


def test_a_lineup_saved_twice_at_once_ends_as_the_last_whole(
    sessions: sessionmaker[Session], cup: tuple[Tournaments, int, int, int]
) -> None:
    service, game, team, _ = cup
    ids = service.set_roster(team, _roster("Home"))
    keeper, skaters = ids[0], ids[1:]
    dressed = [[keeper, *skaters[:6]], [keeper, *skaters[2:]]]
    saves = [lambda players=players: Tournaments(sessions).set_lineup(
        game, team, players, captain=skaters[2]) for players in dressed]
    assert _interleaved(sessions, *saves) == []
    assert sorted(service.lineup_of(game, team)[0]) in (sorted(p) for p in dressed)


def test_a_logins_games_given_twice_at_once_end_as_the_last_whole(
    sessions: sessionmaker[Session], cup: tuple[Tournaments, int, int, int]
) -> None:
    service, game, home, away = cup
    with service.read() as s:
        division = s.get(models.Game, game).division_id  # type: ignore[union-attr]
    other = service.add_game(division, away, home)
    users.create_user(service, "keeper", "password-1", "scorekeeper")
    users.assign(service, "keeper", [game])
    lists = [[game, other], [other]]
    saves = [lambda games=games: users.assign(Tournaments(sessions), "keeper", games)
             for games in lists]
    assert _interleaved(sessions, *saves) == []
    with service.read() as s:
        user = s.scalars(select(models.User).where(models.User.username == "keeper")).one()
        rows = sorted(s.scalars(select(models.UserGame.game_id)
                                .where(models.UserGame.user_id == user.id)))
    assert user.games in lists and rows == user.games


def test_a_game_locked_twice_at_once_is_locked_once(
    sessions: sessionmaker[Session], cup: tuple[Tournaments, int, int, int]
) -> None:
    service, game, _, _ = cup
    saves = [lambda: desk_schedule.lock_game(Tournaments(sessions), game, locked=True, by="dana")
             for _ in range(2)]
    assert _interleaved(sessions, *saves) == []
    with service.read() as s:
        assert s.get(models.ScheduleLock, game) is not None
        locked = list(s.scalars(select(models.DeskChange.action)
                                .where(models.DeskChange.subject == f"game {game}")))
    assert locked == ["locked"]


def test_a_teams_colours_set_twice_at_once_end_as_the_last(
    sessions: sessionmaker[Session], cup: tuple[Tournaments, int, int, int]
) -> None:
    service, _, team, _ = cup
    colours = ["#1e40af", "#b91c1c"]
    saves = [lambda colour=colour: Tournaments(sessions).set_team_style(team, colour=colour)
             for colour in colours]
    assert _interleaved(sessions, *saves) == []
    assert service.team_styles([team])[team][0] in colours
