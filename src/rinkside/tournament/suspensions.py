"""Suspensions: what each game's penalties leave a player to sit out and how
much of it his team's later games have served. Where each stands is
:mod:`~rinkside.tournament.suspension_status`'s values; the lineup check,
:mod:`~rinkside.tournament.suspension_check`.

- What a penalty leaves (the engine's :func:`~rinkside.rules.records.suspension_of`,
  casebook 13): a game misconduct one game (404(d)), or the games the referee
  set, three for dropping the gloves and throwing a punch (615(d)); a match
  penalty the rest of the tournament (405(e)); a gross misconduct until the
  Event Directors have dealt with it (404(h)); a game ejection ends with the
  game (404(c)).
- Supplementary discipline adds games (410(a)); everything is served within
  the tournament (410(b)). A suspension handed down by another organisation
  is recorded as one more (410(d)).
- The directors shorten or lengthen a suspension (410(a), "at their
  discretion"): the change applies to the player's fixed-length suspensions,
  the newest first, never below none (a reading: the book names no order).
- Serving (casebook 27): each later game the player's team plays, pool or
  playoff, serves one game, once it is played or forfeited (a game erased by
  a 634(e) removal was still played, and its suspensions stand, 634(e)
  note 1, casebook 26).
- Two divisions (410(c)): a person (``RosterPlayer.person_key``) on two teams
  serves a game-misconduct suspension with the team it was earned with; his
  other team's games do not count toward it, and he may not play for that
  team either until it is served.

Readings where the book is silent (each also named where applied):

- Suspensions of one player are served one after another, in the order they
  were earned (supplementary discipline after what the game itself gave);
  games sat out while an open-ended suspension runs still count toward the
  fixed ones.
- 410(c) speaks of a game misconduct; every fixed-length suspension here is
  a game misconduct's or the directors' addition to one, so all are served
  where earned. An open-ended suspension (405(e) "disqualify that player for
  the remainder of the tournament", 404(h)) bars the person on every team.
- Supplementary discipline with no ``after_game_id`` was decided before the
  player's team played (every game of his team serves it); services record
  the game after which the directors decided. Decided after a game not yet
  played, it starts after that game: the player may still dress for it and
  for his team's games scheduled before it (``Sanction.free_games``).
- A lineup refused under 410(c) cites 410(c) (the rule that bars him from
  the other team); the message also names the rule that suspended him.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Final, Literal

from rinkside.rules.events import PenaltyClass
from rinkside.rules.records import SuspensionLength, suspension_of
from rinkside.tournament.model import (
    PlayedGame,
    RosterPlayer,
    ScheduledGame,
    SupplementaryDiscipline,
    SuspensionChange,
)
from rinkside.tournament.stats import player_id
from rinkside.tournament.suspension_status import Sanction, SuspensionStatus

__all__ = ["Earned", "Review", "earned", "pending_reviews", "status"]

SUPPLEMENTARY_RULE = "410(a)"
OTHER_ORGANISATION_RULE = "410(d)"


def _class_text(cls: PenaltyClass) -> str:
    return "match penalty" if cls == PenaltyClass.MATCH else cls.value.replace("_", " ")


# --------------------------------------------------------------------------- earned


@dataclass(frozen=True, slots=True)
class Earned:
    """One suspension a game left: the player, the game, the penalty, the
    games to sit out (an int, ``"rest_of_tournament"`` or ``"pending_review"``)
    and the rule that sets them."""

    player_id: int
    team_id: int
    number: int
    game_id: int
    games: SuspensionLength
    rule: str
    penalty_class: PenaltyClass
    infraction: str

    @property
    def what(self) -> str:
        return f"{_class_text(self.penalty_class)} in game {self.game_id}"


def earned(played_in_order: Iterable[PlayedGame]) -> list[Earned]:
    """Every suspension each game produced, one per penalty, game by game.

    Pass every game played or forfeited, including games a 634(e) removal
    later erased: their suspensions stand (634(e) note 1, casebook 26).
    Bench penalties suspend nobody; a game ejection without games set ends
    with the game (404(c)).
    """
    out: list[Earned] = []
    for played in played_in_order:
        for record in played.state.assessed:  # the times are not needed
            found = suspension_of(record)
            if found is None or found.official is not None:
                continue  # a team official is on no roster (casebook 59 stays the game's)
            out.append(Earned(
                player_id(played, found.team, found.player), played.team_id(found.team),
                found.player, played.game.game_id, found.games, found.rule,
                record.penalty_class, record.infraction))
    return out


# --------------------------------------------------------------------------- reviews


REPORTED: Final = {PenaltyClass.GROSS_MISCONDUCT: "404(h)", PenaltyClass.MATCH: "405(b)"}


@dataclass(frozen=True, slots=True)
class Review:
    """The Event Directors' decision on a case reported to them: a gross
    misconduct (404(h): "full power to impose further sanctions"; until then
    the player is suspended, ``pending_review``) or a match penalty (405(b);
    within the tournament he stays disqualified, 405(e)). ``games``: for
    404(h), the games he sits out from that game on (0: none more), or
    ``"rest_of_tournament"``; for 405(b) it is kept with the decision only."""

    player_id: int
    game_id: int
    rule: str  # "404(h)" or "405(b)"
    games: int | Literal["rest_of_tournament"]
    decision: str = ""


def _reviewed(e: Earned, reviews: Mapping[tuple[int, int, str], Review]
              ) -> tuple[SuspensionLength, str | None, str]:
    """The suspension after the directors' review: its games, the rule still
    awaiting a decision (None once decided) and the decision's words."""
    rule = REPORTED.get(e.penalty_class)
    if rule is None:
        return e.games, None, ""
    review = reviews.get((e.player_id, e.game_id, rule))
    if review is None:
        return e.games, rule, ""
    words = review.decision or (f"{review.games} more games" if isinstance(review.games, int)
                                else "suspended for the rest of the tournament")
    if rule == "405(b)":
        return e.games, None, words  # 405(e): disqualified for the rest of the tournament
    return review.games, None, words


