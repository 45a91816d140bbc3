"""One game being simulated: the state so far, the events recorded, who can play.

:class:`SimulatedGame` records events through the engine
(:func:`rinkside.rules.game.apply`): an event the book refuses is dropped
(:meth:`~SimulatedGame.attempt`), or, for one the flow of the game requires,
is a :class:`SimulationError` (:meth:`~SimulatedGame.must`). It answers what
the flow of play (:mod:`rinkside.simulate.play`) and the penalty table
(:mod:`rinkside.simulate.penalties`) ask: the clock, the skaters who can
play now, the score.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rinkside.rules import serving
from rinkside.rules.box import units_of
from rinkside.rules.errors import RuleViolation
from rinkside.rules.events import TEAMS, Event, Team
from rinkside.rules.game import apply, replay, start
from rinkside.rules.roster import GameSetup
from rinkside.rules.times import GameTime
from rinkside.simulate.setups import random_style

__all__ = ["SimulatedGame", "SimulationError"]


class SimulationError(RuntimeError):
    """The simulator could not continue: an event it must record was refused."""


class SimulatedGame:
    """One game being simulated: the state so far and the events recorded."""

    def __init__(self, rng: random.Random, setup: GameSetup) -> None:
        self.rng = rng
        self.setup = setup
        self.settings = setup.settings
        self.state = start(setup)
        self.events: list[Event] = []
        self.style = random_style(rng)
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

    def name_servers(self) -> None:
        """Rules 402(c), 404(b), 404(e), 405(a), 407(a): before the face-off
        (where the settings make it wait, ``servers_named``) the team names
        who serves each penalty another player serves, as the console asks:
        the penalty's event names him, and the game is replayed."""
        if not self.state.setup.settings.servers_named:
            return
        for _ in range(len(self.events)):  # each round names one
            needed = serving.servers_needed(self.state)
            if not needed or not needed[0].may_serve:
                return
            found = serving.naming(self.events, needed[0], self.rng.choice(needed[0].may_serve))
            if found is None:
                return
            index, event = found
            self.events[index] = event
            self.state = replay(self.state.setup, self.events)

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
