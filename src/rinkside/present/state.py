"""The live state JSON: what the scoreboard, the console, the live stream and
the state API are sent, as one typed, documented model.

Everything in it was computed by the engine (score, clock, running, box and
each entry's reasons, strength, time-outs, goals with their strength,
shootout, result, the warnings with their rules: read through
:mod:`.warnings`, the one adapter to the engine's shape of them); the model
only says it: times as ``M:SS`` (tenths in the last minute, :mod:`.clock`),
periods as ``1``, ``2``, ``OT``, ``SO`` (:mod:`.periods`), classes and
results in words. No rule is decided here.

Every per-team value is a :class:`Pair` (``{"home": ..., "away": ...}``).
:func:`live_state` builds the model from a game's state and its catalogue
values; ``model_dump(mode="json", by_alias=True)`` is the JSON, key for key
in the order written here (static/live.js reads it).
"""

from __future__ import annotations

from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from rinkside.present import lines
from rinkside.present.clock import RunningClock, clock_text, timer_text
from rinkside.present.names import class_text, player_name, team_name
from rinkside.present.periods import current_period
from rinkside.present.results import result_text, status_text
from rinkside.present.shots import shots_text
from rinkside.present.warnings import engine_warnings, entry_reasons
from rinkside.rules import serving, shootout
from rinkside.rules.accepts import Acceptance, acceptance
from rinkside.rules.clock import stops_at_whistle
from rinkside.rules.events import TEAMS, Team
from rinkside.rules.roster import GameSetup
from rinkside.rules.state import BoxEntry, DecidedBy, GameState, Status
from rinkside.rules.upcoming import Change, Moment, upcoming

T = TypeVar("T")


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, populate_by_name=True)


class Pair(_Model, Generic[T]):
    """One value per team."""

    home: T
    away: T


class TeamLine(_Model):
    id: int
    name: str
    colour: str | None = Field(None, description="#1e40af: the team's colour on the boards")
    logo: str | None = Field(None, description="the team's logo (an image URL)")


class BoxLine(_Model):
    """One penalty timer. ``ticking``: the engine has its time running, so
    a display may count it down with the game clock between updates."""

    player: int | None = Field(description="None: a bench penalty (402(c))")
    served_by: int | None
    state: Literal["pending", "running", "expired"]
    left_tenths: int
    left: str = Field(description="M:SS: the unfinished time (Rule 505(a))")
    ticking: bool
    penalty_class: str = Field(validation_alias="class", serialization_alias="class",
                               description="the PenaltyClass value: double_minor")
    class_text: str = Field(description="the class in words: double minor")
    infraction: str
    may_return: bool = Field(description="the player may come back on now")
    reasons: list[str] = Field(description="the engine's reasons for where the entry stands, "
                               "each with its rule (present.warnings.entry_reasons)")


class WarningLine(_Model):
    """A warning the engine gave: the referees' call kept, its rule not matched."""

    rule: str | None = Field(description="the rule the sentence names, number and letter")
    text: str = Field(description="the engine's sentence, its rule in it")
    event: int | None = Field(description="the index in the log of the event that gave it")


class GoalLine(_Model):
    period: str
    time: str
    team: Team
    scorer: int
    scorer_name: str
    assist: int | None
    assist_name: str | None
    strength: str = Field(description="EV, PP or SH as the engine classed the goal")
    tags: list[str] = Field(description="PP / SH, EN, PS")
    released: list[str] = Field(default_factory=list, description="the penalties the goal "
                                "ended (402(d)): who comes back on, in words")


class PenaltyShotLine(_Model):
    """A penalty shot taken (Rule 406), scored or not."""

    team: Team
    shooter: int
    shooter_name: str
    scored: bool
    period: str
    time: str


class ShootoutShotLine(_Model):
    team: Team
    shooter: int
    scored: bool
    shooter_name: str


class ShootoutLine(_Model):
    """The shots so far, goals per team, and who shoots next (639(b)4C)."""

    shots: list[ShootoutShotLine]
    goals: Pair[int]
    next: Team | None


class ResultLine(_Model):
    winner: Team | None
    decided_by: DecidedBy
    text: str | None = Field(description="Blades win in a shootout; Tie")


class AnchorLine(_Model):
    """Where the running clock stands in wall-clock time: it read
    ``left_tenths`` at ``wall_ms`` (ms since the epoch, UTC, the server's
    clock), so it reads ``left_tenths - (now - wall_ms) / 100`` until the next
    state; ``seq``: a newer anchor (the timekeeper set the clock, Rule 507(a))
    replaces an older one at the same version."""

    seq: int
    left_tenths: int
    wall_ms: int
    kind: str = Field(description="play: an event started the clock; timekeeper: set by hand")


