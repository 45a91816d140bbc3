"""Realistic, legal game logs: for property tests, benchmarks and demos.

A simulated game is played through the engine as it is generated: every
candidate event is given to :func:`rinkside.rules.game.apply`, and one the
book refuses (a :class:`RuleViolation`) is dropped and something else is
chosen. What comes out is therefore a log the engine accepts from the first
face-off to the final result.

The flow of a game:

- a period is a run of play segments, each opened by a face-off and ended by
  a whistle, a goal, a penalty shot or the end of the period;
- at a whistle the referee may assess penalties, from the common minor to the
  rare match penalty (:data:`_PENALTY_KINDS`, one function per kind);
- during play a delayed penalty may be signalled (the other team often
  pulling its goaltender for an extra attacker) and ends with the whistle or
  a goal of the other team; a penalty shot may be awarded;
- a team trailing late in regulation pulls its goaltender; the goaltender
  comes back at the next stoppage;
- ties go to overtime and shootouts as the settings say; lopsided games
  may end on the mercy rule; a forfeit is very rare.

Every game's settings, rosters and tendencies are drawn from the random
generator given, so a seed gives the same games every time.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from rinkside.formats import encode_event, encode_roster, encode_settings
from rinkside.rules.box import units_of
from rinkside.rules.errors import RuleViolation
from rinkside.rules.events import (
    TEAMS,
    Designate,
    Event,
    FaceOff,
    Forfeit,
    Goal,
    GoalieChange,
    Penalty,
    PenaltyClass,
    PenaltyShot,
    PenaltySignal,
    PeriodEnd,
    ShootoutAttempt,
    Stoppage,
    Team,
    TimeOut,
    other,
)
from rinkside.rules.game import apply, start
from rinkside.rules.infractions import Infraction, by_key, for_class
from rinkside.rules.roster import GameSetup, Letter, Player, Roster
from rinkside.rules.settings import Settings
from rinkside.rules.shootout import next_team
from rinkside.rules.times import GameTime

__all__ = [
    "SimulationError",
    "game_document",
    "random_roster",
    "random_settings",
    "simulate_game",
    "simulate_games",
    "write_games",
]

PC = PenaltyClass


class SimulationError(RuntimeError):
    """The simulator could not continue: an event it must record was refused."""


# --------------------------------------------------------------------------- settings


def random_settings(rng: random.Random) -> Settings:
    """One event's rule settings, varied the ways the book allows."""
    return Settings(
        clock=rng.choices(("stop", "running"), weights=(7, 3))[0],
        period_length=rng.choice((12, 15, 17)) * 600,
        minor=rng.choice((900, 1200)),
        major=rng.choice((2400, 3000)),
        overtime=rng.choice(("none", "shootout", "shootout_only", "unlimited")),
        mercy=8 if rng.random() < 0.7 else None,
    )


# --------------------------------------------------------------------------- rosters

_CITIES: Final = (
    "Anaheim", "Bakersfield", "Chico", "Davis", "Eugene", "Fresno", "Gilroy", "Hayward",
    "Irvine", "Jackson", "Kelowna", "Lodi", "Modesto", "Napa", "Oxnard", "Pomona", "Reno",
    "Salinas", "Tracy", "Ukiah", "Vallejo", "Woodland", "Yuma",
)
_NICKNAMES: Final = (
    "Blades", "Bolts", "Comets", "Coyotes", "Falcons", "Flyers", "Hawks", "Inferno",
    "Jets", "Lynx", "Monarchs", "Outlaws", "Pirates", "Raptors", "Rollers", "Sharks",
    "Stingers", "Storm", "Thunder", "Vipers", "Wolves",
)
_SURNAMES: Final = (
    "Adams", "Bauer", "Carter", "Diaz", "Eriksson", "Fischer", "Garcia", "Hughes", "Ito",
    "Jensen", "Kowalski", "Larsen", "Martin", "Novak", "Olsen", "Park", "Quinn", "Rossi",
    "Santos", "Tanaka", "Ueda", "Varga", "Walsh", "Xu", "Young", "Zielinski", "Brooks",
    "Cole", "Dunn", "Ellis", "Flores", "Grant", "Hayes", "Irwin", "Kim", "Lopez", "Moreau",
    "Nash", "Ortiz", "Price", "Reyes", "Shaw", "Torres", "Vance", "Weber",
)
_GOALIE_NUMBERS: Final = (1, 29, 30, 31, 33, 35, 39)