def pending_reviews(statuses: Mapping[int, SuspensionStatus]) -> list[Sanction]:
    """The cases reported to the Event Directors that await their decision
    (404(h), 405(b)), for the tournament desk to resolve."""
    return [s for status in statuses.values() for s in status.sanctions
            if s.reported is not None]


# --------------------------------------------------------------------------- serving


@dataclass(slots=True)
class _Item:
    player_id: int
    team_id: int
    what: str
    rule: str
    games: SuspensionLength
    start: int  # served by the team's games after this position of the timeline
    kind: int  # 0: earned in a game, 1: supplementary (served after what the game gave)
    seq: int
    served: int = 0
    serving: tuple[int, ...] = ()  # timeline positions of unplayed games that serve it
    reported: str | None = None  # 404(h), 405(b): awaiting the directors' decision
    decision: str = ""
    game_id: int | None = None  # the game it was earned in (None: supplementary)


@dataclass(frozen=True, slots=True)
class _Timeline:
    """Games played (in order), then the schedule's games still to play (in
    schedule order): (game id, home team, away team) per position."""

    games: tuple[tuple[int, int, int], ...]
    first_unplayed: int

    def of_team(self, team_id: int, *, after: int = -1, upcoming: bool = False
                ) -> list[tuple[int, int]]:
        """(position, game id) of ``team_id``'s games after position ``after``,
        only those still to play when ``upcoming``."""
        low = max(after + 1, self.first_unplayed if upcoming else 0)
        return [(pos, game_id) for pos, (game_id, home, away) in enumerate(self.games)
                if pos >= low and team_id in (home, away)]

    def free(self, team_id: int, start: int) -> tuple[int, ...]:
        """Games of ``team_id`` still to play up to position ``start``."""
        return tuple(game_id for pos, game_id in self.of_team(team_id, upcoming=True)
                     if pos <= start)


def _schedule_key(game: ScheduledGame) -> tuple[bool, datetime, int, int]:
    return (game.start is None, game.start or datetime.min, game.order, game.game_id)


