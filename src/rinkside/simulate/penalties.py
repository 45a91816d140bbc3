"""What a referee calls in a simulated game: one table of penalty recipes.

Each row of :data:`RECIPES` is one kind of call at a whistle, from the
common minor to the rare match penalty: which team or teams, who commits it
(a skater, the goaltender, the bench), who serves it, the penalty classes
it brings and the infractions it is drawn from, and how often it is called.
:func:`assess` reads a row and gives the penalties; :data:`SIGNALLED` are
the penalties a referee signals during play (409(b)).

The random draws are made in a fixed order (the teams, then per team the
players and whoever serves, then the infractions, then any extra penalty),
so a seed gives the same games every time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from rinkside.rules.events import TEAMS, Penalty, PenaltyClass, Team
from rinkside.rules.infractions import Infraction, by_key, for_class
from rinkside.rules.times import GameTime
from rinkside.simulate.game import SimulatedGame

__all__ = ["RECIPES", "SIGNALLED", "Extra", "Pool", "Recipe", "assess", "call", "label"]

PC = PenaltyClass


def _keys(*keys: str) -> tuple[Infraction, ...]:
    return tuple(by_key(k) for k in keys)


def label(infraction: Infraction) -> str:
    """The infraction as a referee says it: ``"cross checking"``."""
    return infraction.key.replace("_", " ")


# --------------------------------------------------------------------------- infractions

_COMMON_MINORS: Final = _keys(
    "tripping", "hooking", "holding", "slashing", "interference", "roughing",
    "cross_checking", "high_sticking", "holding_stick", "elbowing", "charging", "boarding",
    "unsportsmanlike_conduct", "puck_out_of_play", "playing_without_helmet", "body_checking",
)
_ALL_MINORS: Final = tuple(
    i for i in for_class(PC.MINOR)
    if not i.companions and not i.key.startswith("goaltender") and "goaltender" not in i.name
)
_GOALIE_MINORS: Final = _keys(
    "goaltender_past_centre", "goaltender_puck_out_of_play", "goaltender_holding_puck",
    "goaltender_smothering_puck", "goaltender_falling_on_puck", "goaltender_equipment_delay",
)
_DOUBLE_MINORS: Final = for_class(PC.DOUBLE_MINOR)
_BENCH_MINORS: Final = _keys(
    "illegal_substitution", "delaying_line_change", "unsportsmanlike_conduct",
    "faceoff_team_delay", "wrong_number_of_players",
)
_MAJORS: Final = tuple(i for i in for_class(PC.MAJOR) if not i.companions
                       and i.key != "fighting")
_MISCONDUCTS: Final = for_class(PC.MISCONDUCT)
_EJECTION_MAJORS: Final = tuple(i for i in _MAJORS if PC.GAME_EJECTION in i.classes)
_GAME_MISCONDUCTS: Final = _keys(
    "abuse_of_official", "disrespect_to_official", "unsportsmanlike_conduct", "dropping_gloves",
    "leaving_bench_altercation",
)
_PUNCH: Final = by_key("dropping_gloves_punch")
_GROSS: Final = for_class(PC.GROSS_MISCONDUCT)
_MATCHES: Final = _keys("attempt_to_injure", "deliberate_injury", "kicking",
                        "swinging_stick_altercation")


# --------------------------------------------------------------------------- the table

Who = Literal["skater", "goaltender", "bench"]
Teams = Literal["one", "each", "both"]
Server = Literal["self", "teammate", "named"]


@dataclass(frozen=True, slots=True)
class Pool:
    """Where a call's infraction comes from: drawn from several, or the one."""

    infractions: tuple[Infraction, ...] | Infraction
    suspension: int | None = None  # games, written on the penalty (615(d))


@dataclass(frozen=True, slots=True)
class Extra:
    """A penalty that now and then comes on top of a call's own."""

    probability: float
    penalty_class: PenaltyClass
    infraction: Infraction
    first: bool  # before the call's penalties, else after those of its first class
    served_by_teammate: bool = False


@dataclass(frozen=True, slots=True)
class Recipe:
    """One kind of call at a whistle.

    ``teams``: one team (drawn), ``each`` team that has a skater to penalize,
    or ``both`` teams or none. ``who`` commits it, ``players`` of each team;
    the first of ``classes`` is the time penalty, served by the player
    (``self``), by a ``teammate`` (the call needs one) or by a skater the
    coach ``named`` (if any). With ``instead``'s probability the infraction
    is drawn from its pool rather than from ``infractions``.
    """

    name: str
    weight: float
    classes: tuple[PenaltyClass, ...]
    infractions: Pool
    who: Who = "skater"
    players: int = 1
    teams: Teams = "one"
    server: Server = "self"
    instead: tuple[float, Pool] | None = None
    extra: Extra | None = None


