"""What the scorekeeper's console reads (the writes are in ``console_api``).

- ``GET /api/session``: who is logged in and the session's CSRF token;
  ``GET /api/time``: the server's wall clock (``now_ms``);
- ``GET /api/infractions``: the engine's catalog (:mod:`rinkside.rules.infractions`),
  each entry's rule, the classes it allows and its automatic companions, and
  where the book has a teammate serve the penalty (so the console asks who);
- ``GET /api/games/{id}/serving``: who serves the penalty about to be
  recorded, by the engine (:func:`rinkside.rules.serving.serving`);
- ``GET /api/games/{id}/escalation``: the next step of 601(a) for a player or
  a team official, from his record in the game
  (:func:`rinkside.rules.escalation.next_step`);
- ``GET /api/games/{id}/events``: the log, each event with its position,
  its FORMAT.md dict and a line a person reads;
- ``GET /api/games/{id}/history``: every revision of the log (who, when, why);
- ``GET /api/games/{id}/lineups``: each team's roster, who is dressed and
  who is suspended (with the sentence naming the rule);
- ``GET /api/games/{id}/console``: what the console needs beside the state
  JSON: the log lines, the dressed rosters, who is in goal, the moment the
  next period starts, and how long ago the last event was written (so a
  reloaded console projects the running clock from the right moment).

Any logged-in user may read. Nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Query

from rinkside.formats.text import NAME
from rinkside.rules import escalation, serving
from rinkside.rules.events import MEASURED_ITEMS, TEAMS, PenaltyClass, Team
from rinkside.rules.infractions import CATALOG, Infraction
from rinkside.rules.state import GameState
from rinkside.rules.times import format_duration
from rinkside.services import logs, officiating, queries, team_officials
from rinkside.tournament import suspension_check
from rinkside.web import auth, documented, views
from rinkside.web.deps import QueryNumber, Service

router = APIRouter(prefix="/api", tags=["console"], responses=documented.api(401, 404, 422))

Reader = Annotated[auth.CurrentUser, Depends(auth.require("referee"))]


@router.get("/session")
def session(user: auth.User) -> dict[str, Any]:
    """Who is logged in (any role: a team's manager or coach too, with their
    teams), and the CSRF token the console's writes send back."""
    if user is None:
        raise HTTPException(401, "Log in first.", headers={"WWW-Authenticate": "Session"})
    return {"username": user.username, "role": user.role, "games": sorted(user.games),
            "teams": sorted(user.teams), "csrf_token": user.csrf}


@router.get("/time")
def server_time(service: Service) -> dict[str, int]:
    """The server's wall clock in ms since the epoch (the pages' clock source
    syncs to it, so that every console and display reads the same to a tenth)."""
    return {"now_ms": service.now_ms()}

def served_json() -> dict[str, Any]:
    """The engine's table of who serves a penalty (:mod:`rinkside.rules.serving`),
    keyed by class values; the form asks ``/games/{id}/serving`` instead."""
    return {
        "served_by": {whose: {c.value: rule for c, rule in table.items()}
                      for whose, table in serving.SERVED_BY.items()},
        "served_with": {c.value: {"with": [w.value for w in withs], "rule": rule}
                        for c, (withs, rule) in serving.SERVED_WITH.items()},
    }


@router.get("/games/{game_id:id}/serving")
def serving_json(game_id: int, user: Reader, service: Service, team: Team,
                 classes: Annotated[list[PenaltyClass], Query(alias="class", min_length=1)],
                 player: QueryNumber | None = None,
                 infraction: Annotated[str | None, Query(max_length=NAME.limit)] = None,
                 rule: Annotated[str | None, Query(max_length=NAME.limit)] = None
                 ) -> dict[str, Any]:
    """Who serves a penalty of ``team``'s ``player`` (none: the bench) of the
    first ``class`` (the others given with it, with those already recorded
    for him at this stoppage and the companions the engine adds for the
    catalog's ``infraction``), as the game stands: the rule that has another
    player serve it (402(c), 404(a)-(e), 405(a), 407(a)), whether the
    scorekeeper names who, and who may be named; where he serves it himself,
    ``offer``: 206(d)'s substitute for an injured player."""
    _, state = service.game_state(game_id)
    answer = serving.serving(state, team, player, classes, infraction=infraction, rule=rule)
    offer = answer.offer
    return {"class": answer.penalty_class.value, "rule": answer.rule,
            "text": answer.text if answer.rule is None else f"Rule {answer.rule}: {answer.text}",
            "name_server": answer.name_server, "may_serve": list(answer.may_serve),
            "offer": None if offer is None else {"rule": offer.rule,
                                                 "text": f"Rule {offer.rule}: {offer.text}"}}


