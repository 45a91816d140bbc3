"""Goaltenders' records: time in goal, goals against, GAA per regulation game
and save percentage (casebook 17, 28; Rule 407(b), 634(d)3)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from rinkside.rules.times import minutes_value
from rinkside.tournament.model import PlayedGame
from rinkside.tournament.stats.games import is_forfeit, player_id

__all__ = ["UNNAMED_GOALIE", "GoaltenderLine", "Goaltending", "goaltender_lines"]

UNNAMED_GOALIE = 0  # the engine's replacement goaltender not yet named (407(b))


def _regulation_tenths(played: PlayedGame) -> int:
    settings = played.state.setup.settings
    return settings.periods * settings.period_length


class Goaltending:
    """A goaltender's averages as the records give them, in a division
    (:class:`GoaltenderLine`) or over a career
    (:class:`~rinkside.tournament.stats.careers.CareerLine`), from the goals
    against, regulation games, shots against and saves that the line holds."""

    __slots__ = ()
    goals_against: int
    regulation_games: Fraction
    shots_against: int | None
    saves: int | None

    @property
    def gaa(self) -> float | None:
        """Goals against per regulation game: GA x regulation length / time
        in goal (overtime adds time in goal, not games). None without time."""
        if self.regulation_games == 0:
            return None
        return float(self.goals_against / self.regulation_games)

    @property
    def save_pct(self) -> float | None:
        """Saves / shots against as a fraction (.917), over the games where
        shots were recorded; None where none were."""
        if self.shots_against is None or self.saves is None or self.shots_against == 0:
            return None
        return self.saves / self.shots_against


@dataclass(frozen=True, slots=True)
class GoaltenderLine(Goaltending):
    """One goaltender's record over the games that stand.

    ``tenths`` is the time in goal; ``regulation_games`` the same time in
    regulation-game lengths (each game's ``periods x period_length``), which
    GAA divides by. ``shots_against`` and ``saves`` sum the games in which
    shots were recorded (None when no game of his had them).
    """

    player_id: int
    team_id: int
    gp: int
    tenths: int
    goals_against: int
    shots_against: int | None
    saves: int | None
    regulation_games: Fraction

    @property
    def minutes(self) -> int | float:
        return minutes_value(self.tenths)


@dataclass(slots=True)
class _Goalie:
    team_id: int
    gp: int = 0
    tenths: int = 0
    goals_against: int = 0
    shots_against: int | None = None
    saves: int | None = None
    by_regulation: dict[int, int] = field(default_factory=dict)
    """Tenths in goal per regulation length: the games' lengths are a handful,
    so the exact sum of regulation games is a few fractions, not one a game."""

    def regulation_games(self) -> Fraction:
        return sum((Fraction(tenths, regulation)
                    for regulation, tenths in self.by_regulation.items()), Fraction(0))


def goaltender_lines(games: Iterable[PlayedGame]) -> dict[int, GoaltenderLine]:
    """Goaltender records per player id over ``games``.

    GP: games with time in goal. Goals against: goals scored while he was in
    goal (casebook 28); empty-net goals charge nobody. A forfeited game gives
    no goaltender statistics at all, no shot, save, goal against or game
    (634(d)3, casebook 17). Time of a replacement goaltender the scorer has
    not named (the engine's #0, 407(b)) is credited to nobody.
    """
    acc: dict[int, _Goalie] = {}
    for played in games:
        if is_forfeit(played):
            continue  # 634(d)3
        regulation = _regulation_tenths(played)
        for record in played.state.goaltending():
            if record.goalie == UNNAMED_GOALIE:
                continue
            pid = player_id(played, record.team, record.goalie)
            entry = acc.get(pid)
            if entry is None:
                entry = acc[pid] = _Goalie(played.team_id(record.team))
            if record.tenths > 0:
                entry.gp += 1
            entry.tenths += record.tenths
            entry.goals_against += record.goals_against
            entry.by_regulation[regulation] = (entry.by_regulation.get(regulation, 0)
                                               + record.tenths)
            if record.shots_against is not None and record.saves is not None:
                entry.shots_against = (entry.shots_against or 0) + record.shots_against
                entry.saves = (entry.saves or 0) + record.saves
    return {pid: GoaltenderLine(pid, g.team_id, g.gp, g.tenths, g.goals_against,
                                g.shots_against, g.saves, g.regulation_games())
            for pid, g in acc.items()}
