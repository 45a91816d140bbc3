"""The tournament on the director's desk: its name and dates, its pool and
playoff settings (each from the settings table, checked against the book),
the tiebreak chain and the forfeit dress deadline; every change recorded.

Settings may change until a game that uses them has started; after that only
with a reason, and the games already begun keep the settings they began
under (``games.settings``), so no game already played is judged anew.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any, Final, Literal

from sqlalchemy import ColumnElement, and_, func, select
from sqlalchemy.orm import Session

from rinkside.present.counts import counted
from rinkside.rules.settings import settings_from_mapping, settings_table
from rinkside.services.base import ServiceBase
from rinkside.services.changes import record, require_reason
from rinkside.services.tournaments import NotFound
from rinkside.store import models
from rinkside.tournament import standings
from rinkside.tournament.errors import TournamentRuleError
from rinkside.tournament.stage_settings import (
    check_playoff_amendments,
    edge_values,
    pool_settings,
    stage_settings,
)

Stage = Literal["pool", "playoff"]
DRESS_MINUTES: Final = 30  # Rule 634(c) note 1: dressed half an hour before


@dataclass(frozen=True, slots=True)
class SettingRow:
    """One setting of the form: the table's row and what the event amends."""

    key: str
    rule: str
    description: str
    default: str
    pool: str  # the tournament's amendment as written ("" = the default)
    playoff: str  # the playoff amendment ("" = as the pool)
    pool_in_force: str
    playoff_in_force: str


@dataclass(frozen=True, slots=True)
class TournamentDesk:
    tournament_id: int
    name: str
    starts_on: date | None
    ends_on: date | None
    started: bool
    settings: dict[str, Any]
    playoff_settings: dict[str, Any]
    tiebreaks: list[str]
    dress_minutes: int
    rows: list[SettingRow]
    started_games: dict[str, int]  # stage -> games begun


def desk(service: ServiceBase, tournament_id: int) -> TournamentDesk:
    with service.read() as s:
        t = _tournament(s, tournament_id)
        pool = pool_settings(t.settings, None)
        playoff = check_playoff_amendments(pool, t.playoff_settings)
        rows = []
        for spec in settings_table():
            ours = t.settings.get(spec.key, "")
            theirs = (t.playoff_settings or {}).get(spec.key, "")
            rows.append(SettingRow(
                spec.key, spec.rule, spec.description, spec.show(spec.default()),
                "" if spec.key not in t.settings else _edge_text(ours),
                "" if spec.key not in (t.playoff_settings or {}) else _edge_text(theirs),
                spec.show(getattr(pool, spec.key)), spec.show(getattr(playoff, spec.key))))
        return TournamentDesk(
            t.id, t.name, t.starts_on, t.ends_on, t.started, dict(t.settings),
            dict(t.playoff_settings or {}), list(t.tiebreaks),
            DRESS_MINUTES if t.dress_minutes is None else t.dress_minutes, rows,
            {stage: _begun_count(s, tournament_id, stage) for stage in ("pool", "playoff")})


def _edge_text(value: Any) -> str:
    if value is None:
        return "off"
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {v}" for k, v in value.items())
    return str(value)


def read_form_value(key: str, text: str) -> Any:
    """A value typed in the form as the settings table reads it: "off" turns
    a setting off, whole numbers are numbers, points "win 3, tie 1, loss 0"."""
    text = text.strip()
    if text == "off":
        return None
    if key == "points":
        parts = [p.split() for p in text.replace(",", " , ").split(",") if p.strip()]
        try:
            return {name: float(v) if "." in v else int(v) for name, v in parts}
        except ValueError:
            return text  # the table refuses it, naming the rule
    if text.lstrip("-").isdigit():
        return int(text)
    return text


def _tournament(s: Session, tournament_id: int) -> models.Tournament:
    t = s.get(models.Tournament, tournament_id)
    if t is None:
        raise NotFound(f"There is no tournament {tournament_id}.")
    return t


def _begun_where(tournament_id: int, stage: str) -> ColumnElement[bool]:
    """The games begun (anything recorded) that play under ``stage``'s
    settings: a playoff game's are the pool's with the playoff amendments
    on top, so the pool's settings are every game's."""
    stages = ("pool", "playoff") if stage == "pool" else ("playoff",)
    return and_(models.Division.tournament_id == tournament_id,
                models.Game.stage.in_(stages), models.Game.version > 0)


def _begun(s: Session, tournament_id: int, stage: str) -> list[models.Game]:
    """The games begun under ``stage``'s settings (:func:`_begun_where`)."""
    return list(s.scalars(select(models.Game).join(models.Division)
                          .where(_begun_where(tournament_id, stage))))


def _begun_count(s: Session, tournament_id: int, stage: str) -> int:
    """How many games have begun under ``stage``'s settings, counted by the
    database (the desk's page shows the number, not the games)."""
    return int(s.scalar(select(func.count()).select_from(models.Game).join(models.Division)
                        .where(_begun_where(tournament_id, stage))) or 0)


