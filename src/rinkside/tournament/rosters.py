"""A team's tournament roster, checked as a whole against Section II.

The roster is the list handed to the Tournament Director before the
tournament (Rule 203(b)) of every player eligible to play in it (203(a)).
Every problem is reported, not only the first, each with its rule, the
player's number and a sentence:

- Rule 201(a): at most 15 players (the ``roster_max`` setting);
- Rule 203(a): the goaltender(s) identified: at least one;
- Rule 307(c): numbers are whole numbers 1-99, no two players alike;
- Rule 202(a): one captain; 202(b): at most two alternates;
- Rule 202(d): no goaltender and no playing coach as captain or alternate;
- Rule 201(c): player coaches only in Division 1, Women's, Senior, 35 and
  Over and Elite/Pro, and only a player who has reached 18 by the day the
  tournament starts.

The engine's per-game check (:func:`rinkside.rules.roster.check_roster`)
stops at the first problem. It stays the one place that decides 201(a),
307(c), 202(a), 202(b) and 202(d) for goaltenders: to find every problem,
each of those rules is put to it on a projection of the roster that only
that rule can break. Only 203(a), 201(c) and 202(d) for playing coaches,
which the engine does not know about, are decided here.

After the tournament starts, roster changes go only through the Tournament
Director and with a reason (Rule 203(b)): :func:`check_change_allowed`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Final

from rinkside.rules.errors import RuleViolation
from rinkside.rules.roster import Letter, Player, check_roster
from rinkside.tournament.model import DivisionInfo, RosterPlayer

__all__ = [
    "DIRECTOR_ROLES",
    "PLAYER_COACH_AGE",
    "ROSTER_MAX",
    "RosterError",
    "RosterProblem",
    "age_on",
    "check_change_allowed",
    "check_tournament_roster",
    "division_allows_player_coaches",
    "number_allowed",
    "player_coaches_allowed",
    "raise_if_invalid",
    "roster_size_problem",
]

ROSTER_MAX: Final = 15  # Rule 201(a); an event may set another (settings.roster_max)
PLAYER_COACH_AGE: Final = 18  # Rule 201(c)

#: The roles that may change a roster once the tournament has started (Rule 203(b)).
DIRECTOR_ROLES: Final = frozenset({"tournament director", "director", "td"})


@dataclass(frozen=True, slots=True)
class RosterProblem:
    """One thing wrong with a roster.

    ``number`` is the player's jersey number (None for a problem of the whole
    roster); ``field`` the :class:`RosterPlayer` attribute at fault;
    ``player_ids`` the players concerned (for a duplicate number, both).
    """

    rule: str
    message: str
    number: int | None = None
    field: str | None = None
    player_ids: tuple[int, ...] = ()

    def __str__(self) -> str:
        who = f"#{self.number}: " if self.number is not None else ""
        return f"{who}{self.message} (Rule {self.rule})"


class RosterError(ValueError):
    """A roster (or a change to it) the rule book refuses; lists every problem."""

    def __init__(self, problems: Iterable[RosterProblem]) -> None:
        self.problems: tuple[RosterProblem, ...] = tuple(problems)
        count = len(self.problems)
        head = "1 roster problem" if count == 1 else f"{count} roster problems"
        super().__init__(head + ":\n" + "\n".join(f"  - {p}" for p in self.problems))

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(p.rule for p in self.problems)


# --------------------------------------------------------------------------- 201(c)

_YOUTH = re.compile(
    r"\b(?:\d{1,2}\s*u|u\s*\d{1,2}|\d{1,2}\s*(?:and|&)\s*under|midgets?|bantams?|squirts?"
    r"|mites?|pee\s*wees?|juniors?|jr|youth|girls|boys|kids)\b"
)
_DIVISION_ONE = re.compile(r"\b(?:division|div|d)\s*(?:1|i|one)\b")
_WOMEN = re.compile(r"\bwom[ae]n(?:\s*s)?\b")
_SENIOR = re.compile(r"\b(?:seniors?|sr)\b")
_THIRTY_FIVE = re.compile(
    r"(?:\b35\s*(?:\+|(?:and|&)?\s*(?:over|older|up|plus)\b|o\b))|\b(?:over|o)\s*35\b"
)
_ELITE_PRO = re.compile(r"\b(?:elite|pro)\b")


def division_allows_player_coaches(name: str) -> bool:
    """Whether a division of this name is one that Rule 201(c) lets have
    player coaches: Division 1, Women's, Senior, 35 and Over, Elite / Pro.

    Names are read loosely ("Div 1", "D1", "Womens", "35+", "Over 35",
    "Elite/Pro", "Pro"); a youth marker ("14U", "Midget", "Junior", ...) wins
    over the rest, so "14U Elite" is not the adult Elite division.
    """
    text = name.lower().replace("\u2019", "'").replace("'", " ")
    text = re.sub(r"[^a-z0-9+&]+", " ", text).strip()
    if not text or _YOUTH.search(text):
        return False
    return any(p.search(text) for p in (_DIVISION_ONE, _WOMEN, _SENIOR, _THIRTY_FIVE,
                                        _ELITE_PRO))


def player_coaches_allowed(division: DivisionInfo) -> bool:
    """Rule 201(c) for a stored division: its own flag, or its name."""
    return division.player_coaches_allowed or division_allows_player_coaches(division.name)


def age_on(birth_date: date, day: date) -> int:
    """Whole years of age on ``day`` (born 29 February: a year older on 1 March)."""
    years = day.year - birth_date.year
    if (day.month, day.day) < (birth_date.month, birth_date.day):
        years -= 1
    return years


# --------------------------------------------------------------------------- the engine's rules

_ENGINE_NAME: Final = "roster"


def _engine_says(rule: str, players: Sequence[Player], roster_max: int) -> RuleViolation | None:
    """The engine's verdict on a projection built to break only ``rule``."""
    try:
        check_roster(_ENGINE_NAME, players, roster_max)
    except RuleViolation as violation:
        # Another rule can only answer for a roster of more than 99 players
        # under a roster_max of 100 or more; that roster does not break 201(a).
        return violation if violation.rule == rule else None
    return None