@router.get("/games/{game_id:id}/escalation")
def escalation_json(game_id: int, user: Reader, service: Service, team: Team,
                    player: QueryNumber | None = None,
                    official: Annotated[str | None, Query(max_length=NAME.limit)] = None
                    ) -> dict[str, Any]:
    """Rule 601(a): the class the book gives next to ``team``'s ``player`` (or
    team ``official``), from his 601(a) penalties in the game so far."""
    _, state = service.game_state(game_id)
    step = escalation.next_step(state, team, player=player, official=official)
    return {"class": step.penalty_class.value, "rule": step.rule, "text": step.text,
            "earlier": step.earlier}


def infraction_json(entry: Infraction) -> dict[str, Any]:
    return {
        "key": entry.key, "name": entry.name, "rule": entry.rule,
        "classes": [c.value for c in PenaltyClass if c in entry.classes],
        "companions": [c.value for c in entry.companions],
        "penalty_shot": entry.penalty_shot, "suspension_games": entry.suspension_games,
        "note": entry.note,
    }


@router.get("/infractions")
def infractions(user: Reader) -> dict[str, Any]:
    """The catalog as the penalty picker offers it, in book order."""
    return {
        "classes": [{"value": c.value, "text": views.class_text(c)} for c in PenaltyClass],
        "infractions": [infraction_json(e) for e in CATALOG],
        **served_json(),
        "measure_items": list(MEASURED_ITEMS),  # the engine's items (Rules 301, 303, 304)
    }


# --------------------------------------------------------------------------- log lines


def _team(names: dict[str, str], raw: dict[str, Any], field: str = "team") -> str:
    value = raw.get(field)
    return names.get(value, str(value)) if isinstance(value, str) else "?"


def _person(state: GameState, raw: dict[str, Any], field: str, team_field: str = "team") -> str:
    number, team = raw.get(field), raw.get(team_field)
    if not isinstance(number, int) or team not in TEAMS:
        return f"#{number}"
    side: Team = "home" if team == "home" else "away"
    return views.player_name(state, side, number)


def _result(raw: dict[str, Any]) -> str:
    return "goal" if raw.get("result") == "goal" else "no goal"


def event_line(state: GameState, raw: dict[str, Any]) -> str:
    """``1 11:42 · Goal Blades #12 Alex Kim, assist #7 Sam Novak``: one
    logged event (a FORMAT.md dict) as the console's log shows it."""
    names: dict[str, str] = {t: views.team_name(state, t) for t in TEAMS}
    kind = raw.get("type")
    team = _team(names, raw)
    text: str
    if kind == "faceoff":
        text = "Face-off" + (f" ({raw['spot']})" if raw.get("spot") else "")
    elif kind == "stoppage":
        text = "Whistle" + (f" ({raw['reason']})" if raw.get("reason") else "")
    elif kind == "goal":
        text = f"Goal {team}: {_person(state, raw, 'scorer')}"
        if raw.get("assist") is not None:
            text += f", assist {_person(state, raw, 'assist')}"
        if raw.get("own_goal"):
            text += " (own goal by the defence)"
    elif kind in ("penalty", "penalty_signal"):
        who = "bench" if raw.get("bench") else _person(state, raw, "player")
        label = "Penalty" if kind == "penalty" else "Delayed penalty signal"
        cls = str(raw.get("class", "")).replace("_", " ")
        text = f"{label} {team} {who}: {cls}, {raw.get('infraction', '')}"
        if raw.get("rule"):
            text += f" (Rule {raw['rule']})"
        if raw.get("served_by") is not None:
            text += f", served by {_person(state, raw, 'served_by')}"
        if raw.get("suspension"):
            text += f", {raw['suspension']} game suspension"
    elif kind in ("penalty_shot", "shootout_attempt"):
        label = "Penalty shot" if kind == "penalty_shot" else "Shootout"
        text = f"{label} {team} {_person(state, raw, 'shooter')}: {_result(raw)}"
    elif kind == "timeout":
        text = f"Time-out {team}"
    elif kind == "shot":
        text = f"Shot on goal {team}"
    elif kind == "goalie":
        text = (f"{team} pull the goaltender (empty net)" if raw.get("in") is None
                else f"Goaltender {team}: {_person(state, raw, 'in')} in")
    elif kind == "period_end":
        text = "End of period"
    elif kind == "forfeit":
        text = f"Forfeit by {team}: {raw.get('reason', '')}"
    elif kind == "designate":
        text = f"{team} designate {_person(state, raw, 'player')} to return first (Rule 408(c))"
    elif kind == "measure":
        other: Team = "away" if raw.get("team") == "home" else "home"
        measured = (views.player_name(state, other, raw["player"])
                    if isinstance(raw.get("player"), int) else f"#{raw.get('player')}")
        item = str(raw.get("item", "")).replace("_", " ")
        text = (f"Measurement asked by {team}: {names[other]} {measured} {item}: "
                f"{raw.get('result', '')}")
        if raw.get("served_by") is not None:
            text += f", served by {_person(state, raw, 'served_by')}"
    elif kind == "left_box":  # noted by the penalty timekeeper (Rule 505(b))
        text = (f"{team} {_person(state, raw, 'player')} left the penalty bench "
                + ("(let out in error)" if raw.get("error") else "early") + " (Rule 505(b))")
    else:
        text = str(kind)
    return f"{raw.get('at', '')} · {text}"


