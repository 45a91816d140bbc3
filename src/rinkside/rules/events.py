"""What happens in a game, as the scorer and timekeepers record it.

Events are past-tense facts, frozen dataclasses, each type ``final`` (the
fold tells them apart by ``type(event) is``, which mypy checks covers them
all). The game state follows from folding them in order
(:mod:`rinkside.rules.game`). Every event carries the moment it happened,
``at``: the period and the time left on the game clock (``None`` for
shootout attempts, which have no clock).

The event types mirror ``conformance/FORMAT.md``, second edition included
(shots, measurements, warnings, leaving the box, a suspended game, the
referees' time-out, penalties to team officials).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final, Literal, TypeAlias, final, get_args

from rinkside.rules.times import GameTime

Team: TypeAlias = Literal["home", "away"]
TEAMS: tuple[Team, Team] = ("home", "away")


def other(team: Team) -> Team:
    return "away" if team == "home" else "home"


class PenaltyClass(StrEnum):
    """The classes of Rule 401(a), with the game-removal penalties of 404-405."""

    MINOR = "minor"
    DOUBLE_MINOR = "double_minor"
    BENCH_MINOR = "bench_minor"
    MAJOR = "major"
    MISCONDUCT = "misconduct"
    GAME_EJECTION = "game_ejection"
    GAME_MISCONDUCT = "game_misconduct"
    GROSS_MISCONDUCT = "gross_misconduct"
    MATCH = "match"

    @property
    def removes_player(self) -> bool:
        """The player leaves the game (Rules 404(c), 404(d), 404(g), 405(a))."""
        return self in _REMOVING

    @property
    def text(self) -> str:
        """The class in the book's words: ``double minor``, ``game misconduct``."""
        return self.value.replace("_", " ")

    @property
    def rule(self) -> str:
        """The rule that defines the class (a double minor is two minors, 402(a))."""
        return _CLASS_RULES[self]


_REMOVING = frozenset(
    {
        PenaltyClass.GAME_EJECTION,
        PenaltyClass.GAME_MISCONDUCT,
        PenaltyClass.GROSS_MISCONDUCT,
        PenaltyClass.MATCH,
    }
)
_CLASS_RULES: dict[PenaltyClass, str] = {
    PenaltyClass.MINOR: "402(a)",
    PenaltyClass.DOUBLE_MINOR: "402(a)",
    PenaltyClass.BENCH_MINOR: "402(c)",
    PenaltyClass.MAJOR: "403(a)",
    PenaltyClass.MISCONDUCT: "404(a)",
    PenaltyClass.GAME_EJECTION: "404(c)",
    PenaltyClass.GAME_MISCONDUCT: "404(d)",
    PenaltyClass.GROSS_MISCONDUCT: "404(g)",
    PenaltyClass.MATCH: "405(a)",
}


@final
@dataclass(frozen=True, slots=True)
class FaceOff:
    """The puck is dropped; play is on."""

    at: GameTime
    spot: str | None = None


@final
@dataclass(frozen=True, slots=True)
class Stoppage:
    """The whistle; play is stopped."""

    at: GameTime
    reason: str | None = None


@final
@dataclass(frozen=True, slots=True)
class Goal:
    """A goal for ``team``. With ``own_goal`` the puck went in off a defender
    and ``scorer`` is the attacking player credited (Rule 616(c))."""

    at: GameTime
    team: Team
    scorer: int
    assist: int | None = None
    own_goal: bool = False


@dataclass(frozen=True, slots=True)
class PenaltyCall:
    """A penalty as the referee calls it, assessed at a stoppage
    (:class:`Penalty`) or signalled while play goes on
    (:class:`PenaltySignal`). ``player`` is None for a bench penalty."""

    at: GameTime
    team: Team
    player: int | None
    penalty_class: PenaltyClass
    infraction: str
    rule: str | None = None
    served_by: int | None = None
    suspension: int | None = None
    official: str | None = None
    """A team official penalized instead of a player (601(a), 601(c)-(f),
    629(j), 404(g)); ``player`` is then None."""
    called_by: str | None = None
    """The official who called it (Rule 503: a referee or the assistant official)."""
    penalty_shot: bool = False
    """The foul for which the other team is awarded a penalty shot (Rule 406,
    casebook 62): a minor so marked is neither served nor charged (406(h))."""


@final
@dataclass(frozen=True, slots=True)
class Penalty(PenaltyCall):
    """A penalty assessed at a stoppage. ``player`` is None for a bench penalty."""


@final
@dataclass(frozen=True, slots=True)
class PenaltySignal(PenaltyCall):
    """A delayed penalty signalled while play goes on (Rule 409(b))."""

    def assessed(self, at: GameTime) -> Penalty:
        return Penalty(at, self.team, self.player, self.penalty_class, self.infraction,
                       self.rule, self.served_by, self.suspension, self.official,
                       self.called_by, self.penalty_shot)


@final
@dataclass(frozen=True, slots=True)
class PenaltyShot:
    """A penalty shot by ``team`` (the shooting team), Rule 406."""

    at: GameTime
    team: Team
    shooter: int
    scored: bool


@final
@dataclass(frozen=True, slots=True)
class TimeOut:
    """A time-out called by ``team`` during a stoppage (Rule 641)."""

    at: GameTime
    team: Team


