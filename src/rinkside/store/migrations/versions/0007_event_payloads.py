"""Each stored event in the store's own form: integer tenths and a period index.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01

Until now a revision's ``payload`` and ``previous`` were FORMAT.md event
objects (``{"type": "goal", "at": "1 11:42", ...}``), whose moments can only
be read with the division's *current* number of periods (``"OT 3:00"``). This
converts every one to the store's payload of version 1
(:mod:`rinkside.store.codec`): ``{"v": 1, "type": "goal", "at": {"period":
1, "tenths": 7020}, ...}``, every field written. Each game's settings are
read now, at the migration (the one moment they decide what the stored
text meant), from its tournament's and division's amendments.

Self-contained on purpose: a migration must do tomorrow what it does today,
so it imports nothing of rinkside (the time parse and both forms are written
here, as they are on 2026-12-01). A payload already of version 1 is left as
it is. The downgrade writes FORMAT.md back, with the settings then in force.
"""

from __future__ import annotations

import re
from typing import Any

import sqlalchemy
from alembic import op

from rinkside.store.migrations import payloads

revision: str = "0007"
down_revision: str | None = "0006"

_DEFAULT_PERIODS = 2  # Rule 640(a), the engine's default on 2026-12-01
_DEFAULT_OVERTIME = "none"
_SHOOTOUT = "SO"
_DURATION = re.compile(r"^(\d{1,3}):([0-5]\d)(?:\.(\d))?$")

_meta = sqlalchemy.MetaData()
_tournaments = sqlalchemy.Table("tournaments", _meta, sqlalchemy.Column("id", sqlalchemy.Integer),
                                sqlalchemy.Column("settings", sqlalchemy.JSON))
_divisions = sqlalchemy.Table("divisions", _meta, sqlalchemy.Column("id", sqlalchemy.Integer),
                              sqlalchemy.Column("tournament_id", sqlalchemy.Integer),
                              sqlalchemy.Column("settings", sqlalchemy.JSON))
_games = sqlalchemy.Table("games", _meta, sqlalchemy.Column("id", sqlalchemy.Integer),
                          sqlalchemy.Column("division_id", sqlalchemy.Integer))


# --------------------------------------------------------------------------- settings


def _game_settings(connection: sqlalchemy.Connection) -> dict[int, tuple[int, bool]]:
    """Each game's regulation periods and whether overtime periods are numbered
    (``overtime: unlimited``): the division's amendment over the tournament's."""
    rows = connection.execute(
        sqlalchemy.select(_games.c.id, _tournaments.c.settings, _divisions.c.settings)
        .select_from(_games.join(_divisions, _divisions.c.id == _games.c.division_id)
                     .join(_tournaments, _tournaments.c.id == _divisions.c.tournament_id)))
    out: dict[int, tuple[int, bool]] = {}
    for game_id, ours, theirs in rows:
        merged = {**(ours or {}), **(theirs or {})}
        periods = merged.get("periods", _DEFAULT_PERIODS)
        overtime = merged.get("overtime", _DEFAULT_OVERTIME)
        out[game_id] = (int(periods), overtime == "unlimited")
    return out


# --------------------------------------------------------------------------- FORMAT.md -> v1


def _tenths(text: str) -> int:
    match = _DURATION.match(text.strip())
    if match is None:
        raise ValueError(f"{text!r} is not a time of the form M:SS or M:SS.T")
    minutes, seconds, tenths = match.groups()
    return int(minutes) * 600 + int(seconds) * 10 + int(tenths or 0)


def _moment(text: str, periods: int) -> dict[str, int]:
    label, clock = text.split()
    label = label.upper()
    if label.isdigit():
        period = int(label)
    elif label == "OT":
        period = periods + 1
    elif label.startswith("OT") and label[2:].isdigit():
        period = periods + int(label[2:])
    else:
        raise ValueError(f"{text!r} is not a game time")
    return {"period": period, "tenths": _tenths(clock)}