# --------------------------------------------------------------------------- rosters


def dressed_json(state: GameState, barred: Mapping[Team, set[int]] | None = None
                 ) -> dict[str, list[dict[str, Any]]]:
    """Each team's dressed players for the pickers: number, name, goaltender,
    letter, and whether the engine has removed them from the game; less the
    numbers ``barred`` (the suspended, left out of the default lineup)."""
    out: dict[str, list[dict[str, Any]]] = {}
    for team in TEAMS:
        roster = state.setup.roster(team)
        left_out = (barred or {}).get(team, set())
        out[team] = [{"number": p.number, "name": p.name, "goalie": p.goalie,
                      "letter": p.captain, "removed": state.is_ejected(team, p.number)}
                     for p in roster.players if p.number not in left_out]
    return out


def undressed(service: Service, game_id: int) -> dict[Team, set[int]]:
    """The numbers, by side, that the default lineup leaves out of a game not
    begun: the suspended players of a team that handed in no lineup (Rule
    203(a), casebook 27: 404(d), 615(d), 405(e)). Its first event dresses the
    eligible roster (:mod:`rinkside.services.lineups`); until then the
    console's lists must not offer the players the server would refuse."""
    row = queries.game(service, game_id)
    scheduled, handed = logs.handed_lineups(service, game_id)
    status = service.team_suspensions(row.tournament_id, [row.home_team_id, row.away_team_id])
    out: dict[Team, set[int]] = {}
    sides: tuple[tuple[Team, int], ...] = (("home", row.home_team_id), ("away", row.away_team_id))
    for side, team_id in sides:
        if team_id in handed:
            continue  # the lineup handed in is the game's roster already
        players = queries.team(service, team_id).players
        barred = suspension_check.barred([p.player_id for p in players], scheduled, status)
        out[side] = {p.number for p in players if p.player_id in barred}
    return out


def next_start(state: GameState) -> str | None:
    """The ``at`` of the face-off that starts the next period (``2 12:00``),
    before the game and at an intermission; None otherwise."""
    if state.status not in ("not_started", "intermission"):
        return None
    period = state.period + (1 if state.status == "intermission" else 0)
    length = format_duration(state.period_length(period), show_tenths=False)
    return f"{views.period_text(state, period)} {length}"


# --------------------------------------------------------------------------- endpoints


def _lines(record: logs.GameRecord) -> list[dict[str, Any]]:
    """The log's events as the console's API sends them: FORMAT.md dicts."""
    return [{"position": line.position, "event": line.raw,
             "text": event_line(record.state, line.raw), "corrected": line.corrected}
            for line in logs.log_lines(record)]


