"""The scorekeeper's console API: the writes (the reads are in ``console_catalog``).

POST /api/games/{id}/events with ``{"version": N, "events": [...]}`` (the
events as FORMAT.md writes them) appends them all or none: 200 with the new
version and the state; 422 naming the rule for an event the rule book
refuses, or the event index and field for a malformed one; 409 when the
game moved on since version N.

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
(GET /api/time, the server's wall clock, and GET /api/session are in
``console_catalog`` with the other reads.)

Writing needs a login, the session's CSRF token (``X-CSRF-Token``) and a
role that may score the game: 401, 403 otherwise.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends
from fastapi.responses import Response
from pydantic import BaseModel, Field

from rinkside.formats import decode_event
from rinkside.present.names import with_team_names
from rinkside.rules.errors import MalformedEvent, RuleViolation
from rinkside.rules.events import Event, Team
from rinkside.rules.log import Correction
from rinkside.rules.roster import GameSetup
from rinkside.rules.settings import Settings
from rinkside.rules.times import parse_duration
from rinkside.services import queries, servers
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


class LineupBody(BaseModel):
    players: Players
    goaltenders: Players = []  # dressed with the others; the roster says who keeps goal
    captain: PlayerId | None = None
    alternates: Players = []


def refused(exc: RuleViolation | TournamentRuleError,
            setup: GameSetup | None = None) -> ReadableJSON:
    """422 with the rule and the engine's sentence (``Rule 641(a): ...``),
    the teams called by their names (``Storm``, not ``away``) when the game is
    known (:func:`rinkside.present.names.with_team_names`)."""
    return ReadableJSON(documented.RuleRefusal(
        rule=exc.rule, detail=with_team_names(str(exc), setup)).model_dump(), status_code=422)


def malformed(exc: MalformedEvent) -> ReadableJSON:
    return ReadableJSON(documented.FieldRefusal(
        detail=str(exc), index=exc.index, field=exc.field).model_dump(), status_code=422)


def stale(exc: StaleWrite) -> ReadableJSON:
    return ReadableJSON(documented.StaleVersion(
        detail=str(exc), version=exc.current_version).model_dump(), status_code=409)


@router.put("/games/{game_id:id}/clock", response_model=None)
def set_clock(game_id: int, body: ClockBody, user: Scorer, service: Service,
              broadcaster: Broadcast) -> Answer:
    """Rule 507(a): the game timekeeper sets the running clock to the rink's."""
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


@router.post("/games/{game_id:id}/events", response_model=None)
def record_events(game_id: int, batch: EventBatch, user: Scorer, service: Service,
                  broadcaster: Broadcast) -> Answer:
    def decoded(settings: Settings) -> list[Event]:
        """The events read with the game's periods, in the write's own session."""
        return [decode_event(raw, i, settings.periods) for i, raw in enumerate(batch.events)]

    try:  # an unknown game: NotFound, 404
        version, _ = service.record(game_id, batch.version, decoded, by=user.username)
    except (RuleViolation, TournamentRuleError) as exc:
        return refused(exc, service.game_state(game_id)[1].setup)
    except StaleWrite as exc:
        return stale(exc)
    except MalformedEvent as exc:
        return malformed(exc)
    return written(broadcaster, service, game_id, version)


def written(broadcaster: Broadcaster, service: Service, game_id: int, version: int
            ) -> Response:
    """The new version and the state: the very JSON the live pages were sent
    (built once for all of them when the write was published)."""
    _, text = broadcaster.state(service, game_id, version)
    return Response(f'{{"version":{version},"state":{text}}}', media_type="application/json")


@router.post("/games/{game_id:id}/corrections", response_model=None)
def correct(game_id: int, body: CorrectionBody, user: Scorer, service: Service,
            broadcaster: Broadcast) -> Answer:
    """Replace, insert or delete the event at ``position``; who and why are kept."""
    reason = body.reason.strip()
    if not reason:
        return ReadableJSON({"detail": "say why the event is corrected (reason): the game's "
                             "record keeps who changed it and why", "field": "reason"},
                            status_code=422)
    if body.op != "delete" and body.event is None:
        return ReadableJSON({"detail": f"a {body.op} needs the event to write", "field": "event"},
                            status_code=422)
    periods = service.game_settings(game_id).periods  # NotFound: 404
    try:
        event = (None if body.op == "delete" or body.event is None
                 else decode_event(body.event, body.position, periods))
        version, _ = service.correct(game_id, body.version, body.op, body.position, event,
                                     by=user.username, reason=reason)
    except (RuleViolation, TournamentRuleError) as exc:
        return refused(exc, service.game_state(game_id)[1].setup)
    except StaleWrite as exc:
        return stale(exc)
    except MalformedEvent as exc:
        return malformed(exc)
    except (IndexError, NoSuchPosition) as exc:
        return ReadableJSON({"detail": f"there is no event {body.position} to {body.op}: {exc}",
                             "field": "position"}, status_code=422)
    return written(broadcaster, service, game_id, version)


@router.post("/games/{game_id:id}/servers", response_model=None)
def name_server(game_id: int, body: ServerBody, user: Scorer, service: Service,
                broadcaster: Broadcast) -> Answer:
    """Name who serves a penalty another player serves (402(c), 404(b),
    404(e), 405(a), 407(a)); who and the rule are kept with the correction."""
    try:
        version, _ = servers.name_server(service, game_id, body.version, body.penalty,
                                         body.served_by, by=user.username)
    except (RuleViolation, TournamentRuleError) as exc:
        return refused(exc, service.game_state(game_id)[1].setup)
    except StaleWrite as exc:
        return stale(exc)
    except servers.NoServerNeeded as exc:
        return ReadableJSON({"detail": str(exc), "field": "penalty"}, status_code=422)
    return written(broadcaster, service, game_id, version)


@router.put("/games/{game_id:id}/lineups/{team}", response_model=None)
def put_lineup(game_id: int, team: str, body: LineupBody, user: Scorer,
               service: Service) -> Answer:
    """Dress a team for the game (Rules 201(a), 202, 203(a), 204; casebook 27)."""
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
                                   alternates=body.alternates)
    except LineupError as exc:
        first = exc.problems[0]
        return ReadableJSON({
            "rule": first.rule, "detail": "; ".join(str(p) for p in exc.problems),
            "problems": [{"rule": p.rule, "message": p.message, "player_id": p.player_id}
                         for p in exc.problems]}, status_code=422)
    except (RuleViolation, TournamentRuleError) as exc:
        return refused(exc)
    version, _ = service.game_state(game_id)
    return {
        "version": version, "team": side, "skaters": check.skaters,
        "goaltenders": check.goaltenders, "forfeit_candidate": check.forfeit_candidate,
        "forfeit_reason": check.forfeit_reason,
        "warnings": [{"rule": w.rule, "message": str(w)} for w in check.warnings],
        "state": views.state_json(service, game_id),
    }
