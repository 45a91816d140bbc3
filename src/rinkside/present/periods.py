"""Period labels as people see them: ``1``, ``2``, ``OT``, ``OT2``, ``SO``.

The FORMAT.md encoder writes its own (``OT1`` under unlimited overtime, so
that no moment is ambiguous): that is the format's business
(:mod:`rinkside.formats`), not this one's.
"""

from __future__ import annotations

from rinkside.rules.settings import Settings
from rinkside.rules.state import GameState
from rinkside.rules.times import SHOOTOUT_LABEL

__all__ = ["SHOOTOUT_LABEL", "current_period", "period_label"]


def period_label(period: int, settings: Settings) -> str:
    """The label of ``period`` (1, 2, ... then the overtimes numbered on).

    Rule 640(a) sets the number of regulation periods (``settings.periods``,
    two in the book): they are ``1``, ``2``, .... Rule 639 sets the overtime
    (``settings.overtime``): a single overtime before a shootout (639(b)2)
    or unlimited overtime periods (639(c)). The first overtime is ``OT``
    whichever it is, a later one ``OT2``, ``OT3``; the shootout is
    :data:`SHOOTOUT_LABEL` (639(b)4), see :func:`current_period`.
    """
    regulation = settings.periods
    if period <= regulation:
        return str(period)
    number = period - regulation
    return "OT" if number == 1 else f"OT{number}"


def current_period(state: GameState) -> str:
    """The period the scoreboard shows: ``SO`` once a shootout has begun."""
    decided = state.result.decided_by if state.result else None
    if state.status == "shootout" or decided == "shootout":
        return SHOOTOUT_LABEL
    return period_label(state.period, state.setup.settings)
