"""The flow of a simulated game, from the first face-off to the final result.

- a period is a run of play segments, each opened by a face-off and ended by
  a whistle, a goal, a penalty shot or the end of the period;
- at a whistle the referee may call penalties, from the common minor to the
  rare match penalty (:mod:`rinkside.simulate.penalties`, one table);
- during play a delayed penalty may be signalled (the other team often
  pulling its goaltender for an extra attacker) and ends with the whistle or
  a goal of the other team; a penalty shot may be awarded;
- a team trailing late in regulation pulls its goaltender; the goaltender
  comes back at the next stoppage;
- ties go to overtime and shootouts as the settings say; lopsided games
  may end on the mercy rule; a forfeit is very rare.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Final

from rinkside.rules import events
from rinkside.rules.automatic import AFTER_WARNING, rule_key, shown
from rinkside.rules.events import TEAMS, PenaltyClass, Team, other
from rinkside.rules.roster import GameSetup
from rinkside.rules.settings import Settings
from rinkside.rules.shootout import may_shoot, next_team
from rinkside.rules.times import GameTime
from rinkside.simulate.game import SimulatedGame, SimulationError
from rinkside.simulate.penalties import SIGNALLED, assess, call, label
from rinkside.simulate.setups import random_roster, random_settings, team_names

__all__ = ["Simulation", "play_game", "simulate_game", "simulate_games"]

PC = PenaltyClass

_WHISTLES: Final = (
    "puck frozen", "puck out of play", "goaltender covered the puck", "net dislodged",
    "hand pass", "injury", "high stick", "puck in the netting",
)


class Simulation(SimulatedGame):
    """A game played on from its state: each step is chosen by the state's
    status and the random generator."""

    second_edition = False  # also the second edition's events (simulate_game)

    def play(self) -> list[events.Event]:
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
        self.name_servers()
        self.must(events.FaceOff(GameTime(period, s.period_length(period)), "centre"))

    def end_period(self) -> None:
        self.must(events.PeriodEnd(GameTime(self.state.period, 0)))

    def play_on(self) -> None:
        """One play segment: it ends with a whistle, a goal, a penalty shot or
        the end of the period; a delayed penalty or a pulled goalie may come first."""
        if self.pull_goalie_late():
            return
        at = self.later(self.segment_seconds())
        if at is None:
            self.end_period()
            return
        self.shots_before(at)
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

    def shots_before(self, at: GameTime) -> None:
        """Saves during the segment (506): a shot on goal now and then, never at
        an empty net (no save there, casebook 58)."""
        if not self.second_edition:
            return
        left = (self.state.left + at.left) // 2
        if at.left < left < self.state.left and self.rng.random() < 0.5:
            team = self.rng.choice(TEAMS)
            shooter = self.pick_skater(team, exclude=[])
            if self.state.goalie(other(team)) is not None:
                self.attempt(events.Shot(GameTime(at.period, left - left % 10), team, shooter))

    def incidents(self) -> None:
        """Now and then at a stoppage: the referees warn a player for his
        face-off position (610(d)), call their own time-out (640(b)), or
        suspend the game a moment (640(d)) and resume it."""
        if not self.second_edition:
            return
        r, team = self.rng.random(), self.rng.choice(TEAMS)
        if r < 0.02:
            player = self.pick_skater(team, exclude=[])
            if player is not None:
                self.attempt(events.Caution(self.now, team, "610(d)", player))
        elif r < 0.03:
            self.attempt(events.RefereeTimeout(self.now))
        elif r < 0.033 and self.attempt(events.Suspend(self.now, "the playing area is unsafe")):
            self.must(events.Resume(self.now))

    def between_whistles(self) -> None:
        """A stoppage: goalies back in, time-outs, then the face-off."""
        self.return_goalies()
        self.incidents()
        # Casebook 43: 205 note 3, 610(e) late in the game; each offense its own
        # shot. A goal on one can end the game (an overtime's, a mercy's).
        due = self.state.penalty_shot_due
        while due is not None and self.state.result is None:
            shooter = self.pick_skater(due, exclude=[])
            if shooter is None:
                break
            self.must(events.PenaltyShot(self.now, due, shooter, self.rng.random() < 0.35))
            due = self.state.penalty_shot_due
        if self.state.result is not None:
            return
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
        self.name_servers()
        self.must(events.FaceOff(at))

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
            if scorer is not None and self.attempt(events.Goal(at, team, scorer, own_goal=True)):
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
            if self.attempt(events.Goal(at, team, scorer, assist)):
                return
        self.whistle(at)

    def penalty_shot(self, at: GameTime) -> None:
        """A foul from behind on a breakaway: a penalty shot (406, 642(e))."""
        team = self.rng.choices(TEAMS, weights=[self.style.attack[t] for t in TEAMS])[0]
        shooter = self.pick_skater(team)
        if shooter is None or not self.attempt(
                events.PenaltyShot(at, team, shooter, self.rng.random() < 0.35)):
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
        return self.attempt(events.GoalieChange(at, team, None))

    def return_goalies(self) -> None:
        for team in TEAMS:
            goalie = self.netminder[team]
            if not self.state.has_goalie(team) and goalie is not None:
                self.attempt(events.GoalieChange(self.now, team, goalie))

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
        options = [(cls, self.rng.choice(pool)) for cls, pool, _ in SIGNALLED]
        cls, infraction = self.rng.choices(options, weights=[w for *_, w in SIGNALLED])[0]
        signal = events.PenaltySignal(at, offending, player, cls, label(infraction),
                                      infraction.rule)
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
            self.must(events.Stoppage(resolved, "delayed penalty"))

    def own_goal_into_empty_net(self, at: GameTime, offending: Team) -> None:
        """409(c) note 2: the non-offending team puts the puck in its own empty net."""
        scorer = self.pick_skater(offending)
        if scorer is None or not self.attempt(events.Goal(at, offending, scorer, own_goal=True)):
            self.must(events.Stoppage(at, "delayed penalty"))

    # -- whistles and penalties --------------------------------------------

    def whistle(self, at: GameTime) -> None:
        """The whistle, for a penalty now and then."""
        recipe = call(self) if self.rng.random() < self.style.penalty_chance else None
        penalties = assess(self, at, recipe) if recipe is not None else []
        reason = penalties[0].infraction if penalties else self.rng.choice(_WHISTLES)
        self.must(events.Stoppage(at, reason))
        for p in penalties:  # casebook 46: the warning those penalties come after
            key = rule_key(p.rule)
            warned = any(c.team == p.team and c.rule == key for c in self.state.cautions)
            if self.second_edition and key in AFTER_WARNING and not warned:
                self.attempt(events.Caution(at, p.team, shown(key), p.player))
        assessed = [p for p in penalties if self.attempt(p)]
        self.maybe_designate(at, assessed)

    def maybe_designate(self, at: GameTime, assessed: list[events.Penalty]) -> None:
        """408(c): two minors to one team end together; the captain names who
        comes back first."""
        for team in TEAMS:
            minors = [p.player for p in assessed if p.team == team
                      and p.penalty_class == PC.MINOR and p.player is not None]
            if len(minors) >= 2 and self.rng.random() < 0.5:
                self.attempt(events.Designate(at, team, self.rng.choice(minors)))

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
            if self.events and isinstance(self.events[-1], events.TimeOut):
                chance = 0.15
            if self.rng.random() < chance:
                self.attempt(events.TimeOut(self.now, team))

    def maybe_forfeit(self) -> bool:
        """634(a): a team trailing badly refuses to play on (very rare)."""
        behind = self.trailing()
        if behind is None or behind[1] < 3 or self.rng.random() > 0.2:
            return False
        return self.attempt(
            events.Forfeit(self.now, behind[0], "refused to continue play (634(a))"))

    # -- the shootout ------------------------------------------------------

    def shootout(self) -> None:
        """639(b): away first, alternating; each team's best shooters shoot
        first, and a round's shooter is one the engine says may shoot next
        (:func:`rinkside.rules.shootout.may_shoot`): no player shoots twice
        in a round before each of his team's shooters has (639(b)4D)."""
        self.return_goalies()
        shots = 0
        while not self.over:
            team = next_team(self.state.shootout_shots)
            allowed = set(may_shoot(self.state, team))
            if not allowed:  # every skater removed or in the box (639(b)4F): the book is silent
                raise SimulationError(f"{team} has nobody to shoot: every skater is removed "
                                      "or has penalty time left (639(b)4F)")
            rank = {n: i for i, n in enumerate(self.stars[team])}
            shooter = min(allowed, key=lambda n: (rank.get(n, len(rank)), n))
            scored = self.rng.random() < (0.33 if shots < 40 else 0.9)
            shots += 1
            self.must(events.ShootoutAttempt(team, shooter, scored))


