"""Tournament statistics: skaters, goaltenders, special teams, leaders and the
high-scorer award.

Everything is computed over the games the caller passes, which should be the
games that stand: a team removed under Rule 634(e) has its games taken out
before they reach this module (634(e) 6-7, casebook 26). The engine's final
state of each game already holds the scoring records of Rule 616 (credits
616(k), own goals to the attacker 616(c), penalty-shot goals to the shooter,
the forfeit goal to the winning captain 634(d)2, casebook 28) and the minutes
charged (casebook 12); this module maps its jersey numbers to player ids
through :attr:`PlayedGame.number_to_player` and adds the games up.

Readings this module takes where the book is silent (each named where it is
applied):

- A forfeited game (Rule 634(d)) is a game played for nobody: no skater GP
  and no goaltender statistics (634(d)3), and no special-teams figures
  either, since its recorded 1-0 replaces whatever was played before it. The
  winning captain's goal is credited (634(d)2), and penalties assessed before
  the forfeit keep their minutes (the records of 404(e) note 1 and the like
  are charged "regardless of when imposed").
- GAA is per regulation game: goals against x regulation length / time in
  goal, regulation length being that game's ``periods x period_length``; over
  several games the time in goal is summed in regulation-game units.
- Save percentage counts only games in which shots were recorded.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from rinkside.rules.events import TEAMS, Team, other
from rinkside.rules.records import charged_tenths
from rinkside.rules.times import minutes_value
from rinkside.tournament.model import PlayedGame

__all__ = [
    "AwardLine",
    "GoaltenderLine",
    "HighScorerAward",
    "LeaderKey",
    "SkaterLine",
    "TeamLine",
    "forfeited_by",
    "goaltender_lines",
    "high_scorer_award",
    "is_forfeit",
    "leaders",
    "player_id",
    "skater_lines",
    "team_lines",
]

UNNAMED_GOALIE = 0  # the engine's replacement goaltender not yet named (407(b))


# --------------------------------------------------------------------------- shared


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


def _dressed(played: PlayedGame, side: Team) -> tuple[int, ...]:
    lineup = played.lineups.get(side)
    return lineup.players if lineup is not None else ()


def _regulation_tenths(played: PlayedGame) -> int:
    settings = played.state.setup.settings
    return settings.periods * settings.period_length


# --------------------------------------------------------------------------- skaters


@dataclass(frozen=True, slots=True)
class SkaterLine:
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

    @property
    def points(self) -> int:
        """616(k): each goal and each assist counts one point."""
        return self.goals + self.assists

    @property
    def pim(self) -> int | float:
        return minutes_value(self.pim_tenths)


@dataclass(slots=True)
class _Skater:
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
    acc: dict[int, _Skater] = {}

    def line(played: PlayedGame, side: Team, number: int) -> _Skater:
        pid = player_id(played, side, number)
        found = acc.get(pid)
        if found is None:
            found = acc[pid] = _Skater(played.team_id(side))
        return found

    for played in games:
        forfeit = is_forfeit(played)
        for side in TEAMS:
            for pid in _dressed(played, side):
                entry = acc.get(pid)
                if entry is None:
                    entry = acc[pid] = _Skater(played.team_id(side))
                if not forfeit:
                    entry.gp += 1
        for goal in played.state.goals:
            scorer = line(played, goal.team, goal.scorer)
            scorer.goals += 1
            if goal.strength == "PP":
                scorer.ppg += 1
            elif goal.strength == "SH":
                scorer.shg += 1
            if goal.assist is not None:
                line(played, goal.team, goal.assist).assists += 1
        settings = played.state.setup.settings
        for record in played.state.penalties:
            if record.player is None:
                continue  # a bench minor is charged to the bench (casebook 12)
            line(played, record.team, record.player).pim_tenths += charged_tenths(
                record, settings)
    return {pid: SkaterLine(pid, a.team_id, a.gp, a.goals, a.assists, a.pim_tenths, a.ppg,
                            a.shg)
            for pid, a in acc.items()}


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


def _lines_of(lines: Mapping[int, SkaterLine] | Iterable[SkaterLine]) -> list[SkaterLine]:
    if isinstance(lines, Mapping):
        return list(lines.values())
    return list(lines)


def leaders(skater_lines: Mapping[int, SkaterLine] | Iterable[SkaterLine], key: LeaderKey,
            n: int = 10) -> list[SkaterLine]:
    """The first ``n`` players by ``key`` (goals, assists, points or PIM).

    The book sets no order among equals; ours: the higher value first, then
    the player with fewer games (the same total in fewer games), then the
    lower player id, so that the list is stable. Players with nothing in the
    column are not leaders and are left out; a tie at the n-th place is cut
    by the same order.
    """
    if n < 0:
        raise ValueError(f"n must be 0 or more, got {n}")
    ranked = [line for line in _lines_of(skater_lines) if _value(line, key) > 0]
    ranked.sort(key=lambda line: (-_value(line, key), line.gp, line.player_id))
    return ranked[:n]


# --------------------------------------------------------------------------- goaltenders


@dataclass(frozen=True, slots=True)
class GoaltenderLine:
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


@dataclass(slots=True)
class _Goalie:
    team_id: int
    gp: int = 0
    tenths: int = 0
    goals_against: int = 0
    shots_against: int | None = None
    saves: int | None = None
    regulation_games: Fraction = Fraction(0)


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
            entry.regulation_games += Fraction(record.tenths, regulation)
            if record.shots_against is not None and record.saves is not None:
                entry.shots_against = (entry.shots_against or 0) + record.shots_against
                entry.saves = (entry.saves or 0) + record.saves
    return {pid: GoaltenderLine(pid, g.team_id, g.gp, g.tenths, g.goals_against,
                                g.shots_against, g.saves, g.regulation_games)
            for pid, g in acc.items()}


# --------------------------------------------------------------------------- teams


@dataclass(frozen=True, slots=True)
class TeamLine:
    """A team's special teams over the games that stand.

    Power-play opportunities are the man advantages the engine recorded for
    the team as they began; times short-handed are the other team's.
    PP% = PP goals / opportunities and PK% = (times short - PP goals against)
    / times short, both as percentages (50.0), None with no opportunity.
    """

    team_id: int
    games: int = 0
    pp_opportunities: int = 0
    pp_goals: int = 0
    times_short: int = 0
    pp_goals_against: int = 0
    sh_goals: int = 0
    sh_goals_against: int = 0

    @property
    def pp_pct(self) -> float | None:
        if self.pp_opportunities == 0:
            return None
        return 100 * self.pp_goals / self.pp_opportunities

    @property
    def pk_pct(self) -> float | None:
        if self.times_short == 0:
            return None
        return 100 * (self.times_short - self.pp_goals_against) / self.times_short


def team_lines(games: Iterable[PlayedGame]) -> dict[int, TeamLine]:
    """Special-teams lines per team id over ``games``.

    A forfeited game adds nothing here (634(d): its record is the 1-0, not the
    play before it); the teams still get a (possibly empty) line.
    """
    acc: dict[int, dict[str, int]] = {}
    for played in games:
        for side in TEAMS:
            acc.setdefault(played.team_id(side), {})
        if is_forfeit(played):
            continue
        for side in TEAMS:
            mine = acc[played.team_id(side)]
            mine["games"] = mine.get("games", 0) + 1
            pps = sum(1 for team, _ in played.state.power_plays if team == side)
            short = sum(1 for team, _ in played.state.power_plays if team != side)
            mine["pp_opportunities"] = mine.get("pp_opportunities", 0) + pps
            mine["times_short"] = mine.get("times_short", 0) + short
            for goal in played.state.goals:
                if goal.strength == "EV":
                    continue
                scored = goal.team == side
                column = {("PP", True): "pp_goals", ("PP", False): "pp_goals_against",
                          ("SH", True): "sh_goals", ("SH", False): "sh_goals_against"}[
                              (goal.strength, scored)]
                mine[column] = mine.get(column, 0) + 1
    return {team_id: TeamLine(team_id, **counts) for team_id, counts in acc.items()}


# --------------------------------------------------------------------------- the award


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
        line.player_id: line for line in _lines_of(lines)}
    forfeits = [played for played in games if is_forfeit(played)]
    dressed: dict[int, int] = {}
    for played in games:
        if is_forfeit(played):
            continue
        for side in TEAMS:
            for pid in _dressed(played, side):
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