@final
@dataclass(frozen=True, slots=True)
class GoalieChange:
    """``goalie`` goes in goal for ``team``; None leaves the net empty."""

    at: GameTime
    team: Team
    goalie: int | None


@final
@dataclass(frozen=True, slots=True)
class PeriodEnd:
    """The game clock reached 0:00."""

    at: GameTime


@final
@dataclass(frozen=True, slots=True)
class ShootoutAttempt:
    """One shot of a shootout (Rule 639(b))."""

    team: Team
    shooter: int
    scored: bool
    at: GameTime | None = None


@final
@dataclass(frozen=True, slots=True)
class Forfeit:
    """``team`` forfeits the game (Rule 634)."""

    at: GameTime
    team: Team
    reason: str = ""


@final
@dataclass(frozen=True, slots=True)
class Designate:
    """The captain names who returns first when two penalties end together (408(c))."""

    at: GameTime
    team: Team
    player: int


MeasureResult = Literal["legal", "illegal", "refused"]
MEASURE_RESULTS: Final[tuple[MeasureResult, ...]] = get_args(MeasureResult)
MEASURED_ITEMS: tuple[str, ...] = (
    "stick", "goaltender_stick", "blocker", "catching_glove", "leg_pads", "glove",
    "protective_equipment",
)


@final
@dataclass(frozen=True, slots=True)
class Measurement:
    """``team`` asked the referee to measure ``item`` of ``player`` (of the
    other team) at a stoppage, with this ``result`` (Rules 301, 303, 304,
    610(f)). The engine assesses the penalty the result carries
    (:mod:`rinkside.rules.measurement`); ``served_by`` names who serves the
    penalty it carries that another player serves: the requesting team's
    bench minor when the equipment is legal (610(f), 402(c)), the measured
    team's goaltender's minor (407(a)) or the minor given with a refusal's
    misconduct (404(b)). A rinkside extension of FORMAT.md: type ``measure``."""

    at: GameTime
    team: Team
    player: int
    item: str
    result: MeasureResult
    served_by: int | None = None


@final
@dataclass(frozen=True, slots=True)
class Shot:
    """A shot on goal by ``team`` that the goaltender stopped (a save). Goals
    are shots on goal of their own; together they make shots against."""

    at: GameTime
    team: Team
    shooter: int | None = None


@final
@dataclass(frozen=True, slots=True)
class Caution:
    """A warning the referees gave (FORMAT.md second edition ``warning``): to
    a player (304(b), 610(d), 613 note 1, 617(b)), to the team (``player``
    None and no ``official``: 205(d), 610(c), 631(b), 634(a)) or to a team
    official. It changes nothing on the floor; the penalties the book gives
    "after a warning" are checked against it (casebook 46)."""

    at: GameTime
    team: Team
    rule: str
    player: int | None = None
    official: str | None = None


@final
@dataclass(frozen=True, slots=True)
class LeftBox:
    """A penalized player left the penalty bench before his penalty expired
    (629(c), 629(e)); ``error``: the penalty timekeeper let him out (629(f))."""

    at: GameTime
    team: Team
    player: int
    error: bool = False


@final
@dataclass(frozen=True, slots=True)
class Suspend:
    """The referees suspend the game (634(a), 634(b), 640(d))."""

    at: GameTime
    reason: str = ""


@final
@dataclass(frozen=True, slots=True)
class Resume:
    """The suspension is over; the clock stays stopped until the face-off."""

    at: GameTime


@final
@dataclass(frozen=True, slots=True)
class RefereeTimeout:
    """A time-out called by the referees (640(b), 206(e)): under running time
    it holds the clock until the next face-off."""

    at: GameTime


Event: TypeAlias = (
    FaceOff
    | Stoppage
    | Goal
    | Penalty
    | PenaltySignal
    | PenaltyShot
    | TimeOut
    | GoalieChange
    | PeriodEnd
    | ShootoutAttempt
    | Forfeit
    | Designate
    | Measurement
    | Shot
    | Caution
    | LeftBox
    | Suspend
    | Resume
    | RefereeTimeout
)

EVENT_CLASSES: Final[dict[str, type[Event]]] = {
    "faceoff": FaceOff, "stoppage": Stoppage, "goal": Goal, "shot": Shot,
    "penalty": Penalty, "penalty_signal": PenaltySignal, "penalty_shot": PenaltyShot,
    "timeout": TimeOut, "goalie": GoalieChange, "period_end": PeriodEnd,
    "shootout_attempt": ShootoutAttempt, "forfeit": Forfeit, "designate": Designate,
    "measure": Measurement, "warning": Caution, "left_box": LeftBox,
    "suspend": Suspend, "resume": Resume, "referee_timeout": RefereeTimeout,
}
"""Every kind of event, one class each, by the name its ``type`` has in
FORMAT.md and the console's API (``measure`` is rinkside's extension). The
one list of the engine's events: the modules that turn events into text or
JSON and back, or dispatch on them, name the classes through this module
(``events.Goal``), and the store keeps its own names for its payloads
(:data:`rinkside.store.codec.LAYOUT`)."""

EVENT_TYPES: Final[tuple[type[Event], ...]] = tuple(EVENT_CLASSES.values())
"""The classes of :data:`EVENT_CLASSES`, for ``isinstance``: the members of :data:`Event`."""

assert set(EVENT_TYPES) == set(get_args(Event)), "EVENT_CLASSES and Event name the same classes"