class CountdownLine(_Model):
    """A countdown the boards show beside the game clock: a time-out's
    thirty seconds (641, note 1) or the rest between periods (640(a)); it
    read ``left_tenths`` at ``wall_ms`` (the server's clock)."""

    kind: Literal["timeout", "intermission"]
    label: str = Field(description="Time-out, Intermission")
    left_tenths: int
    wall_ms: int


class RefusedLine(_Model):
    """A kind of event the game does not take now, with the engine's reason
    (rules/accepts.py): every event of it would be refused."""

    kind: str = Field(description="the event's type, as FORMAT.md names it: period_end")
    rule: str
    text: str = Field(description="the engine's sentence, its rule in it")


class PlayerChoice(_Model):
    number: int
    name: str = Field(description="#9 Sam Novak")


class ServerLine(_Model):
    """A penalty of this stoppage that another player serves and nobody has
    been named to serve (rules/serving.py ``servers_needed``): the console
    asks who, from ``may_serve``; where the settings say so the face-off
    waits for him (``refused``)."""

    penalty_id: int = Field(description="the engine's id of the penalty, at this version")
    team: Team
    player: int | None = Field(description="the penalized player; None: a bench minor")
    player_name: str = Field(description="#7 Alex Kim, or bench")
    penalty_class: str = Field(validation_alias="class", serialization_alias="class")
    class_text: str
    infraction: str
    rule: str = Field(description="the rule that has another player serve it: 404(e)")
    text: str = Field(description="Rule 404(e): who serves it, in the book's words")
    may_serve: list[PlayerChoice] = Field(description="the players who may be named")


class ComingLine(_Model):
    """A moment the clock changes the game with no event (rules/upcoming.py):
    when the clock reads ``at_tenths`` a page shows these values instead of
    the state's (the box's times are at that reading)."""

    at_tenths: int
    at: str
    texts: list[str] = Field(description="what changes, in words, each with its rule")
    running: bool
    period_over: bool = Field(description="0:00: the period's time is up (507(c))")
    skaters: Pair[int]
    strength: str | None
    box: Pair[list[BoxLine]]
    accepts: list[str] | None = Field(None, description="the kinds of event the game takes "
                                      "at that reading; None: the state's")
    refused: list[RefusedLine] | None = Field(None, description="None: the state's")
    whistle_stops: bool = Field(False, description="a whistle then stops the clock (the late "
                                "stop-clock begun, 640(a)): the state's whistle_stops")


class LiveState(_Model):
    """A game's state as every live page is sent it."""

    game_id: int
    version: int = Field(description="the log's version: a page keeps the newest it saw")
    division: str
    rink: str | None
    teams: Pair[TeamLine]
    score: Pair[int] = Field(description="the result's once the game is over (634(d))")
    status: Status
    locked: bool = Field(False, description="signed by the referees: no change (616(a))")
    status_text: str = Field(description="P2 11:42, End of P1, Final (SO)")
    running: bool = Field(description="the game clock runs: a page may count it down")
    period: str = Field(description="1, 2, OT, OT2, SO")
    clock: str
    clock_tenths: int = Field(description="the clock at the last event")
    clock_anchor: AnchorLine | None = Field(description="set while the clock runs: count "
                                            "from it, not from the state's arrival")
    coming: list[ComingLine] = Field(description="the changes ahead while the clock runs")
    whistle_stops: bool = Field(False, description="a whistle now stops the clock (640(a), "
                                "rules.clock.stops_at_whistle): a console stops its clock "
                                "the moment it is pressed (507(a))")
    countdown: CountdownLine | None = Field(None, description="a time-out or intermission")
    timeouts_left: Pair[int]
    shots: Pair[int] = Field(description="shots on goal by each team: its saved shots and goals")
    saves: Pair[int] = Field(description="saves by each team's goaltenders")
    shots_text: Pair[str] = Field(description="3 shots, 1 save: the two in words "
                                  "(present.shots)")
    delayed_penalty: Team | None = Field(description="the team a delayed penalty is signalled "
                                         "against (409(b)), while it is")
    delayed_text: str | None = Field(description="delayed penalty: Storm")
    skaters: Pair[int]
    strength: str | None = Field(description="4 on 3 (home on away); None at even strength")
    empty_net: Pair[bool]
    box: Pair[list[BoxLine]]
    goals: list[GoalLine]
    penalty_shots: list[PenaltyShotLine]
    penalty_shot: PenaltyShotLine | None = Field(description="the one just taken, if any")
    shootout: ShootoutLine | None
    result: ResultLine | None
    warnings: list[WarningLine] = Field(description="the engine's warnings the state "
                                        "carries (present.warnings.engine_warnings)")
    accepts: list[str] = Field(description="the kinds of event the game takes now "
                               "(rules/accepts.py): a console offers only these")
    refused: list[RefusedLine] = Field(description="each other kind, with the rule that "
                                       "closes it now (616(a), 640(a), 630(a), 634(d))")
    servers_needed: list[ServerLine] = Field(default_factory=list, description="the "
                                             "penalties still waiting for their server "
                                             "to be named (402(c), 404(b), 404(e), 405(a), "
                                             "407(a))")

    def as_json(self) -> dict[str, Any]:
        """The JSON object the pages read."""
        return self.model_dump(mode="json", by_alias=True)