def random_roster(rng: random.Random, name: str) -> Roster:
    """Fifteen players: one or two goaltenders, a captain and two alternates."""
    goalies = rng.sample(_GOALIE_NUMBERS, 2 if rng.random() < 0.7 else 1)
    pool = [n for n in range(2, 100) if n not in goalies]
    skaters = sorted(rng.sample(pool, 15 - len(goalies)))
    captain, *alternates = rng.sample(skaters, 3)
    names = rng.sample(_SURNAMES, 15)
    players = [Player(n, names.pop(), goalie=True) for n in goalies]
    for n in skaters:
        letter: Letter | None = "C" if n == captain else "A" if n in alternates else None
        players.append(Player(n, names.pop(), captain=letter))
    return Roster(name, tuple(players))


def _team_names(rng: random.Random) -> tuple[str, str]:
    cities = rng.sample(_CITIES, 2)
    nicknames = rng.sample(_NICKNAMES, 2)
    return f"{cities[0]} {nicknames[0]}", f"{cities[1]} {nicknames[1]}"


# --------------------------------------------------------------------------- infractions


def _keys(*keys: str) -> tuple[Infraction, ...]:
    return tuple(by_key(k) for k in keys)


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
_FIGHTING: Final = by_key("fighting")
_INSTIGATOR: Final = by_key("instigator")

_WHISTLES: Final = (
    "puck frozen", "puck out of play", "goaltender covered the puck", "net dislodged",
    "hand pass", "injury", "high stick", "puck in the netting",
)


def _label(infraction: Infraction) -> str:
    return infraction.key.replace("_", " ")


# --------------------------------------------------------------------------- the game


@dataclass(frozen=True, slots=True)
class _Style:
    """One game's tendencies, drawn at the start."""

    attack: dict[Team, float]  # share of the scoring chances
    goal_chance: float  # chance a play segment ends in a goal, even strength
    penalty_chance: float  # chance a whistle comes with a penalty
    segments: float  # play segments in a period, on average
    pull_at: int  # tenths left in regulation at which a trailing team pulls its goalie
    forfeits: bool


def _style(rng: random.Random) -> _Style:
    if rng.random() < 0.08:  # a mismatch: the mercy rule is likely
        strong = rng.choice(TEAMS)
        attack = {strong: 0.9, other(strong): 0.1}
        goal_chance = rng.uniform(0.45, 0.6)
    else:
        home = rng.uniform(0.35, 0.65)
        attack = {"home": home, "away": 1 - home}
        goal_chance = rng.uniform(0.12, 0.24)
    return _Style(
        attack=attack,
        goal_chance=goal_chance,
        penalty_chance=rng.uniform(0.15, 0.3),
        segments=rng.uniform(12, 18),
        pull_at=rng.randrange(600, 1300, 50),
        forfeits=rng.random() < 0.003,
    )


