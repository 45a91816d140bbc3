"""What a simulated game is drawn from: its settings, its two teams and its tendencies.

Every draw comes from the random generator given, so a seed gives the same
games every time.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from rinkside.rules.events import TEAMS, Team, other
from rinkside.rules.roster import Letter, Player, Roster
from rinkside.rules.settings import Settings

__all__ = ["Style", "random_roster", "random_settings", "random_style", "team_names"]


def random_settings(rng: random.Random) -> Settings:
    """One event's rule settings, varied the ways the book allows."""
    return Settings(
        clock=rng.choices(("stop", "running"), weights=(7, 3))[0],
        period_length=rng.choice((12, 15, 17)) * 600,
        minor=rng.choice((900, 1200)),
        major=rng.choice((2400, 3000)),
        overtime=rng.choice(("none", "shootout", "shootout_only", "unlimited")),
        mercy=8 if rng.random() < 0.7 else None,
    )


_CITIES: Final = (
    "Anaheim", "Bakersfield", "Chico", "Davis", "Eugene", "Fresno", "Gilroy", "Hayward",
    "Irvine", "Jackson", "Kelowna", "Lodi", "Modesto", "Napa", "Oxnard", "Pomona", "Reno",
    "Salinas", "Tracy", "Ukiah", "Vallejo", "Woodland", "Yuma",
)
_NICKNAMES: Final = (
    "Blades", "Bolts", "Comets", "Coyotes", "Falcons", "Flyers", "Hawks", "Inferno",
    "Jets", "Lynx", "Monarchs", "Outlaws", "Pirates", "Raptors", "Rollers", "Sharks",
    "Stingers", "Storm", "Thunder", "Vipers", "Wolves",
)
_SURNAMES: Final = (
    "Adams", "Bauer", "Carter", "Diaz", "Eriksson", "Fischer", "Garcia", "Hughes", "Ito",
    "Jensen", "Kowalski", "Larsen", "Martin", "Novak", "Olsen", "Park", "Quinn", "Rossi",
    "Santos", "Tanaka", "Ueda", "Varga", "Walsh", "Xu", "Young", "Zielinski", "Brooks",
    "Cole", "Dunn", "Ellis", "Flores", "Grant", "Hayes", "Irwin", "Kim", "Lopez", "Moreau",
    "Nash", "Ortiz", "Price", "Reyes", "Shaw", "Torres", "Vance", "Weber",
)
_GOALIE_NUMBERS: Final = (1, 29, 30, 31, 33, 35, 39)


def random_roster(rng: random.Random, name: str) -> Roster:
    """Fifteen players: one or two goaltenders, a captain and two alternates."""
    goalies = rng.sample(_GOALIE_NUMBERS, 2 if rng.random() < 0.7 else 1)
    pool = [n for n in range(2, 100) if n not in goalies]
    skaters = sorted(rng.sample(pool, 15 - len(goalies)))
    captain, *alternates = rng.sample(skaters, 3)
    names = rng.sample(_SURNAMES, 15)
    players = [Player(n, names.pop(), goalie=True) for n in goalies]
    for n in skaters:
        letter: Letter | None = "C" if n == captain else "A" if n in alternates else None
        players.append(Player(n, names.pop(), captain=letter))
    return Roster(name, tuple(players))


def team_names(rng: random.Random) -> tuple[str, str]:
    cities = rng.sample(_CITIES, 2)
    nicknames = rng.sample(_NICKNAMES, 2)
    return f"{cities[0]} {nicknames[0]}", f"{cities[1]} {nicknames[1]}"


@dataclass(frozen=True, slots=True)
class Style:
    """One game's tendencies, drawn at the start."""

    attack: dict[Team, float]  # share of the scoring chances
    goal_chance: float  # chance a play segment ends in a goal, even strength
    penalty_chance: float  # chance a whistle comes with a penalty
    segments: float  # play segments in a period, on average
    pull_at: int  # tenths left in regulation at which a trailing team pulls its goalie
    forfeits: bool


def random_style(rng: random.Random) -> Style:
    if rng.random() < 0.08:  # a mismatch: the mercy rule is likely
        strong = rng.choice(TEAMS)
        attack = {strong: 0.9, other(strong): 0.1}
        goal_chance = rng.uniform(0.45, 0.6)
    else:
        home = rng.uniform(0.35, 0.65)
        attack = {"home": home, "away": 1 - home}
        goal_chance = rng.uniform(0.12, 0.24)
    return Style(
        attack=attack,
        goal_chance=goal_chance,
        penalty_chance=rng.uniform(0.15, 0.3),
        segments=rng.uniform(12, 18),
        pull_at=rng.randrange(600, 1300, 50),
        forfeits=rng.random() < 0.003,
    )