def _reason(violation: RuleViolation) -> str:
    return violation.reason.removeprefix(f"{_ENGINE_NAME}: ")


def _label(p: RosterPlayer) -> str:
    return p.name.strip() or f"#{p.number}"


def roster_size_problem(count: int, roster_max: int = ROSTER_MAX) -> RosterProblem | None:
    """Rule 201(a) for a roster of ``count`` players, as the engine decides it."""
    neutral = [Player(n) for n in range(1, count + 1)]
    if (v := _engine_says("201(a)", neutral, roster_max)) is not None:
        return RosterProblem("201(a)", _reason(v))
    return None


def number_allowed(number: int) -> bool:
    """Rule 307(c): whether ``number`` may be worn at all (the engine decides)."""
    return _engine_says("307(c)", [Player(number)], 1) is None


def _engine_problems(players: Sequence[RosterPlayer], roster_max: int) -> list[RosterProblem]:
    problems: list[RosterProblem] = []
    # Rule 201(a): as many neutral players, numbered 1, 2, ...
    if (size := roster_size_problem(len(players), roster_max)) is not None:
        problems.append(size)

    # Rule 307(c): each number in turn against the numbers accepted before it.
    room = max(len(players), 1)  # so that 201(a) cannot fire here
    accepted: list[RosterPlayer] = []
    for p in players:
        shown = [Player(a.number) for a in accepted]
        if (v := _engine_says("307(c)", [*shown, Player(p.number)], room)) is None:
            accepted.append(p)
            continue
        earlier = tuple(a.player_id for a in accepted if a.number == p.number)
        problems.append(RosterProblem("307(c)", _reason(v), p.number, "number",
                                      (*earlier, p.player_id)))

    # Rule 202(a), 202(b): how many wear each letter.
    letters: tuple[tuple[Letter, str], ...] = (("C", "202(a)"), ("A", "202(b)"))
    for letter, rule in letters:
        wearers = [p for p in players if p.captain == letter]
        projection = [Player(i, captain=letter) for i in range(1, len(wearers) + 1)]
        if (v := _engine_says(rule, projection, room)) is not None:
            numbers = ", ".join(f"#{p.number}" for p in wearers)
            problems.append(RosterProblem(rule, f"{_reason(v)} ({numbers})", None, "captain",
                                          tuple(p.player_id for p in wearers)))

    # Rule 202(d), goaltenders: a lettered goaltender on his own.
    for p in players:
        if p.captain is None or not p.goalie:
            continue
        if _engine_says("202(d)", [Player(1, goalie=True, captain=p.captain)], 1) is not None:
            problems.append(RosterProblem(
                "202(d)", f"{_label(p)} is a goaltender and cannot wear the "
                f"{_letter_name(p.captain)} letter", p.number, "captain", (p.player_id,)))
    return problems


