"""Several consoles writing one game at once, through the service, on SQLite
and on PostgreSQL: of the writers that read the same version one wins and
the others are refused (StaleWrite, the web's 409); nothing else goes wrong
(no database error, no deadlock), no event is lost and none is doubled.

Each writer and reader is its own service (its own memory cache, as a
second process or worker is), so the stored state cache is written by
several transactions at once: the race that was a ``UniqueViolation`` on
PostgreSQL when a cache write deleted and then inserted.
"""

from __future__ import annotations

import threading
from collections import Counter
from datetime import date

from sqlalchemy.orm import Session, sessionmaker

from rinkside.rules.events import FaceOff, Stoppage
from rinkside.rules.times import GameTime
from rinkside.services.tournaments import Tournaments
from rinkside.store.eventlog import StaleWrite, events_of

WRITERS = 4
ATTEMPTS = 12  # per writer
READERS = 2


def _game(service: Tournaments) -> int:
    tournament = service.create_tournament("Concurrency Cup", date(2026, 12, 5), {})
    division = service.add_division(tournament, "Division 1")
    home, away = (service.add_team(division, name) for name in ("Blades", "Storm"))
    for team, prefix in ((home, "B"), (away, "S")):
        service.set_roster(team, [{"number": 1, "name": f"{prefix} Goalie", "goalie": True},
                                  {"number": 2, "name": f"{prefix} 2", "captain": "C"},
                                  *({"number": n, "name": f"{prefix} {n}"} for n in range(3, 8))])
    return service.add_game(division, home, away)


def test_concurrent_consoles_lose_nothing_and_double_nothing(
        sessions: sessionmaker[Session]) -> None:
    game = _game(Tournaments(sessions))
    start = threading.Barrier(WRITERS + READERS)
    won: list[str] = []
    refused: list[str] = []
    failures: list[BaseException] = []
    lock = threading.Lock()
    writing = threading.Event()

    def console(number: int) -> None:
        service = Tournaments(sessions)  # its own memory cache: another process
        start.wait()
        for attempt in range(ATTEMPTS):
            tag = f"console {number} attempt {attempt}"
            try:
                version, state = service.game_state(game)
                moment = state.clock  # play is stopped: face off and stop a second later
                events = [FaceOff(moment), Stoppage(GameTime(moment.period, moment.left - 10),
                                                     reason=tag)]
                service.record(game, version, events, by=f"console {number}")
            except StaleWrite:
                with lock:
                    refused.append(tag)
            except BaseException as exc:  # any other outcome is the failure this test finds
                with lock:
                    failures.append(exc)
                return
            else:
                with lock:
                    won.append(tag)

    def scoreboard() -> None:
        service = Tournaments(sessions)
        start.wait()
        try:
            while writing.is_set():
                service.cache.clear()  # read from the store, and keep the state there
                service.game_state(game)
        except BaseException as exc:
            with lock:
                failures.append(exc)

    writing.set()
    readers = [threading.Thread(target=scoreboard) for _ in range(READERS)]
    writers = [threading.Thread(target=console, args=(n,)) for n in range(WRITERS)]
    for thread in readers + writers:
        thread.start()
    for thread in writers:
        thread.join(120)
    writing.clear()
    for thread in readers:
        thread.join(120)
    assert not any(thread.is_alive() for thread in readers + writers)

    assert failures == []
    assert len(won) + len(refused) == WRITERS * ATTEMPTS
    assert won  # at least one write went in
    with sessions() as s:
        version, events = events_of(s, game)
    recorded = [event.reason for event in events if isinstance(event, Stoppage)]
    assert Counter(recorded) == Counter(won)  # each win stored once, no refusal stored
    assert version == len(events) == 2 * len(won)  # one revision per event
    assert Tournaments(sessions).game_state(game)[0] == version
