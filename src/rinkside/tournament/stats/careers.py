"""A person's career (issue 27): one line per tournament team he played for,
from that division's statistics, and the totals over them.

A person is one registration identity across teams and tournaments (the
roster's person key: a league number, or the name, with the date of birth
telling apart two people of one name); the store links his roster entries,
this module adds their lines up. Goaltending figures are those of
:mod:`rinkside.tournament.stats.goaltenders` and the decisions those of
:mod:`rinkside.tournament.stats.decisions`, by the credit rule stated there.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from rinkside.rules.times import minutes_value
from rinkside.tournament.stats.decisions import DecisionLine
from rinkside.tournament.stats.goaltenders import GoaltenderLine, Goaltending
from rinkside.tournament.stats.skaters import Scoring, SkaterLine

__all__ = ["CareerLine", "career_line", "career_total"]


@dataclass(frozen=True, slots=True)
class CareerLine(Scoring, Goaltending):
    """One player id's figures in the games that stand of his division:
    scoring (616(k)), penalty minutes in tenths (casebook 12), and for a
    goaltender his time in goal, shots, saves, goals against, regulation
    games (GAA's divisor) and decisions."""

    gp: int = 0
    goals: int = 0
    assists: int = 0
    pim_tenths: int = 0
    goalie_gp: int = 0
    goalie_tenths: int = 0
    shots_against: int | None = None
    saves: int | None = None
    goals_against: int = 0
    regulation_games: Fraction = Fraction(0)
    wins: int = 0
    losses: int = 0
    ties: int = 0
    shutouts: int = 0

    @property
    def goalie_minutes(self) -> int | float:
        return minutes_value(self.goalie_tenths)

    @property
    def in_goal(self) -> bool:
        """Whether he had time in goal (a goaltender's line to show)."""
        return self.goalie_tenths > 0


def career_line(player_id: int, skaters: Mapping[int, SkaterLine],
                goalies: Mapping[int, GoaltenderLine],
                decisions: Mapping[int, DecisionLine]) -> CareerLine:
    """Player ``player_id``'s line from his division's statistics (zeros
    where he has none)."""
    s = skaters.get(player_id)
    g = goalies.get(player_id)
    d = decisions.get(player_id)
    return CareerLine(
        gp=s.gp if s else 0, goals=s.goals if s else 0, assists=s.assists if s else 0,
        pim_tenths=s.pim_tenths if s else 0,
        goalie_gp=g.gp if g else 0, goalie_tenths=g.tenths if g else 0,
        shots_against=g.shots_against if g else None, saves=g.saves if g else None,
        goals_against=g.goals_against if g else 0,
        regulation_games=g.regulation_games if g else Fraction(0),
        wins=d.wins if d else 0, losses=d.losses if d else 0, ties=d.ties if d else 0,
        shutouts=d.shutouts if d else 0)


def _optional_sum(values: Iterable[int | None]) -> int | None:
    known = [v for v in values if v is not None]
    return sum(known) if known else None


def career_total(lines: Iterable[CareerLine]) -> CareerLine:
    """The lines added up: GAA over the summed regulation games, save % over
    the games with shots recorded, as in one division."""
    lines = list(lines)
    return CareerLine(
        gp=sum(x.gp for x in lines), goals=sum(x.goals for x in lines),
        assists=sum(x.assists for x in lines), pim_tenths=sum(x.pim_tenths for x in lines),
        goalie_gp=sum(x.goalie_gp for x in lines),
        goalie_tenths=sum(x.goalie_tenths for x in lines),
        shots_against=_optional_sum(x.shots_against for x in lines),
        saves=_optional_sum(x.saves for x in lines),
        goals_against=sum(x.goals_against for x in lines),
        regulation_games=sum((x.regulation_games for x in lines), Fraction(0)),
        wins=sum(x.wins for x in lines), losses=sum(x.losses for x in lines),
        ties=sum(x.ties for x in lines), shutouts=sum(x.shutouts for x in lines))
