"""The shootout of Rule 639(b), as casebook 18 reads it.

- The visiting team shoots first and the teams alternate (639(b)4C).
- Each team names ``shootout_shooters`` (four) for the first round, none
  shooting twice in it; later rounds are sudden death among the same
  shooters, none shooting twice in a round (639(b)4D, E). A team with
  fewer eligible players than a round has shots shoots them in turn, none
  again before each has shot (:func:`may_shoot`).
- A player with penalty time unexpired at the end of the game may not shoot
  (639(b)4F): his own or one he serves, in the box or recorded once the
  game's time was over (all of its time is then unexpired); nor may a
  player removed from the game.
- The shootout ends as soon as the first round cannot be tied any more, or
  at the first complete sudden-death round that leaves the teams unequal.
"""

from __future__ import annotations

from rinkside.rules.eligibility import refuse_unlisted
from rinkside.rules.errors import RuleViolation
from rinkside.rules.events import PenaltyClass, ShootoutAttempt, Team
from rinkside.rules.records import ShootoutShot
from rinkside.rules.state import GameState


def next_team(shots: tuple[ShootoutShot, ...]) -> Team:
    away = 0
    for shot in shots:  # plain loops in this module: no generator per shooter (issue 30)
        if shot.team == "away":
            away += 1
    home = len(shots) - away
    return "away" if away == home else "home"


def refuse_attempt(state: GameState, event: ShootoutAttempt) -> None:
    """Rule 639(b): an attempt belongs to a shootout under way, by a player
    on the roster (203(a)) whose turn and round it is; not while a penalty
    shot is due (406(i), casebook 43)."""
    if state.phase != "shootout":
        raise RuleViolation("639(b)", "no shootout is under way")
    if state.penalty_shot_due is not None:
        # 406(i), casebook 43: the shot for a foul in playing time completes
        # the game first; a goal on it can still decide it.
        raise RuleViolation("406(i)", f"a penalty shot is due to {state.penalty_shot_due} "
                            "(casebook 43): it is taken before the shootout begins")
    refuse_unlisted(state, event.team, event.shooter, "shootout shooter")
    check_attempt(state, event)


def attempt(state: GameState, event: ShootoutAttempt) -> None:
    """The attempt is recorded; :func:`rinkside.rules.ending.after_shootout_attempt`
    says whether it decides the game."""
    state.shootout_shots = state.shootout_shots + (
        ShootoutShot(event.team, event.shooter, event.scored),)


def check_attempt(state: GameState, event: ShootoutAttempt) -> None:
    shots = state.shootout_shots
    per_round = state.setup.settings.shootout_shooters
    expected = next_team(shots)
    if event.team != expected:
        raise RuleViolation("639(b)", f"it is {expected}'s turn: the visiting team shoots first "
                            "and the teams alternate (639(b)4C)")
    if state.is_ejected(event.team, event.shooter):
        raise RuleViolation("639(b)", f"#{event.shooter} was removed from the game and may not "
                            "shoot")
    boxed = unexpired(state, event.team)  # asked once: it reads every penalty of the game
    if event.shooter in boxed:  # casebook 50: his own, or one he serves
        raise RuleViolation("639(b)", f"#{event.shooter} has penalty time unexpired at the "
                            "end of the game and may not shoot (639(b)4F)")
    if state.is_goaltender(event.team, event.shooter):
        raise RuleViolation("639(b)", f"#{event.shooter} is a goaltender; only skaters shoot "
                            "(639(b)4A, casebook 50)")
    mine = _shooters(shots, event.team)
    taken = len(mine)
    if taken >= per_round and event.shooter not in mine[:per_round]:
        raise RuleViolation("639(b)", f"#{event.shooter} was not one of {event.team}'s "
                            f"{per_round} shooters of the first round (639(b)4D)")
    if event.shooter not in _may_shoot(state, event.team, mine, boxed):
        which = "the first round" if taken < per_round else "this round"
        raise RuleViolation("639(b)", f"#{event.shooter} has already shot in {which}; no player "
                            "shoots twice in a round before each of his team's shooters has "
                            "(639(b)4D)")