def status(schedule: Sequence[ScheduledGame], played_in_order: Sequence[PlayedGame],
           rosters: Iterable[RosterPlayer],
           supplementary: Iterable[SupplementaryDiscipline] = (),
           reviews: Iterable[Review] = (),
           changes: Iterable[SuspensionChange] = ()) -> dict[int, SuspensionStatus]:
    """Each suspended player's status after ``played_in_order``.

    ``played_in_order``: every game played or forfeited, in the order played,
    games later erased by a 634(e) removal included (634(e) note 1, casebook
    26). ``schedule``: the tournament's games, to place supplementary
    discipline decided after a game not yet played and to name the games
    still to sit out. ``rosters``: every team's roster (numbers, names,
    person keys).

    Casebook 27: each game the player's team plays after the suspension was
    earned serves one game, pool or playoff, once played or forfeited; games
    sat out serve one suspension after another (see the module's readings).
    410(a): supplementary discipline adds games from the game after
    ``after_game_id``. 410(c): a person on two teams serves a fixed
    suspension with the team it was earned with, and his other team's entry
    shows it in ``elsewhere`` until it is served.

    Players with a suspension (running or served) have an entry; so has every
    other roster entry of a person barred by one of them.
    """
    roster = {p.player_id: p for p in rosters}
    played = list(played_in_order)
    position: dict[int, int] = {}
    for i, game in enumerate(played):
        if game.game.game_id in position:
            raise ValueError(f"game {game.game.game_id} appears twice among the games played")
        position[game.game.game_id] = i
    upcoming = sorted((g for g in schedule if g.game_id not in position), key=_schedule_key)
    timeline = _Timeline(
        tuple((p.game.game_id, p.game.home_team_id, p.game.away_team_id) for p in played)
        + tuple((g.game_id, g.home_team_id, g.away_team_id) for g in upcoming),
        len(played))
    at = {game_id: pos for pos, (game_id, _, _) in enumerate(timeline.games)}

    def known(pid: int, source: str) -> RosterPlayer:
        found = roster.get(pid)
        if found is None:
            raise ValueError(f"{source}: player {pid} is on no roster given")
        return found

    decided = {(r.player_id, r.game_id, r.rule): r for r in reviews}
    items: dict[int, list[_Item]] = {}
    for seq, e in enumerate(earned(played)):
        known(e.player_id, f"game {e.game_id}")
        games, reported, decision = _reviewed(e, decided)
        items.setdefault(e.player_id, []).append(_Item(
            e.player_id, e.team_id, e.what, e.rule, games, position[e.game_id], 0, seq,
            reported=reported, decision=decision, game_id=e.game_id))
    for seq, extra in enumerate(supplementary):
        who = known(extra.player_id, f"supplementary discipline (Rule {SUPPLEMENTARY_RULE})")
        if extra.after_game_id is None:
            start, what = -1, "supplementary discipline"  # before his team's first game
        elif extra.after_game_id in at:
            start = at[extra.after_game_id]
            what = f"supplementary discipline after game {extra.after_game_id}"
        else:
            raise ValueError(f"supplementary discipline (Rule {SUPPLEMENTARY_RULE}) for player "
                             f"{extra.player_id}: game {extra.after_game_id} is not in the "
                             "schedule")
        rule = SUPPLEMENTARY_RULE
        if extra.organisation:
            rule, what = OTHER_ORGANISATION_RULE, what.replace(
                "supplementary discipline", f"suspension by {extra.organisation}", 1)
        if extra.reason:
            what += f": {extra.reason}"
        items.setdefault(extra.player_id, []).append(_Item(
            extra.player_id, who.team_id, what, rule, extra.games, start, 1, seq))
    for change in changes:
        _change(items.get(change.player_id, []), change)

    out: dict[int, SuspensionStatus] = {}
    for pid, own in items.items():
        own.sort(key=lambda item: (item.start, item.kind, item.seq))
        who = roster[pid]
        next_games = _serve(own, timeline, who.team_id)
        out[pid] = SuspensionStatus(
            pid, who.team_id, who.number, who.name,
            tuple(Sanction(i.player_id, i.team_id, i.what, i.rule, i.games, i.served,
                           timeline.free(who.team_id, i.start), i.reported, i.decision,
                           i.game_id)
                  for i in own),
            next_games=next_games)
    _two_divisions(out, items, roster, timeline)
    return out


