"""The settings of a pool game and of a playoff game, apart (Rule 639).

A pool game may end tied (639(a)); a playoff game must be decided. Playoff
games play under the pool's settings with the tournament's playoff
amendments on top; where those name no overtime and the pool's would let a
tie stand, a playoff game plays the book's single overtime and shootout
(639(b)), so a new tournament with the default settings can hold playoffs.
Playoff amendments that let a tie stand are refused, citing 639.

A tournament's games wait at a stoppage for the server of each penalty
another player serves (:data:`TOURNAMENT`), unless its amendments turn
``servers_named`` off. A game keeps the settings it began under: :func:`edge_values` writes a
whole :class:`Settings` as the edge values the settings table reads back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Final, Literal

from rinkside.rules.settings import Points, Settings, settings_from_mapping, settings_table
from rinkside.rules.times import format_duration
from rinkside.tournament.errors import TournamentRuleError

Stage = Literal["pool", "playoff"]
PLAYOFF_OVERTIME: Final = "shootout"  # 639(b): one overtime, then a shootout
DURATIONS: Final = frozenset({
    "period_length", "late_stop_clock", "minor", "major", "misconduct", "ejection_minutes",
    "overtime_length", "timeout_length", "intermission"})


TOURNAMENT: Final = replace(Settings(), servers_named=True)
"""What a tournament's games play under before its amendments: the book's
defaults, and the face-off waits for the server of each penalty another
player serves (402(c), 404(b), 404(e), 405(a), 407(a)), which a rule-book
scenario may leave unnamed (FORMAT.md: ``served_by`` is optional)."""


def pool_settings(tournament: Mapping[str, Any] | None,
                  division: Mapping[str, Any] | None) -> Settings:
    """The event's amendments, then the division's on top."""
    return settings_from_mapping(division or {}, base=settings_from_mapping(
        tournament or {}, base=TOURNAMENT))


def playoff_settings(pool: Settings, amendments: Mapping[str, Any] | None) -> Settings:
    """Rule 639: the pool's settings with the playoff amendments on top; no
    overtime named and a tie possible: 639(b)'s overtime and shootout."""
    amendments = amendments or {}
    settings = settings_from_mapping(amendments, base=pool)
    if "overtime" not in amendments and settings.overtime == "none":
        settings = replace(settings, overtime=PLAYOFF_OVERTIME)
    return settings


def check_playoff_amendments(pool: Settings, amendments: Mapping[str, Any] | None) -> Settings:
    """The playoff settings, refused when a playoff game could end tied
    (Rule 639: overtime 'none' lets a tie stand, 639(a))."""
    settings = playoff_settings(pool, amendments)
    if settings.overtime == "none":
        raise TournamentRuleError(
            "639", "a playoff game must be decided: overtime 'none' lets a tie stand "
            "(639(a)); choose 'shootout', 'shootout_only' (639(b)) or 'unlimited' (639(c))")
    return settings


def stage_settings(stage: str, tournament: Mapping[str, Any] | None,
                   division: Mapping[str, Any] | None,
                   playoff: Mapping[str, Any] | None,
                   kept: Mapping[str, Any] | None = None) -> Settings:
    """The settings a game of ``stage`` plays under; ``kept``: the settings it
    began under, when they were kept (a played game keeps them)."""
    if kept is not None:
        return settings_from_mapping(kept)
    pool = pool_settings(tournament, division)
    return playoff_settings(pool, playoff) if stage == "playoff" else pool


def edge_values(settings: Settings) -> dict[str, Any]:
    """Every setting as the edge value the settings table reads back."""
    out: dict[str, Any] = {}
    for spec in settings_table():
        value = getattr(settings, spec.key)
        if isinstance(value, Points):
            out[spec.key] = {"win": value.win, "tie": value.tie, "loss": value.loss}
        elif spec.key in DURATIONS:
            out[spec.key] = None if value is None else format_duration(value)
        else:
            out[spec.key] = value
    return out