class _Game:
    """One game being simulated: the state so far and the events recorded."""

    def __init__(self, rng: random.Random, setup: GameSetup) -> None:
        self.rng = rng
        self.setup = setup
        self.settings = setup.settings
        self.state = start(setup)
        self.events: list[Event] = []
        self.style = _style(rng)
        self.netminder: dict[Team, int | None] = {
            "home": setup.home.starting_goalie, "away": setup.away.starting_goalie}
        self.stars: dict[Team, list[int]] = {t: self._depth_chart(t) for t in TEAMS}

    # -- recording ---------------------------------------------------------

    def attempt(self, event: Event) -> bool:
        """Record ``event`` if the engine accepts it."""
        try:
            self.state = apply(self.state, event)
        except RuleViolation:
            return False
        self.events.append(event)
        return True

    def must(self, event: Event) -> None:
        """Record ``event``, which the flow of the game requires (a face-off, a
        whistle, the end of a period); a refusal is a simulator error."""
        try:
            self.state = apply(self.state, event)
        except RuleViolation as exc:
            raise SimulationError(f"{event!r} was refused: {exc}") from exc
        self.events.append(event)

    @property
    def over(self) -> bool:
        return self.state.result is not None

    # -- the clock ---------------------------------------------------------

    @property
    def now(self) -> GameTime:
        return self.state.clock

    def later(self, seconds: float) -> GameTime | None:
        """``seconds`` of play after now, or None past the end of the period.
        Whole seconds except in the last minute, where the clock shows tenths."""
        left = self.state.left - max(1, round(seconds * 10))
        if left >= 600:
            left -= left % 10
        return GameTime(self.state.period, left) if left > 0 else None

    def segment_seconds(self) -> float:
        period_seconds = self.state.period_length(self.state.period) / 10
        mean = period_seconds / self.style.segments
        return 3 + self.rng.expovariate(1 / mean)

    # -- who plays ---------------------------------------------------------

    def _depth_chart(self, team: Team) -> list[int]:
        skaters = [p.number for p in self.setup.roster(team).players if not p.goalie]
        self.rng.shuffle(skaters)
        return skaters

    def in_box(self, team: Team) -> set[int]:
        """Players serving, held or waiting to come back (the engine's 629(k) test)."""
        out: set[int] = set()
        for u in units_of(self.state.units, team):
            if u.server[0] == "penalty" and u.served_by is None:
                continue  # an unnamed teammate serves it
            out.add(u.served_by if u.served_by is not None else (u.player or 0))
        return out

    def skaters(self, team: Team) -> list[int]:
        """Skaters who can play now, the best first."""
        boxed = self.in_box(team)
        return [n for n in self.stars[team]
                if n not in boxed and not self.state.is_ejected(team, n)]

    def pick_skater(self, team: Team, *, exclude: Sequence[int] = ()) -> int | None:
        """A skater, the better ones more often."""
        choices = [n for n in self.skaters(team) if n not in exclude]
        if not choices:
            return None
        weights = [1 / (1 + i * 0.25) for i in range(len(choices))]
        return self.rng.choices(choices, weights=weights)[0]

    def trailing(self) -> tuple[Team, int] | None:
        score = self.state.score
        if score["home"] == score["away"]:
            return None
        team: Team = "home" if score["home"] < score["away"] else "away"
        return team, abs(score["home"] - score["away"])

    # -- the game ----------------------------------------------------------

    def play(self) -> list[Event]:
        steps: dict[str, Callable[[], None]] = {
            "not_started": self.start_period,
            "intermission": self.start_period,
            "in_play": self.play_on,
            "stopped": self.between_whistles,
            "shootout": self.shootout,
        }
        while not self.over:
            if len(self.events) > 2000:
                raise SimulationError("the game does not end")
            steps[self.state.status]()
        return self.events

    def start_period(self) -> None:
        self.return_goalies()
        s = self.state
        period = s.period + (0 if s.status == "not_started" else 1)
        self.must(FaceOff(GameTime(period, s.period_length(period)), "centre"))

    def end_period(self) -> None:
        self.must(PeriodEnd(GameTime(self.state.period, 0)))

    def play_on(self) -> None:
        """One play segment: it ends with a whistle, a goal, a penalty shot or
        the end of the period; a delayed penalty or a pulled goalie may come first."""
        if self.pull_goalie_late():
            return
        at = self.later(self.segment_seconds())
        if at is None:
            self.end_period()
            return
        r = self.rng.random()
        if r < 0.06:
            self.delayed_penalty(at)
        elif r < 0.065:
            self.penalty_shot(at)
        else:
            scorer = self.scoring_team()
            if scorer is not None:
                self.goal(at, scorer)
            else:
                self.whistle(at)

    def between_whistles(self) -> None:
        """A stoppage: goalies back in, time-outs, then the face-off."""
        self.return_goalies()
        self.timeouts()
        if self.style.forfeits and self.maybe_forfeit():
            return
        self.faceoff()

    def faceoff(self) -> None:
        at = self.now
        if self.state.running:  # running time: the clock runs through the stoppage
            candidate = self.later(self.rng.uniform(8, 35))
            if candidate is None:
                self.end_period()
                return
            at = self.state.advance_to(candidate).clock
        self.must(FaceOff(at))

    # -- scoring -----------------------------------------------------------

    def scoring_team(self) -> Team | None:
        """Which team scores in this segment, if any: power plays and empty nets
        change the odds."""
        s = self.state
        chances: dict[Team, float] = {}
        for team in TEAMS:
            opp = other(team)
            chance = self.style.goal_chance * self.style.attack[team]
            diff = s.players_on_floor(team) - s.players_on_floor(opp)
            chance *= 2.2 ** diff if diff > 0 else 0.4 ** -diff
            if not s.has_goalie(opp):
                chance = max(chance * 4, 0.3)
            chances[team] = chance
        total = sum(chances.values())
        if total > 0.9:
            chances = {t: c * 0.9 / total for t, c in chances.items()}
        r = self.rng.random()
        if r < chances["home"]:
            return "home"
        if r < chances["home"] + chances["away"]:
            return "away"
        return None

    def goal(self, at: GameTime, team: Team) -> None:
        """A goal for ``team``; one in fifty goes in off a defender."""
        if self.rng.random() < 0.02:
            scorer = self.pick_skater(team)
            if scorer is not None and self.attempt(Goal(at, team, scorer, own_goal=True)):
                return
        tried: list[int] = []
        for _ in range(3):
            scorer = self.pick_skater(team, exclude=tried)
            if scorer is None:
                break
            tried.append(scorer)
            assist = None
            if self.rng.random() < 0.75:
                assist = self.pick_skater(team, exclude=[scorer])
            if self.attempt(Goal(at, team, scorer, assist)):
                return
        self.whistle(at)

    def penalty_shot(self, at: GameTime) -> None:
        """A foul from behind on a breakaway: a penalty shot (406, 642(e))."""
        team = self.rng.choices(TEAMS, weights=[self.style.attack[t] for t in TEAMS])[0]
        shooter = self.pick_skater(team)
        if shooter is None or not self.attempt(
                PenaltyShot(at, team, shooter, self.rng.random() < 0.35)):
            self.whistle(at)

    # -- goaltenders -------------------------------------------------------

    def pull_goalie_late(self) -> bool:
        """A team trailing by one or two late in regulation goes for an extra attacker."""
        s = self.state
        behind = self.trailing()
        if (behind is None or behind[1] > 2 or s.period != self.settings.periods
                or s.left > self.style.pull_at or not s.has_goalie(behind[0])):
            return False
        at = self.later(self.rng.uniform(1, 6))
        if at is None:
            return False
        return self.pull_goalie(at, behind[0])

    def pull_goalie(self, at: GameTime, team: Team) -> bool:
        self.netminder[team] = self.state.goalie(team)
        return self.attempt(GoalieChange(at, team, None))

    def return_goalies(self) -> None:
        for team in TEAMS:
            goalie = self.netminder[team]
            if not self.state.has_goalie(team) and goalie is not None:
                self.attempt(GoalieChange(self.now, team, goalie))

    # -- delayed penalties -------------------------------------------------

    def delayed_penalty(self, at: GameTime) -> None:
        """409(b): the signal; play goes on until the offending team touches
        the puck (the whistle) or the other team scores (409(c))."""
        offending = self.rng.choice(TEAMS)
        victim = other(offending)
        player = self.pick_skater(offending)
        if player is None:
            self.whistle(at)
            return
        cls, infraction = self.rng.choices(
            ((PC.MINOR, self.rng.choice(_COMMON_MINORS)),
             (PC.DOUBLE_MINOR, self.rng.choice(_DOUBLE_MINORS)),
             (PC.MAJOR, self.rng.choice(_MAJORS))),
            weights=(85, 5, 10))[0]
        signal = PenaltySignal(at, offending, player, cls, _label(infraction), infraction.rule)
        if not self.attempt(signal):
            self.whistle(at)
            return
        if self.state.has_goalie(victim) and self.rng.random() < 0.6:
            pulled_at = self.later(self.rng.uniform(1, 3))
            if pulled_at is not None:
                self.pull_goalie(pulled_at, victim)
        resolved = self.later(self.rng.uniform(3, 20))
        if resolved is None:
            self.end_period()  # the signal is assessed at the end of the period
            return
        r = self.rng.random()
        extra = 0.1 if not self.state.has_goalie(victim) else 0.0
        if r < 0.22 + extra:
            self.goal(resolved, victim)
        elif r < 0.23 + extra and not self.state.has_goalie(victim):
            self.own_goal_into_empty_net(resolved, offending)
        else:
            self.must(Stoppage(resolved, "delayed penalty"))

    def own_goal_into_empty_net(self, at: GameTime, offending: Team) -> None:
        """409(c) note 2: the non-offending team puts the puck in its own empty net."""
        scorer = self.pick_skater(offending)
        if scorer is None or not self.attempt(Goal(at, offending, scorer, own_goal=True)):
            self.must(Stoppage(at, "delayed penalty"))

    # -- whistles and penalties --------------------------------------------

    def whistle(self, at: GameTime) -> None:
        """The whistle, for a penalty now and then."""
        kind: PenaltyKind | None = None
        if self.rng.random() < self.style.penalty_chance:
            kind = self.rng.choices(_PENALTY_KINDS, weights=_PENALTY_WEIGHTS)[0]
        penalties = kind(self, at) if kind is not None else []
        reason = penalties[0].infraction if penalties else self.rng.choice(_WHISTLES)
        self.must(Stoppage(at, reason))
        assessed = [p for p in penalties if self.attempt(p)]
        self.maybe_designate(at, assessed)

    def maybe_designate(self, at: GameTime, assessed: list[Penalty]) -> None:
        """408(c): two minors to one team end together; the captain names who
        comes back first."""
        for team in TEAMS:
            minors = [p.player for p in assessed if p.team == team
                      and p.penalty_class == PC.MINOR and p.player is not None]
            if len(minors) >= 2 and self.rng.random() < 0.5:
                self.attempt(Designate(at, team, self.rng.choice(minors)))

    def timeouts(self) -> None:
        """641: late in a close game, the trailing team (and now and then the
        other, back to back, casebook 21)."""
        s = self.state
        late = s.period == self.settings.periods and s.left < 3 * 600
        behind = self.trailing()
        for team in TEAMS:
            if s.timeouts_left[team] <= 0:
                continue
            chance = 0.01
            if late and (behind is None or (behind[0] == team and behind[1] <= 2)):
                chance = 0.15
            if self.events and isinstance(self.events[-1], TimeOut):
                chance = 0.15
            if self.rng.random() < chance:
                self.attempt(TimeOut(self.now, team))

    def maybe_forfeit(self) -> bool:
        """634(a): a team trailing badly refuses to play on (very rare)."""
        behind = self.trailing()
        if behind is None or behind[1] < 3 or self.rng.random() > 0.2:
            return False
        return self.attempt(Forfeit(self.now, behind[0], "refused to continue play (634(a))"))

    # -- the shootout ------------------------------------------------------

    def shootout(self) -> None:
        """639(b): away first, alternating; each team's four named shooters
        shoot in the same order every round."""
        self.return_goalies()
        per_round = self.settings.shootout_shooters
        shooters: dict[Team, list[int]] = {}
        for team in TEAMS:
            ready = [n for n in self.skaters(team) if n != self.state.goalie(team)
                     and not any(u.player == n and u.status in ("pending", "running")
                                 for u in units_of(self.state.units, team))]
            shooters[team] = ready[:per_round]
        shots = 0
        while not self.over:
            team = next_team(self.state.shootout_shots)
            taken = sum(1 for s in self.state.shootout_shots if s.team == team)
            named = shooters[team]
            if not named:
                raise SimulationError(f"{team} has nobody to shoot")
            scored = self.rng.random() < (0.33 if shots < 40 else 0.9)
            shots += 1
            self.must(ShootoutAttempt(team, named[taken % len(named)], scored))