def shown_score(state: GameState) -> dict[Team, int]:
    """The score to show: the result's once the game is over (a forfeit's
    recorded score, 634(d)), the running score before."""
    return dict(state.result.score) if state.result is not None else state.score


def strength_text(state: GameState) -> str | None:
    """``4 on 3`` (home on away, skaters) while play can go on and the
    engine's skater counts differ; None at even strength."""
    if state.status not in ("in_play", "stopped"):
        return None
    if state.skaters("home") == state.skaters("away"):
        return None
    return state.strength()


def box_line(entry: BoxEntry, setup: GameSetup | None = None) -> BoxLine:
    return BoxLine(
        player=entry.player, served_by=entry.served_by, state=entry.state,
        left_tenths=entry.left, left=timer_text(entry.left), ticking=entry.state == "running",
        penalty_class=entry.penalty_class.value, class_text=class_text(entry.penalty_class),
        infraction=entry.infraction, may_return=entry.may_return,
        reasons=list(entry_reasons(entry, setup)))


def goal_line(line: lines.GoalLine) -> GoalLine:
    """A goal of the record (:mod:`.lines`) as the boards show it."""
    return GoalLine(
        period=line.period, time=line.clock, team=line.team, scorer=line.scorer,
        scorer_name=line.scorer_name, assist=line.assist, assist_name=line.assist_name,
        strength=line.strength, tags=list(line.board_tags), released=list(line.released))


def penalty_shot_line(line: lines.PenaltyShotLine) -> PenaltyShotLine:
    """A penalty shot of the record (:mod:`.lines`) as the boards show it."""
    return PenaltyShotLine(team=line.team, shooter=line.shooter, shooter_name=line.shooter_name,
                           scored=line.scored, period=line.period, time=line.clock)


def shootout_line(state: GameState) -> ShootoutLine | None:
    """None when there is no shootout."""
    if not state.shootout_shots and state.status != "shootout":
        return None
    shots = lines.shootout_lines(state)
    return ShootoutLine(
        shots=[ShootoutShotLine(team=s.team, shooter=s.shooter, scored=s.scored,
                                shooter_name=s.shooter_name) for s in shots],
        goals=Pair[int](**{t: sum(1 for s in shots if s.team == t and s.scored) for t in TEAMS}),
        next=shootout.next_team(state.shootout_shots) if state.status == "shootout" else None)


def change_text(state: GameState, change: Change) -> str:
    """``Storm #90 back on the floor (Rule 402(b))`` and the like."""
    who = ""
    if change.team is not None:
        number = "the bench" if change.player is None else f"#{change.player}"
        who = f"{team_name(state, change.team)} {number}"
    words = {
        "player_returns": f"{who}: penalty over, back on the floor",
        "penalty_ends": f"{who}: penalty over, stays in the box until play stops",
        "penalty_starts": f"{who}: penalty time starts",
        "late_stop_clock": "the clock stops: stop time in the last minutes",
        "period_end": "the period's time is up",
    }[change.kind]
    return f"{words} (Rule {change.rule})"


def refused_lines(taken: Acceptance) -> list[RefusedLine]:
    return [RefusedLine(kind=k, rule=r.rule, text=str(r)) for k, r in taken.refused.items()]


def _said(taken: Acceptance) -> tuple[tuple[str, ...], dict[str, str]]:
    return taken.accepts, {k: str(r) for k, r in taken.refused.items()}


def coming_line(state: GameState, moment: Moment, *, locked: bool = False,
                now: Acceptance | None = None) -> ComingLine:
    """The moment's values; what it takes only where it differs from ``now``
    (the state's: mostly the same, so the stream carries it once)."""
    later = moment.state
    taken = acceptance(later, signed=locked)
    same = now is not None and _said(taken) == _said(now)
    return ComingLine(
        at_tenths=moment.at, at=clock_text(moment.at),
        texts=[change_text(state, c) for c in moment.changes],
        running=later.running and moment.at > 0, period_over=moment.at == 0,
        skaters=_pair({t: later.skaters(t) for t in TEAMS}), strength=strength_text(later),
        box=_pair({t: [box_line(e, later.setup) for e in later.box(t)] for t in TEAMS}),
        accepts=None if same else list(taken.accepts),
        refused=None if same else refused_lines(taken),
        whistle_stops=not locked and stops_at_whistle(later))


