"""Skaters' scoring lines (Rule 616(k), casebook 12) and the leaders by goals,
assists, points or penalty minutes."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

from rinkside.rules.events import TEAMS, Team
from rinkside.rules.records import charged_tenths
from rinkside.rules.times import minutes_value
from rinkside.tournament.model import PlayedGame
from rinkside.tournament.stats.games import dressed_in, is_forfeit, player_id

__all__ = ["LeaderKey", "Scoring", "SkaterLine", "leaders", "lines_of", "skater_lines"]


class Scoring:
    """A player's scoring as the records count it, in a division
    (:class:`SkaterLine`) or over a career
    (:class:`~rinkside.tournament.stats.careers.CareerLine`): his points
    (Rule 616(k)) and his penalty minutes (casebook 12) from the goals,
    assists and tenths charged that the line holds."""

    __slots__ = ()
    goals: int
    assists: int
    pim_tenths: int

    @property
    def points(self) -> int:
        """616(k): each goal and each assist counts one point."""
        return self.goals + self.assists

    @property
    def pim(self) -> int | float:
        """The minutes as the records show them (1.5 for a 1:30 minor)."""
        return minutes_value(self.pim_tenths)


@dataclass(frozen=True, slots=True)
class SkaterLine(Scoring):
    """One player's scoring line (Rule 616(k)): games dressed, goals, assists,
    penalty minutes, power-play and short-handed goals.

    Every player with a lineup entry or a record has a line, goaltenders too:
    their points and minutes (407(c) note 1) are theirs. PIM is kept in
    tenths; :attr:`pim` gives minutes as the records show them (1.5 for a
    1:30 minor).
    """

    player_id: int
    team_id: int
    gp: int = 0
    goals: int = 0
    assists: int = 0
    pim_tenths: int = 0
    ppg: int = 0
    shg: int = 0


def skater_lines(games: Iterable[PlayedGame]) -> dict[int, SkaterLine]:
    """Scoring lines per player id over ``games`` (the games that stand).

    - GP: games the player was in his team's lineup for; a forfeited game
      counts for nobody (634(d), casebook 29 for the award).
    - G, A: the engine's goal records (616(k); own goals credited to the
      attacker with no assist, 616(c); penalty-shot goals to the shooter,
      406; the forfeit goal to the winning captain, no assist, 634(d)2;
      casebook 28). Shootout goals are not goals (casebook 18).
    - PIM: minutes charged per casebook 12, a goaltender's own penalties to
      him whoever served them (407(c) note 1); bench minors to no player.
    - PPG, SHG: goals scored with more, or fewer, players on the floor than
      the other team.
    """
    teams: dict[int, int] = {}  # each player's team id, in the order first met
    counts: dict[int, Counter[str]] = {}  # his figures by SkaterLine's field names

    def figures(pid: int, team_id: int) -> Counter[str]:
        teams.setdefault(pid, team_id)
        return counts.setdefault(pid, Counter())

    def line(played: PlayedGame, side: Team, number: int) -> Counter[str]:
        return figures(player_id(played, side, number), played.team_id(side))

    for played in games:
        forfeit = is_forfeit(played)
        for side in TEAMS:
            for pid in dressed_in(played, side):
                figures(pid, played.team_id(side))["gp"] += 0 if forfeit else 1
        for goal in played.state.goals:
            scorer = line(played, goal.team, goal.scorer)
            scorer["goals"] += 1
            if goal.strength == "PP":
                scorer["ppg"] += 1
            elif goal.strength == "SH":
                scorer["shg"] += 1
            if goal.assist is not None:
                line(played, goal.team, goal.assist)["assists"] += 1
        settings = played.state.setup.settings
        for record in played.state.assessed:  # the times are not needed
            if record.player is None:
                continue  # a bench minor is charged to the bench (casebook 12)
            line(played, record.team, record.player)["pim_tenths"] += charged_tenths(
                record, settings)
    return {pid: SkaterLine(pid, team_id, **counts[pid]) for pid, team_id in teams.items()}


LeaderKey = Literal["goals", "assists", "points", "pim"]


def _value(line: SkaterLine, key: LeaderKey) -> int:
    if key == "goals":
        return line.goals
    if key == "assists":
        return line.assists
    if key == "points":
        return line.points
    if key == "pim":
        return line.pim_tenths
    raise ValueError(f"unknown leader key {key!r}; expected goals, assists, points or pim")


def lines_of(lines: Mapping[int, SkaterLine] | Iterable[SkaterLine]) -> list[SkaterLine]:
    if isinstance(lines, Mapping):
        return list(lines.values())
    return list(lines)


def leaders(skater_lines: Mapping[int, SkaterLine] | Iterable[SkaterLine], key: LeaderKey,
            n: int = 10) -> list[SkaterLine]:
    """The first ``n`` players by ``key`` (goals, assists, points or PIM).

    The book sets no order among equals; ours: the higher value first, then
    for points the more goals (issue 27: as the leagues rank scorers), then
    the player with fewer games (the same total in fewer games), then the
    lower player id, so that the list is stable. Players with nothing in the
    column are not leaders and are left out; a tie at the n-th place is cut
    by the same order.
    """
    if n < 0:
        raise ValueError(f"n must be 0 or more, got {n}")
    ranked = [line for line in lines_of(skater_lines) if _value(line, key) > 0]
    ranked.sort(key=lambda line: (-_value(line, key), -line.goals if key == "points" else 0,
                                  line.gp, line.player_id))
    return ranked[:n]
