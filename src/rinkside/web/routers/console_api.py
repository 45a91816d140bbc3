"""The scorekeeper's console API: the writes (the reads are in ``console_catalog``).

POST /api/games/{id}/events with ``{"version": N, "events": [...]}`` (the
events as FORMAT.md writes them) appends them all or none: 200 with the new
version and the state; 422 naming the rule for an event the rule book
refuses, or the event index and field for a malformed one; 409 when the
game moved on since version N and what landed since conflicts with the
batch (the same entry made twice), with both sides (``yours``,
``theirs``); a batch that does not conflict is applied on the newest
version and the answer says so (``merged``: :mod:`rinkside.services.merge`).
A correction made on an older version corrects the same event where it
now stands, or is 409 with both sides if that event changed since.

POST /api/games/{id}/goals ``{"version": N, "event": {...}}`` records the
console's Goal (a FORMAT.md goal): in the place of the log's last event
where that is the goal's own whistle (Rule 616: the whistle the Goal key
blew, 507(a), or one at the goal's own moment), a correction with the
rule's reason, else appended as an event is; 200 as for events, with
``whistle`` (the position and the reason of the whistle it replaced, or
null); 422 naming the rule where the engine refuses it (616(b): a goal
after another whistle). Which whistle is the goal's is the engine's
(:mod:`rinkside.rules.goal_whistle`); a goal posted to the events after its
own whistle is refused (616(b)) with the correction that puts it in the
whistle's place (``offer``: the body of a correction, to carry out).

POST /api/games/{id}/corrections ``{version, op, position, event?, reason}``
replaces, inserts or deletes one past event; the engine recomputes
everything after it before anything is written. Every correction records
who made it and why: a correction without a reason is refused (422), the
console's Undo last too, which asks for one as Edit and Delete do.

POST /api/games/{id}/servers ``{version, penalty, served_by}`` names the
player who serves a penalty the engine lists as waiting for its server
(state ``servers_needed``: 402(c), 404(b), 404(e), 405(a), 407(a)): a
correction of the event that recorded it, kept with who and the rule
(:mod:`rinkside.services.servers`); 422 naming the rule for a player the
engine does not list as one who may serve it.

PUT /api/games/{id}/lineups/{team} dresses a team (``home``, ``away`` or
its id) for the game: a suspended player is refused naming the rule that
suspended him, and so is a lineup that leaves out a player the game's
record already names (the engine replays the log with the new lineup).

PUT /api/games/{id}/clock ``{"left": "10:42.3"}`` sets the running clock to
the rink's clock (the game timekeeper, Rule 507(a)): a new anchor, recorded,
and no event in the game's log; every page following the game is sent it.
POST /api/games/{id}/clock/nudge ``{"version": N, "seconds": -1 | 1, "reason":
"..."}``: the game timekeeper sets the clock a second back or on, with a
reason (507(a), :mod:`rinkside.services.clock_nudge`): a stopped clock's
stop moved (a correction of it and of what followed it, with the reason), a
running clock's anchor moved (the reason in the desk's record); 422 with
the rule where the engine refuses it, 409 when the game moved on.
(GET /api/time, the server's wall clock, and GET /api/session are in
``console_catalog`` with the other reads.)

Writing needs a login, the session's CSRF token (``X-CSRF-Token``) and a
role that may score the game: 401, 403 otherwise. A table official
(Rules 505-507) makes only the writes the book gives them
(:mod:`rinkside.rules.table_officials`): any other is 403 naming the rule.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends
from fastapi.responses import Response
from pydantic import BaseModel, Field

from rinkside.formats import decode_event
from rinkside.present.names import with_team_names
from rinkside.rules.errors import MalformedEvent, RuleViolation
from rinkside.rules.events import Event, Goal, Team
from rinkside.rules.log import Correction
from rinkside.rules.roster import GameSetup
from rinkside.rules.settings import Settings
from rinkside.rules.times import parse_duration
from rinkside.services import clock_nudge, goal_whistle, merge, queries, servers
from rinkside.services.errors import NoSuchPosition, StaleWrite
from rinkside.tournament.errors import TournamentRuleError
from rinkside.tournament.lineups import LineupError
from rinkside.web import auth, documented, fields, views
from rinkside.web.broadcaster import Broadcaster
from rinkside.web.deps import MAX_ID, Broadcast, Service
from rinkside.web.errors import ReadableJSON

router = APIRouter(prefix="/api", tags=["console"], responses=documented.api(
    400, 401, 403, 404, 409, 413, 422, refuses=True, stale=True))

Scorer = Annotated[auth.CurrentUser, Depends(auth.require("scorekeeper"))]
Answer = dict[str, Any] | Response


Version = Annotated[int, Field(ge=0, le=MAX_ID)]
PlayerId = Annotated[int, Field(ge=1, le=MAX_ID)]
Players = Annotated[list[PlayerId], Field(max_length=100)]


class EventBatch(BaseModel):
    version: Version
    # FORMAT.md events, each read by decode_event; a whole game is a few hundred
    events: Annotated[list[Any], Field(max_length=fields.MAX_EVENTS)]


class GoalBody(BaseModel):
    version: Version
    event: dict[str, Any] = Field(description="the goal as FORMAT.md writes it")


class CorrectionBody(BaseModel):
    version: Version
    op: Correction
    position: int = Field(ge=0, le=MAX_ID)
    event: dict[str, Any] | None = None
    reason: fields.Reason = ""


class ServerBody(BaseModel):
    version: Version
    penalty: int = Field(ge=0, le=MAX_ID, description="the penalty_id of servers_needed")
    served_by: int = Field(ge=0, le=MAX_ID, description="the number of the player named")


class ClockBody(BaseModel):
    left: str = Field(max_length=16, description="what the rink's clock reads: 10:42 or 0:42.5")


class NudgeBody(BaseModel):
    version: Version
    seconds: Literal[-1, 1] = Field(description="-1: a second back (more time left); 1: on")
    reason: fields.Reason = ""


class LineupBody(BaseModel):
    players: Players
    goaltenders: Players = []  # dressed with the others; the roster says who keeps goal
    captain: PlayerId | None = None
    alternates: Players = []
    starting_goalie: PlayerId | None = None  # 204(a): a dressed goaltender


def refused(exc: RuleViolation | TournamentRuleError,
            setup: GameSetup | None = None) -> ReadableJSON:
    """422 with the rule and the engine's sentence (``Rule 641(a): ...``),
    the teams called by their names (``Storm``, not ``away``) when the game is
    known (:func:`rinkside.present.names.with_team_names`); with ``offer``
    for a goal refused after its own whistle (616(b)): the correction that
    puts it in the whistle's place."""
    detail = with_team_names(str(exc), setup)
    if isinstance(exc, goal_whistle.WhistlesPlaceOffered):  # Rule 616: the goal's own whistle
        return ReadableJSON(documented.OfferedRefusal(
            rule=exc.rule, detail=detail, offer=exc.offer).model_dump(), status_code=422)
    return ReadableJSON(documented.RuleRefusal(rule=exc.rule, detail=detail).model_dump(),
                        status_code=422)


