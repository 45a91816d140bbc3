"""A division's standings and the playoff seeds that follow from them.

- Casebook 23: standings count the pool games that stand (not refused, not
  erased under 634(e), see :mod:`rinkside.tournament.forfeits`). GP = W + L
  + T, forfeits included; GF and GA from the recorded scores (a forfeit's
  1-0 too, 634(d); shootout goals never, the engine's ``result.score``
  leaves them out, 639(b)); points from the ``points`` setting (639(a),
  634(d)1); PIM is the team's players' and bench minutes (casebook 12).
- Casebook 24: teams level on points are separated by the tournament's
  tiebreak chain (:data:`CRITERIA`); a subgroup still level starts the chain
  again among its own teams only. Each row says which criterion split it
  from the team below it.
- Casebook 25, Rule 634(e)1: seeds follow the standings; a team that
  forfeited one of its last two pool games takes the last seed.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Container, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from rinkside.rules.events import TEAMS, Team, other
from rinkside.rules.outcome import DecidedBy
from rinkside.rules.records import charged_tenths
from rinkside.rules.settings import Points
from rinkside.rules.times import minutes_value
from rinkside.tournament.model import PlayedGame, TeamInfo

__all__ = [
    "CRITERIA",
    "SeedingUndecided",
    "Standing",
    "check_chain",
    "seeds",
    "standings",
]

CRITERIA: Final = (
    "head_to_head", "goal_difference", "goals_against", "goals_for", "fewest_pim", "coin_toss",
)
"""The tiebreak criteria a tournament may chain, in casebook 24's words."""

_LABELS: Final = {
    "points": "points",
    "head_to_head": "head-to-head points",
    "goal_difference": "goal difference",
    "goals_against": "goals against (fewer is better)",
    "goals_for": "goals for",
    "fewest_pim": "penalty minutes (fewer is better)",
    "coin_toss": "coin toss",
}

_TOSS_NEEDED: Final = "coin toss needed"
"""Why a tie stands when the chain reached its coin toss and none is recorded."""

_NO_TOSSES: Final[Mapping[frozenset[int], Sequence[int]]] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Standing:
    """One team's row.

    ``decided_by`` names what put this team above the team below it:
    ``"points"``, a tiebreak criterion, or None (the last row, or a tie the
    chain has not broken, see ``explanation``). Teams still tied share a
    ``place``. ``awaits_coin_toss``: the tie is one only a coin toss the
    chain names can break, and none is recorded yet (casebook 24).
    """

    team_id: int
    gp: int
    w: int
    l: int  # noqa: E741 (the standings column)
    t: int
    gf: int
    ga: int
    gd: int
    pts: float
    pim: int | float
    place: int
    decided_by: str | None
    explanation: str
    awaits_coin_toss: bool = False


class SeedingUndecided(ValueError):
    """Seeds cannot be given while teams are still tied (casebook 24: the
    coin toss must be drawn and recorded first, where the chain names one).
    The message is the standings' explanation, which names the teams (never
    their internal ids); ``coin_toss``: a coin toss would break the tie."""

    def __init__(self, teams: Collection[int], explanation: str, *,
                 coin_toss: bool = False) -> None:
        self.teams = frozenset(teams)
        self.explanation = explanation
        self.coin_toss = coin_toss
        super().__init__(f"the seeds are not decided: {explanation}")


def check_chain(chain: Sequence[str]) -> None:
    """Casebook 24: the chain is written in advance from the known criteria."""
    for name in chain:
        if name not in CRITERIA:
            raise ValueError(f"unknown tiebreaker {name!r} (casebook 24); allowed: "
                             f"{', '.join(CRITERIA)}")
    repeated = sorted({n for n in chain if list(chain).count(n) > 1})
    if repeated:
        raise ValueError(f"tiebreaker {repeated[0]!r} appears twice in the chain (casebook 24)")


# -- the table ------------------------------------------------------------------


