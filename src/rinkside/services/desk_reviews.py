"""The Event Directors' side of discipline on the desk: the cases reported to
them resolved with the decision (404(h) gross misconduct "pending review",
405(b) match penalty), a suspension shortened or lengthened with a reason
(410(a)), and a suspension handed down by another organisation recorded
(410(d)). Every change recorded in the desk's record, stamped by the
service's clock.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

from rinkside.services import webhooks
from rinkside.services.base import ServiceBase
from rinkside.services.changes import record
from rinkside.services.tournaments import Tournaments
from rinkside.store import models
from rinkside.tournament import suspensions
from rinkside.tournament.suspension_status import Sanction, SuspensionStatus

Decision = int | Literal["rest_of_tournament"]


@dataclass(frozen=True, slots=True)
class PendingCase:
    """A case awaiting the directors' decision, as the desk lists it."""

    player_id: int
    game_id: int
    rule: str  # "404(h)" or "405(b)"
    what: str
    name: str
    number: int


def pending(service: Tournaments, tournament_id: int,
            team_ids: Iterable[int] | None = None) -> list[PendingCase]:
    """Rule 404(h) and 405(b): the reported cases still awaiting a decision;
    of the players of ``team_ids`` alone when given (their games read, not
    every division's: :meth:`~rinkside.services.discipline.Discipline.team_suspensions`)."""
    return pending_of(service.suspensions(tournament_id) if team_ids is None  # read once
                      else service.team_suspensions(tournament_id, team_ids))


def pending_of(statuses: Mapping[int, SuspensionStatus]) -> list[PendingCase]:
    """The cases of ``statuses`` still awaiting a decision (404(h), 405(b))."""
    cases: list[PendingCase] = []
    for sanction in suspensions.pending_reviews(statuses):
        if sanction.reported is None or sanction.game_id is None:
            continue
        who = statuses[sanction.player_id]
        cases.append(PendingCase(sanction.player_id, sanction.game_id, sanction.reported,
                                 sanction.what, who.name, who.number))
    return cases


def parse_decision(text: str, rule: str) -> Decision:
    """A number of games (0 or "none": no more games), or rest_of_tournament."""
    word = text.strip().lower().replace(" ", "_")
    if word in ("none", "0"):
        return 0
    if word.isdigit():
        return int(word)
    if word == "rest_of_tournament":
        return "rest_of_tournament"
    raise ValueError(f"decision: {text!r} is not a number of games, none or rest_of_tournament "
                     f"(Rule {rule}: the Event Directors impose further sanctions)")


def _place_of(service: ServiceBase, player_id: int) -> tuple[int, int]:
    """The player's tournament and team."""
    with service.read() as s:
        player: models.Player = service.existing_row(s, models.Player, player_id)
        return player.team.division.tournament_id, player.team_id


def resolve(service: Tournaments, player_id: int, game_id: int, rule: str, decision: str,
            reason: str, *, by: str) -> Decision:
    """Record the directors' decision on a reported case (404(h), 405(b))
    with its reason; refused for a case not pending."""
    if rule not in models.REVIEWED_RULES:
        raise ValueError(f"Rule {rule} reports no case to the Event Directors: 404(h) or 405(b)")
    games = parse_decision(decision, rule)
    if not reason.strip():
        raise ValueError(f"the directors' decision is recorded with its reason (Rule {rule})")
    tid, team = _place_of(service, player_id)
    if not any(c.player_id == player_id and c.game_id == game_id and c.rule == rule
               for c in pending(service, tid, [team])):
        raise ValueError(f"player {player_id} has no case under Rule {rule} from game {game_id} "
                         "awaiting the Event Directors' decision")
    with service.write() as s:  # the decision and its record: one commit
        service.within(s).resolve_review(player_id, game_id, rule, games, reason.strip(),
                                         by=by)
        record(s, tid, f"player {player_id}", f"review {rule}", "pending_review",
               {"game": game_id, "games": games}, by=by, clock=service.now,
               reason=reason.strip())
        webhooks.enqueue_suspension(s, service.existing_row(s, models.Player, player_id),
                                    "review decided", {"games": str(games), "rule": rule,
                                                       "game": game_id,
                                                       "reason": reason.strip()},
                                    service.now())
    return games


def change(service: Tournaments, player_id: int, games: str, reason: str, *, by: str) -> int:
    """Rule 410(a): a suspension shortened (-2) or lengthened (+1) with a reason."""
    text = games.strip()
    try:
        amount = int(text)
    except ValueError:
        amount = 0
    if amount == 0:
        raise ValueError(f"games: {games!r} is not a change of games (-2 shortens by two, "
                         "+1 lengthens by one; Rule 410(a))")
    if not reason.strip():
        raise ValueError("a suspension is shortened or lengthened with its reason (Rule 410(a))")
    tid, team = _place_of(service, player_id)
    own = service.team_suspensions(tid, [team]).get(player_id)
    fixed: list[Sanction] = [s for s in (own.sanctions if own else ())
                             if isinstance(s.games, int)]
    if not fixed:
        raise ValueError(f"player {player_id} has no suspension of a number of games to "
                         "shorten or lengthen (Rule 410(a))")
    before = sum(s.remaining for s in fixed)
    with service.write() as s:  # the change and its record: one commit
        service.within(s).change_suspension(player_id, amount, reason.strip(), by=by)
        record(s, tid, f"player {player_id}", "suspension changed", {"remaining": before},
               {"games": amount}, by=by, clock=service.now, reason=reason.strip())
        webhooks.enqueue_suspension(s, service.existing_row(s, models.Player, player_id),
                                    "suspension changed", {"change": amount, "rule": "410(a)",
                                                           "reason": reason.strip()},
                                    service.now())
    return amount


def other_organisation(service: Tournaments, player_id: int, organisation: str, games: str,
                       reason: str, *, by: str) -> int:
    """Rule 410(d): a suspension handed down by another organisation (NARCh,
    State Wars...), recorded as one the player serves here."""
    name = organisation.strip()
    if not name:
        raise ValueError("name the organisation that suspended the player (Rule 410(d))")
    text = games.strip()
    amount: int | str
    if text.isdigit() and int(text) >= 1:
        amount = int(text)
    elif text == "rest_of_tournament":
        amount = text
    else:
        raise ValueError(f"games: {games!r} is not a number of games (1 or more) or "
                         "rest_of_tournament (Rule 410(d))")
    tid, _ = _place_of(service, player_id)
    with service.write() as s:  # the suspension and its record: one commit
        row = service.within(s).add_supplementary(player_id, amount, reason.strip(), by=by,
                                                  organisation=name)
        record(s, tid, f"player {player_id}", "suspension by another organisation", None,
               {"organisation": name, "games": amount}, by=by, clock=service.now,
               reason=reason.strip())
        webhooks.enqueue_suspension(s, service.existing_row(s, models.Player, player_id),
                                    "suspension by another organisation", {
                                        "games": str(amount), "rule": "410(d)",
                                        "organisation": name, "reason": reason.strip()},
                                    service.now())
    return row
