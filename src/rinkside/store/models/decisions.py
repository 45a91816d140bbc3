"""What the directors decided or drew: supplementary discipline, coin tosses,
the desk's changes, the Event Directors' reviews and suspension changes.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Final, Literal

from sqlalchemy import CheckConstraint, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from rinkside.store.models.base import WHO, Base, Identity, Label, Remark, _one_of
from rinkside.store.types import UTCDateTime, json_document

OpenEndedSuspension = Literal["rest_of_tournament", "pending_review"]


class SupplementaryDiscipline(Base):
    """Games added by the tournament director or event directors (Rule 410(a)).

    Exactly one of ``games`` (a number, 1 or more) and ``extent``
    (``rest_of_tournament`` or ``pending_review``) is set; :attr:`length`
    reads them as the one value of
    :class:`rinkside.tournament.model.SupplementaryDiscipline`.
    """

    __tablename__ = "supplementary_disciplines"
    __table_args__ = (
        CheckConstraint("games IS NULL OR games >= 1", name="games"),
        CheckConstraint(
            "extent IS NULL OR extent IN ('rest_of_tournament', 'pending_review')",
            name="extent",
        ),
        CheckConstraint("(games IS NULL) <> (extent IS NULL)", name="games_or_extent"),
        Index(None, "player_id"),
    )

    id: Mapped[Identity]
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    games: Mapped[int | None]
    extent: Mapped[str | None] = mapped_column(String(32))
    reason: Mapped[str] = mapped_column(Text)
    # Served from the next game after this one (null: from the player's next game).
    after_game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id"))
    by: Mapped[str] = mapped_column("recorded_by", String(WHO))
    at: Mapped[datetime] = mapped_column("recorded_at", UTCDateTime())
    # Rule 410(d): the organisation that handed the suspension down (null: this one's, 410(a)).
    organisation: Mapped[str | None] = mapped_column(String(100))

    @property
    def length(self) -> int | OpenEndedSuspension:
        """``games`` or ``extent``, whichever is set."""
        if self.games is not None:
            return self.games
        if self.extent == "rest_of_tournament":
            return "rest_of_tournament"
        if self.extent == "pending_review":
            return "pending_review"
        raise ValueError(
            f"supplementary discipline {self.id} has neither a number of games nor an extent"
        )


class CoinToss(Base):
    """A coin toss drawn to separate teams level on everything else (casebook 24):
    the teams tossed for, the order drawn (best first), who drew it and when."""

    __tablename__ = "coin_tosses"
    __table_args__ = (Index(None, "division_id"),)

    id: Mapped[Identity]
    division_id: Mapped[int] = mapped_column(ForeignKey("divisions.id"))
    team_ids: Mapped[list[int]] = mapped_column(json_document())
    order: Mapped[list[int]] = mapped_column("drawn_order", json_document())
    reason: Mapped[Remark]
    by: Mapped[str] = mapped_column("recorded_by", String(WHO))
    at: Mapped[datetime] = mapped_column("recorded_at", UTCDateTime())


class DeskChange(Base):
    """One change made on the director's desk, append-only: what it was about
    (``subject``, e.g. "team 4"), what was done, the value before and after,
    the reason where one is needed, who and when."""

    __tablename__ = "desk_changes"
    __table_args__ = (Index(None, "tournament_id"),)

    id: Mapped[Identity]
    tournament_id: Mapped[int | None] = mapped_column(ForeignKey("tournaments.id"))
    subject: Mapped[Label]
    action: Mapped[str] = mapped_column(String(64))
    before: Mapped[Any] = mapped_column(json_document(), nullable=True)
    after: Mapped[Any] = mapped_column(json_document(), nullable=True)
    reason: Mapped[Remark]
    by: Mapped[str] = mapped_column("recorded_by", String(WHO))
    at: Mapped[datetime] = mapped_column("recorded_at", UTCDateTime())


REVIEWED_RULES: Final = ("404(h)", "405(b)")


class ReviewDecision(Base):
    """The Event Directors' decision on a case reported to them (404(h) gross
    misconduct, 405(b) match penalty): ``games`` the player sits out from that
    game on (0: none more) or ``extent`` ``rest_of_tournament``; exactly one
    is set. The newest decision on a case is the one that stands."""

    __tablename__ = "review_decisions"
    __table_args__ = (
        CheckConstraint(_one_of("rule", REVIEWED_RULES), name="rule"),
        CheckConstraint("games IS NULL OR games >= 0", name="games"),
        CheckConstraint("extent IS NULL OR extent = 'rest_of_tournament'", name="extent"),
        CheckConstraint("(games IS NULL) <> (extent IS NULL)", name="games_or_extent"),
        Index(None, "player_id"),
    )

    id: Mapped[Identity]
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    rule: Mapped[str] = mapped_column(String(8))
    games: Mapped[int | None]
    extent: Mapped[str | None] = mapped_column(String(32))
    decision: Mapped[str] = mapped_column(Text)
    by: Mapped[str] = mapped_column("recorded_by", String(WHO))
    at: Mapped[datetime] = mapped_column("recorded_at", UTCDateTime())


class SuspensionChange(Base):
    """A player's suspension shortened (``games`` below 0) or lengthened by
    the directors, with the reason (Rule 410(a))."""

    __tablename__ = "suspension_changes"
    __table_args__ = (
        CheckConstraint("games <> 0", name="games"),
        CheckConstraint("reason <> ''", name="reason"),
        Index(None, "player_id"),
    )

    id: Mapped[Identity]
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    games: Mapped[int] = mapped_column(Integer)
    reason: Mapped[str] = mapped_column(Text)
    by: Mapped[str] = mapped_column("recorded_by", String(WHO))
    at: Mapped[datetime] = mapped_column("recorded_at", UTCDateTime())