def anchor_line(anchor: RunningClock | None) -> AnchorLine | None:
    if anchor is None:
        return None
    return AnchorLine(seq=anchor.seq, left_tenths=anchor.left, wall_ms=anchor.wall_ms,
                      kind=anchor.kind)


def shots_on_goal(state: GameState) -> dict[Team, int]:
    """Each team's shots on goal as the engine counts them (506: shots
    stopped and goals; none for a forfeit, 634(d) 3)."""
    return state.shots_on_goal()


def saves_made(state: GameState) -> dict[Team, int]:
    """Saves by each team's goaltenders as the engine counts them (none for
    a forfeit, 634(d) 3)."""
    return state.saves()


def delayed_against(state: GameState) -> Team | None:
    """The team a delayed penalty is signalled against (409(b)), if any."""
    return state.signals[-1].team if state.signals else None


def server_lines(state: GameState) -> list[ServerLine]:
    """The engine's servers still to name, in words (rules/serving.py)."""
    return [ServerLine(
        penalty_id=n.penalty_id, team=n.team, player=n.player,
        player_name=player_name(state, n.team, n.player), penalty_class=n.penalty_class.value,
        class_text=class_text(n.penalty_class), infraction=n.infraction, rule=n.rule,
        text=f"Rule {n.rule}: {n.text}",
        may_serve=[PlayerChoice(number=k, name=player_name(state, n.team, k))
                   for k in n.may_serve]) for n in serving.servers_needed(state)]


def _pair(values: dict[Team, T]) -> Pair[T]:
    return Pair[T](home=values["home"], away=values["away"])


def live_state(state: GameState, *, game_id: int, version: int, division: str,
               rink: str | None, team_ids: dict[Team, int],
               anchor: RunningClock | None = None, locked: bool = False,
               countdown: RunningClock | None = None,
               styles: dict[Team, tuple[str | None, str | None]] | None = None) -> LiveState:
    """The model of ``state`` (the game's at ``version``); ``anchor``: where
    its running clock stands in wall-clock time (only while it runs)."""
    result = state.result
    penalty_shots = [penalty_shot_line(s) for s in lines.penalty_shot_lines(state)]
    playing = state.status in ("in_play", "stopped")
    delayed = delayed_against(state) if playing else None
    taken = acceptance(state, signed=locked)
    shots, saves = shots_on_goal(state), saves_made(state)
    return LiveState(
        game_id=game_id, version=version, division=division, rink=rink,
        teams=_pair({t: TeamLine(id=team_ids[t], name=team_name(state, t),
                                 colour=(styles or {}).get(t, (None, None))[0],
                                 logo=(styles or {}).get(t, (None, None))[1]) for t in TEAMS}),
        score=_pair(shown_score(state)),
        status=state.status, locked=locked, status_text=status_text(state), running=state.running,
        period=current_period(state), clock=clock_text(state.left), clock_tenths=state.left,
        clock_anchor=anchor_line(anchor if state.running else None),
        coming=[coming_line(state, m, locked=locked, now=taken) for m in upcoming(state)],
        whistle_stops=not locked and stops_at_whistle(state),
        countdown=None if countdown is None else CountdownLine(
            kind="timeout" if countdown.kind == "timeout" else "intermission",
            label="Time-out" if countdown.kind == "timeout" else "Intermission",
            left_tenths=countdown.left, wall_ms=countdown.wall_ms),
        timeouts_left=_pair(state.timeouts_left),
        shots=_pair(shots), saves=_pair(saves),
        shots_text=_pair({t: shots_text(shots[t], saves[t],
                                        recorded=bool(state.shots) or not shots[t])
                          for t in TEAMS}),
        delayed_penalty=delayed, delayed_text=None if delayed is None
        else f"delayed penalty: {team_name(state, delayed)}",
        skaters=_pair({t: state.skaters(t) for t in TEAMS}),
        strength=strength_text(state),
        empty_net=_pair({t: playing and not state.has_goalie(t) for t in TEAMS}),
        box=_pair({t: [box_line(e, state.setup) for e in state.box(t)] for t in TEAMS}),
        goals=[goal_line(g) for g in lines.goal_lines(state)],
        penalty_shots=penalty_shots,
        penalty_shot=None if state.penalty_shot_now is None else penalty_shots[-1],  # the last
        shootout=shootout_line(state),
        result=None if result is None else ResultLine(
            winner=result.winner, decided_by=DecidedBy(result.decided_by),
            text=result_text(state)),
        warnings=[WarningLine(rule=w.rule, text=w.text, event=w.event)
                  for w in engine_warnings(state)],
        accepts=list(taken.accepts), refused=refused_lines(taken),
        servers_needed=server_lines(state) if state.units else [])
