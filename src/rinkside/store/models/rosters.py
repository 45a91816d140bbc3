"""A team's tournament roster: its players and every change made to it after
it was submitted (Rule 203).
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any, Final

from sqlalchemy import (
    CheckConstraint,
    Date,
    ForeignKey,
    Index,
    Integer,
    String,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from rinkside.store.models.base import (
    NAME,
    WHO,
    Author,
    Base,
    FlagOff,
    FlagOn,
    Identity,
    Label,
    Remark,
    _one_of,
)
from rinkside.store.models.tournament import Team
from rinkside.store.types import UTCDateTime, json_document


class Player(Base):
    """A player on a team's tournament roster (Rule 203(a)).

    A player taken off the roster (203(b)) keeps the row, with ``active``
    false, so the games they played and their roster change stay readable;
    a number is unique among a team's active players only (Rule 307(c)),
    so it can be given to the player who replaces them.
    """

    __tablename__ = "players"
    __table_args__ = (
        CheckConstraint("number BETWEEN 1 AND 99", name="number_range"),
        CheckConstraint("captain IS NULL OR captain IN ('C', 'A')", name="captain_letter"),
        Index(
            "uq_players_team_id_number_active", "team_id", "number", unique=True,
            sqlite_where=text("active"), postgresql_where=text("active"),
        ),
        # A team's players, and a person's entries (410(c)), by index (0034).
        Index(None, "team_id"),
        Index(None, "person_key", "name"),
    )

    id: Mapped[Identity]
    team_id: Mapped[int] = mapped_column(ForeignKey("teams.id"))
    number: Mapped[int] = mapped_column(Integer)
    name: Mapped[Label]
    goalie: Mapped[FlagOff]
    captain: Mapped[str | None] = mapped_column(String(1))  # Rule 202: "C", "A" or none
    playing_coach: Mapped[FlagOff]
    birth_date: Mapped[date | None] = mapped_column(Date)
    # The same person on two teams (Rule 410(c)); empty means "the name".
    person_key: Mapped[str] = mapped_column(String(NAME), default="", server_default="")
    active: Mapped[FlagOn]

    team: Mapped[Team] = relationship(back_populates="players")


class RosterChange(Base):
    """One change to a roster after it was submitted (Rule 203(b)): who, when,
    why, and the player's fields before and after (null when added / removed)."""

    __tablename__ = "roster_changes"
    __table_args__ = (
        CheckConstraint(_one_of("action", ("added", "removed", "changed")), name="action"),
        Index(None, "team_id"),
    )

    id: Mapped[Identity]
    team_id: Mapped[int] = mapped_column(ForeignKey("teams.id"))
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    action: Mapped[str] = mapped_column(String(16))
    before: Mapped[dict[str, Any] | None] = mapped_column(json_document())
    after: Mapped[dict[str, Any] | None] = mapped_column(json_document())
    reason: Mapped[Remark]
    by: Mapped[str] = mapped_column("recorded_by", String(WHO))
    at: Mapped[datetime] = mapped_column("recorded_at", UTCDateTime())


SUBMISSION_STATUSES: Final = ("submitted", "approved", "returned")
SUBMISSION_KINDS: Final = ("roster", "change")


class RosterSubmission(Base):
    """A roster a team's manager or coach handed in (Rule 203(a)), or a change
    to an approved one asked for (203(b)): the players as submitted (number,
    name, goalie, captain, birth_date, league_number), who and when; then the
    director's decision (approved: it becomes the team's roster; returned,
    with the reason), who and when."""

    __tablename__ = "roster_submissions"
    __table_args__ = (
        CheckConstraint(_one_of("status", SUBMISSION_STATUSES), name="status"),
        CheckConstraint(_one_of("kind", SUBMISSION_KINDS), name="kind"),
        Index(None, "team_id", "id"),
    )

    id: Mapped[Identity]
    team_id: Mapped[int] = mapped_column(ForeignKey("teams.id"))
    kind: Mapped[str] = mapped_column(String(16))
    players: Mapped[list[dict[str, Any]]] = mapped_column(json_document(), default=list)
    status: Mapped[str] = mapped_column(String(16))
    submitted_by: Mapped[Author]
    submitted_at: Mapped[datetime]
    reason: Mapped[Remark]
    decided_by: Mapped[str | None] = mapped_column(String(WHO))
    decided_at: Mapped[datetime | None]

    team: Mapped[Team] = relationship()
