"""The high-scorer award of a division (casebook 29, Rule 634(d)4, 634(e)2):
by total points, or by points per game when a forfeit stands."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from rinkside.rules.events import TEAMS
from rinkside.tournament.model import PlayedGame
from rinkside.tournament.stats.games import dressed_in, forfeited_by, is_forfeit
from rinkside.tournament.stats.skaters import SkaterLine, lines_of, skater_lines

__all__ = ["AwardLine", "HighScorerAward", "high_scorer_award"]


@dataclass(frozen=True, slots=True)
class AwardLine:
    """One player's standing for the high-scorer award. ``games`` is the
    divisor of casebook 29 (dressed games, forfeits included as that ruling
    says); ``average`` is points per game (exact), None when ``games`` is 0."""

    player_id: int
    team_id: int
    points: int
    games: int
    average: Fraction | None


@dataclass(frozen=True, slots=True)
class HighScorerAward:
    """The award's basis, the ranking (best first) and the winner or winners
    (players level at the top share it: the book names no tiebreak)."""

    basis: Literal["points", "points_per_game"]
    ranking: tuple[AwardLine, ...]
    winners: tuple[int, ...]


def high_scorer_award(games: Iterable[PlayedGame],
                      lines: Mapping[int, SkaterLine] | Iterable[SkaterLine] | None = None,
                      *, excluded_teams: Collection[int] = ()) -> HighScorerAward:
    """The high-scorer award of one division (casebook 29, Rule 634(d)4).

    ``games`` are the division's games that stand; ``lines`` its skater lines
    (computed from ``games`` when not given). By total points, unless a forfeit
    stands in the division: then by points per game, a player's games being
    the games he dressed for plus each game his team forfeited, but not a game
    his team won by forfeit (634(d)4: "not including the forfeited game for
    the non-offending team").

    Points are the scoring records as they stand, the winning captain's
    forfeit goal included (634(d)2 awards it; 634(d)4 leaves out only the
    game). A player with no counted game has no average and is ranked last.
    ``excluded_teams``: teams whose players the Event Directors eliminated
    from contention for individual awards (634(e)2).

    Order: the higher total (or average) first, then for the average the
    higher total, then fewer games, then the lower player id. Winners are
    everyone level with the first on the basis value; none when nobody has
    a point.
    """
    games = list(games)
    scoring = skater_lines(games) if lines is None else {
        line.player_id: line for line in lines_of(lines)}
    forfeits = [played for played in games if is_forfeit(played)]
    dressed: dict[int, int] = {}
    for played in games:
        if is_forfeit(played):
            continue
        for side in TEAMS:
            for pid in dressed_in(played, side):
                dressed[pid] = dressed.get(pid, 0) + 1
    forfeited: dict[int, int] = {}
    for played in forfeits:
        loser = forfeited_by(played)
        if loser is not None:
            forfeited[loser] = forfeited.get(loser, 0) + 1

    division_teams = {played.team_id(side) for played in games for side in TEAMS}
    ranking: list[AwardLine] = []
    for line in scoring.values():
        if line.team_id not in division_teams or line.team_id in excluded_teams:
            continue
        count = dressed.get(line.player_id, 0) + forfeited.get(line.team_id, 0)
        average = Fraction(line.points, count) if count else None
        ranking.append(AwardLine(line.player_id, line.team_id, line.points, count, average))

    if forfeits:
        def by_average(a: AwardLine) -> tuple[bool, Fraction, int, int, int]:
            return (a.average is None, -(a.average or Fraction(0)), -a.points, a.games,
                    a.player_id)
        ranking.sort(key=by_average)
        top = ranking[0].average if ranking else None
        winners = tuple(a.player_id for a in ranking
                        if top is not None and top > 0 and a.average == top)
        return HighScorerAward("points_per_game", tuple(ranking), winners)

    ranking.sort(key=lambda a: (-a.points, a.games, a.player_id))
    best = ranking[0].points if ranking else 0
    winners = tuple(a.player_id for a in ranking if best > 0 and a.points == best)
    return HighScorerAward("points", tuple(ranking), winners)
