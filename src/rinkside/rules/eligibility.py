"""Who may take part in an event: refusals shared by the event handlers.

- Rule 203(a): only a player on the team's roster;
- Rules 404(c), 404(d), 404(g), 405(a): not a player removed from the game;
- Rule 629(k): not a player in the penalty box.

Each function only reads the state and raises :class:`RuleViolation`.
"""

from __future__ import annotations

from typing import NoReturn

from rinkside.rules.box import Box
from rinkside.rules.clock import box_at
from rinkside.rules.errors import RuleViolation
from rinkside.rules.events import PenaltyClass, Team
from rinkside.rules.state import GameState
from rinkside.rules.times import GameTime

REMOVAL_RULE = {
    PenaltyClass.GAME_EJECTION: "404(c)",
    PenaltyClass.GAME_MISCONDUCT: "404(d)",
    PenaltyClass.GROSS_MISCONDUCT: "404(g)",
    PenaltyClass.MATCH: "405(a)",
}


def refuse_unlisted(s: GameState, team: Team, number: int, role: str) -> None:
    """Rule 203(a): ``number`` must be on ``team``'s roster."""
    if number not in (s.setup.home if team == "home" else s.setup.away).numbers:
        raise RuleViolation("203(a)", f"#{number} ({role}) is not on the {team} roster")


def ejection_rule(s: GameState, team: Team, player: int) -> str:
    """The rule that removed ``player`` from the game (his last removing penalty)."""
    for record in reversed(s.penalties):
        if record.team == team and record.player == player and record.penalty_class.removes_player:
            return REMOVAL_RULE[record.penalty_class]
    return "404(c)"


def refuse_not_playing(s: GameState, moment: GameTime, team: Team, number: int,
                       role: str) -> None:
    """A player in the box at ``moment`` or out of the game takes no part in
    play (629(k), 404-405)."""
    # The three checks below run for every scorer, assist and shooter: each
    # is asked inline (the roster by its set, 203(a); the ejected only when
    # someone is; the box only when someone is in it) and a call is made only
    # to refuse (issue 30).
    if number not in (s.setup.home if team == "home" else s.setup.away).numbers:
        refuse_unlisted(s, team, number, role)
    if s.ejected and (team, number) in s.ejected:
        rule = ejection_rule(s, team, number)
        raise RuleViolation(rule, f"#{number} ({team}) was removed from the game and cannot be "
                            f"the {role}")
    if s.units and in_box(s.units, team, number) and in_box(box_at(s, moment), team, number):
        _refuse_in_box(s, team, number, role)


def _refuse_in_box(s: GameState, team: Team, number: int, role: str) -> NoReturn:
    """Rule 629(k): a player in the box takes no part in play (apart from
    :func:`refuse_not_playing`: its comprehension would make two cells there
    at every scorer, assist and shooter, issue 30)."""
    if any(t == team and p == number for t, p, _ in s.out_of_box):
        raise RuleViolation("629(k)", f"#{number} ({team}) left the penalty box before he "
                            f"was allowed back and is illegally on the floor (629(c), "
                            f"casebook 44, 56): he cannot be the {role}")
    raise RuleViolation("629(k)", f"#{number} ({team}) is in the penalty box and cannot be "
                        f"the {role}")


GOALTENDER_SERVED = frozenset({PenaltyClass.MINOR, PenaltyClass.DOUBLE_MINOR, PenaltyClass.MAJOR,
                               PenaltyClass.MISCONDUCT})
"""The goaltender's penalties a teammate on the floor serves (402(b), 404(a), 407(a))."""


def refuse_goaltender_server(s: GameState, moment: GameTime, team: Team, server: int,
                             penalty_class: PenaltyClass) -> None:
    """Rules 402(b), 404(a), 407(a): a goaltender's minor, major or
    misconduct is served by a teammate who was on the floor at the time of
    the infraction, so not by one sitting in the penalty box for an earlier
    penalty (his own or one he serves): he would serve it after that one and
    leave his team a player short less than the book has it."""
    if penalty_class in GOALTENDER_SERVED and in_box_at(s, moment, team, server):
        raise RuleViolation("407(a)", f"#{server} ({team}) is in the penalty box: a "
                            f"goaltender's {penalty_class.text} is served by a teammate who was "
                            "on the floor at the time of the infraction (402(b), 404(a), "
                            "407(a))")


def in_box_at(s: GameState, moment: GameTime, team: Team, number: int) -> bool:
    """In the box once the clock has run to ``moment``: only a player in it
    now can be (running the clock only lets players out)."""
    return bool(s.units) and in_box(s.units, team, number) and in_box(box_at(s, moment),
                                                                       team, number)


def in_box(box: Box, team: Team, number: int) -> bool:
    """In the box now: serving, held, or waiting to come back."""
    for u in box:  # units_of(box, team), as a plain loop: no generator per question
        if u.team != team or u.status == "done" or u.pending_reason == "faceoff":
            continue  # assessed at this stoppage; on the bench until the face-off
        server = u.served_by if u.served_by is not None else u.player
        if u.server.kind == "penalty" and u.served_by is None:
            continue  # an unnamed teammate serves it
        if server == number:
            return True
    return False