def eligible(state: GameState, team: Team, *, boxed: set[int] | None = None
             ) -> tuple[int, ...]:
    """The players of ``team`` who may shoot at all (639(b)4A, 4F, casebook
    50): its dressed skaters, less its goaltender, a player removed from the
    game and one with penalty time unexpired (his own or one he serves;
    ``boxed``: :func:`unexpired`, where the caller has it already)."""
    if boxed is None:
        boxed = unexpired(state, team)
    goalie = state.goalie(team)
    ejected = state.ejected
    able = []
    for p in state.setup.roster(team).players:
        n = p.number
        if not p.goalie and n != goalie and n not in boxed and (team, n) not in ejected:
            able.append(n)
    return tuple(able)


TIMED = frozenset({PenaltyClass.MINOR, PenaltyClass.BENCH_MINOR, PenaltyClass.DOUBLE_MINOR,
                   PenaltyClass.MAJOR, PenaltyClass.MATCH, PenaltyClass.MISCONDUCT})
"""The classes with penalty time to serve (402-405)."""


def unexpired(state: GameState, team: Team) -> set[int]:
    """The players of ``team`` with penalty time unexpired at the end of the
    game (639(b)4F, casebook 50), their own or one they serve: in the box,
    or assessed at the end of the game once its time was over (no time of
    it was served)."""
    out: set[int] = set()
    for u in state.units:
        if u.team == team and u.status in ("pending", "running"):
            _add_sitter(out, u.player, u.served_by)
    # Those assessed at the game's last moment are the newest records: the
    # clock never runs back (507(a)), so they are the head of the chain.
    clock, node = state.clock, state.penalty_chain
    while node is not None and node.head.at == clock:
        r = node.head
        if r.team == team and r.penalty_class in TIMED:
            _add_sitter(out, r.player, r.served_by)
        node = node.tail
    return out


def _add_sitter(out: set[int], player: int | None, served_by: int | None) -> None:
    """His own time, or time he serves (casebook 50)."""
    if player is not None:
        out.add(player)
    if served_by is not None:
        out.add(served_by)


def may_shoot(state: GameState, team: Team, *, boxed: set[int] | None = None
              ) -> tuple[int, ...]:
    """Who may take ``team``'s next attempt, in roster order (639(b)4D): in
    the first round an eligible player who has not shot, after it one of the
    first round's shooters who has not shot in this round. A team with fewer
    eligible players than a round has shots (the book is silent) shoots them
    in turn: no player shoots again before each has shot as often. (``boxed``:
    as :func:`eligible` takes it.)"""
    return _may_shoot(state, team, _shooters(state.shootout_shots, team), boxed)


def _shooters(shots: tuple[ShootoutShot, ...], team: Team) -> list[int]:
    """``team``'s shooters so far, in order."""
    mine = []
    for shot in shots:
        if shot.team == team:
            mine.append(shot.shooter)
    return mine


def _may_shoot(state: GameState, team: Team, mine: list[int], boxed: set[int] | None
               ) -> tuple[int, ...]:
    """:func:`may_shoot`, given ``team``'s shooters so far (``mine``)."""
    per_round = state.setup.settings.shootout_shooters
    pool = eligible(state, team, boxed=boxed)
    if len(mine) >= per_round:
        named = set(mine[:per_round])
        pool = tuple([n for n in pool if n in named])
        mine = mine[per_round + ((len(mine) - per_round) // per_round) * per_round:]
    if not pool:
        return ()
    shot = [mine.count(n) for n in pool]  # how often each has shot (in this round)
    fewest = min(shot)
    return tuple([n for n, times in zip(pool, shot, strict=True) if times == fewest])


def winner(shots: tuple[ShootoutShot, ...], per_round: int) -> Team | None:
    taken_home = taken_away = scored_home = scored_away = 0
    for shot in shots:  # four counts, not two dicts (asked at every attempt)
        if shot.team == "home":
            taken_home += 1
            scored_home += shot.scored
        else:
            taken_away += 1
            scored_away += shot.scored
    if taken_home <= per_round and taken_away <= per_round:
        # The first round: decided once a team cannot catch up with the
        # shots it has left (both cannot be behind so at once).
        if scored_home + per_round - taken_home < scored_away:
            return "away"
        if scored_away + per_round - taken_away < scored_home:
            return "home"
        return None
    if taken_home == taken_away and scored_home != scored_away:
        return "home" if scored_home > scored_away else "away"
    return None