# --------------------------------------------------------------------------- penalty kinds
# Each returns the penalties one whistle brings, assessed at ``at``.

PenaltyKind = Callable[[_Game, GameTime], list[Penalty]]


def _offender(game: _Game) -> Team:
    return game.rng.choice(TEAMS)


def _teammate(game: _Game, team: Team, player: int | None) -> int | None:
    return game.pick_skater(team, exclude=[] if player is None else [player])


def _minor(game: _Game, at: GameTime) -> list[Penalty]:
    team = _offender(game)
    player = game.pick_skater(team)
    if player is None:
        return []
    pool = _COMMON_MINORS if game.rng.random() < 0.85 else _ALL_MINORS
    infraction = game.rng.choice(pool)
    return [Penalty(at, team, player, PC.MINOR, _label(infraction), infraction.rule)]


def _coincident_minors(game: _Game, at: GameTime) -> list[Penalty]:
    """A scrum: a minor to each team at one stoppage (402(d) note 1, 402(g))."""
    out: list[Penalty] = []
    for team in TEAMS:
        player = game.pick_skater(team)
        if player is not None:
            out.append(Penalty(at, team, player, PC.MINOR, "roughing", "615(b)"))
    return out


def _two_minors(game: _Game, at: GameTime) -> list[Penalty]:
    """Two players of one team: five on three for a while."""
    team = _offender(game)
    first = game.pick_skater(team)
    second = _teammate(game, team, first)
    if first is None or second is None:
        return []
    a, b = game.rng.sample(_COMMON_MINORS, 2)
    return [Penalty(at, team, first, PC.MINOR, _label(a), a.rule),
            Penalty(at, team, second, PC.MINOR, _label(b), b.rule)]


