"""Rinks on the director's desk: added or their dimensions edited, read
through :class:`rinkside.rink.dimensions.RinkDimensions` first (a value that
is no measure is refused; a rink that fails Section I is kept and its page
shows why); each rink's sync tokens (issue 14) issued, the token shown once
and only its hash kept, and revoked. Every change recorded."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from sqlalchemy import select

from rinkside.rink import RinkDimensions
from rinkside.services import desk_schedule, rinks, sync
from rinkside.services.base import ServiceBase
from rinkside.services.changes import found, held, record, refuse_taken
from rinkside.store import models


def add(service: ServiceBase, tournament_id: int, name: str, dimensions: Mapping[str, Any],
        *, by: str) -> int:
    measured = RinkDimensions.from_mapping(dimensions).to_mapping()  # RinkFormatError
    with service.write() as s:  # the rink and its record: one commit
        rink_id = rinks.add_rink(service.within(s), tournament_id, name, measured)
        record(s, tournament_id, f"rink {rink_id}", "added", None,
               {"name": name.strip(), **measured}, by=by, clock=service.now)
    return rink_id


def edit(service: ServiceBase, rink_id: int, name: str, dimensions: Mapping[str, Any], *,
         by: str) -> None:
    """New dimensions (and name) for a rink; games already on it by its old
    name move with it."""
    measured = RinkDimensions.from_mapping(dimensions).to_mapping()
    name = name.strip()
    if not name:
        raise ValueError("a rink needs a name")
    with service.write() as s:
        row = found(s, models.Rink, rink_id, "rink")
        # held: two rinks renamed to one name at once are told it is taken, not a 500
        held(s, models.Tournament, row.tournament_id, "tournament")
        refuse_taken(s, models.Rink.name, name, models.Rink.tournament_id == row.tournament_id,
                     keep=models.Rink.id != rink_id, what="a rink")
        before = {"name": row.name, **row.dimensions}
        if row.name != name:
            division_ids = select(models.Division.id).where(
                models.Division.tournament_id == row.tournament_id)
            for game in s.scalars(select(models.Game).where(models.Game.rink == row.name,
                                                            models.Game.division_id.in_(division_ids))):
                game.rink = name
        row.name, row.dimensions = name, measured
        record(s, row.tournament_id, f"rink {rink_id}", "changed", before,
               {"name": name, **measured}, by=by, clock=service.now)


def issue_token(service: ServiceBase, tournament_id: int, rink: str, *, by: str) -> str:
    """A new sync token for the rink's laptop: returned (to be shown once),
    only its hash stored; the record says it was issued, never the token."""
    try:
        with service.write() as s:  # the token and its record: one commit
            token = sync.issue_token(service.within(s), tournament_id, rink.strip(),
                                     service.now)
            record(s, tournament_id, f"rink {rink.strip()}", "sync token issued", None, None,
                   by=by, clock=service.now)
    except sync.SyncRefused as refused:
        raise ValueError(refused.message) from None
    return token


def revoke_tokens(service: ServiceBase, tournament_id: int, rink: str, *, by: str) -> int:
    """Revoke every live sync token of the rink: its laptop can no longer
    pull or push. Refused when it has none live."""
    try:
        with service.write() as s:  # the revocation and its record: one commit
            count = sync.revoke_tokens(service.within(s), tournament_id, rink.strip(),
                                       service.now)
            if count == 0:
                raise ValueError(f"rink {rink.strip()!r} has no live sync token to revoke")
            record(s, tournament_id, f"rink {rink.strip()}", "sync tokens revoked", None,
                   {"revoked": count}, by=by, clock=service.now)
    except sync.SyncRefused as refused:
        raise ValueError(refused.message) from None
    return count


def _spans(text: str, what: str) -> list[list[str]]:
    if not text.strip():
        return []
    try:
        windows = desk_schedule.parse_windows(text)
    except ValueError as bad:
        raise ValueError(f"the rink's {what}: {bad}") from None
    return [[w.start.isoformat(), w.end.isoformat()] for w in windows]


def set_hours(service: ServiceBase, rink_id: int, *, opening: str, closed: str,
              by: str, venue: str | None = None) -> None:
    """The rink's opening hours and closed slots, one a line like
    ``2026-12-12 08:00-20:00`` (none: open whenever the schedule is, never
    closed). The builder keeps games within them; a game already outside
    them stays and the schedule's conflicts say so. ``venue``: the building
    the rink is in (games at two venues keep the travel between them)."""
    hours = {"open": _spans(opening, "opening hours"), "closed": _spans(closed, "closed slots")}
    with service.write() as s:
        row = found(s, models.Rink, rink_id, "rink")
        after = hours if hours["open"] or hours["closed"] else None
        if venue is not None and venue.strip() != row.venue:
            record(s, row.tournament_id, f"rink {rink_id}", "venue changed",
                   {"venue": row.venue}, {"venue": venue.strip()}, by=by, clock=service.now)
            row.venue = venue.strip()
        if row.hours == after:
            return
        record(s, row.tournament_id, f"rink {rink_id}", "hours changed", row.hours, after,
               by=by, clock=service.now)
        row.hours = after


def travel_minutes(service: ServiceBase, tournament_id: int) -> int:
    """The travel time between two venues, in minutes (0: none given)."""
    with service.read() as s:
        return found(s, models.Tournament, tournament_id, "tournament").travel_minutes or 0


def set_travel(service: ServiceBase, tournament_id: int, minutes: int, *, by: str) -> None:
    """The travel time between two venues (rinks not in one building): a
    team's or a person's games at two venues keep it on top of their rest."""
    if minutes < 0:
        raise ValueError("the travel time between venues cannot be negative")
    with service.write() as s:
        t = found(s, models.Tournament, tournament_id, "tournament")
        if (t.travel_minutes or 0) == minutes:
            return
        record(s, tournament_id, "schedule", "travel changed",
               {"travel_minutes": t.travel_minutes}, {"travel_minutes": minutes},
               by=by, clock=service.now)
        t.travel_minutes = minutes


def travel_pairs(service: ServiceBase, tournament_id: int) -> list[tuple[str, str, int]]:
    """The travel between two venues given pair by pair: (venue, venue, minutes)."""
    with service.read() as s:
        return [(r.venue_a, r.venue_b, r.minutes) for r in s.scalars(
            select(models.VenueTravel).where(models.VenueTravel.tournament_id == tournament_id)
            .order_by(models.VenueTravel.venue_a, models.VenueTravel.venue_b))]


def parse_travel_pairs(text: str, venues: Collection[str]) -> dict[tuple[str, str], int]:
    """Travel pair by pair, one a line: ``North Hall / Civic Centre: 20``
    (minutes); each venue one of ``venues``, each pair once."""
    out: dict[tuple[str, str], int] = {}
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        said = f"travel line {n} ({line!r})"
        where, colon, minutes = line.rpartition(":")
        a, slash, b = where.partition("/")
        if not colon or not slash or not minutes.strip().isdigit():
            raise ValueError(f"{said} is not like 'North Hall / Civic Centre: 20' (two "
                             "venues, then the minutes between them)")
        pair = tuple(sorted((a.strip(), b.strip())))
        unknown = [v for v in pair if v not in venues]
        if unknown:
            known = ", ".join(sorted(venues)) or "none yet: give the rinks their venues first"
            raise ValueError(f"{said}: no rink is at {' or '.join(unknown)}; the venues are "
                             f"{known}")
        if pair[0] == pair[1]:
            raise ValueError(f"{said}: a venue is no travel from itself")
        if (pair[0], pair[1]) in out:
            raise ValueError(f"{said}: {pair[0]} and {pair[1]} are given twice")
        out[pair[0], pair[1]] = int(minutes.strip())
    return out


def set_travel_pairs(service: ServiceBase, tournament_id: int, text: str, *, by: str) -> None:
    """The travel between two venues pair by pair (:func:`parse_travel_pairs`),
    replacing what was kept; a pair not given takes the tournament's default
    (:func:`set_travel`). The builder, the desk's moves and the conflicts
    keep it between a team's, a person's and a referee's games."""
    with service.write() as s:
        held(s, models.Tournament, tournament_id, "tournament")  # of saves at once, the last
        venues = set(s.scalars(select(models.Rink.venue).where(
            models.Rink.tournament_id == tournament_id, models.Rink.venue != "")))
        pairs = parse_travel_pairs(text, venues)
        rows = list(s.scalars(select(models.VenueTravel).where(
            models.VenueTravel.tournament_id == tournament_id)))
        before = {f"{r.venue_a} / {r.venue_b}": r.minutes for r in rows}
        after = {f"{a} / {b}": m for (a, b), m in sorted(pairs.items())}
        if before == after:
            return
        for r in rows:
            s.delete(r)
        s.flush()
        s.add_all(models.VenueTravel(tournament_id=tournament_id, venue_a=a, venue_b=b,
                                     minutes=m) for (a, b), m in sorted(pairs.items()))
        record(s, tournament_id, "schedule", "travel between venues changed", before or None,
               after or None, by=by, clock=service.now)