def _letter_name(letter: Letter) -> str:
    return "captain's" if letter == "C" else "alternate captain's"


# --------------------------------------------------------------------------- the whole roster


def check_tournament_roster(division: DivisionInfo, players: Sequence[RosterPlayer],
                            starts_on: date, *, roster_max: int = ROSTER_MAX
                            ) -> list[RosterProblem]:
    """Every problem of a team's tournament roster (empty when it is valid).

    Rules 201(a), 203(a), 307(c), 202(a), 202(b), 202(d), 201(c); the order of
    the list follows that of the module docstring, players in roster order.
    """
    problems = _engine_problems(players, roster_max)

    # Rule 203(a): the goaltender(s) identified.
    if not any(p.goalie for p in players):
        problems.append(RosterProblem("203(a)", "no goaltender is identified; a roster names "
                                      "at least one", None, "goalie"))
    # Rule 202(a): one captain is appointed.
    if not any(p.captain == "C" for p in players):
        problems.append(RosterProblem("202(a)", "no captain is named; each team appoints one",
                                      None, "captain"))

    # Rule 202(d), playing coaches: never captain or alternate.
    for p in players:
        if p.playing_coach and p.captain is not None:
            problems.append(RosterProblem(
                "202(d)", f"{_label(p)} is a playing coach and cannot wear the "
                f"{_letter_name(p.captain)} letter", p.number, "captain", (p.player_id,)))

    # Rule 201(c): player coaches, by division and age on the first day.
    allowed = player_coaches_allowed(division)
    for p in players:
        if not p.playing_coach:
            continue
        if not allowed:
            problems.append(RosterProblem(
                "201(c)", f"{_label(p)} is a playing coach, but the {division.name} division "
                "does not allow player coaches (only Division 1, Women's, Senior, 35 and Over "
                "and Elite / Pro do)", p.number, "playing_coach", (p.player_id,)))
        elif p.birth_date is None:
            problems.append(RosterProblem(
                "201(c)", f"{_label(p)} is a playing coach with no birth date; a player coach "
                f"must have reached {PLAYER_COACH_AGE}", p.number, "birth_date",
                (p.player_id,)))
        elif (age := age_on(p.birth_date, starts_on)) < PLAYER_COACH_AGE:
            problems.append(RosterProblem(
                "201(c)", f"{_label(p)} is {age} on {starts_on.isoformat()}, the tournament's "
                f"first day; a player coach must have reached {PLAYER_COACH_AGE}", p.number,
                "birth_date", (p.player_id,)))
    return problems


def raise_if_invalid(division: DivisionInfo, players: Sequence[RosterPlayer], starts_on: date,
                     *, roster_max: int = ROSTER_MAX) -> None:
    """Raise :class:`RosterError` listing every problem of the roster, if any."""
    problems = check_tournament_roster(division, players, starts_on, roster_max=roster_max)
    if problems:
        raise RosterError(problems)


# --------------------------------------------------------------------------- 203(b)


def _is_director(role: str) -> bool:
    return re.sub(r"[\s_\-]+", " ", role).strip().lower() in DIRECTOR_ROLES


def check_change_allowed(started: bool, by_role: str, reason: str | None) -> None:
    """Rule 203(b): once the tournament has started, the roster changes only
    through the Tournament Director, and with a reason on record.

    Before the start the team may still change its own list. Raises
    :class:`RosterError` citing 203(b) otherwise (both problems if both).
    """
    if not started:
        return
    problems: list[RosterProblem] = []
    if not _is_director(by_role):
        problems.append(RosterProblem(
            "203(b)", f"the tournament has started: only the Tournament Director may change a "
            f"roster, not the {by_role.strip() or 'unnamed role'}"))
    if reason is None or not reason.strip():
        problems.append(RosterProblem(
            "203(b)", "a roster change after the start of the tournament needs a reason"))
    if problems:
        raise RosterError(problems)