def malformed(exc: MalformedEvent) -> ReadableJSON:
    return ReadableJSON(documented.FieldRefusal(
        detail=str(exc), index=exc.index, field=exc.field).model_dump(), status_code=422)


def stale(exc: StaleWrite) -> ReadableJSON:
    """409: the game moved on; for a write that conflicts with what landed
    since, both sides (what you tried, what is there now)."""
    sides = ((exc.yours, exc.theirs) if isinstance(exc, merge.ConflictingWrite)
             else (None, None))
    return ReadableJSON(documented.StaleVersion(
        detail=str(exc), version=exc.current_version, yours=sides[0],
        theirs=sides[1]).model_dump(), status_code=409)


@router.put("/games/{game_id:id}/clock", response_model=None)
def set_clock(game_id: int, body: ClockBody, user: Scorer, service: Service,
              broadcaster: Broadcast) -> Answer:
    """Rule 507(a): the game timekeeper sets the running clock to the rink's."""
    auth.refuse_unless_theirs(user, ["clock"])
    try:
        left = parse_duration(body.left.strip())
    except ValueError:
        return ReadableJSON({"detail": f"{body.left!r} is not a clock reading: 10:42 or 0:42.5",
                             "field": "left"}, status_code=422)
    try:
        service.set_running_clock(game_id, left, by=user.username)
    except (RuleViolation, TournamentRuleError) as exc:
        return refused(exc, service.game_state(game_id)[1].setup)
    broadcaster.refresh(service, game_id)
    version, text = broadcaster.state(service, game_id)
    return Response(f'{{"version":{version},"state":{text}}}', media_type="application/json")


