"""Single-elimination playoffs: the bracket, its rounds, and advancing winners.

- Seeds come from :func:`rinkside.tournament.standings.seeds` (casebook 25).
- The bracket is the standard one: its size is the next power of two, the
  first round pairs 1 v N, 2 v N-1, ... where N is that size, and a pairing
  with a seed beyond the number of teams is a bye for the better seed. The
  halves are laid out so that seeds 1 and 2 can meet only in the final.
- Rule 639: a playoff game needs a winner, so the division's settings for
  playoff games must not let a tie stand (``overtime: "none"``, 639(a));
  :func:`check_playoff_settings` refuses them, and :func:`playoff_winners`
  refuses a tied playoff result.

The book says nothing on brackets themselves; they are the tournament's
published format.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from rinkside.rules.settings import Settings
from rinkside.tournament.errors import TournamentRuleError
from rinkside.tournament.forfeits import late_forfeit_sanctions
from rinkside.tournament.model import PlayedGame, ScheduledGame
from rinkside.tournament.standings import Standing, seeds

__all__ = [
    "Bracket",
    "BracketGame",
    "Entrant",
    "Round",
    "advance",
    "bracket",
    "check_playoff_settings",
    "playoff_winners",
    "round_name",
    "seeding",
]


@dataclass(frozen=True, slots=True)
class Entrant:
    team_id: int
    seed: int


@dataclass(frozen=True, slots=True)
class BracketGame:
    """One pairing. ``top`` comes from the upper feeder (in the first round,
    the better seed); an empty slot waits for its feeder's winner. A bye has
    no ``bottom`` and no ``game_id``, and its ``top`` advances at once."""

    round_index: int  # 0: the first round
    index: int  # position in its round, top to bottom
    game_id: int | None
    top: Entrant | None
    bottom: Entrant | None
    winner: Entrant | None = None

    @property
    def bye(self) -> bool:
        return self.game_id is None

    @property
    def ready(self) -> bool:
        """Both teams known and no winner yet: the game can be played."""
        return (not self.bye and self.top is not None and self.bottom is not None
                and self.winner is None)


@dataclass(frozen=True, slots=True)
class Round:
    name: str
    games: tuple[BracketGame, ...]


@dataclass(frozen=True, slots=True)
class Bracket:
    rounds: tuple[Round, ...]

    @property
    def champion(self) -> Entrant | None:
        return self.rounds[-1].games[0].winner

    def game(self, game_id: int) -> BracketGame:
        for r in self.rounds:
            for g in r.games:
                if g.game_id == game_id:
                    return g
        raise KeyError(game_id)

    def games(self) -> list[BracketGame]:
        """Every game to be played (byes left out), round by round."""
        return [g for r in self.rounds for g in r.games if not g.bye]


def round_name(games_in_round: int) -> str:
    """The round's usual name, from its number of pairings."""
    if games_in_round == 1:
        return "final"
    if games_in_round == 2:
        return "semi-final"
    if games_in_round == 4:
        return "quarter-final"
    return f"round of {2 * games_in_round}"


def _seed_order(size: int) -> list[int]:
    """Seeds top to bottom in a bracket of ``size`` (a power of two): 1 v size,
    and each half built the same way, so that 1 and 2 meet only in the final."""
    order = [1]
    while len(order) < size:
        n = 2 * len(order)
        order = [s for seed in order for s in (seed, n + 1 - seed)]
    return order


