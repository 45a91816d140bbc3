"""Two directors (or two tabs) saving one set of the desk's at once, through
the service, on SQLite and on PostgreSQL: a game's officials (Rules 501-507:
the report names one set), a tournament's travel between venues, an
official's hours. The saves queue on the row the set hangs from and the last
one wins whole, never a database error (the web's 500) and never half (or
all) of each."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import UTC, date, datetime

from sqlalchemy.orm import Session, sessionmaker

from rinkside.services import desk_people, desk_rinks, officiating, rinks, schedule_requests, users
from rinkside.services.tournaments import Tournaments
from rinkside.store import models
from rinkside.tournament.schedule_values import Window

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


def test_travel_between_venues_saved_at_once_ends_as_one_whole_set(
    sessions: sessionmaker[Session],
) -> None:
    service = Tournaments(sessions)
    tournament = service.create_tournament("Race Cup", date(2026, 12, 5), {})
    for venue in ("Arena", "Barn", "Civic"):
        rink = rinks.add_rink(service, tournament, f"{venue} rink", {})
        desk_rinks.set_hours(service, rink, opening="", closed="", by="dana", venue=venue)
    texts = [f"Arena / Barn: {n}\nBarn / Civic: {n + 1}\nArena / Civic: {n + 2}" for n in (10, 20)]
    for _ in range(ROUNDS):
        saves = [
            lambda text=text: desk_rinks.set_travel_pairs(service, tournament, text, by="dana")
            for text in texts
        ]
        assert _at_once(saves) == []
        minutes = sorted(m for _, _, m in desk_rinks.travel_pairs(service, tournament))
        assert minutes in ([10, 11, 12], [20, 21, 22])


def test_an_officials_hours_saved_at_once_end_as_one_row(
    sessions: sessionmaker[Session],
) -> None:
    service = Tournaments(sessions)
    tournament = service.create_tournament("Race Cup", date(2026, 12, 5), {})
    mornings = [
        Window(datetime(2026, 12, 5, 8 + n, tzinfo=UTC), datetime(2026, 12, 5, 12, tzinfo=UTC))
        for n in (0, 1)
    ]
    for _ in range(ROUNDS):
        saves = [
            lambda most=most, window=window: schedule_requests.set_official_hours(
                service, tournament, "Rita Ref", [window], most_a_day=most, by="dana"
            )
            for most, window in zip((2, 3), mornings, strict=True)
        ]
        assert _at_once(saves) == []
        kept = schedule_requests.requests_of(service, tournament).officials
        assert len(kept) == 1 and kept[0][0] == "Rita Ref" and kept[0][2] in (2, 3)