@router.get("/games/{game_id:id}/events")
def events(game_id: int, user: Reader, service: Service) -> dict[str, Any]:
    """The game's log as it stands."""
    record = logs.game_record(service, game_id)  # NotFound: 404
    return {"version": record.version, "events": _lines(record)}


@router.get("/games/{game_id:id}/history")
def history(game_id: int, user: Reader, service: Service) -> dict[str, Any]:
    """Every write to the game's log, oldest first: appends and corrections,
    each with who made it, when and (for a correction) why."""
    record = logs.game_record(service, game_id)  # NotFound: 404
    return {"version": record.version,
            "revisions": [logs.revision_json(record.setup, r) for r in record.revisions]}


@router.get("/games/{game_id:id}/console")
def console_view(game_id: int, user: Reader, service: Service) -> dict[str, Any]:
    record = logs.game_record(service, game_id)  # NotFound: 404
    state, last = record.state, record.last_written
    since = None if last is None else int((datetime.now(UTC) - last).total_seconds() * 10)
    return {
        "version": record.version, "state_version": record.version, "events": _lines(record),
        "dressed": dressed_json(state, undressed(service, game_id) if record.version == 0
                                else None),
        "in_goal": {t: state.goalie(t) for t in TEAMS},
        # Rule 204(a): the numbers the lineups name to start (prefills the first goalie event).
        "starting_goalies": service.starting_goaltenders(game_id),
        "next_start": next_start(state),
        "tenths_since_last_write": since,
        "may_write": user.may_write(game_id),
        # Rule 616(a): signed by the referees, no event of the game can change.
        "locked": officiating.is_locked(service, game_id),
        # Rule 616(a): reopened by the director, who, when and why (None: not reopened).
        "reopened": _reopened(officiating.reopened(service, game_id)),
        # Rule 507(a): when the game started (its first event written) and
        # finished (its last, once it is over), for the game timekeeper.
        "started_at": record.entries[0].at.isoformat() if record.entries else None,
        "finished_at": (record.entries[-1].at.isoformat()
                        if record.entries and state.status == "final" else None),
    }


def _reopened(r: officiating.Reopening | None) -> dict[str, Any] | None:
    return None if r is None else {"by": r.by_shown, "username": r.by,
                                   "at": r.at.isoformat(), "reason": r.reason}


def _signing(note: team_officials.LineupSigningNote) -> dict[str, Any]:
    return {"signing": note.state, "signing_words": note.words, "can_sign": note.can_sign}


@router.get("/games/{game_id:id}/lineups")
def lineups(game_id: int, user: Reader, service: Service) -> dict[str, Any]:
    """Each team's roster for the lineup form: dressed or not, the letters
    named for the game, and the suspension that bars a player (casebook 27)."""
    row = queries.game(service, game_id)
    status = service.team_suspensions(row.tournament_id, [row.home_team_id, row.away_team_id])
    scheduled, handed = logs.handed_lineups(service, game_id)
    out: dict[str, Any] = {}
    sides: tuple[tuple[Team, int], ...] = (("home", row.home_team_id), ("away", row.away_team_id))
    for side, team_id in sides:
        page = queries.team(service, team_id)
        lineup = handed.get(team_id)
        barred = suspension_check.barred([p.player_id for p in page.players], scheduled, status)
        out[side] = {
            "team_id": team_id, "name": page.name, "handed_in": lineup is not None,
            # Rule 202(c): the signature's state, what to say of it and whether it can
            # be signed now (team_officials.lineup_signing_note decides, not the page).
            **_signing(team_officials.lineup_signing_note(service, game_id, team_id)),
            "captain": lineup.captain if lineup else None,
            "alternates": list(lineup.alternates) if lineup else [],
            # Rule 204(a): the dressed goaltender named to start (prefills the first goalie).
            "starting_goalie": service.starting_goalie(game_id, team_id) if lineup else None,
            "players": [{
                "id": p.player_id, "number": p.number, "name": p.name, "goalie": p.goalie,
                "roster_letter": p.captain,
                "dressed": lineup.has(p.player_id) if lineup else p.player_id not in barred,
                "suspended": str(barred[p.player_id]) if p.player_id in barred else None,
                "suspension_rule": barred[p.player_id].rule if p.player_id in barred else None,
            } for p in page.players],
        }
    return out