def _double_minor(game: _Game, at: GameTime) -> list[Penalty]:
    team = _offender(game)
    player = game.pick_skater(team)
    if player is None:
        return []
    infraction = game.rng.choice(_DOUBLE_MINORS)
    return [Penalty(at, team, player, PC.DOUBLE_MINOR, _label(infraction), infraction.rule)]


def _bench_minor(game: _Game, at: GameTime) -> list[Penalty]:
    """A bench minor, served by a player the coach names."""
    team = _offender(game)
    server = game.pick_skater(team)
    infraction = game.rng.choice(_BENCH_MINORS)
    return [Penalty(at, team, None, PC.BENCH_MINOR, _label(infraction), infraction.rule,
                    served_by=server)]


def _goalie_minor(game: _Game, at: GameTime) -> list[Penalty]:
    """407(c): a goaltender's minor is served by a teammate on the floor."""
    team = _offender(game)
    goalie = game.state.goalie(team)
    server = game.pick_skater(team)
    if not goalie or server is None:
        return []
    infraction = game.rng.choice(_GOALIE_MINORS)
    return [Penalty(at, team, goalie, PC.MINOR, _label(infraction), infraction.rule,
                    served_by=server)]


def _misconduct(game: _Game, at: GameTime) -> list[Penalty]:
    """404(a): a misconduct, alone or on top of the minor that started it."""
    team = _offender(game)
    player = game.pick_skater(team)
    if player is None:
        return []
    infraction = game.rng.choice(_MISCONDUCTS)
    misconduct = Penalty(at, team, player, PC.MISCONDUCT, _label(infraction), infraction.rule)
    if game.rng.random() < 0.5:
        minor = by_key("unsportsmanlike_conduct")
        return [Penalty(at, team, player, PC.MINOR, _label(minor), minor.rule), misconduct]
    return [misconduct]