@router.post("/games/{game_id:id}/clock/nudge", response_model=None)
def nudge_clock(game_id: int, body: NudgeBody, user: Scorer, service: Service,
                broadcaster: Broadcast) -> Answer:
    """Rule 507(a): the game timekeeper nudges the clock a second, with a reason."""
    auth.refuse_unless_theirs(user, ["clock"])
    if not body.reason.strip():
        return ReadableJSON({"detail": "say why the clock is nudged (reason): the game's "
                             "record keeps it (Rule 507(a))", "field": "reason"},
                            status_code=422)
    if len(body.reason.strip()) > clock_nudge.REASON_LIMIT:
        return ReadableJSON({"detail": f"a nudge's reason is at most {clock_nudge.REASON_LIMIT} "
                             "characters (the record says it with the rule)", "field": "reason"},
                            status_code=422)
    try:
        version, _ = clock_nudge.nudge(service, game_id, body.version, body.seconds * 10,
                                       by=user.username, reason=body.reason)
    except (RuleViolation, TournamentRuleError) as exc:
        return refused(exc, service.game_state(game_id)[1].setup)
    except StaleWrite as exc:
        return stale(exc)
    if version == body.version:  # a running clock's new anchor: no new version to publish
        broadcaster.refresh(service, game_id)
    return written(broadcaster, service, game_id, version)


@router.post("/games/{game_id:id}/events", response_model=None)
def record_events(game_id: int, batch: EventBatch, user: Scorer, service: Service,
                  broadcaster: Broadcast) -> Answer:
    # Rules 505-507: each table official records their own events (a type
    # the reader does not know is left to it: 422 with its index and field).
    auth.refuse_unless_theirs(user, [str(raw.get("type")) for raw in batch.events
                                     if isinstance(raw, dict)])

    def decoded(settings: Settings) -> list[Event]:
        """The events read with the game's periods, in the write's own session."""
        return [decode_event(raw, i, settings.periods) for i, raw in enumerate(batch.events)]

    # an unknown game: NotFound, 404
    return answered(broadcaster, service, game_id, lambda: merged_write(
        goal_whistle.record_events(service, game_id, batch.version, decoded,
                                   by=user.username)))


@router.post("/games/{game_id:id}/goals", response_model=None)
def record_goal(game_id: int, body: GoalBody, user: Scorer, service: Service,
                broadcaster: Broadcast) -> Answer:
    """The console's Goal: in its own whistle's place or appended, as the
    engine says (Rule 616; 402(e), 409(c); 507(a)). The official scorer's
    (506(a)), a scorekeeper's or the director's."""
    auth.refuse_unless_theirs(user, ["goal"])
    taken: list[goal_whistle.GoalRecorded] = []

    def scored(settings: Settings) -> Goal:
        event = decode_event(body.event, 0, settings.periods)
        if not isinstance(event, Goal):
            raise MalformedEvent("a goal is recorded here: its type is goal", index=0,
                                 field="type")
        return event

    def write() -> tuple[int, merge.Rebased | None]:
        done = goal_whistle.record_goal(service, game_id, body.version, scored,
                                        by=user.username)
        taken.append(done)
        return done.version, done.rebased

    def whistle() -> str:
        place = taken[-1].place
        return ',"whistle":' + ("null" if place is None else json.dumps(
            {"position": place.position, "reason": place.reason}))

    # an unknown game: NotFound, 404
    return answered(broadcaster, service, game_id, write, also=whistle)


def merged_write(answer: tuple[int, object, merge.Rebased | None]
                 ) -> tuple[int, merge.Rebased | None]:
    """The version a merging write made and how it was merged (None: not)."""
    return answer[0], answer[2]


def answered(broadcaster: Broadcaster, service: Service, game_id: int,
             write: Callable[[], tuple[int, merge.Rebased | None]],
             also: Callable[[], str] | None = None) -> Answer:
    """What a write of the game's log answers: the new version and the state
    (:func:`written`, with how it was merged on a newer version), else why
    not: the rule that refused it (422), the version it was stale against or
    conflicts with (409), the event field it could not read (422).
    ``also``: what the write adds to its answer (JSON members, after it)."""
    try:
        version, rebased = write()
    except (RuleViolation, TournamentRuleError) as exc:
        return refused(exc, service.game_state(game_id)[1].setup)
    except StaleWrite as exc:
        return stale(exc)
    except MalformedEvent as exc:
        return malformed(exc)
    return written(broadcaster, service, game_id, version, rebased,
                   also() if also is not None else "")


def written(broadcaster: Broadcaster, service: Service, game_id: int, version: int,
            rebased: merge.Rebased | None = None, also: str = "") -> Response:
    """The new version and the state: the very JSON the live pages were sent
    (built once for all of them when the write was published); ``merged``
    when the write was made on an older version and applied on the newest
    (what landed between, what of it was already there)."""
    _, text = broadcaster.state(service, game_id, version)
    merged = "" if rebased is None else ',"merged":' + json.dumps({
        "read_version": rebased.read_version, "applied_on": rebased.applied_on,
        "landed": list(rebased.landed), "dropped": list(rebased.dropped)})
    return Response(f'{{"version":{version}{merged}{also},"state":{text}}}',
                    media_type="application/json")