def _to_v1(raw: dict[str, Any], periods: int) -> dict[str, Any]:
    """A FORMAT.md event (as rinkside's encode_event wrote it) in the store's form."""
    kind = raw["type"]

    def at() -> dict[str, int]:
        return _moment(raw["at"], periods)

    def base(name: str) -> dict[str, Any]:
        return {"v": 1, "type": name, "at": at()}

    scored = raw.get("result") == "goal"
    match kind:
        case "faceoff":
            return {**base(kind), "spot": raw.get("spot")}
        case "stoppage":
            return {**base(kind), "reason": raw.get("reason")}
        case "goal":
            return {**base(kind), "team": raw["team"], "scorer": raw["scorer"],
                    "assist": raw.get("assist"), "own_goal": bool(raw.get("own_goal", False))}
        case "penalty" | "penalty_signal":
            return {**base(kind), "team": raw["team"], "player": raw.get("player"),
                    "class": raw["class"], "infraction": raw["infraction"],
                    "rule": raw.get("rule"), "served_by": raw.get("served_by"),
                    "suspension": raw.get("suspension")}
        case "penalty_shot":
            return {**base(kind), "team": raw["team"], "shooter": raw["shooter"],
                    "scored": scored}
        case "timeout":
            return {**base(kind), "team": raw["team"]}
        case "goalie":
            return {**base("goalie_change"), "team": raw["team"], "goalie": raw["in"]}
        case "period_end":
            return base(kind)
        case "shootout_attempt":
            return {"v": 1, "type": kind, "at": None, "team": raw["team"],
                    "shooter": raw["shooter"], "scored": scored}
        case "forfeit":
            moment = ({"period": periods + 1, "tenths": 0} if raw["at"] == _SHOOTOUT
                      else at())
            return {"v": 1, "type": kind, "at": moment, "team": raw["team"],
                    "reason": raw["reason"]}
        case "designate":
            return {**base(kind), "team": raw["team"], "player": raw["player"]}
        case "measure":
            return {**base("measurement"), "team": raw["team"], "player": raw["player"],
                    "item": raw["item"], "result": raw["result"],
                    "served_by": raw.get("served_by")}
    raise ValueError(f"{kind!r} is not a FORMAT.md event type")


# --------------------------------------------------------------------------- v1 -> FORMAT.md


def _clock(tenths: int) -> str:
    minutes, rest = divmod(tenths, 600)
    seconds, tenth = divmod(rest, 10)
    return f"{minutes}:{seconds:02d}" + (f".{tenth}" if tenth else "")


def _text(moment: dict[str, int], periods: int, numbered: bool) -> str:
    period = moment["period"]
    if period <= periods:
        label = str(period)
    else:
        number = period - periods
        label = f"OT{number}" if numbered or number > 1 else "OT"
    return f"{label} {_clock(moment['tenths'])}"


def _to_format(p: dict[str, Any], periods: int, numbered: bool) -> dict[str, Any]:
    """The store's payload as FORMAT.md writes it (optional fields only when set)."""
    kind = p["type"]
    out: dict[str, Any] = {"type": {"goalie_change": "goalie", "measurement": "measure"}
                           .get(kind, kind)}
    out["at"] = _SHOOTOUT if p["at"] is None else _text(p["at"], periods, numbered)
    if "team" in p:
        out["team"] = p["team"]
    match kind:
        case "faceoff" | "stoppage":
            field = "spot" if kind == "faceoff" else "reason"
            if p[field] is not None:
                out[field] = p[field]
        case "goal":
            out["scorer"] = p["scorer"]
            if p["assist"] is not None:
                out["assist"] = p["assist"]
            if p["own_goal"]:
                out["own_goal"] = True
        case "penalty" | "penalty_signal":
            if p["player"] is None:
                out["bench"] = True
            else:
                out["player"] = p["player"]
            out["class"], out["infraction"] = p["class"], p["infraction"]
            for field in ("rule", "served_by", "suspension"):
                if p[field] is not None:
                    out[field] = p[field]
        case "penalty_shot" | "shootout_attempt":
            out["shooter"] = p["shooter"]
            out["result"] = "goal" if p["scored"] else "no_goal"
        case "goalie_change":
            out["in"] = p["goalie"]
        case "forfeit":
            out["reason"] = p["reason"]
        case "designate":
            out["player"] = p["player"]
        case "measurement":
            out["player"], out["item"], out["result"] = p["player"], p["item"], p["result"]
            if p["served_by"] is not None:
                out["served_by"] = p["served_by"]
        case "shot":
            raise ValueError("a shot has no form in FORMAT.md: the downgrade cannot keep it")
    return out


# --------------------------------------------------------------------------- the migration


def _one(value: dict[str, Any] | None, to_v1: bool, periods: int, numbered: bool
         ) -> dict[str, Any] | None:
    if value is None or ("v" in value) == to_v1:
        return value  # nothing, or in the wanted form already
    return _to_v1(value, periods) if to_v1 else _to_format(value, periods, numbered)


def _convert(to_v1: bool) -> None:
    settings = _game_settings(op.get_bind())

    def change(game_id: int, value: dict[str, Any] | None) -> dict[str, Any] | None:
        return _one(value, to_v1, *settings[game_id])

    payloads.rewrite(change)


def upgrade() -> None:
    _convert(to_v1=True)


def downgrade() -> None:
    _convert(to_v1=False)