def simulate_game(rng: random.Random, settings: Settings | None = None, *,
                  second_edition: bool = False) -> tuple[GameSetup, list[events.Event]]:
    """One realistic game that the engine accepts event by event and that
    ends ``final``. ``settings`` default to a random draw. With
    ``second_edition`` it also has the second edition's events (shots, the
    referees' warnings and time-outs, a suspension now and then)."""
    if settings is None:
        settings = random_settings(rng)
    home_name, away_name = team_names(rng)
    setup = GameSetup(settings, random_roster(rng, home_name), random_roster(rng, away_name))
    simulation = Simulation(rng, setup)
    simulation.second_edition = second_edition
    return setup, simulation.play()


def play_game(rng: random.Random, setup: GameSetup) -> list[events.Event]:
    """A realistic game between the rosters of ``setup`` under its settings."""
    return Simulation(rng, setup).play()


def _game_rng(seed: int, index: int) -> random.Random:
    return random.Random(seed * 1_000_003 + index)


def simulate_games(n: int, seed: int, *, second_edition: bool = False
                   ) -> Iterator[tuple[GameSetup, list[events.Event]]]:
    """``n`` games; the same seed gives the same games."""
    for i in range(n):
        yield simulate_game(_game_rng(seed, i), second_edition=second_edition)
