"""One person, one place: the people a schedule must not ask to be in two
games at once.

A person is on the schedule through the teams they play on or coach (the same
player record on two rosters, Rule 203(a); a player in two divisions, Rule
410(c)) and through the games they officiate (Rule 501(a): the referees are
appointed by the Event Directors). A team's own conflicts (a team twice at
once, a team without its rest) are the team's; what this module adds is the
person two *different* games reach: through two teams, or through a team and a
whistle. And a referee is never given a game of a team they play or coach for.

Pure: names and team ids in, who is in which game out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

__all__ = ["People", "Person", "Reach", "describe", "shared"]


@dataclass(frozen=True, slots=True)
class Person:
    """Someone the schedule keeps in one place: their name (the identity the
    rosters and the officials' list share) and the teams they play on or coach."""

    name: str
    teams: frozenset[int]


@dataclass(frozen=True, slots=True)
class Reach:
    """How ``person`` is in a game: through these teams, and whether officiating."""

    person: str
    teams: frozenset[int]
    officiates: bool


class People:
    """The people worth watching: those on two teams or more, and those on a
    team who also officiate (``officials``: every name that officiates or may)."""

    def __init__(self, people: Iterable[Person], officials: Iterable[str] = ()) -> None:
        whistles = set(officials)
        merged: dict[str, set[int]] = {}
        for p in people:
            merged.setdefault(p.name, set()).update(p.teams)
        self.teams_of: dict[str, frozenset[int]] = {
            name: frozenset(teams) for name, teams in merged.items()
            if len(teams) > 1 or (teams and name in whistles)}
        self.on_team: dict[int, list[str]] = {}
        for name, teams in sorted(self.teams_of.items()):
            for team in teams:
                self.on_team.setdefault(team, []).append(name)

    def __bool__(self) -> bool:
        return bool(self.teams_of)

    def reach(self, teams: Sequence[int], officials: Iterable[str]) -> dict[str, Reach]:
        """Everyone watched that a game of ``teams`` officiated by ``officials`` holds."""
        found: dict[str, Reach] = {}
        for team in teams:
            for name in self.on_team.get(team, ()):
                r = found.get(name)
                found[name] = Reach(name, (r.teams if r else frozenset()) | {team},
                                    r.officiates if r else False)
        for name in officials:
            if name in self.teams_of:
                r = found.get(name)
                found[name] = Reach(name, r.teams if r else frozenset(), True)
        return found

    def own_team_referees(self, teams: Sequence[int], officials: Iterable[str]
                          ) -> list[tuple[str, int]]:
        """(official, team) for every official of the game who plays or coaches
        for one of its teams: never given that game (Rule 501(a))."""
        return [(name, team) for name in sorted(officials)
                for team in teams if team in self.teams_of.get(name, frozenset())]

    def linked_teams(self) -> Mapping[frozenset[int], list[str]]:
        """Each set of teams one person binds together, with who binds them
        (a team's games and the other team's then never overlap)."""
        out: dict[frozenset[int], list[str]] = {}
        for name, teams in sorted(self.teams_of.items()):
            if len(teams) > 1:
                out.setdefault(teams, []).append(name)
        return out


def shared(a: Mapping[str, Reach], b: Mapping[str, Reach]) -> list[tuple[Reach, Reach]]:
    """The people in both games who are there for different reasons: one team
    in both games is the team's own conflict, an official in both is the
    official's own (:mod:`schedule_check` reports those)."""
    out: list[tuple[Reach, Reach]] = []
    for name in sorted(a.keys() & b.keys()):
        ra, rb = a[name], b[name]
        if ra.teams & rb.teams:
            continue
        out.append((ra, rb))
    return out


def describe(r: Reach, names: Mapping[int, str]) -> str:
    """``is with Blue`` / ``officiates``."""
    parts = [f"is with {' and '.join(sorted(names.get(t, f'team {t}') for t in r.teams))}"
             ] if r.teams else []
    if r.officiates:
        parts.append("officiates")
    return " and ".join(parts)
