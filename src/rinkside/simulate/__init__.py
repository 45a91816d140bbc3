"""Realistic, legal game logs: for property tests, benchmarks and demos.

A simulated game is played through the engine as it is generated: every
candidate event is given to :func:`rinkside.rules.game.apply`, and one the
book refuses (a :class:`RuleViolation`) is dropped and something else is
chosen. What comes out is therefore a log the engine accepts from the first
face-off to the final result.

Every game's settings, rosters and tendencies are drawn from the random
generator given, so a seed gives the same games every time.

The package: :mod:`.setups` draws a game's settings, rosters and
tendencies; :mod:`.game` records events through the engine and says who can
play; :mod:`.penalties` is the table of penalty calls; :mod:`.play` is the
flow of a game; :mod:`.files` writes games as FORMAT.md game logs.
"""

from rinkside.simulate.files import game_document, write_games
from rinkside.simulate.game import SimulationError
from rinkside.simulate.play import play_game, simulate_game, simulate_games
from rinkside.simulate.setups import random_roster, random_settings

__all__ = [
    "SimulationError",
    "game_document",
    "play_game",
    "random_roster",
    "random_settings",
    "simulate_game",
    "simulate_games",
    "write_games",
]