def bracket(seeds: Sequence[int], *, game_ids: Sequence[int] | None = None,
            round_names: Sequence[str] | None = None) -> Bracket:
    """A single-elimination bracket for ``seeds`` (team ids, best first).

    ``game_ids`` number the games to be played (byes excluded), round by
    round and top to bottom; by default 1, 2, 3, ... ``round_names``
    overrides the names of the rounds, first round first.
    """
    if len(seeds) < 2:
        raise ValueError("a bracket needs at least two teams")
    if len(set(seeds)) != len(seeds):
        raise ValueError(f"a team is seeded twice: {list(seeds)}")
    size = 1
    while size < len(seeds):
        size *= 2
    rounds_count = size.bit_length() - 1
    to_play = len(seeds) - 1
    ids = list(game_ids) if game_ids is not None else list(range(1, to_play + 1))
    if len(ids) != to_play or len(set(ids)) != len(ids):
        raise ValueError(f"{len(seeds)} teams play {to_play} games; got game ids {ids}")
    if round_names is not None and len(round_names) != rounds_count:
        raise ValueError(f"the bracket has {rounds_count} rounds; got names {list(round_names)}")
    next_id = iter(ids)

    def entrant(seed: int) -> Entrant | None:
        return Entrant(seeds[seed - 1], seed) if seed <= len(seeds) else None

    order = _seed_order(size)
    first: list[BracketGame] = []
    for i in range(size // 2):
        top, bottom = entrant(order[2 * i]), entrant(order[2 * i + 1])
        if bottom is None:
            first.append(BracketGame(0, i, None, top, None, winner=top))
        else:
            first.append(BracketGame(0, i, next(next_id), top, bottom))
    games_by_round = [first]
    for r in range(1, rounds_count):
        count = size >> (r + 1)
        games_by_round.append([BracketGame(r, i, next(next_id), None, None)
                               for i in range(count)])
    names = list(round_names) if round_names is not None else [
        round_name(len(g)) for g in games_by_round]
    return _fill(Bracket(tuple(Round(n, tuple(g)) for n, g in zip(names, games_by_round,
                                                                      strict=True))))


def _fill(b: Bracket) -> Bracket:
    """Move each decided winner into its slot in the next round."""
    rounds = [list(r.games) for r in b.rounds]
    for r in range(1, len(rounds)):
        for i, g in enumerate(rounds[r]):
            top = rounds[r - 1][2 * i].winner
            bottom = rounds[r - 1][2 * i + 1].winner
            if (top, bottom) != (g.top, g.bottom):
                rounds[r][i] = replace(g, top=top, bottom=bottom)
    return Bracket(tuple(Round(old.name, tuple(games))
                         for old, games in zip(b.rounds, rounds, strict=True)))


def advance(b: Bracket, results: Mapping[int, int]) -> Bracket:
    """The bracket with ``results`` (game id -> winning team id) entered and
    the winners moved into the next round. Results may span rounds; a
    result already entered may be repeated but not changed."""
    pending = dict(results)
    known = {g.game_id for g in b.games()}
    unknown = sorted(set(pending) - known)
    if unknown:
        raise ValueError(f"games {unknown} are not in this bracket")
    current = b
    for r in range(len(b.rounds)):
        rounds = [list(x.games) for x in current.rounds]
        for i, g in enumerate(rounds[r]):
            if g.game_id is None or g.game_id not in pending:
                continue
            winner_id = pending.pop(g.game_id)
            if g.top is None or g.bottom is None:
                raise ValueError(f"game {g.game_id} ({current.rounds[r].name}) has no two "
                                 "teams yet")
            chosen = next((e for e in (g.top, g.bottom) if e.team_id == winner_id), None)
            if chosen is None:
                raise ValueError(f"team {winner_id} is not in game {g.game_id} "
                                 f"(teams {g.top.team_id} and {g.bottom.team_id})")
            if g.winner is not None and g.winner != chosen:
                raise ValueError(f"game {g.game_id} was already won by team "
                                 f"{g.winner.team_id}")
            rounds[r][i] = replace(g, winner=chosen)
        current = _fill(Bracket(tuple(Round(old.name, tuple(games))
                                      for old, games in zip(current.rounds, rounds,
                                                            strict=True))))
    return current


def seeding(table: Sequence[Standing], schedule: Sequence[ScheduledGame],
            played: Sequence[PlayedGame], settings: Settings, *,
            teams: int | None = None) -> list[int]:
    """The playoff seeds of one division, best first, whatever its settings
    (casebook 25): its standings order, ``teams`` qualifiers, the teams the
    tournament drops to the last seed for forfeiting a late game last
    (634(e)1, where its ``late_forfeit_sanctions`` setting has ``last_seed``).
    Pool games that may tie do not stop the seeds being read; only the
    playoff games themselves need overtime (:func:`check_playoff_settings`)."""
    late = late_forfeit_sanctions(schedule, played, settings.late_forfeit_sanctions).last_seed
    return seeds({0: table}, late, per_division=teams)


def check_playoff_settings(settings: Settings) -> None:
    """Rule 639: a playoff game cannot end tied, so its settings need
    overtime (a shootout, 639(b), or unlimited periods, 639(c)); with
    ``overtime: "none"`` a tie would stand (639(a))."""
    if settings.overtime == "none":
        raise TournamentRuleError(
            "639", "a playoff game cannot end tied, but overtime 'none' lets a tie stand "
            "(639(a)); set overtime to 'shootout', 'shootout_only' (639(b)) or "
            "'unlimited' (639(c)) for playoff games")


def playoff_winners(played: Sequence[PlayedGame]) -> dict[int, int]:
    """Game id -> winning team id for finished playoff games, for :func:`advance`.

    Rule 639: a playoff game that ended tied is refused.
    """
    out: dict[int, int] = {}
    for p in played:
        result = p.state.result
        if p.game.stage != "playoff" or result is None:
            continue
        if result.winner is None:
            raise TournamentRuleError(
                "639", f"playoff game {p.game.game_id} ended tied; a playoff game needs a "
                "winner (overtime or shootout, 639(b), 639(c))")
        out[p.game.game_id] = p.team_id(result.winner)
    return out
