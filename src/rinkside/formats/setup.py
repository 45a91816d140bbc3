"""FORMAT.md ``settings`` and teams, read onto the engine's settings and rosters and back.

A scenario's ``settings`` are overrides of the defaults, each checked
against its rule (:func:`~rinkside.rules.settings.settings_from_mapping`);
a team's ``roster`` is checked against Section II
(:class:`~rinkside.rules.roster.Roster`).
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, Final

from rinkside.formats.text import NAME, check_text, readable
from rinkside.rules.errors import SettingsError
from rinkside.rules.events import Team
from rinkside.rules.roster import Player, Roster, default_roster
from rinkside.rules.settings import Settings, settings_from_mapping
from rinkside.rules.times import format_duration

__all__ = [
    "FORMAT_SETTINGS",
    "decode_roster",
    "decode_settings",
    "encode_roster",
    "encode_settings",
    "settings_message",
]


def decode_settings(raw: Any) -> Settings:
    """A file's ``settings`` (overrides of the defaults, or None for none).

    Raises :class:`~rinkside.rules.errors.SettingsError` naming the setting
    and its rule."""
    if raw is None:
        return Settings()
    return settings_from_mapping(raw)


def settings_message(exc: SettingsError) -> str:
    """``settings.minor: ... (Rule 402(a))``: the error at its place in the file."""
    text = str(exc)
    prefix = f"setting '{exc.key}': "
    return f"settings.{exc.key}: {text.removeprefix(prefix)}"


def decode_roster(raw: Any, team: Team, settings: Settings) -> Roster:
    """A file's ``home`` or ``away`` (None: the default roster of that name).

    Raises :class:`~rinkside.rules.errors.RuleViolation` (Section II) for a
    roster that breaks the book, :class:`~rinkside.formats.text.TextError`
    for a name that is not text a person typed."""
    info = raw or {}
    name = check_text(info.get("name") or team.capitalize(), f"{team}.name", NAME)
    if "roster" not in info:
        return default_roster(name)
    players = tuple(
        Player(
            number=p["number"],
            name=check_text(p.get("name", ""), f"{team}.roster[{i}].name", NAME),
            goalie=bool(p.get("goalie", False)),
            captain=p.get("captain"),
        )
        for i, p in enumerate(info["roster"])
    )
    return Roster(name, players, roster_max=settings.roster_max)


# The settings FORMAT.md (and its schema) has a key for, in its order.
FORMAT_SETTINGS: Final = ("periods", "period_length", "clock", "late_stop_clock", "minor",
                          "major", "misconduct", "mercy", "overtime", "overtime_length",
                          "shootout_shooters", "timeouts", "timeout_length", "points")
_DURATIONS: Final = frozenset({"period_length", "late_stop_clock", "minor", "major",
                               "misconduct", "overtime_length", "timeout_length"})


def encode_settings(settings: Settings, *, strict: bool = False) -> dict[str, Any]:
    """The settings as FORMAT.md writes them (``"12:00"``, ``null`` for off).

    A setting FORMAT.md has no key for is left out, or, ``strict``, refused
    with :class:`ValueError` when it differs from its default (a scenario
    must mean what it says)."""
    if strict:
        default = Settings()
        for f in fields(Settings):
            if f.name not in FORMAT_SETTINGS and \
                    getattr(settings, f.name) != getattr(default, f.name):
                raise ValueError(f"setting {f.name!r} has no form in FORMAT.md")

    def edge(key: str, value: Any) -> Any:
        if value is None:
            return None
        if key in _DURATIONS:
            return format_duration(value)
        if key == "points":
            return {"win": value.win, "tie": value.tie, "loss": value.loss}
        return value

    return {key: edge(key, getattr(settings, key)) for key in FORMAT_SETTINGS}


def encode_roster(roster: Roster) -> dict[str, Any]:
    """A team as FORMAT.md writes it: its name and dressed players (a team
    with no player dressed has no ``roster``: the format wants one at least)."""
    players: list[dict[str, Any]] = []
    for p in roster.players:
        entry: dict[str, Any] = {"number": p.number}
        if p.name:
            entry["name"] = readable(p.name)
        if p.goalie:
            entry["goalie"] = True
        if p.captain is not None:
            entry["captain"] = p.captain
        players.append(entry)
    name = readable(roster.name)
    return {"name": name, "roster": players} if players else {"name": name}
