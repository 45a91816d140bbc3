"""Special teams: power-play opportunities and goals, times short-handed,
PP% and PK% per team (Rule 634(d) for a forfeited game)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rinkside.rules.events import TEAMS
from rinkside.tournament.model import PlayedGame
from rinkside.tournament.stats.games import is_forfeit

__all__ = ["TeamLine", "team_lines"]


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


_COLUMNS: dict[tuple[str, bool], str] = {
    ("PP", True): "pp_goals", ("PP", False): "pp_goals_against",
    ("SH", True): "sh_goals", ("SH", False): "sh_goals_against"}
"""A goal's column by its strength and whether the team scored it."""


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
        advantages = [team for team, _ in played.state.power_plays]
        special = [goal for goal in played.state.goals if goal.strength != "EV"]
        for side in TEAMS:
            mine = acc[played.team_id(side)]
            mine["games"] = mine.get("games", 0) + 1
            pps = advantages.count(side)
            mine["pp_opportunities"] = mine.get("pp_opportunities", 0) + pps
            mine["times_short"] = mine.get("times_short", 0) + len(advantages) - pps
            for goal in special:
                column = _COLUMNS[(goal.strength, goal.team == side)]
                mine[column] = mine.get(column, 0) + 1
    return {team_id: TeamLine(team_id, **counts) for team_id, counts in acc.items()}
