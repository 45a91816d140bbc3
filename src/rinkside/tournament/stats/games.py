"""What the statistics ask of each played game: the player behind a jersey
number (Rule 307(c)), whether it was forfeited and by whom (634), who dressed."""

from __future__ import annotations

from rinkside.rules.events import Team, other
from rinkside.tournament.model import PlayedGame

__all__ = ["dressed_in", "forfeited_by", "is_forfeit", "player_id"]


def player_id(played: PlayedGame, side: Team, number: int) -> int:
    """The player id of jersey ``number`` of ``side`` in ``played``.

    Raises ValueError naming the game, the side and the number when the
    game's number map has no such jersey (Rule 307(c): a number identifies
    one player of a team).
    """
    mapping = played.number_to_player.get(side, {})
    found = mapping.get(number)
    if found is None:
        raise ValueError(
            f"game {played.game.game_id}: the {side} team (team {played.team_id(side)}) has "
            f"no player with number #{number} in its number map (Rule 307(c))")
    return found


def is_forfeit(played: PlayedGame) -> bool:
    """Whether the game ended by forfeit (Rule 634)."""
    result = played.state.result
    return result is not None and result.decided_by == "forfeit"


def forfeited_by(played: PlayedGame) -> int | None:
    """The team id of the team that forfeited ``played``, if it was forfeited."""
    result = played.state.result
    if result is None or result.decided_by != "forfeit" or result.winner is None:
        return None
    return played.team_id(other(result.winner))


def dressed_in(played: PlayedGame, side: Team) -> tuple[int, ...]:
    lineup = played.lineups.get(side)
    return lineup.players if lineup is not None else ()
