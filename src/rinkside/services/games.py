"""From tournament data to the engine's game setup: the settings in force for
a game (the event's amendments, then the division's) and the rosters that
dressed for it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rinkside.rules.roster import GameSetup, Player, Roster
from rinkside.rules.settings import Settings, settings_from_mapping
from rinkside.tournament.model import Letter, Lineup, RosterPlayer


def effective_settings(tournament: Mapping[str, Any] | None,
                       division: Mapping[str, Any] | None) -> Settings:
    """The event's amendments, then the division's on top (each checked
    against the book by the settings table)."""
    settings = settings_from_mapping(tournament or {})
    return settings_from_mapping(division or {}, base=settings)


def game_roster(team_name: str, players: Sequence[RosterPlayer], lineup: Lineup | None,
                roster_max: int = 15,
                made: dict[tuple[int, Letter | None], Player] | None = None) -> Roster:
    """The players dressed for the game (the whole roster when no lineup was
    handed in), as the engine's :class:`Roster` (201(a), 202, 307(c)).
    ``made``: the engine's players already built, by (player id, letter), to
    share (a division's view dresses each player for game after game)."""
    dressed = [p for p in players if lineup is None or lineup.has(p.player_id)]

    def letter(p: RosterPlayer) -> Letter | None:
        if lineup is not None and (lineup.captain is not None or lineup.alternates):
            return lineup.letter(p.player_id)  # named for this game (202(c))
        return None if p.playing_coach else p.captain

    def player(p: RosterPlayer) -> Player:
        named = letter(p)
        if made is None:
            return Player(p.number, p.name, p.goalie, named)
        found = made.get((p.player_id, named))
        if found is None:
            found = made[p.player_id, named] = Player(p.number, p.name, p.goalie, named)
        return found

    return Roster(team_name, tuple(
        player(p) for p in sorted(dressed, key=lambda p: p.number)), roster_max)


def number_map(players: Sequence[RosterPlayer]) -> dict[int, int]:
    """Jersey number -> player id for one team."""
    return {p.number: p.player_id for p in players}


def game_setup(settings: Settings, home: tuple[str, Sequence[RosterPlayer], Lineup | None],
               away: tuple[str, Sequence[RosterPlayer], Lineup | None]) -> GameSetup:
    return GameSetup(settings,
                     game_roster(home[0], home[1], home[2], settings.roster_max),
                     game_roster(away[0], away[1], away[2], settings.roster_max))
