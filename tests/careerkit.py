"""Two tournaments in which one skater and one goaltender play for a team in
each (issue 27: players with careers), built through the services and played
through the engine, for the web and browser tests of ``/players/{id}``."""

from __future__ import annotations

from dataclasses import dataclass

from gamekit import called, end, faceoff, goal, pulled
from sqlalchemy import select

from rinkside.rules.events import Event
from rinkside.services.tournaments import Tournaments
from rinkside.store import models

SKATER = "Łukasz Żółć"
GOALIE = "Ana Keeper"


@dataclass(frozen=True)
class Careers:
    tournaments: dict[str, int]
    teams: dict[str, int]
    games: dict[str, int]
    skater: dict[str, int]  # tournament -> his roster entry (player id)
    goalie: dict[str, int]


def _team(service: Tournaments, division: int, name: str, *, skater: int | None = None,
          goalie: int | None = None) -> int:
    """A team of a goaltender #1 (or ``GOALIE`` as ``goalie``) and skaters 2-11
    (``SKATER`` as ``skater``)."""
    team = service.add_team(division, name)
    service.add_player(team, goalie or 1, GOALIE if goalie else f"Goalie of {name}",
                       goalie=True)
    for number in range(2, 12):
        service.add_player(team, number, f"{name} skater {number}")
    if skater is not None:
        service.add_player(team, skater, SKATER)
    return team


def _play(service: Tournaments, game_id: int, events: list[Event]) -> None:
    version, _ = service.game_state(game_id)
    _, state = service.record(game_id, version, events, by="career test")
    assert state.result is not None, "the game did not end"


def build(service: Tournaments) -> Careers:
    """Spring Cup: Wolves (with SKATER #9 and GOALIE #1) beat Bears 2-0, SKATER
    scoring the first goal and taking a minor. Autumn Open: Lions 1, Hawks
    (SKATER #19, GOALIE #30) 2, SKATER's goal the winning one; Hawks pull
    GOALIE for the last minute after it."""
    spring = service.create_tournament("Spring Cup", None)
    u16 = service.add_division(spring, "U16")
    wolves = _team(service, u16, "Wolves", skater=12, goalie=1)
    bears = _team(service, u16, "Bears")
    autumn = service.create_tournament("Autumn Open", None)
    open_ = service.add_division(autumn, "Open")
    lions = _team(service, open_, "Lions")
    hawks = _team(service, open_, "Hawks", skater=19, goalie=30)
    first = service.add_game(u16, wolves, bears)
    _play(service, first, [
        faceoff("1 12:00"), goal("1 10:00", "home", 12, 5), faceoff("1 10:00"),
        goal("1 5:00", "home", 7), faceoff("1 5:00"), end("1 0:00"),
        faceoff("2 12:00"), *called("2 6:00", "home", 12, "minor"), end("2 0:00")])
    second = service.add_game(open_, lions, hawks)
    _play(service, second, [
        faceoff("1 12:00"), goal("1 9:00", "home", 4), faceoff("1 9:00"),
        goal("1 8:00", "away", 6), faceoff("1 8:00"), end("1 0:00"),
        faceoff("2 12:00"), goal("2 7:00", "away", 19, 6), faceoff("2 7:00"),
        pulled("2 1:00", "away"), end("2 0:00")])
    ids: dict[tuple[int, str], int] = {}
    with service.read() as s:
        for pid, team_id, name in s.execute(select(models.Player.id, models.Player.team_id,
                                                   models.Player.name)):
            ids[(team_id, name)] = pid
    return Careers(
        {"Spring Cup": spring, "Autumn Open": autumn},
        {"Wolves": wolves, "Bears": bears, "Lions": lions, "Hawks": hawks},
        {"Spring Cup": first, "Autumn Open": second},
        {"Spring Cup": ids[(wolves, SKATER)], "Autumn Open": ids[(hawks, SKATER)]},
        {"Spring Cup": ids[(wolves, GOALIE)], "Autumn Open": ids[(hawks, GOALIE)]})