@dataclass(slots=True)
class _Line:
    gp: int = 0
    w: int = 0
    l: int = 0  # noqa: E741
    t: int = 0
    gf: int = 0
    ga: int = 0
    pts: float = 0
    pim: int | float = 0


def _pool_games(teams: Collection[int], played: Sequence[PlayedGame], removed: Container[int]
                ) -> list[PlayedGame]:
    """Casebook 23: finished pool games that stand; a game with a removed team
    is erased for both (casebook 26); a game with a team from outside the
    table counts for the team that is in it."""
    return [p for p in played
            if p.game.stage == "pool" and p.state.result is not None
            and p.game.home_team_id not in removed and p.game.away_team_id not in removed
            and (p.game.home_team_id in teams or p.game.away_team_id in teams)]


def _points_of(p: PlayedGame, team_id: int, points: Points) -> float:
    """Rule 639(a), casebook 15: win, tie or loss points; a forfeiting team
    takes none, whatever a loss earns (634(d)1, casebook 17)."""
    result = p.state.result
    assert result is not None
    if result.winner is None:
        return points.tie
    if p.team_id(result.winner) == team_id:
        return points.win
    return 0 if result.decided_by == DecidedBy.FORFEIT else points.loss


def _lines(teams: Collection[int], games: Sequence[PlayedGame], points: Points
           ) -> dict[int, _Line]:
    lines = {team_id: _Line() for team_id in teams}
    for p in games:
        result = p.state.result
        assert result is not None
        pim = _team_tenths(p)
        for side in TEAMS:
            team_id = p.team_id(side)
            line = lines.get(team_id)
            if line is None:
                continue
            line.gp += 1
            if result.winner is None:
                line.t += 1
            elif result.winner == side:
                line.w += 1
            else:
                line.l += 1
            line.gf += result.score[side]
            line.ga += result.score[other(side)]
            line.pts += _points_of(p, team_id, points)
            line.pim += minutes_value(pim[side])
    return lines


def _team_tenths(p: PlayedGame) -> dict[Team, int]:
    """Each team's penalty minutes in the game, in tenths, as the records
    charge them (casebook 12): every penalty of its players, bench and
    officials (what the per-person minutes of ``state.pim()`` add up to)."""
    settings = p.state.setup.settings
    tenths: dict[Team, int] = {"home": 0, "away": 0}
    for record in p.state.assessed:
        tenths[record.team] += charged_tenths(record, settings)
    return tenths


# -- tiebreaks (casebook 24) ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Split:
    """How a team was split from the next one: the criterion, the group in
    which it was applied and each team's value in it."""

    criterion: str
    group: frozenset[int]
    values: Mapping[int, float]


@dataclass(slots=True)
class _Resolution:
    order: list[int]
    split_below: dict[int, _Split]  # team -> how it was split from the next team
    unresolved: list[tuple[list[int], str]]  # tied teams, why