RECIPES: Final = (
    Recipe("minor", 62, (PC.MINOR,), Pool(_ALL_MINORS), instead=(0.85, Pool(_COMMON_MINORS))),
    # A scrum: a minor to each team at one stoppage (402(d) note 1, 402(g)).
    Recipe("coincident minors", 7, (PC.MINOR,), Pool(by_key("roughing")), teams="each"),
    # Two players of one team: five on three for a while.
    Recipe("two minors", 3, (PC.MINOR,), Pool(_COMMON_MINORS), players=2),
    Recipe("double minor", 5, (PC.DOUBLE_MINOR,), Pool(_DOUBLE_MINORS)),
    # A bench minor, served by a player the coach names (402(c)).
    Recipe("bench minor", 4, (PC.BENCH_MINOR,), Pool(_BENCH_MINORS), who="bench",
           server="named"),
    # 407(c): a goaltender's minor is served by a teammate on the floor.
    Recipe("goaltender minor", 3, (PC.MINOR,), Pool(_GOALIE_MINORS), who="goaltender",
           server="teammate"),
    # 404(a): a misconduct, alone or on top of the minor that started it.
    Recipe("misconduct", 5, (PC.MISCONDUCT,), Pool(_MISCONDUCTS),
           extra=Extra(0.5, PC.MINOR, by_key("unsportsmanlike_conduct"), first=True)),
    Recipe("major", 3, (PC.MAJOR,), Pool(_MAJORS)),
    # 615(a): a fighting major and the automatic game misconduct to one player
    # of each team; the majors are coincident (403(c)) and teammates serve
    # them. Now and then the instigator adds a minor.
    Recipe("fight", 2.5, (PC.MAJOR, PC.GAME_MISCONDUCT), Pool(by_key("fighting")),
           teams="both", server="teammate",
           extra=Extra(0.3, PC.MINOR, by_key("instigator"), first=False,
                       served_by_teammate=True)),
    # 404(c): a major with a game ejection; a teammate serves the major.
    Recipe("game ejection", 1.5, (PC.MAJOR, PC.GAME_EJECTION), Pool(_EJECTION_MAJORS),
           server="teammate"),
    # 404(d); for dropping the gloves and throwing a punch, three games (615(d)).
    Recipe("game misconduct", 1.5, (PC.GAME_MISCONDUCT,), Pool(_GAME_MISCONDUCTS),
           instead=(0.4, Pool(_PUNCH, suspension=_PUNCH.suspension_games or 3))),
    Recipe("gross misconduct", 0.7, (PC.GROSS_MISCONDUCT,), Pool(_GROSS)),
    # 405(a): the player leaves the game; a teammate serves the time portion.
    Recipe("match", 0.7, (PC.MATCH,), Pool(_MATCHES), server="teammate"),
)
_WEIGHTS: Final = tuple(recipe.weight for recipe in RECIPES)

# 409(b): what a referee signals during play, and how often.
SIGNALLED: Final = (
    (PC.MINOR, _COMMON_MINORS, 85),
    (PC.DOUBLE_MINOR, _DOUBLE_MINORS, 5),
    (PC.MAJOR, _MAJORS, 10),
)


# --------------------------------------------------------------------------- assessing

# (team, player, who serves) of one offender
_Offender = tuple[Team, int | None, int | None]


def call(game: SimulatedGame) -> Recipe:
    """Which kind of call a whistle brings, by the table's weights."""
    return game.rng.choices(RECIPES, weights=_WEIGHTS)[0]


def assess(game: SimulatedGame, at: GameTime, recipe: Recipe) -> list[Penalty]:
    """The penalties ``recipe`` gives at ``at``; none when the game has not
    the players it needs (no skater to penalize, nobody to serve)."""
    rng = game.rng
    teams: tuple[Team, ...] = TEAMS if recipe.teams != "one" else (rng.choice(TEAMS),)
    offenders: list[_Offender] = []
    for team in teams:
        found = _offenders(game, team, recipe)
        if found is None:
            if recipe.teams == "each":
                continue
            return []
        offenders.extend(found)
    pool = recipe.infractions
    if recipe.instead is not None and rng.random() < recipe.instead[0]:
        pool = recipe.instead[1]
    infractions = _draw(game, pool, len(offenders))
    penalties = [
        Penalty(at, team, player, cls, label(infraction), infraction.rule,
                served_by=server if k == 0 else None, suspension=pool.suspension)
        for k, cls in enumerate(recipe.classes)
        for (team, player, server), infraction in zip(offenders, infractions, strict=True)
    ]
    extra = recipe.extra
    if extra is not None and rng.random() < extra.probability:
        team, player, _ = offenders[0] if len(offenders) == 1 else rng.choice(offenders)
        server = None
        if extra.served_by_teammate:
            server = game.pick_skater(team, exclude=[] if player is None else [player])
        added = Penalty(at, team, player, extra.penalty_class, label(extra.infraction),
                        extra.infraction.rule, served_by=server)
        penalties.insert(0 if extra.first else len(offenders), added)
    return penalties


def _offenders(game: SimulatedGame, team: Team, recipe: Recipe) -> list[_Offender] | None:
    """Who of ``team`` is penalized and who serves; None when someone needed
    is missing."""
    out: list[_Offender] = []
    chosen: list[int] = []
    for _ in range(recipe.players):
        player: int | None = None
        if recipe.who == "skater":
            player = game.pick_skater(team, exclude=chosen)
        elif recipe.who == "goaltender":
            player = game.state.goalie(team)
        if player is not None and recipe.who == "skater":
            chosen.append(player)
        server = None
        if recipe.server != "self":
            server = game.pick_skater(team, exclude=chosen)
        out.append((team, player, server))
    for _, player, server in out:
        if (player is None and recipe.who != "bench") or \
                (server is None and recipe.server == "teammate"):
            return None
    return out


def _draw(game: SimulatedGame, pool: Pool, count: int) -> list[Infraction]:
    """``count`` infractions from ``pool``, different ones when drawn."""
    if isinstance(pool.infractions, Infraction):
        return [pool.infractions] * count
    if count == 1:
        return [game.rng.choice(pool.infractions)]
    return game.rng.sample(pool.infractions, count)
