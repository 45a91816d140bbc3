"""The tournament, its divisions and teams (and how the scoreboard shows a team),
and its rinks.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import Date, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from rinkside.store.models.base import NAME, Base, FlagOff, Identity, Label
from rinkside.store.types import json_document

if TYPE_CHECKING:
    from rinkside.store.models.rosters import Player


class Tournament(Base):
    """An event: its own settings amendments and its tiebreak chain."""

    __tablename__ = "tournaments"

    id: Mapped[Identity]
    name: Mapped[Label]
    starts_on: Mapped[date | None] = mapped_column(Date)
    # FORMAT.md settings as edge strings, e.g. {"clock": "running", "minor": "1:30"}.
    settings: Mapped[dict[str, Any]] = mapped_column(json_document(), default=dict)
    # Casebook 24: the chain, written in advance, e.g. ["head_to_head", "goal_difference"].
    tiebreaks: Mapped[list[str]] = mapped_column(json_document(), default=list)
    # Once play has started, settings and the chain are fixed.
    started: Mapped[FlagOff]
    ends_on: Mapped[date | None] = mapped_column(Date)
    # Rule 639: the amendments playoff games play under, over the pool's (null: none).
    playoff_settings: Mapped[dict[str, Any] | None] = mapped_column(json_document())
    # Rule 634(c) note 1: dressed this many minutes before the game (null: 30).
    dress_minutes: Mapped[int | None]
    # The schedule's game length and a team's least rest between games (minutes).
    game_minutes: Mapped[int | None]
    rest_minutes: Mapped[int | None]
    travel_minutes: Mapped[int | None] = mapped_column(Integer)  # between two venues
    # Rule 203(a), (b): the moment by which teams submit their rosters (null: none set).
    roster_deadline: Mapped[datetime | None]

    divisions: Mapped[list[Division]] = relationship(back_populates="tournament")


class Division(Base):
    """A division of a tournament; its amendments apply over the tournament's."""

    __tablename__ = "divisions"
    __table_args__ = (UniqueConstraint("tournament_id", "name"),)

    id: Mapped[Identity]
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id"))
    name: Mapped[Label]
    settings: Mapped[dict[str, Any]] = mapped_column(json_document(), default=dict)
    # Rule 201(c): whether a player may also be the team's coach.
    player_coaches_allowed: Mapped[FlagOff]
    # How many teams its bracket seeds, once the desk scheduled a playoff game
    # (null: no bracket drawn yet; migration 0018).
    playoff_teams: Mapped[int | None]

    tournament: Mapped[Tournament] = relationship(back_populates="divisions")
    teams: Mapped[list[Team]] = relationship(back_populates="division")


class Team(Base):
    __tablename__ = "teams"
    __table_args__ = (UniqueConstraint("division_id", "name"),)

    id: Mapped[Identity]
    division_id: Mapped[int] = mapped_column(ForeignKey("divisions.id"))
    name: Mapped[Label]

    division: Mapped[Division] = relationship(back_populates="teams")
    players: Mapped[list[Player]] = relationship(back_populates="team")


class TeamStyle(Base):
    """How the scoreboard shows a team: its colour (``#1e40af``) and its logo
    (an image URL or a /static path); a team with no row is shown plainly."""

    __tablename__ = "team_styles"

    team_id: Mapped[int] = mapped_column(ForeignKey("teams.id"), primary_key=True)
    colour: Mapped[str | None] = mapped_column(String(7))
    logo: Mapped[str | None] = mapped_column(String(500))


class Rink(Base):
    """A rink of a tournament, by name (the schedule's ``games.rink``), with
    its dimensions in feet as a JSON document (Rules 101-107; read through
    :class:`rinkside.rink.dimensions.RinkDimensions`)."""

    __tablename__ = "rinks"
    __table_args__ = (UniqueConstraint("tournament_id", "name"),)

    id: Mapped[Identity]
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id"))
    name: Mapped[Label]
    dimensions: Mapped[dict[str, Any]] = mapped_column(json_document(), default=dict)
    # Opening hours and closed slots (migration 0029): {"open": [[start, end]],
    # "closed": [[start, end]]}, ISO times; null: open whenever the schedule is.
    hours: Mapped[dict[str, Any] | None] = mapped_column(json_document())
    # The building it is in ('': unnamed); games at two venues need the
    # tournament's travel_minutes between them (migration 0029).
    venue: Mapped[str] = mapped_column(String(NAME), default="", server_default="")
