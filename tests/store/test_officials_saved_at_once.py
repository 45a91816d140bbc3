"""Two directors (or two tabs) saving one game's officials at once, through
the service, on SQLite and on PostgreSQL: the saves queue on the game's row
and the last one wins whole (Rules 501-507: the report names one set), never
a database error (the web's 500) and never half of each."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import date

from sqlalchemy.orm import Session, sessionmaker

from rinkside.services import desk_people, officiating, users
from rinkside.services.tournaments import Tournaments
from rinkside.store import models

ROUNDS = 6  # each round: every save at once


def _game(service: Tournaments) -> int:
    tournament = service.create_tournament("Race Cup", date(2026, 12, 5), {})
    division = service.add_division(tournament, "Division 1")
    home, away = (service.add_team(division, name) for name in ("Blades", "Storm"))
    return service.add_game(division, home, away)


def _at_once(saves: list[Callable[[], object]]) -> list[BaseException]:
    """Every save started together (a barrier), each in its own thread: what
    any of them raised."""
    start = threading.Barrier(len(saves))
    failures: list[BaseException] = []
    lock = threading.Lock()

    def run(save: Callable[[], object]) -> None:
        start.wait()
        try:
            save()
        except BaseException as exc:  # any error is what this test finds
            with lock:
                failures.append(exc)

    threads = [threading.Thread(target=run, args=(save,)) for save in saves]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return failures


CREWS = [
    {
        "referee": [f"Ref {tab}{n}" for n in (1, 2)],
        "goal_judge": [f"Judge {tab}"],
        "game_timekeeper": [f"Keeper {tab}"],
    }
    for tab in "ABC"
]


def test_officials_saved_at_once_end_as_one_whole_set(sessions: sessionmaker[Session]) -> None:
    game = _game(Tournaments(sessions))
    for _ in range(ROUNDS):
        failures = _at_once(
            [
                lambda crew=crew: officiating.set_officials(Tournaments(sessions), game, crew)
                for crew in CREWS
            ]
        )
        assert failures == []
        named = officiating.officials(Tournaments(sessions), game)
        assert {role: names for role, names in named.items() if names} in CREWS


def test_staff_saved_at_once_ends_as_one_whole_set(sessions: sessionmaker[Session]) -> None:
    service = Tournaments(sessions)
    game = _game(service)
    for tab in "AB":
        users.create_user(service, f"keeper-{tab}", "password-1", "scorekeeper")
        for n in (1, 2):
            users.create_user(service, f"ref-{tab}{n}", "password-1", "referee")
    users.create_user(service, "dana", "password-1", "director")

    def save(tab: str) -> Callable[[], object]:
        return lambda: desk_people.set_staff(
            Tournaments(sessions),
            game,
            scorekeeper=f"keeper-{tab}",
            referees=[f"ref-{tab}1", f"ref-{tab}2"],
            others={"official_scorer": [f"Scorer {tab}"]},
            by="dana",
        )

    for _ in range(ROUNDS):
        assert _at_once([save("A"), save("B")]) == []
        staff = desk_people.staff(service, game)
        tab = staff.referees[0][-2]
        assert staff.referees == (f"ref-{tab}1", f"ref-{tab}2")
        assert staff.scorekeepers == (f"keeper-{tab}",)
        assert staff.others["official_scorer"] == [f"Scorer {tab}"]
        with service.read() as s:  # the logins that work the game: the winner's alone
            holding = sorted(
                u.username for u in s.query(models.User).all() if game in (u.games or [])
            )
        assert holding == sorted([f"keeper-{tab}", f"ref-{tab}1", f"ref-{tab}2"])
