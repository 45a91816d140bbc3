"""A game's officials, its sign-off, the referees' written reports and the
running clock's anchors in wall-clock time.
"""

from __future__ import annotations

from datetime import datetime
from typing import Final

from sqlalchemy import (
    BigInteger,
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from rinkside.store.models.base import (
    Author,
    Base,
    ChainEntry,
    FlagOff,
    Identity,
    Label,
    Remark,
    Tally,
    _one_of,
)

OFFICIAL_ROLES: Final = ("referee", "game_timekeeper", "penalty_timekeeper",
                         "official_scorer", "goal_judge")
SIGNOFF_KINDS: Final = ("sign", "reopen")


class GameOfficial(Base):
    """An official of a game as the report names them (Rules 501-507): two
    referees, the game and penalty timekeepers, the official scorer and the
    goal judges where used. ``position`` orders officials of one role."""

    __tablename__ = "game_officials"
    __table_args__ = (
        CheckConstraint(_one_of("role", OFFICIAL_ROLES), name="role"),
        UniqueConstraint("game_id", "role", "position"),
    )

    id: Mapped[Identity]
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    role: Mapped[str] = mapped_column(String(32))
    position: Mapped[Tally]
    name: Mapped[Label]


class SignOffEntry(ChainEntry, Base):
    """One step of a game's sign-off, append-only: a referee's signature or
    the director's reopening (with its reason). ``locks`` is true on the
    signature that completed the assigned referees' set: from then on, until
    a reopening, the game's events cannot change (Rule 616(a))."""

    __tablename__ = "signoff_entries"
    __table_args__ = (
        CheckConstraint(_one_of("kind", SIGNOFF_KINDS), name="kind"),
        CheckConstraint("kind <> 'reopen' OR reason <> ''", name="reopen_reason"),
        Index(None, "game_id", "id"),
    )

    id: Mapped[Identity]
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    kind: Mapped[str] = mapped_column(String(16))
    username: Mapped[Author]
    at: Mapped[datetime]
    reason: Mapped[Remark]
    locks: Mapped[FlagOff]


WRITTEN_KINDS: Final = ("report", "incident")


class WrittenReport(ChainEntry, Base):
    """A referee's written report on a game, append-only: the report the
    book requires on game misconduct, gross misconduct and match penalties
    (502(l), 404(h), 405(b)), or an incident note; the report prints them."""

    __tablename__ = "written_reports"
    __table_args__ = (
        CheckConstraint(_one_of("kind", WRITTEN_KINDS), name="kind"),
        CheckConstraint("text <> ''", name="text"),
        Index(None, "game_id", "id"),
    )

    id: Mapped[Identity]
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    kind: Mapped[str] = mapped_column(String(16))
    rule: Mapped[str | None] = mapped_column(String(16))
    text: Mapped[str] = mapped_column(Text)
    username: Mapped[Author]
    at: Mapped[datetime]


ANCHOR_KINDS: Final = ("play", "timekeeper", "timeout", "intermission")


class ClockAnchor(Base):
    """Where a game's running clock stands in wall-clock time, append-only:
    the clock read ``left_tenths`` of ``period`` (its index, 1 first) at
    ``wall_ms`` (milliseconds since the epoch, UTC), so while it runs it reads
    ``left - (now - wall)``. ``play``: written when an event started the clock;
    ``timekeeper``: the game timekeeper set it to the rink's clock (Rule 507(a)),
    no event in the game's log; the newest of these is the running clock's
    anchor. ``timeout`` and ``intermission``: the countdown of a time-out
    (641, note 1) or of the rest between periods (640(a)) as it began."""

    __tablename__ = "clock_anchors"
    __table_args__ = (
        CheckConstraint(_one_of("kind", ANCHOR_KINDS), name="kind"),
        CheckConstraint("left_tenths >= 0", name="left_tenths"),
        Index(None, "game_id", "id"),
    )

    id: Mapped[Identity]
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    period: Mapped[int] = mapped_column(Integer)
    left_tenths: Mapped[int] = mapped_column(Integer)
    wall_ms: Mapped[int] = mapped_column(BigInteger)
    kind: Mapped[str] = mapped_column(String(16))
    username: Mapped[Author]
    at: Mapped[datetime]


class SignedReport(Base):
    """The official report of a game as signed with the league's key when the
    last signature locked it (Rule 616(a); issue 29), append-only: the PDF
    exactly as signed, its SHA-256 (``digest``), the game's chain head it
    carries, and when. A game reopened and signed again has a newer one; the
    older stays, superseded (:mod:`rinkside.services.signed_reports`)."""

    __tablename__ = "signed_reports"
    __table_args__ = (Index(None, "game_id", "id"), Index(None, "digest"))

    id: Mapped[Identity]
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    chain_head: Mapped[str] = mapped_column(String(64))
    digest: Mapped[str] = mapped_column(String(64))
    signer: Mapped[str] = mapped_column(String(100))  # the certificate's SHA-256, AB:CD:...
    at: Mapped[datetime]
    pdf: Mapped[bytes] = mapped_column(LargeBinary)


TEAM_SIGNATURE_KINDS: Final = ("lineup", "report", "decline", "void")
# What a team official signs; "void" is written by a lineup's change (migration 0029).
TEAM_SIGNED_KINDS: Final = ("lineup", "report", "decline")


class TeamSignature(ChainEntry, Base):
    """A team official's signature on a game, append-only, linked in the
    game's hash chain beside the officials' sign-off: the lineup signed
    before the game (202(c), 204), the report signed after it, or declined
    with a written remark (506(b)). ``team_id`` is the team they sign for.
    A ``void`` entry follows a lineup signature when the lineup is changed
    after it (``username``: who changed it): that signature no longer
    covers the lineup, which needs signing again if the game has not begun."""

    __tablename__ = "team_signatures"
    __table_args__ = (
        CheckConstraint(_one_of("kind", TEAM_SIGNATURE_KINDS), name="kind"),
        CheckConstraint("kind <> 'decline' OR remark <> ''", name="decline_remark"),
        Index(None, "game_id", "id"),
    )

    id: Mapped[Identity]
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    team_id: Mapped[int] = mapped_column(ForeignKey("teams.id"))
    kind: Mapped[str] = mapped_column(String(16))
    username: Mapped[Author]
    remark: Mapped[Remark]
    at: Mapped[datetime]
