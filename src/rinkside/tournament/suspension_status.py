"""Where a player's suspensions stand: each :class:`Sanction` (one suspension
and how much of it is served) and his :class:`SuspensionStatus` (his own, those
earned with his other team that bar him, Rule 410(c), and the games he must
still sit out). :func:`rinkside.tournament.suspensions.status` computes them
(casebook 27).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rinkside.rules.records import SuspensionLength

__all__ = ["TWO_DIVISIONS_RULE", "OpenEnded", "Sanction", "SuspensionStatus"]

OpenEnded = Literal["rest_of_tournament", "pending_review"]
_OPEN_RANK: dict[str, int] = {"rest_of_tournament": 2, "pending_review": 1}
TWO_DIVISIONS_RULE = "410(c)"


@dataclass(frozen=True, slots=True)
class Sanction:
    """One suspension and how much of it is served. ``free_games``: scheduled
    games the player may still play before it begins (supplementary
    discipline decided after a game not yet played, 410(a))."""

    player_id: int
    team_id: int
    what: str  # "game misconduct in game 4", "supplementary discipline after game 3: ..."
    rule: str
    games: SuspensionLength
    served: int = 0
    free_games: tuple[int, ...] = ()
    reported: str | None = None
    """The rule under which the case is reported to the Event Directors and
    awaits their decision (404(h) a gross misconduct, 405(b) a match
    penalty); None once decided, or where nothing is reported."""
    decision: str = ""
    """The directors' decision on the reported case, once made."""
    game_id: int | None = None
    """The game it was earned in (None: supplementary discipline)."""

    @property
    def open_ended(self) -> OpenEnded | None:
        return None if isinstance(self.games, int) else self.games

    @property
    def remaining(self) -> int:
        """Games still to sit out (0 for an open-ended one: see open_ended)."""
        return self.games - self.served if isinstance(self.games, int) else 0

    @property
    def running(self) -> bool:
        return self.open_ended is not None or self.remaining > 0

    def bars(self, game_id: int | None = None) -> bool:
        """Whether it keeps the player out of ``game_id`` (of any game still
        to come when None)."""
        return self.running and (game_id is None or game_id not in self.free_games)

    def describe(self, elsewhere: bool = False) -> str:
        where = " with the player's other team" if elsewhere else ""
        head = f"{self.what}{where} (Rule {self.rule})"
        if self.games == "rest_of_tournament":
            return f"{head}, suspended for the rest of the tournament"
        if self.games == "pending_review":
            return f"{head}, suspended until the Event Directors have dealt with it"
        if self.decision:
            head += f", decided by the Event Directors: {self.decision}"
        unit = "game" if self.games == 1 else "games"
        text = f"{head}, {self.remaining} of {self.games} {unit} still to serve"
        if elsewhere:
            text += (" there before playing in another division "
                     f"(Rule {TWO_DIVISIONS_RULE})")
        return text


@dataclass(frozen=True, slots=True)
class SuspensionStatus:
    """A player's suspensions as they stand after the games played.

    ``sanctions``: his own, earned with this team, in serving order.
    ``elsewhere``: running suspensions of the same person with another team
    that bar him here (410(c); 405(e) and 404(h) bar him on every team).
    ``next_games``: the scheduled games of this team he must still sit out,
    as far as the schedule shows them.
    """

    player_id: int
    team_id: int
    number: int
    name: str
    sanctions: tuple[Sanction, ...] = ()
    elsewhere: tuple[Sanction, ...] = ()
    next_games: tuple[int, ...] = ()

    @property
    def to_serve(self) -> int:
        """Games of his own fixed-length suspensions, in all."""
        return sum(s.games for s in self.sanctions if isinstance(s.games, int))

    @property
    def served(self) -> int:
        return sum(s.served for s in self.sanctions)

    @property
    def remaining(self) -> int:
        return sum(s.remaining for s in self.sanctions)

    @property
    def open_ended(self) -> OpenEnded | None:
        """The open-ended suspension barring him, if any (rest of tournament
        prevails over pending review)."""
        found: OpenEnded | None = None
        for s in self.sanctions + self.elsewhere:
            kind = s.open_ended
            if kind is not None and (found is None or _OPEN_RANK[kind] > _OPEN_RANK[found]):
                found = kind
        return found

    def barring(self, game_id: int | None = None) -> list[tuple[Sanction, bool]]:
        """The suspensions keeping him out of ``game_id`` (of the games to
        come when None), each with whether it was earned with another team."""
        return ([(s, False) for s in self.sanctions if s.bars(game_id)]
                + [(s, True) for s in self.elsewhere if s.bars(game_id)])

    @property
    def suspended(self) -> bool:
        return bool(self.barring())

    def rule_for(self, game_id: int | None = None) -> str | None:
        """The rule of the first suspension barring him: his own first, then
        410(c) for a fixed one earned with his other team (405(e) or 404(h)
        for an open-ended one, which bars him on every team)."""
        for s, elsewhere in self.barring(game_id):
            return TWO_DIVISIONS_RULE if elsewhere and s.open_ended is None else s.rule
        return None

    @property
    def rule(self) -> str:
        """:meth:`rule_for` the games to come; when nothing bars him, the rule
        of his last suspension."""
        found = self.rule_for()
        if found is not None:
            return found
        return self.sanctions[-1].rule if self.sanctions else TWO_DIVISIONS_RULE

    def reasons(self, game_id: int | None = None) -> list[str]:
        """One sentence part per suspension barring him."""
        return [s.describe(elsewhere) for s, elsewhere in self.barring(game_id)]