def set_settings(service: ServiceBase, tournament_id: int, stage: Stage,
                 amendments: Mapping[str, Any], *, by: str, reason: str | None = None
                 ) -> dict[str, Any]:
    """Replace the pool's (or the playoffs') amendments with ``amendments``,
    each checked by the settings table (a 1:45 minor is refused citing
    402(a)); playoff games must be decided (Rule 639). Once a game of that
    stage has begun, only with a reason; the games begun keep their settings."""
    with service.write() as s:
        t = _tournament(s, tournament_id)
        amendments = dict(amendments)
        if stage == "pool":
            pool = settings_from_mapping(amendments)  # refuses what the book does not allow
            for d in t.divisions:
                settings_from_mapping(d.settings, base=pool)
            check_playoff_amendments(pool, t.playoff_settings)
            before = dict(t.settings)
        else:
            check_playoff_amendments(pool_settings(t.settings, None), amendments)
            before = dict(t.playoff_settings or {})
        if before == amendments:
            return amendments
        begun = _begun(s, tournament_id, stage)
        kept: list[int] = []
        if begun:
            why = require_reason(reason, f"{counted(len(begun), 'game')} "
                                 f"{'has' if len(begun) == 1 else 'have'} begun under these "
                                 "settings")
            for game in begun:
                if game.settings is None:
                    game.settings = edge_values(stage_settings(
                        game.stage, t.settings, game.division.settings, t.playoff_settings))
                    kept.append(game.id)
        else:
            why = (reason or "").strip()
        if stage == "pool":
            t.settings = amendments
        else:
            t.playoff_settings = amendments
        record(s, tournament_id, "settings" if stage == "pool" else "playoff settings",
               "changed", before, amendments | ({"games kept": kept} if kept else {}),
               by=by, clock=service.now, reason=why)
        return amendments


def set_details(service: ServiceBase, tournament_id: int, *, name: str,
                starts_on: date | None, ends_on: date | None, by: str) -> None:
    """The tournament's name and dates."""
    name = name.strip()
    if not name:
        raise ValueError("a tournament needs a name")
    if starts_on and ends_on and ends_on < starts_on:
        raise ValueError(f"the last day ({ends_on}) is before the first ({starts_on})")
    with service.write() as s:
        t = _tournament(s, tournament_id)
        before = {"name": t.name, "starts_on": _iso(t.starts_on), "ends_on": _iso(t.ends_on)}
        after = {"name": name, "starts_on": _iso(starts_on), "ends_on": _iso(ends_on)}
        if before == after:
            return
        t.name, t.starts_on, t.ends_on = name, starts_on, ends_on
        record(s, tournament_id, "tournament", "changed", before, after, by=by, clock=service.now)


def set_tiebreaks(service: ServiceBase, tournament_id: int, chain: Sequence[str], *, by: str,
                  reason: str | None = None) -> list[str]:
    """Casebook 24: the chain is written in advance; once a pool game has
    begun it changes only with a reason."""
    chain = [c for c in chain if c]
    standings.check_chain(chain)
    if len(set(chain)) != len(chain):
        raise ValueError("a tiebreaker is listed twice (casebook 24)")
    with service.write() as s:
        t = _tournament(s, tournament_id)
        if list(t.tiebreaks) == chain:
            return chain
        why = (require_reason(reason, "pool games have begun under this tiebreak chain")
               if _begun(s, tournament_id, "pool") else (reason or "").strip())
        record(s, tournament_id, "tiebreaks", "changed", list(t.tiebreaks), chain,
               by=by, clock=service.now, reason=why)
        t.tiebreaks = chain
        return chain


def set_dress_minutes(service: ServiceBase, tournament_id: int, minutes: int, *, by: str) -> None:
    """Rule 634(c) note 1: players dressed this long before their game; the
    time can be changed, but in writing before the tournament starts."""
    if minutes < 0:
        raise ValueError(f"the dress deadline is minutes before the game, not {minutes}")
    with service.write() as s:
        t = _tournament(s, tournament_id)
        before = DRESS_MINUTES if t.dress_minutes is None else t.dress_minutes
        if before == minutes:
            return
        if t.started:
            raise TournamentRuleError(
                "634(c) note 1", "the dress deadline can be changed only in writing before the "
                "tournament starts (Rule 634(c) note 1); this tournament has started")
        t.dress_minutes = minutes
        record(s, tournament_id, "forfeit dress deadline", "changed", before, minutes,
               by=by, clock=service.now)


def _iso(day: date | None) -> str | None:
    return day.isoformat() if day else None


def settings_table_keys() -> list[str]:
    return [spec.key for spec in settings_table()]


def stage(text: str) -> Stage:
    if text == "pool":
        return "pool"
    if text == "playoff":
        return "playoff"
    raise ValueError(f"{text!r} is no stage: pool or playoff")


def whole_minutes(text: str) -> int:
    text = text.strip()
    if not text.isdigit():
        raise ValueError(f"the dress deadline is whole minutes before the game, not {text!r}")
    return int(text)