def _major(game: _Game, at: GameTime) -> list[Penalty]:
    team = _offender(game)
    player = game.pick_skater(team)
    if player is None:
        return []
    infraction = game.rng.choice(_MAJORS)
    return [Penalty(at, team, player, PC.MAJOR, _label(infraction), infraction.rule)]


def _fight(game: _Game, at: GameTime) -> list[Penalty]:
    """615(a): a fighting major and the automatic game misconduct to one player
    of each team; the majors are coincident (403(c)) and teammates serve them.
    Now and then the instigator adds a minor."""
    out: list[Penalty] = []
    fighters: dict[Team, int] = {}
    for team in TEAMS:
        fighter = game.pick_skater(team)
        server = _teammate(game, team, fighter)
        if fighter is None or server is None:
            return []
        fighters[team] = fighter
        out.append(Penalty(at, team, fighter, PC.MAJOR, "fighting", _FIGHTING.rule,
                           served_by=server))
    if game.rng.random() < 0.3:
        team = _offender(game)
        server = _teammate(game, team, fighters[team])
        out.append(Penalty(at, team, fighters[team], PC.MINOR, _label(_INSTIGATOR),
                           _INSTIGATOR.rule, served_by=server))
    for team in TEAMS:
        out.append(Penalty(at, team, fighters[team], PC.GAME_MISCONDUCT, "fighting",
                           _FIGHTING.rule))
    return out


def _game_ejection(game: _Game, at: GameTime) -> list[Penalty]:
    """404(c): a major with a game ejection; a teammate serves the major."""
    team = _offender(game)
    player = game.pick_skater(team)
    server = _teammate(game, team, player)
    if player is None or server is None:
        return []
    infraction = game.rng.choice(_EJECTION_MAJORS)
    return [Penalty(at, team, player, PC.MAJOR, _label(infraction), infraction.rule,
                    served_by=server),
            Penalty(at, team, player, PC.GAME_EJECTION, _label(infraction), infraction.rule)]


def _game_misconduct(game: _Game, at: GameTime) -> list[Penalty]:
    """404(d); for dropping the gloves and throwing a punch, three games (615(d))."""
    team = _offender(game)
    player = game.pick_skater(team)
    if player is None:
        return []
    if game.rng.random() < 0.4:
        return [Penalty(at, team, player, PC.GAME_MISCONDUCT, _label(_PUNCH), _PUNCH.rule,
                        suspension=_PUNCH.suspension_games or 3)]
    infraction = game.rng.choice(_GAME_MISCONDUCTS)
    return [Penalty(at, team, player, PC.GAME_MISCONDUCT, _label(infraction), infraction.rule)]


