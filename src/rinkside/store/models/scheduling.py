"""What teams and officials ask of the schedule (issue 31): a team's
blackout, not before, not after, "not at the same time as" another team; an
official's hours and most games a day. Hard ones the builder keeps and the
desk refuses to break; soft ones are wishes, kept where the schedule can
(:mod:`rinkside.tournament.schedule_requests`)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Final

from sqlalchemy import CheckConstraint, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from rinkside.store.models.base import Base, FlagOn, Identity, Label, Remark, _one_of
from rinkside.store.types import json_document

REQUEST_KINDS: Final = ("blackout", "not_before", "not_after", "apart")


class TeamRequestRow(Base):
    """One request of a team; ``start``/``end`` as the kind needs them,
    ``other_team_id`` for ``apart``."""

    __tablename__ = "team_requests"
    __table_args__ = (CheckConstraint(_one_of("kind", REQUEST_KINDS), name="kind"),)

    id: Mapped[Identity]
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id"), index=True)
    team_id: Mapped[int] = mapped_column(ForeignKey("teams.id"))
    kind: Mapped[str] = mapped_column(String(16))
    start: Mapped[datetime | None]
    end: Mapped[datetime | None]
    other_team_id: Mapped[int | None] = mapped_column(ForeignKey("teams.id"))
    hard: Mapped[FlagOn]
    note: Mapped[Remark]


class OfficialHoursRow(Base):
    """When an official can officiate (``windows``: ``[[start, end], ...]`` in
    ISO 8601; empty: any time) and the most games a day they take."""

    __tablename__ = "official_hours"

    id: Mapped[Identity]
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id"), index=True)
    name: Mapped[Label]
    windows: Mapped[list[Any]] = mapped_column(json_document(), default=list)
    most_a_day: Mapped[int | None]
    hard: Mapped[FlagOn]


class ScheduleLock(Base):
    """A game the director locked where it is: a rebuild keeps it."""

    __tablename__ = "schedule_locks"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), primary_key=True)


class VenueTravel(Base):
    """The travel between two venues (rinks' buildings) in minutes, for the
    pair (``venue_a`` < ``venue_b``, the order kept by the service); a pair
    not given takes the tournament's ``travel_minutes`` (migration 0032)."""

    __tablename__ = "venue_travel"
    __table_args__ = (UniqueConstraint("tournament_id", "venue_a", "venue_b"),
                      CheckConstraint("minutes >= 0", name="minutes"),
                      CheckConstraint("venue_a < venue_b", name="pair_order"))

    id: Mapped[Identity]
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id"), index=True)
    venue_a: Mapped[Label]
    venue_b: Mapped[Label]
    minutes: Mapped[int]