def _change(own: list[_Item], change: SuspensionChange) -> None:
    """Rule 410(a): the directors' change to a player's fixed-length
    suspensions: lengthening adds to the newest, shortening takes from the
    newest first, none going below no games."""
    fixed = sorted((i for i in own if isinstance(i.games, int)),
                   key=lambda i: (i.start, i.kind, i.seq), reverse=True)
    # None left (a later decision made them open-ended): the change has nothing to act on.
    verb = "lengthened" if change.games > 0 else "shortened"
    left = change.games
    for item in fixed:
        assert isinstance(item.games, int)
        step = left if left > 0 else max(left, -item.games)
        item.games += step
        left -= step
        item.what += f" ({verb} by {abs(step)}: {change.reason})" if step else ""
        if left == 0:
            break


def _serve(own: list[_Item], timeline: _Timeline, team_id: int) -> tuple[int, ...]:
    """Casebook 27: each game of the team after a suspension began serves one
    game of the earliest one not yet served; games still to play are marked
    as the ones he will sit out (``next_games``)."""
    next_games: list[int] = []
    for pos, game_id in timeline.of_team(team_id):
        open_running = any(not isinstance(item.games, int) and item.start < pos
                           for item in own)
        served_one = False
        for item in own:
            if isinstance(item.games, int) and item.start < pos and \
                    item.served + len(item.serving) < item.games:
                if pos < timeline.first_unplayed:
                    item.served += 1
                else:
                    item.serving += (pos,)
                served_one = True
                break
        if pos >= timeline.first_unplayed and (served_one or open_running):
            next_games.append(game_id)
    return tuple(next_games)


def _person(player: RosterPlayer) -> str:
    """410(c): the same person on two teams (the name when no key was given)."""
    return player.person_key or player.name


def _two_divisions(out: dict[int, SuspensionStatus], items: Mapping[int, list[_Item]],
                   roster: Mapping[int, RosterPlayer], timeline: _Timeline) -> None:
    """Rule 410(c): while a suspension earned with one team runs, the same
    person's other roster entries are barred too. A fixed one counts only the
    games of the team it was earned with (so in its own status); it bars the
    other team's games until the last game that serves it. An open-ended one
    (405(e), 404(h)) bars every team."""
    order = {game_id: pos for pos, (game_id, _, _) in enumerate(timeline.games)}
    by_person: dict[str, list[RosterPlayer]] = {}
    for p in roster.values():
        by_person.setdefault(_person(p), []).append(p)
    for pid, own in list(out.items()):
        running = [(s, item) for s, item in zip(own.sanctions, items[pid], strict=True)
                   if s.running]
        if not running:
            continue
        for twin in by_person.get(_person(roster[pid]), []):
            if twin.player_id == pid or twin.team_id == own.team_id:
                continue
            before = out.get(twin.player_id) or SuspensionStatus(
                twin.player_id, twin.team_id, twin.number, twin.name)
            blocked = {game_id for pos, game_id in timeline.of_team(twin.team_id, upcoming=True)
                       if any(_blocks(s, item, pos) for s, item in running)}
            elsewhere = tuple(replace(s, free_games=timeline.free(twin.team_id, item.start))
                              for s, item in running)
            out[twin.player_id] = SuspensionStatus(
                before.player_id, before.team_id, before.number, before.name,
                before.sanctions, before.elsewhere + elsewhere,
                tuple(sorted(blocked | set(before.next_games), key=order.__getitem__)))


def _blocks(sanction: Sanction, item: _Item, pos: int) -> bool:
    """Whether a suspension of the other team bars the game at ``pos``: after
    it began, and (a fixed one) before the last game that will serve it, if
    the schedule shows that game."""
    if pos <= item.start:
        return False
    if sanction.open_ended is not None or len(item.serving) < sanction.remaining:
        return True
    return pos < max(item.serving)