class _Tiebreak:
    def __init__(self, lines: Mapping[int, _Line], games: Sequence[PlayedGame], points: Points,
                 chain: Sequence[str], coin_tosses: Mapping[frozenset[int], Sequence[int]]
                 ) -> None:
        self.lines = lines
        self.games = games
        self.points = points
        self.chain = chain
        self.coin_tosses = coin_tosses

    def values(self, criterion: str, group: frozenset[int]) -> dict[int, float] | None:
        """Each team's value, larger is better; None: no recorded coin toss."""
        if criterion == "head_to_head":
            return self.head_to_head(group)
        if criterion == "coin_toss":
            order = self.coin_tosses.get(group)
            if order is None:
                return None
            if sorted(order) != sorted(group):
                raise ValueError(f"the coin toss recorded for teams {sorted(group)} orders "
                                 f"{list(order)} (casebook 24)")
            return {team_id: float(len(order) - i) for i, team_id in enumerate(order)}
        measure: Callable[[_Line], float] = {
            "goal_difference": lambda x: x.gf - x.ga,
            "goals_against": lambda x: -x.ga,
            "goals_for": lambda x: x.gf,
            "fewest_pim": lambda x: -x.pim,
        }[criterion]
        return {team_id: measure(self.lines[team_id]) for team_id in group}

    def head_to_head(self, group: frozenset[int]) -> dict[int, float]:
        """Casebook 24: points earned in the games among the teams being separated."""
        earned = dict.fromkeys(group, 0.0)
        for p in self.games:
            home, away = p.game.home_team_id, p.game.away_team_id
            if home in group and away in group:
                earned[home] += _points_of(p, home, self.points)
                earned[away] += _points_of(p, away, self.points)
        return earned

    def resolve(self, group: list[int]) -> _Resolution:
        """Casebook 24: the first criterion giving the group different values
        splits it into subgroups, best first; each subgroup of two or more
        starts the chain again among its own teams; a criterion leaving the
        whole group level is passed over."""
        if len(group) == 1:
            return _Resolution(list(group), {}, [])
        members = frozenset(group)
        for criterion in self.chain:
            values = self.values(criterion, members)
            if values is None:
                return _Resolution(sorted(group), {}, [(sorted(group), _TOSS_NEEDED)])
            levels = sorted(set(values.values()), reverse=True)
            if len(levels) == 1:
                continue
            out = _Resolution([], {}, [])
            for level in levels:
                sub = sorted(t for t in group if values[t] == level)
                if out.order:
                    out.split_below[out.order[-1]] = _Split(criterion, members, values)
                inner = self.resolve(sub)
                out.order += inner.order
                out.split_below.update(inner.split_below)
                out.unresolved += inner.unresolved
            return out
        return _Resolution(sorted(group), {}, [(sorted(group), "level on every tiebreaker")])


def _show(criterion: str, value: float) -> str:
    if criterion == "goal_difference":
        return f"{value:+g}"
    if criterion in ("goals_against", "fewest_pim"):
        return f"{-value:g}"
    return f"{value:g}"


def standings(teams: Sequence[TeamInfo], played_that_stand: Sequence[PlayedGame],
              points: Points, chain: Sequence[str],
              coin_tosses: Mapping[frozenset[int], Sequence[int]] = _NO_TOSSES,
              *, removed: Container[int] = frozenset(), pool_over: bool = True
              ) -> list[Standing]:
    """One division's standings from its pool games that stand (casebook 23).

    ``teams`` are the division's teams; those in ``removed`` (634(e)4-7,
    casebook 26) leave the standings, and any game of theirs still in
    ``played_that_stand`` is left out for both teams (see
    :func:`rinkside.tournament.forfeits.games_that_stand`). ``chain`` is the tournament's tiebreak
    chain (casebook 24, :data:`CRITERIA`); ``coin_tosses`` holds each coin
    toss drawn, keyed by exactly the teams it separated, best first. A tie
    that needs a coin toss not yet recorded stays unresolved: the teams
    share a place and the explanation says "coin toss needed".
    ``pool_over`` False (pool games still to play): a tie is only the table
    so far, so it says so and awaits no coin toss (the chain's last resort,
    casebook 24).
    """
    check_chain(chain)
    names = {t.team_id: t.name for t in teams if t.team_id not in removed}
    games = _pool_games(names.keys(), played_that_stand, removed)
    lines = _lines(names.keys(), games, points)
    tiebreak = _Tiebreak(lines, games, points, chain, coin_tosses)

    order: list[int] = []
    split_below: dict[int, _Split] = {}
    unresolved: list[tuple[list[int], str]] = []
    for level in sorted({line.pts for line in lines.values()}, reverse=True):
        group = sorted(t for t, line in lines.items() if line.pts == level)
        if order:
            split_below[order[-1]] = _Split("points", frozenset(lines), {
                t: line.pts for t, line in lines.items()})
        found = tiebreak.resolve(group)
        order += found.order
        split_below.update(found.split_below)
        unresolved += found.unresolved

    tied_with: dict[int, tuple[list[int], str]] = {}
    for tied, why in unresolved:
        for team_id in tied:
            tied_with[team_id] = (tied, why)

    rows: list[Standing] = []
    for i, team_id in enumerate(order):
        line = lines[team_id]
        place = i + 1
        if team_id in tied_with:
            place = order.index(tied_with[team_id][0][0]) + 1
        below = order[i + 1] if i + 1 < len(order) else None
        split = split_below.get(team_id)
        decided_by = split.criterion if split is not None else None
        rows.append(Standing(
            team_id=team_id, gp=line.gp, w=line.w, l=line.l, t=line.t, gf=line.gf, ga=line.ga,
            gd=line.gf - line.ga, pts=line.pts, pim=line.pim, place=place,
            decided_by=decided_by,
            explanation=_explain(team_id, below, split, tied_with.get(team_id), names,
                                 pool_over),
            awaits_coin_toss=pool_over and tied_with.get(team_id, ([], ""))[1] == _TOSS_NEEDED,
        ))
    return rows


