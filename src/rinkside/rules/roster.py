"""Who plays: a team's roster for one game, checked against Section II.

- Rule 201(a): at most 15 players.
- Rule 307(c): numbers are whole numbers 1-99, no two players alike.
- Rule 202(a)-(b), 307(c): one captain, at most two alternates.
- Rule 202(d): no goaltender as captain or alternate.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from rinkside.rules.errors import RuleViolation
from rinkside.rules.settings import Settings

Letter = Literal["C", "A"]


@dataclass(frozen=True, slots=True)
class Player:
    number: int
    name: str = ""
    goalie: bool = False
    captain: Letter | None = None

    def __reduce__(self) -> tuple[type[Player], tuple[int, str, bool, Letter | None]]:
        """Pickled as its fields (kept game states stay small and fast)."""
        return (Player, (self.number, self.name, self.goalie, self.captain))


@dataclass(frozen=True, slots=True)
class Roster:
    """A team's dressed players for a game, checked on construction."""

    name: str
    players: tuple[Player, ...]
    roster_max: int = 15
    numbers: frozenset[int] = field(init=False, repr=False, compare=False)
    """The numbers dressed (203(a)): kept as a set, asked of every player an
    event names (``number in roster.numbers`` where the fold asks it: a
    plain read, not a call)."""
    goalie_numbers: frozenset[int] = field(init=False, repr=False, compare=False)
    """The numbers listed as goaltenders (203(a)), asked at every penalty."""

    def __post_init__(self) -> None:
        check_roster(self.name, self.players, self.roster_max)
        object.__setattr__(self, "numbers", frozenset(p.number for p in self.players))
        object.__setattr__(self, "goalie_numbers", frozenset(p.number for p in self.players
                                                             if p.goalie))

    def has(self, number: int) -> bool:
        return number in self.numbers

    def lists_goalie(self, number: int) -> bool:
        """Whether the roster lists ``number`` as a goaltender (203(a))."""
        return number in self.goalie_numbers

    def player(self, number: int) -> Player | None:
        for p in self.players:
            if p.number == number:
                return p
        return None

    @property
    def goalies(self) -> tuple[int, ...]:
        return tuple(p.number for p in self.players if p.goalie)

    @property
    def captain(self) -> int | None:
        for p in self.players:
            if p.captain == "C":
                return p.number
        return None

    @property
    def starting_goalie(self) -> int | None:
        goalies = self.goalies
        return goalies[0] if goalies else None


def check_roster(name: str, players: Iterable[Player], roster_max: int = 15) -> None:
    """Raise :class:`RuleViolation` naming the rule a roster breaks."""
    players = tuple(players)
    if len(players) > roster_max:
        raise RuleViolation("201(a)", f"{name}: {len(players)} players; a team has at most "
                            f"{roster_max}")
    seen: set[int] = set()
    for p in players:
        if not 1 <= p.number <= 99:
            raise RuleViolation("307(c)", f"{name}: number {p.number} is not between 1 and 99")
        if p.number in seen:
            raise RuleViolation("307(c)", f"{name}: number {p.number} is worn twice")
        seen.add(p.number)
    captains = [p for p in players if p.captain == "C"]
    alternates = [p for p in players if p.captain == "A"]
    if len(captains) > 1:
        raise RuleViolation("202(a)", f"{name}: {len(captains)} captains; a team appoints one")
    if len(alternates) > 2:
        raise RuleViolation("202(b)", f"{name}: {len(alternates)} alternate captains; at most two")
    for p in captains + alternates:
        if p.goalie:
            raise RuleViolation("202(d)", f"{name}: goaltender #{p.number} cannot be captain or "
                                "alternate captain")


def default_roster(name: str) -> Roster:
    """Numbers 1-15, #1 the goaltender and #2 the captain (FORMAT.md)."""
    players = tuple(
        Player(n, goalie=(n == 1), captain=("C" if n == 2 else None)) for n in range(1, 16)
    )
    return Roster(name, players)


@dataclass(frozen=True, slots=True)
class GameSetup:
    """Everything fixed before the opening face-off."""

    settings: Settings
    home: Roster
    away: Roster

    def roster(self, team: str) -> Roster:
        return self.home if team == "home" else self.away
