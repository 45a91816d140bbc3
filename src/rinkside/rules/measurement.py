"""What an equipment measurement requested at a stoppage costs, and whom.

- Rule 610(f): a request found unsubstantiated (the equipment is legal) is a
  bench minor to the team that asked.
- Rule 301(d): an illegal stick, the goaltender's included, is a minor to
  the player using it.
- Rule 301(e): a player who refuses to surrender the stick for measurement
  gets a minor plus a misconduct.
- Rule 303(g): illegal goaltender equipment (blocker 303(b), catching glove
  303(c), leg pads 303(e)) is a minor, and the goaltender leaves the game
  until it is put right.
- Rule 304(e), (f): a glove with the palm cut out, or protective equipment
  that breaks the rule, is a minor.

A team asks for one measurement per stoppage (the console's rule, so that a
stoppage cannot be stretched by requests). The measurements themselves
(inches against the book's limits) are checked by
:mod:`rinkside.rink.equipment`; the engine takes the referee's finding.
"""

from __future__ import annotations

from typing import Final

from rinkside.rules.errors import RuleViolation
from rinkside.rules.events import MEASURED_ITEMS, Measurement, Penalty, PenaltyClass, other

# The infraction (as the catalog names it) and rule of illegal equipment, by item.
ILLEGAL: Final[dict[str, tuple[str, str]]] = {
    "stick": ("Illegal stick", "301(d)"),
    "goaltender_stick": ("Illegal stick", "301(d)"),
    "blocker": ("Illegal goaltender equipment", "303(g)"),
    "catching_glove": ("Illegal goaltender equipment", "303(g)"),
    "leg_pads": ("Illegal goaltender equipment", "303(g)"),
    "glove": ("Illegal glove (cut palm)", "304(e)"),
    "protective_equipment": ("Protective equipment violation", "304(f)"),
}
STICKS: Final = frozenset({"stick", "goaltender_stick"})
UNSUBSTANTIATED: Final = ("Unsubstantiated equipment measurement", "610(f)")
REFUSING: Final = ("Refusing stick measurement", "301(e)")


def penalties(event: Measurement) -> list[Penalty]:
    """The penalties the measurement's result carries, in the order assessed."""
    if event.item not in MEASURED_ITEMS:
        raise RuleViolation("610(f)", f"{event.item!r} is not equipment the book measures: "
                            f"{', '.join(MEASURED_ITEMS)}")
    at, measured = event.at, other(event.team)
    match event.result:
        case "legal":
            name, rule = UNSUBSTANTIATED
            return [Penalty(at, event.team, None, PenaltyClass.BENCH_MINOR, name, rule,
                            served_by=event.served_by)]
        case "illegal":
            name, rule = ILLEGAL[event.item]
            return [Penalty(at, measured, event.player, PenaltyClass.MINOR, name, rule)]
        case "refused":
            if event.item not in STICKS:
                raise RuleViolation("301(e)", "Rule 301(e) is about refusing to surrender a "
                                    "stick; equipment a player will not let be measured is "
                                    "recorded as illegal")
            name, rule = REFUSING
            return [Penalty(at, measured, event.player, PenaltyClass.MINOR, name, rule),
                    Penalty(at, measured, event.player, PenaltyClass.MISCONDUCT, name, rule)]
    raise RuleViolation("610(f)", f"{event.result!r} is not a measurement's result: "
                        "legal, illegal or refused")
