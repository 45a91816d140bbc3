"""What an equipment measurement asked for at a stoppage costs, and whom.

- Section III, Note 1: a request for the measurement of equipment is
  limited to one per team at a stoppage of play (the engine refuses a
  second, and a request while play is on).
- Rule 610(f): a request found unsubstantiated (the equipment is legal) is a
  bench minor to the team that asked.
- Rule 301(d): an illegal stick, the goaltender's included, is a minor to
  the player using it.
- Rule 301(e): a player who refuses to surrender the stick for measurement
  gets a minor plus a misconduct. The book sets no penalty for refusing
  other equipment: such a request is refused (record the finding instead).
- Rule 303(g): illegal goaltender equipment (blocker 303(b), catching glove
  303(c), leg pads 303(e)) is a minor; the goaltender leaves the game until
  it is put right.
- Rules 301(c), 303: the goaltender's stick and equipment are measured on
  a goaltender (the engine refuses them on any other player).
- Rule 304(e), (f): a glove with the palm cut out, or protective equipment
  that breaks the rule, is a minor.

The classes, names and rules come from the Section VI catalog
(:mod:`rinkside.rules.infractions`): the entry's class and its automatic
companions. The measures themselves (inches against the book's limits) are
checked by :mod:`rinkside.rink.equipment`; the engine takes the finding.
"""

from __future__ import annotations

from typing import Final

from rinkside.rules.errors import RuleViolation
from rinkside.rules.events import MEASURED_ITEMS, Measurement, Penalty, Team, other
from rinkside.rules.infractions import by_key
from rinkside.rules.times import GameTime

NOTE: Final = "Section III Note 1"
# The catalog entry an illegal item is called under.
ILLEGAL: Final[dict[str, str]] = {
    "stick": "illegal_stick",
    "goaltender_stick": "illegal_stick",
    "blocker": "illegal_goaltender_equipment",
    "catching_glove": "illegal_goaltender_equipment",
    "leg_pads": "illegal_goaltender_equipment",
    "glove": "illegal_glove",
    "protective_equipment": "protective_equipment",
}
STICKS: Final = frozenset({"stick", "goaltender_stick"})
# The goaltender's equipment, and the rule that measures it (301(c), 303).
GOALTENDER_ITEMS: Final[dict[str, str]] = {
    "goaltender_stick": "301(c)", "blocker": "303(b)", "catching_glove": "303(c)",
    "leg_pads": "303(e)",
}
UNSUBSTANTIATED: Final = "unsubstantiated_measurement"
REFUSING: Final = "refusing_stick_measurement"


def penalties(event: Measurement) -> list[Penalty]:
    """The penalties the measurement's result carries, in the order assessed."""
    if event.item not in MEASURED_ITEMS:
        raise RuleViolation(NOTE, f"{event.item!r} is not equipment the book measures: "
                            f"{', '.join(MEASURED_ITEMS)}")
    match event.result:
        case "legal":
            return called(UNSUBSTANTIATED, event.at, event.team, None, event.served_by)
        case "illegal":
            return called(ILLEGAL[event.item], event.at, other(event.team), event.player,
                          event.served_by)
        case "refused":
            if event.item not in STICKS:
                raise RuleViolation("301(e)", "Rule 301(e) is about refusing to surrender a "
                                    "stick; the book sets no penalty for refusing other "
                                    "equipment: record what the referees found")
            return called(REFUSING, event.at, other(event.team), event.player,
                          event.served_by)
    raise RuleViolation(NOTE, f"{event.result!r} is not a measurement's result: "
                        "legal, illegal or refused")


def called(key: str, at: GameTime, team: Team, player: int | None,
           served_by: int | None = None) -> list[Penalty]:
    """The catalog entry ``key`` as the engine's penalties: its class, then
    each automatic companion (a minor plus a misconduct, 301(e)). ``served_by``
    serves the first, the one another player serves: the asking team's bench
    minor (610(f), 402(c)), a goaltender's minor (407(a)), the minor given
    with 301(e)'s misconduct (404(b))."""
    entry = by_key(key)
    (allowed,) = entry.classes  # each entry a measurement calls allows one class
    return [Penalty(at, team, player, cls, entry.name, entry.rule,
                    served_by=served_by if k == 0 else None)
            for k, cls in enumerate((allowed, *entry.companions))]


def describe(calls: list[Penalty]) -> str:
    """One sentence for the referee: ``Rule 301(e): Refusing stick
    measurement: minor plus misconduct to home #11.``"""
    first = calls[0]
    classes = " plus ".join(p.penalty_class.value.replace("_", " ") for p in calls)
    who = "" if first.player is None else f" #{first.player}"
    return f"Rule {first.rule}: {first.infraction}: {classes} to {first.team}{who}."
