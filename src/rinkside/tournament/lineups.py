"""A team's lineup for one game: who dresses, who wears the letters.

Refused (errors), each with its rule in the sentence:

- Rule 203(a): a player not on the team's tournament roster;
- Rule 201(a): more than 15 players dressed (the ``roster_max`` setting);
- a suspended player dressed, citing the rule that suspended him
  (casebook ruling 27: 404(d), 615(d), 405(e), 410...); the team hands in
  another lineup;
- Rule 202(c): the captain or an alternate not dressed for the game;
- Rule 202(d): a goaltender or playing coach as captain or alternate;
- Rule 202(b): more than two alternates, or the captain named as one.

Warned, not refused: fewer than four skaters and a goaltender dressed
(Rules 204(a), 634(c) 1) makes the team a forfeit candidate, which the
Referees or the Tournament Director decide; and no captain named
(Rule 202(c): the officials are told before each game).

Suspensions are computed elsewhere; this module is given, for each
suspended player id, the sentence to show (which names his rule).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from rinkside.tournament.model import RosterPlayer

__all__ = [
    "FULL_STRENGTH_SKATERS",
    "LineupCheck",
    "LineupError",
    "LineupProblem",
    "check_lineup",
]

FULL_STRENGTH_SKATERS: Final = 4  # Rules 201(b), 204(a): four skaters and a goaltender
ROSTER_MAX: Final = 15  # Rule 201(a)
_SUSPENSION_FALLBACK_RULE: Final = "410(b)"  # suspensions are served in the tournament
_RULE_IN_TEXT = re.compile(r"\bRule\s+(\d{3}(?:\([a-z]\))?)")


@dataclass(frozen=True, slots=True)
class LineupProblem:
    """One reason a lineup is refused (or warned about)."""

    rule: str
    message: str
    player_id: int | None = None

    def __str__(self) -> str:
        # A suspension's sentence cites its rule already (casebook 27): not twice.
        if f"(Rule {self.rule})" in self.message:
            return self.message
        return f"{self.message} (Rule {self.rule})"


class LineupError(ValueError):
    """A lineup the rule book refuses; lists every problem."""

    def __init__(self, problems: Sequence[LineupProblem]) -> None:
        self.problems = tuple(problems)
        count = len(self.problems)
        head = "lineup refused: 1 problem" if count == 1 else f"lineup refused: {count} problems"
        super().__init__(head + ":\n" + "\n".join(f"  - {p}" for p in self.problems))


@dataclass(frozen=True, slots=True)
class LineupCheck:
    """The verdict on a lineup. ``errors`` refuse it; ``warnings`` and a
    forfeit candidate are for the officials to weigh."""

    errors: tuple[LineupProblem, ...]
    warnings: tuple[LineupProblem, ...]
    forfeit_candidate: bool
    forfeit_reason: str | None
    skaters: int
    goaltenders: int

    @property
    def accepted(self) -> bool:
        return not self.errors

    def raise_if_refused(self) -> None:
        if self.errors:
            raise LineupError(self.errors)


def _unique(ids: Sequence[int]) -> list[int]:
    return list(dict.fromkeys(ids))


def _who(p: RosterPlayer) -> str:
    return f"#{p.number} {p.name}".strip()


def _suspension_rule(message: str) -> str:
    found = _RULE_IN_TEXT.search(message)
    return found.group(1) if found else _SUSPENSION_FALLBACK_RULE


def check_lineup(roster: Sequence[RosterPlayer], dressed: Sequence[int], captain: int | None,
                 alternates: Sequence[int], suspended: Mapping[int, str], *,
                 roster_max: int = ROSTER_MAX, starting_goalie: int | None = None
                 ) -> LineupCheck:
    """Check one team's lineup for one game against its tournament roster.

    ``dressed``, ``captain``, ``alternates`` and ``starting_goalie`` (the
    goaltender named to start, 204(a); None: not named) are player ids (an id given
    twice counts once); ``suspended`` maps a player id to the sentence of his
    suspension, e.g. ``"suspended for 1 game: game misconduct (Rule 404(d))"``.
    """
    by_id = {p.player_id: p for p in roster}
    dressed_ids = _unique(dressed)
    errors: list[LineupProblem] = []
    warnings: list[LineupProblem] = []

    # Rule 203(a): only players on the tournament roster may play.
    on_roster = [by_id[i] for i in dressed_ids if i in by_id]
    for i in dressed_ids:
        if i not in by_id:
            errors.append(LineupProblem("203(a)", f"player {i} is not on the team's tournament "
                                        "roster", i))
    # Rule 201(a): at most 15 players.
    if len(dressed_ids) > roster_max:
        errors.append(LineupProblem("201(a)", f"{len(dressed_ids)} players dressed; a team has "
                                    f"at most {roster_max}"))
    # Casebook 27: a suspended player is refused, citing his suspension's rule.
    for p in on_roster:
        if p.player_id in suspended:
            message = suspended[p.player_id].strip()
            errors.append(LineupProblem(
                _suspension_rule(message),
                f"{_who(p)} is suspended and may not dress: {message}", p.player_id))

    # Rules 202(b)-(d): the letters.
    dressed_set = set(dressed_ids)
    alternate_ids = _unique(alternates)
    if len(alternate_ids) > 2:
        errors.append(LineupProblem("202(b)", f"{len(alternate_ids)} alternate captains named; "
                                    "at most two"))
    if captain is not None and captain in alternate_ids:
        errors.append(LineupProblem("202(b)", "the captain cannot also be an alternate captain",
                                    captain))
    lettered: list[tuple[int, str]] = []
    if captain is None:
        warnings.append(LineupProblem("202(c)", "no captain named; the Referees or official "
                                      "scorer are told the captain before each game"))
    else:
        lettered.append((captain, "captain"))
    lettered += [(i, "alternate captain") for i in alternate_ids]
    for i, role in lettered:
        wearer = by_id.get(i)
        if wearer is None:
            errors.append(LineupProblem("202(c)", f"the {role} (player {i}) is not on the "
                                        "team's roster", i))
            continue
        if i not in dressed_set:
            errors.append(LineupProblem("202(c)", f"the {role}, {_who(wearer)}, is not dressed for "
                                        "this game", i))
        if wearer.goalie:
            errors.append(LineupProblem("202(d)", f"{_who(wearer)} is a goaltender and cannot be "
                                        f"{role}", i))
        if wearer.playing_coach:
            errors.append(LineupProblem("202(d)", f"{_who(wearer)} is a playing coach and cannot "
                                        f"be {role}", i))

    # Rule 204(a): the goaltender named to start is one of the team's dressed goaltenders.
    if starting_goalie is not None:
        starter = by_id.get(starting_goalie)
        if starter is None or starting_goalie not in dressed_set or not starter.goalie:
            what = (f"player {starting_goalie} is not on the team's roster" if starter is None
                    else f"{_who(starter)} is not dressed for this game"
                    if starting_goalie not in dressed_set
                    else f"{_who(starter)} is not a goaltender of the roster")
            errors.append(LineupProblem("204(a)", f"the starting goaltender must be a dressed "
                                        f"goaltender: {what}", starting_goalie))

    # Rules 204(a), 634(c) 1: four skaters and a goaltender, among those who may play.
    eligible = [p for p in on_roster if p.player_id not in suspended]
    goaltenders = sum(1 for p in eligible if p.goalie)
    skaters = len(eligible) - goaltenders
    short = goaltenders < 1 or skaters < FULL_STRENGTH_SKATERS
    reason = None
    if short:
        reason = (f"{_count(skaters, 'skater')} and {_count(goaltenders, 'goaltender')} "
                  "dressed; a team starts a game with four skaters and a goaltender: the "
                  "Referees or the Tournament Director may declare a forfeit "
                  "(Rules 204(a), 634(c) 1)")
    return LineupCheck(tuple(errors), tuple(warnings), short, reason, skaters, goaltenders)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
