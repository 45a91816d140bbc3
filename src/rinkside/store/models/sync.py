"""Offline sync: the league server's rink tokens, and on a rink laptop the link
to its league server and the games pulled from it; on both, the officials'
per-rink credentials (:mod:`rinkside.services.sync_proof`).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from rinkside.store.models.base import Base, Identity, Label, Tally


class SyncToken(Base):
    """A rink's token for the league server's sync API, issued by the
    director: only its SHA-256 hash is kept; revoked once ``revoked_at``."""

    __tablename__ = "sync_tokens"
    __table_args__ = (UniqueConstraint("token_hash"),)

    id: Mapped[Identity]
    rink_id: Mapped[int] = mapped_column(ForeignKey("rinks.id"))
    token_hash: Mapped[str] = mapped_column(String(64))
    issued_at: Mapped[datetime]
    revoked_at: Mapped[datetime | None]


class SyncCredential(Base):
    """An official's credential for one rink's laptop.

    On the league server: the director issued it (``rinkside sync credential
    issue``; the secret shown once, never kept): ``verifier`` is the
    secret's argon2 hash, which the laptop logs the official in with, and
    ``key`` the HMAC key derived from the secret, which the league checks
    the official's acts pushed from that laptop with. On the laptop: one row
    per official the league carries to it (``verifier`` None: none issued),
    ``key`` derived from the secret when the official signs in there (None
    until then)."""

    __tablename__ = "sync_credentials"
    __table_args__ = (UniqueConstraint("rink_id", "user_id"),)

    id: Mapped[Identity]
    rink_id: Mapped[int] = mapped_column(ForeignKey("rinks.id"))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    verifier: Mapped[str | None] = mapped_column(String(255))
    key: Mapped[str | None] = mapped_column(String(64))
    issued_at: Mapped[datetime | None]


class SyncLink(Base):
    """On a rink laptop: the league server it pulled its tournament from."""

    __tablename__ = "sync_links"

    id: Mapped[Identity]
    league_url: Mapped[str] = mapped_column(String(500))
    token: Mapped[str] = mapped_column(String(100))  # the laptop's own credential
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id"))
    rink: Mapped[Label]
    pulled_at: Mapped[datetime]


class SyncGame(Base):
    """On a rink laptop: a pulled game, the league server's version of it
    that the local log is known to equal (later events: not pushed yet), how
    much of its sign-off and written reports the league holds, and the league's
    refusal of its last push, if any."""

    __tablename__ = "sync_games"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), primary_key=True)
    league_version: Mapped[int] = mapped_column(Integer)
    # How many of the game's sign-off entries, and of the written reports filed
    # here, the league server is known to hold (later ones: not pushed yet).
    league_signoffs: Mapped[Tally]
    league_reports: Mapped[Tally]
    # The league server's last refusal of the game's push, and the game as it
    # was then ("version/sign-offs/reports"): not sent again while unchanged.
    refused_state: Mapped[str | None] = mapped_column(String(64))
    refused_status: Mapped[int | None]
    refused_message: Mapped[str | None] = mapped_column(Text)
    refused_rule: Mapped[str | None] = mapped_column(String(16))
    refused_at: Mapped[datetime | None]
