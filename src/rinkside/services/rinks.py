"""The tournament's rinks: each by the name the schedule uses, with its
dimensions (feet), checked against Section I by :mod:`rinkside.rink`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from rinkside.services.base import ServiceBase
from rinkside.services.tournaments import NotFound
from rinkside.store import models
from rinkside.tournament.schedule_rinks import RinkHours, Travel
from rinkside.tournament.schedule_values import Window


@dataclass(frozen=True)
class RinkRow:
    id: int
    tournament_id: int
    name: str
    dimensions: dict[str, float]
    hours: RinkHours = field(default_factory=lambda: RinkHours(""))
    venue: str = ""


def add_rink(service: ServiceBase, tournament_id: int, name: str,
             dimensions: Mapping[str, Any]) -> int:
    """A new rink of the tournament; a rink that fails the book is still
    recorded (the director may have no other), its page shows the failures."""
    name = name.strip()
    if not name:
        raise ValueError("a rink needs a name")
    try:
        with service.write() as s:
            if s.get(models.Tournament, tournament_id) is None:
                raise NotFound(f"no tournament {tournament_id}")
            rink = models.Rink(tournament_id=tournament_id, name=name, dimensions=dict(dimensions))
            s.add(rink)
            s.flush()
            return rink.id
    except IntegrityError as exc:
        raise ValueError(f"the tournament already has a rink named {name!r}") from exc


def rink(service: ServiceBase, rink_id: int) -> RinkRow:
    with service.read() as s:
        row = s.get(models.Rink, rink_id)
        if row is None:
            raise NotFound(f"no rink {rink_id}")
        return _row(row)


def rinks(service: ServiceBase, tournament_id: int) -> list[RinkRow]:
    with service.read() as s:
        return [_row(r) for r in s.scalars(select(models.Rink).where(
            models.Rink.tournament_id == tournament_id).order_by(models.Rink.name))]


def rink_named(service: ServiceBase, tournament_id: int, name: str) -> RinkRow | None:
    """The tournament's rink the schedule calls ``name`` (None if undescribed)."""
    with service.read() as s:
        row = s.scalars(select(models.Rink).where(models.Rink.tournament_id == tournament_id,
                                                  models.Rink.name == name)).one_or_none()
        return None if row is None else _row(row)


def _row(r: models.Rink) -> RinkRow:
    return RinkRow(r.id, r.tournament_id, r.name,
                   {k: float(v) for k, v in r.dimensions.items()}, rink_hours(r), r.venue)


def _windows(spans: Any) -> tuple[Window, ...]:
    return tuple(Window(datetime.fromisoformat(a), datetime.fromisoformat(b))
                 for a, b in spans or ())


def rink_hours(r: models.Rink) -> RinkHours:
    """The rink's opening hours and closed slots as stored (migration 0029)."""
    hours = r.hours or {}
    return RinkHours(r.name, _windows(hours.get("open")), _windows(hours.get("closed")))


def hours_in(s: Session, tournament_id: int) -> dict[str, RinkHours]:
    """Each rink of the tournament that has hours or closed slots, by name."""
    rows = s.scalars(select(models.Rink).where(models.Rink.tournament_id == tournament_id,
                                               models.Rink.hours.is_not(None)))
    return {r.name: rink_hours(r) for r in rows}


def travel_in(s: Session, tournament_id: int) -> Travel:
    """The rinks' venues and the travel between two of them: the pair's
    own minutes (migration 0032), else the tournament's default."""
    t = s.get(models.Tournament, tournament_id)
    minutes = (t.travel_minutes if t is not None else None) or 0
    rows = s.execute(select(models.Rink.name, models.Rink.venue)
                     .where(models.Rink.tournament_id == tournament_id))
    venues = {name: venue for name, venue in rows}
    pairs = {frozenset((a, b)): timedelta(minutes=m) for a, b, m in s.execute(
        select(models.VenueTravel.venue_a, models.VenueTravel.venue_b,
               models.VenueTravel.minutes)
        .where(models.VenueTravel.tournament_id == tournament_id))}
    return Travel(venues, timedelta(minutes=minutes), pairs)
