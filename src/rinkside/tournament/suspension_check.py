"""The lineup check: a suspended player may not dress (casebook 27); the
refusal cites the rule that suspended him, or 410(c) for a suspension earned
with his other team."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from rinkside.rules.errors import RuleViolation
from rinkside.tournament.model import ScheduledGame
from rinkside.tournament.suspension_status import SuspensionStatus

__all__ = ["SuspendedPlayer", "barred", "check_can_dress"]


class SuspendedPlayer(RuleViolation):
    """A lineup names a player who is suspended (casebook 27). ``rule`` is
    the rule that suspended him (404(d), 615(d), 405(e), 404(h), 410(a)) or
    410(c) when the suspension was earned with his other team; the message
    names the player, the suspension and its rule; ``sentence`` is the
    suspension and its rule alone (what a lineup's refusal says after the
    player it names: :func:`rinkside.tournament.lineups.check_lineup`)."""

    def __init__(self, rule: str, message: str, sentence: str | None = None) -> None:
        super().__init__(rule, message)
        self.args = (message,)
        self.sentence = sentence if sentence is not None else message

    def __str__(self) -> str:
        return self.reason


def check_can_dress(player_id: int, game: ScheduledGame,
                    status: Mapping[int, SuspensionStatus]) -> None:
    """Raise :class:`SuspendedPlayer` if ``player_id`` may not dress for
    ``game`` (casebook 27: the lineup is refused citing the rule that
    suspended him; 410(c) for a suspension earned with his other team).

    E.g. "#17 Alex Kim is suspended: game misconduct in game 4 (Rule 404(d)),
    1 of 1 game still to serve".
    """
    found = status.get(player_id)
    if found is None:
        return
    if found.team_id not in (game.home_team_id, game.away_team_id):
        raise ValueError(f"player {player_id} (team {found.team_id}) is not on either team "
                         f"of game {game.game_id}")
    rule = found.rule_for(game.game_id)
    if rule is None:
        return
    sentence = "; ".join(found.reasons(game.game_id))
    raise SuspendedPlayer(rule, f"#{found.number} {found.name} is suspended: {sentence}",
                          sentence)


def barred(players: Iterable[int], game: ScheduledGame,
           status: Mapping[int, SuspensionStatus]) -> dict[int, SuspendedPlayer]:
    """:func:`check_can_dress` for each of ``players``: the refusals, by
    player id (empty when all may dress)."""
    out: dict[int, SuspendedPlayer] = {}
    for pid in players:
        try:
            check_can_dress(pid, game, status)
        except SuspendedPlayer as refused:
            out[pid] = refused
    return out