def _explain(team_id: int, below: int | None, split: _Split | None,
             tied: tuple[list[int], str] | None, names: Mapping[int, str],
             pool_over: bool = True) -> str:
    name = names[team_id]
    parts: list[str] = []
    if tied is not None and not pool_over:
        others = ", ".join(names[t] for t in tied[0] if t != team_id)
        parts.append(f"{name} is level with {others} so far: the tiebreakers separate them "
                     "once every pool game is played (casebook 24)")
    elif tied is not None:
        teams, why = tied
        others = ", ".join(names[t] for t in teams if t != team_id)
        hint = ("the tournament's coin toss must be drawn and recorded" if why ==
                _TOSS_NEEDED else "the chain has no further criterion")
        parts.append(f"{name} is tied with {others}: {why} (casebook 24); {hint}")
    if below is not None and split is not None:
        parts.append(_ahead(name, names[below], split, split.values[team_id],
                            split.values[below], names))
    if not parts:
        return f"{name}: last place" if below is None else name
    return "; ".join(parts)


def _ahead(name: str, other: str, split: _Split, mine: float, theirs: float,
           names: Mapping[int, str]) -> str:
    if split.criterion == "points":
        return f"{name} is ahead of {other} on points ({mine:g} to {theirs:g})"
    if split.criterion == "coin_toss":
        return f"{name} is ahead of {other} on the recorded coin toss (casebook 24)"
    among = ", ".join(names[t] for t in sorted(split.group))
    return (f"{name} is level on points with {other} and ahead on "
            f"{_LABELS[split.criterion]} ({_show(split.criterion, mine)} to "
            f"{_show(split.criterion, theirs)}, among {among}; casebook 24)")


# -- seeds (casebook 25) -----------------------------------------------------------


def seeds(standings_by_division: Mapping[int, Sequence[Standing]],
          late_forfeits: Collection[int] = frozenset(), *,
          per_division: int | None = None) -> list[int]:
    """Playoff seeds, best first (casebook 25).

    Seeds follow the standings: with one division, its order. With several,
    the first places in the order the divisions are given, then the second
    places, and so on; the book and the casebook do not say how to cross
    divisions, so the caller's order of divisions is the tournament's
    published order. ``per_division`` keeps only that many teams of each
    division (the qualifiers).

    Rule 634(e)1, casebook 25: a qualified team in ``late_forfeits`` takes the
    last seed (several: in the order they would otherwise have had); its
    standings row does not change. Raises :class:`SeedingUndecided` while a
    tie among qualifiers is unresolved (a coin toss is needed).
    """
    columns: list[list[int]] = []
    for rows in standings_by_division.values():
        ranked = list(rows)
        if per_division is not None:
            ranked = ranked[:per_division]
        for i, row in enumerate(ranked):
            level = [r.team_id for r in rows if r.place == row.place]
            if len(level) > 1:
                raise SeedingUndecided(level, row.explanation, coin_toss=row.awaits_coin_toss)
            if i >= len(columns):
                columns.append([])
            columns[i].append(row.team_id)
    order = [team_id for column in columns for team_id in column]
    return ([t for t in order if t not in late_forfeits]
            + [t for t in order if t in late_forfeits])
