"""Who at the table records what: the book's three table officials.

Rule 507 gives the game timekeeper the time: the start and finish of the
game and all actual playing time (507(a): face-offs, stoppages, time-outs,
the rink's clock), the end of each period (507(c)). Rule 505 gives the
penalty timekeeper the penalty bench: the time each penalized player
serves (505(a): who sits for a penalty another player serves), a player
leaving it early, noted with the time (505(b)). Rule 506 gives the official
scorer the record: goals and assists, penalties with the players, their
duration, the infraction and the time (506(a), and what the record needs
beside them: shots, goaltenders, lineups, corrections), and the game
report's signatures (506(b)).

One write is one :data:`Write`: a kind of event (by the name FORMAT.md
gives its type, :data:`rinkside.rules.events.EVENT_CLASSES`) or one of the
writes that are not events (:data:`OTHER_WRITES`). :data:`DUTIES` maps
each to the table roles that make it, with the rule that gives it to them;
a scorekeeper or the director, at the full console, makes them all (the
application decides who is which). Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Literal, get_args

from rinkside.rules import events

__all__ = ["DUTIES", "OTHER_WRITES", "TABLE_ROLES", "Duty", "TableRole", "duty", "kind_of",
           "refusal", "refusal_of_batch"]

TableRole = Literal["game_timekeeper", "penalty_timekeeper", "official_scorer"]
TABLE_ROLES: Final[tuple[TableRole, ...]] = get_args(TableRole)

OTHER_WRITES: Final = ("clock", "correction", "servers", "lineup", "signature")
"""The writes that are not an event of the log: the rink's clock set, a
past event corrected, a penalty's server named, a team dressed, the game
report signed."""

GT: Final[frozenset[TableRole]] = frozenset({"game_timekeeper"})
PT: Final[frozenset[TableRole]] = frozenset({"penalty_timekeeper"})
OS: Final[frozenset[TableRole]] = frozenset({"official_scorer"})


@dataclass(frozen=True, slots=True)
class Duty:
    """Who makes a write (``roles``), the rule that gives it to them, and
    the write in words (``what``: "a face-off")."""

    roles: frozenset[TableRole]
    rule: str
    what: str


DUTIES: Final[Mapping[str, Duty]] = {
    # Rule 507: the time.
    "faceoff": Duty(GT, "507(a)", "a face-off (play, and the clock, start)"),
    "stoppage": Duty(GT, "507(a)", "a stoppage (the clock stops)"),
    "period_end": Duty(GT, "507(c)", "the end of a period"),
    "timeout": Duty(GT, "507(a)", "a time-out"),
    "referee_timeout": Duty(GT, "507(a)", "the referees' time-out"),
    "suspend": Duty(GT, "507(a)", "a suspension of the game"),
    "resume": Duty(GT, "507(a)", "the resumption of the game"),
    "clock": Duty(GT, "507(a)", "setting the clock"),
    # Rule 505: the penalty bench.
    "left_box": Duty(PT, "505(b)", "a player leaving the penalty bench early"),
    "servers": Duty(PT | OS, "505(a)", "naming who serves a penalty"),
    # Rule 506: the record and the report.
    "goal": Duty(OS, "506(a)", "a goal and its assists"),
    "shot": Duty(OS, "506(a)", "a shot on goal"),
    "penalty": Duty(OS, "506(a)", "a penalty"),
    "penalty_signal": Duty(OS, "506(a)", "a delayed penalty"),
    "penalty_shot": Duty(OS, "506(a)", "a penalty shot"),
    "goalie": Duty(OS, "506(a)", "a goaltender change"),
    "shootout_attempt": Duty(OS, "506(a)", "a shootout attempt"),
    "forfeit": Duty(OS, "506(a)", "a forfeit"),
    "designate": Duty(OS, "506(a)", "the captain's designation of who serves"),
    "measure": Duty(OS, "506(a)", "an equipment measurement and its penalty"),
    "warning": Duty(OS, "506(a)", "a warning"),
    "correction": Duty(OS, "506(a)", "a correction of the record"),
    "lineup": Duty(OS, "506(a)", "a team's lineup"),
    "signature": Duty(OS, "506(b)", "the official scorer's signature on the game report"),
}

_NAMES: Final[Mapping[TableRole, str]] = {
    "game_timekeeper": "game timekeeper", "penalty_timekeeper": "penalty timekeeper",
    "official_scorer": "official scorer"}
# The rule that makes each official what they are, named in a refusal.
_THEIR_RULE: Final[Mapping[TableRole, str]] = {
    "game_timekeeper": "507", "penalty_timekeeper": "505", "official_scorer": "506"}
_KIND_NAMES: Final[Mapping[type[events.Event], str]] = {
    kind: name for name, kind in events.EVENT_CLASSES.items()}
# What a stoppage may come with in one write: the official scorer records a
# goal or a penalty at the moment play stopped for it, the stop with it.
_STOPPED_FOR: Final = frozenset({"goal", "penalty", "penalty_shot", "measure"})


def kind_of(event: events.Event) -> str:
    """The write an event is: its type's FORMAT.md name (``"goal"``)."""
    return _KIND_NAMES[type(event)]


def duty(write: str) -> Duty:
    """Who makes ``write`` (KeyError for a write this table does not name)."""
    return DUTIES[write]


def refusal(role: TableRole, write: str) -> str | None:
    """None when ``role`` makes ``write``; else the sentence that refuses it,
    naming the rule that makes the official what they are and the rule that
    gives the write to another (``Rule 505: the penalty timekeeper keeps the
    penalty bench; a goal and its assists is for the official scorer to
    record (Rule 506(a))``)."""
    job = duty(write)
    if role in job.roles:
        return None
    others = " or ".join(_NAMES[r] for r in TABLE_ROLES if r in job.roles)
    return (f"Rule {_THEIR_RULE[role]}: the {_NAMES[role]} {_KEEPS[role]}; {job.what} is for "
            f"the {others} to record (Rule {job.rule})")


_KEEPS: Final[Mapping[TableRole, str]] = {
    "game_timekeeper": "keeps the time", "penalty_timekeeper": "keeps the penalty bench",
    "official_scorer": "keeps the record"}


def refusal_of_batch(role: TableRole, kinds: Sequence[str]) -> str | None:
    """The first refusal among a write's events (None: all are ``role``'s).
    A stoppage followed in the same write by the official scorer's goal or
    penalty is the stop that event brings, and theirs too."""
    for i, kind in enumerate(kinds):
        if (kind == "stoppage" and role == "official_scorer" and i + 1 < len(kinds)
                and kinds[i + 1] in _STOPPED_FOR):
            continue
        refused = refusal(role, kind)
        if refused is not None:
            return refused
    return None


def _complete() -> None:
    """Every kind of event and every other write has its duty (import time)."""
    missing = (set(events.EVENT_CLASSES) | set(OTHER_WRITES)) ^ set(DUTIES)
    if missing:
        raise AssertionError(f"the table's duties do not match the writes: {sorted(missing)}")


_complete()