@router.post("/games/{game_id:id}/corrections", response_model=None)
def correct(game_id: int, body: CorrectionBody, user: Scorer, service: Service,
            broadcaster: Broadcast) -> Answer:
    """Replace, insert or delete the event at ``position``; who and why are
    kept. The official scorer's (Rule 506(a)), a scorekeeper's or the director's."""
    auth.refuse_unless_theirs(user, ["correction"])
    reason = body.reason.strip()
    if not reason:
        return ReadableJSON({"detail": "say why the event is corrected (reason): the game's "
                             "record keeps who changed it and why", "field": "reason"},
                            status_code=422)
    if body.op != "delete" and body.event is None:
        return ReadableJSON({"detail": f"a {body.op} needs the event to write", "field": "event"},
                            status_code=422)
    periods = service.game_settings(game_id).periods  # NotFound: 404

    def write() -> tuple[int, merge.Rebased | None]:
        event = (None if body.op == "delete" or body.event is None
                 else decode_event(body.event, body.position, periods))
        return merged_write(service.correct_merging(
            game_id, body.version, body.op, body.position, event,
            by=user.username, reason=reason))

    try:
        return answered(broadcaster, service, game_id, write)
    except (IndexError, NoSuchPosition) as exc:
        return ReadableJSON({"detail": f"there is no event {body.position} to {body.op}: {exc}",
                             "field": "position"}, status_code=422)


@router.post("/games/{game_id:id}/servers", response_model=None)
def name_server(game_id: int, body: ServerBody, user: Scorer, service: Service,
                broadcaster: Broadcast) -> Answer:
    """Name who serves a penalty another player serves (402(c), 404(b),
    404(e), 405(a), 407(a)); who and the rule are kept with the correction.
    The penalty timekeeper's (505(a)) or the official scorer's (506(a))."""
    auth.refuse_unless_theirs(user, ["servers"])
    try:
        return answered(broadcaster, service, game_id, lambda: (servers.name_server(
            service, game_id, body.version, body.penalty, body.served_by,
            by=user.username)[0], None))
    except servers.NoServerNeeded as exc:
        return ReadableJSON({"detail": str(exc), "field": "penalty"}, status_code=422)


@router.put("/games/{game_id:id}/lineups/{team}", response_model=None)
def put_lineup(game_id: int, team: str, body: LineupBody, user: Scorer,
               service: Service) -> Answer:
    """Dress a team for the game (Rules 201(a), 202, 203(a), 204; casebook 27);
    the official scorer's record of who plays (506(a))."""
    auth.refuse_unless_theirs(user, ["lineup"])
    row = queries.game(service, game_id)  # NotFound: 404
    sides: dict[str, Team] = {"home": "home", "away": "away", str(row.home_team_id): "home",
                              str(row.away_team_id): "away"}
    side = sides.get(team)
    if side is None:
        return ReadableJSON({"detail": f"{team!r} does not play game {game_id}: home, away, "
                             f"{row.home_team_id} or {row.away_team_id}"}, status_code=404)
    team_id = row.home_team_id if side == "home" else row.away_team_id
    players = list(dict.fromkeys([*body.players, *body.goaltenders]))
    try:
        check = service.set_lineup(game_id, team_id, players, captain=body.captain,
                                   alternates=body.alternates,
                                   starting_goalie=body.starting_goalie, by=user.username)
    except LineupError as exc:
        first = exc.problems[0]
        return ReadableJSON({
            "rule": first.rule, "detail": "; ".join(str(p) for p in exc.problems),
            "problems": [{"rule": p.rule, "message": p.message, "player_id": p.player_id}
                         for p in exc.problems]}, status_code=422)
    except (RuleViolation, TournamentRuleError) as exc:
        return refused(exc)
    # The version the console writes after is its state's: read apart, a
    # write landing between the two gave the newer version beside the older
    # state (the console's next write then made on a state it never showed).
    state = views.state_json(service, game_id)
    return {
        "version": state["version"], "team": side, "skaters": check.skaters,
        "goaltenders": check.goaltenders, "forfeit_candidate": check.forfeit_candidate,
        "forfeit_reason": check.forfeit_reason,
        "warnings": [{"rule": w.rule, "message": str(w)} for w in check.warnings],
        "state": state,
    }