def _gross_misconduct(game: _Game, at: GameTime) -> list[Penalty]:
    team = _offender(game)
    player = game.pick_skater(team)
    if player is None:
        return []
    infraction = game.rng.choice(_GROSS)
    return [Penalty(at, team, player, PC.GROSS_MISCONDUCT, _label(infraction), infraction.rule)]


def _match(game: _Game, at: GameTime) -> list[Penalty]:
    """405(a): the player leaves the game; a teammate serves the time portion."""
    team = _offender(game)
    player = game.pick_skater(team)
    server = _teammate(game, team, player)
    if player is None or server is None:
        return []
    infraction = game.rng.choice(_MATCHES)
    return [Penalty(at, team, player, PC.MATCH, _label(infraction), infraction.rule,
                    served_by=server)]


_PENALTY_TABLE: Final[tuple[tuple[PenaltyKind, float], ...]] = (
    (_minor, 62),
    (_coincident_minors, 7),
    (_two_minors, 3),
    (_double_minor, 5),
    (_bench_minor, 4),
    (_goalie_minor, 3),
    (_misconduct, 5),
    (_major, 3),
    (_fight, 2.5),
    (_game_ejection, 1.5),
    (_game_misconduct, 1.5),
    (_gross_misconduct, 0.7),
    (_match, 0.7),
)
_PENALTY_KINDS: Final = tuple(kind for kind, _ in _PENALTY_TABLE)
_PENALTY_WEIGHTS: Final = tuple(weight for _, weight in _PENALTY_TABLE)


# --------------------------------------------------------------------------- entry points


def simulate_game(rng: random.Random, settings: Settings | None = None
                  ) -> tuple[GameSetup, list[Event]]:
    """One realistic game that the engine accepts event by event and that
    ends ``final``. ``settings`` default to a random draw."""
    if settings is None:
        settings = random_settings(rng)
    home_name, away_name = _team_names(rng)
    setup = GameSetup(settings, random_roster(rng, home_name), random_roster(rng, away_name))
    return setup, _Game(rng, setup).play()


def play_game(rng: random.Random, setup: GameSetup) -> list[Event]:
    """A realistic game between the rosters of ``setup`` under its settings."""
    return _Game(rng, setup).play()


def _game_rng(seed: int, index: int) -> random.Random:
    return random.Random(seed * 1_000_003 + index)


def simulate_games(n: int, seed: int) -> Iterator[tuple[GameSetup, list[Event]]]:
    """``n`` games; the same seed gives the same games."""
    for i in range(n):
        yield simulate_game(_game_rng(seed, i))


def game_document(game_id: str, setup: GameSetup, events: Sequence[Event],
                  title: str = "") -> dict[str, Any]:
    """A game in FORMAT.md's layout, with ``expect: []`` so that it is also a
    valid scenario."""
    st = setup.settings
    doc: dict[str, Any] = {"id": game_id}
    if title:
        doc["title"] = title
    doc["settings"] = encode_settings(st, strict=True)
    doc["home"] = encode_roster(setup.home)
    doc["away"] = encode_roster(setup.away)
    doc["events"] = [encode_event(e, st) for e in events]
    doc["expect"] = []
    return doc


def _dumps(doc: dict[str, Any]) -> str:
    """JSON with one event per line."""
    parts = []
    for key, value in doc.items():
        if key == "events":
            body = ",\n".join("    " + json.dumps(e) for e in value)
            parts.append(f'  "events": [\n{body}\n  ]')
        else:
            parts.append(f"  {json.dumps(key)}: {json.dumps(value)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def write_games(n: int, seed: int, out_dir: Path) -> list[Path]:
    """Write ``n`` simulated games as ``sim-<seed>-<i>.json`` in ``out_dir``."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    width = max(3, math.ceil(math.log10(n + 1)))
    paths: list[Path] = []
    for i, (setup, events) in enumerate(simulate_games(n, seed)):
        game_id = f"sim-{seed}-{i:0{width}d}"
        title = f"Simulated game {i} of seed {seed}: {setup.home.name} v {setup.away.name}"
        path = out_dir / f"{game_id}.json"
        path.write_text(_dumps(game_document(game_id, setup, events, title)), encoding="utf-8")
        paths.append(path)
    return paths
