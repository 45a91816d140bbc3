"""Every choice the rule book leaves to an event, in one typed table.

Each :class:`SettingSpec` names its key, the rule that leaves the choice
open, a description, its default and how a value is read and checked. An
event's amendments come as a mapping (a scenario's ``settings``, a
tournament's TOML file) and are checked against the book: a 1:45 minor is
refused because Rule 402(a) allows 1:30 or 2:00.

Durations are held as integer tenths of a second. Every number and length
is bounded too (no event plays 100,000 periods or a ten-hour period): a value
out of its bounds is refused with the setting's rule.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any, Final, Literal

from rinkside.rules.errors import SettingsError
from rinkside.rules.times import TimeFormatError, format_duration, parse_duration

ClockMode = Literal["stop", "running"]
OvertimeMode = Literal["none", "shootout", "shootout_only", "unlimited"]
OVERTIME_MODES: Final = ("none", "shootout", "shootout_only", "unlimited")


@dataclass(frozen=True, slots=True)
class Points:
    """Standings points for a result (Rules 639(a), 634(d))."""

    win: float = 2
    tie: float = 1
    loss: float = 0


@dataclass(frozen=True, slots=True)
class Settings:
    """The rule settings in force for one game. Times in tenths."""

    periods: int = 2
    period_length: int = 12 * 600
    clock: ClockMode = "stop"
    late_stop_clock: int | None = 2 * 600
    late_stop_clock_margin: int = 1
    minor: int = 2 * 600
    major: int = 5 * 600
    misconduct: int = 10 * 600
    ejection_minutes: int = 10 * 600
    mercy: int | None = 8
    overtime: OvertimeMode = "none"
    overtime_length: int = 5 * 600
    shootout_shooters: int = 4
    timeouts: int = 1
    timeout_length: int = 30 * 10
    intermission: int = 60 * 10
    points: Points = Points()
    full_strength: int = 4
    min_players_on_floor: int = 3
    roster_max: int = 15
    forfeit_goals: int = 1
    late_forfeit_sanctions: tuple[str, ...] = ("last_seed",)
    """634(e) 1-3: what the tournament does to a team that forfeits its last or
    next to last game: ``last_seed`` (1), ``no_awards`` (2), ``disqualify`` (3)."""
    servers_named: bool = False
    """402(c), 404(b), 404(e), 405(a), 407(a): play waits at the stoppage until
    someone is named to serve each penalty another player serves. Off for
    FORMAT.md's scenarios (``served_by`` is optional there); on for the games
    rinkside runs in a tournament (:mod:`rinkside.tournament.stage_settings`)."""

    def with_overrides(self, overrides: Mapping[str, Any]) -> Settings:
        """A copy with ``overrides`` (edge values: ``"2:00"``...) applied and checked."""
        return settings_from_mapping(overrides, base=self)

    @property
    def max_counting_penalties(self) -> int:
        """How many penalties can leave a team short at once (Rule 401(c), 408(a))."""
        return self.full_strength + 1 - self.min_players_on_floor


Reader = Callable[[str, Any], Any]


@dataclass(frozen=True, slots=True)
class SettingSpec:
    """One row of the settings table."""

    key: str
    rule: str
    description: str
    read: Reader
    show: Callable[[Any], str]

    def default(self) -> Any:
        return getattr(Settings(), self.key)


def _fail(key: str, message: str) -> SettingsError:
    spec = SPECS.get(key)
    return SettingsError(key, spec.rule if spec else None, message)


# The longest any duration setting may be: an hour (a period, a misconduct...).
MAX_DURATION: Final = 60 * 600


def _duration(key: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, str):
        raise _fail(key, f"expected a time like '2:00', got {value!r}")
    try:
        tenths = parse_duration(value)
    except TimeFormatError as exc:
        raise _fail(key, str(exc)) from None
    if tenths <= 0:
        raise _fail(key, "must be longer than 0:00")
    if tenths > MAX_DURATION:
        raise _fail(key, f"{value!r} is longer than {format_duration(MAX_DURATION)}")
    return tenths


def _choice_of_durations(*allowed: str) -> Reader:
    allowed_tenths = {parse_duration(a): a for a in allowed}

    def read(key: str, value: Any) -> int:
        tenths = _duration(key, value)
        if tenths not in allowed_tenths:
            raise _fail(key, f"{value!r} is not allowed; the book allows {' or '.join(allowed)}")
        return tenths

    return read


def _optional_duration(key: str, value: Any) -> int | None:
    return None if value is None else _duration(key, value)


def _int_between(minimum: int, maximum: int) -> Reader:
    def read(key: str, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) \
                or not minimum <= value <= maximum:
            raise _fail(key, f"expected a whole number from {minimum} to {maximum}, "
                        f"got {value!r}")
        return value

    return read


def _optional_int_between(minimum: int, maximum: int) -> Reader:
    strict = _int_between(minimum, maximum)

    def read(key: str, value: Any) -> int | None:
        return None if value is None else strict(key, value)

    return read


def _enum(*choices: str) -> Reader:
    def read(key: str, value: Any) -> str:
        if value not in choices:
            raise _fail(key, f"{value!r} is not one of {', '.join(choices)}")
        return str(value)

    return read


def _points(key: str, value: Any) -> Points:
    if not isinstance(value, Mapping):
        raise _fail(key, f"expected a table of win, tie and loss, got {value!r}")
    unknown = set(value) - {"win", "tie", "loss"}
    if unknown:
        raise _fail(key, f"unknown entries {sorted(unknown)}; expected win, tie, loss")
    base = Points()
    out = {}
    for name in ("win", "tie", "loss"):
        v = value.get(name, getattr(base, name))
        if isinstance(v, bool) or not isinstance(v, int | float) or not -10 <= v <= 10:
            raise _fail(key, f"{name} must be a number from -10 to 10, got {v!r}")
        out[name] = v
    return Points(**out)


def _show_duration(value: Any) -> str:
    return "off" if value is None else format_duration(value)


def _show_plain(value: Any) -> str:
    return "off" if value is None else str(value)


LATE_FORFEIT_SANCTIONS: Final = ("last_seed", "no_awards", "disqualify")


def _sanctions(key: str, value: Any) -> tuple[str, ...]:
    """A list of 634(e) sanctions, or one text of them separated by commas."""
    if value is None:
        return ()
    items = value.split(",") if isinstance(value, str) else value
    if not isinstance(items, list | tuple) or not all(isinstance(i, str) for i in items):
        raise _fail(key, f"expected a list of {', '.join(LATE_FORFEIT_SANCTIONS)}, got {value!r}")
    chosen = [i.strip() for i in items if i.strip()]
    for item in chosen:
        if item not in LATE_FORFEIT_SANCTIONS:
            raise _fail(key, f"{item!r} is not one of {', '.join(LATE_FORFEIT_SANCTIONS)}")
    return tuple(s for s in LATE_FORFEIT_SANCTIONS if s in chosen)


def _show_sanctions(value: Any) -> str:
    return ", ".join(value) if value else "off"


def _flag(key: str, value: Any) -> bool:
    """On or off: true/false, "on"/"off" (TOML's "off" arrives as None)."""
    if value is None or value in ("off", "false"):
        return False
    if value in ("on", "true"):
        return True
    if not isinstance(value, bool):
        raise _fail(key, f"expected on or off (true or false), got {value!r}")
    return value


def _show_flag(value: Any) -> str:
    return "on" if value else "off"


def _show_points(value: Any) -> str:
    return f"win {value.win:g}, tie {value.tie:g}, loss {value.loss:g}"


_TABLE: Final[tuple[SettingSpec, ...]] = (
    SettingSpec("periods", "640(a)", "Number of regulation periods.",
                _int_between(1, 9), _show_plain),
    SettingSpec("period_length", "640(a)", "Length of each regulation period.",
                _duration, _show_duration),
    SettingSpec("clock", "640(a)",
                "'stop' (the clock runs only during play) or 'running' (it runs through "
                "stoppages).", _enum("stop", "running"), _show_plain),
    SettingSpec("late_stop_clock", "640(a)",
                "Under running time, the clock stops during stoppages in this last part of "
                "the final regulation period while the score is tied or within the margin; "
                "off = never.", _optional_duration, _show_duration),
    SettingSpec("late_stop_clock_margin", "640(a)",
                "Goal differential at or under which the late stop-clock applies.",
                _int_between(0, 99), _show_plain),
    SettingSpec("minor", "402(a)", "Length of a minor penalty: 1:30 or 2:00.",
                _choice_of_durations("1:30", "2:00"), _show_duration),
    SettingSpec("major", "403(a)", "Length of a major penalty: 4:00 or 5:00.",
                _choice_of_durations("4:00", "5:00"), _show_duration),
    SettingSpec("misconduct", "404(a)", "Length of a misconduct penalty.",
                _duration, _show_duration),
    SettingSpec("ejection_minutes", "404(e) note 1",
                "Minutes charged in the records for a game ejection, game misconduct, gross "
                "misconduct or match penalty.", _duration, _show_duration),
    SettingSpec("mercy", "630(a) note 1",
                "Goal differential that ends the game at once; off = no mercy rule.",
                _optional_int_between(1, 99), _show_plain),
    SettingSpec("overtime", "639",
                "'none' (a tie stands), 'shootout' (one sudden-death overtime, then a "
                "shootout), 'shootout_only', or 'unlimited' sudden-death periods.",
                _enum(*OVERTIME_MODES), _show_plain),
    SettingSpec("overtime_length", "639(b)",
                "Length of the single overtime before a shootout (unlimited overtime periods "
                "are as long as a regulation period, 639(c)).", _duration, _show_duration),
    SettingSpec("shootout_shooters", "639(b)", "Shooters each team names for a shootout round.",
                _int_between(1, 15), _show_plain),
    SettingSpec("timeouts", "641(b) note 1", "Time-outs each team may take in a game.",
                _int_between(0, 9), _show_plain),
    SettingSpec("timeout_length", "641(b) note 1", "Length of a time-out.",
                _duration, _show_duration),
    SettingSpec("intermission", "640(a)", "Rest between periods.", _duration, _show_duration),
    SettingSpec("points", "639(a), 634(d)", "Standings points for a win, a tie and a loss.",
                _points, _show_points),
    SettingSpec("full_strength", "201(b)", "Skaters a team has on the floor at full strength.",
                _int_between(3, 9), _show_plain),
    SettingSpec("min_players_on_floor", "401(c)",
                "Fewest players (goaltender included) penalties can leave on the floor.",
                _int_between(2, 9), _show_plain),
    SettingSpec("roster_max", "201(a)", "Most players on a team's roster.",
                _int_between(1, 99), _show_plain),
    SettingSpec("forfeit_goals", "634(d), 634(e) note 2",
                "Goals recorded for the winner of a forfeited game.",
                _int_between(1, 99), _show_plain),
    SettingSpec("late_forfeit_sanctions", "634(e)",
                "For forfeiting a team's last or next to last game: last_seed (634(e)1), "
                "no_awards for its players (634(e)2), disqualify the team (634(e)3); "
                "off = none.", _sanctions, _show_sanctions),
    SettingSpec("servers_named", "402(c), 404(b), 404(e), 405(a), 407(a)",
                "Play waits at the stoppage (the face-off is refused) until a player is named "
                "to serve each penalty another player serves: a bench minor, a minor or major "
                "given with a misconduct, game ejection or game misconduct, a match penalty's "
                "time, a goaltender's penalty. On for tournament games; off for rule-book "
                "scenarios, where naming the server is optional.", _flag, _show_flag),
)

SPECS: Final[dict[str, SettingSpec]] = {spec.key: spec for spec in _TABLE}
assert set(SPECS) == {f.name for f in fields(Settings)}, "settings table and Settings disagree"


def settings_table() -> tuple[SettingSpec, ...]:
    """The table in display order."""
    return _TABLE


def settings_from_mapping(values: Mapping[str, Any], *, base: Settings | None = None) -> Settings:
    """Read edge values (``{"minor": "1:30", "mercy": null}``) onto ``base``."""
    changes: dict[str, Any] = {}
    for key, value in values.items():
        spec = SPECS.get(key)
        if spec is None:
            raise SettingsError(key, None, f"unknown setting; known: {', '.join(SPECS)}")
        changes[key] = spec.read(key, value)
    # Rule 640(a), casebook 22, 33: a late stop-clock as long as the last
    # period or longer covers all of it (a 1:30 period under the default
    # 2:00): no error.
    return replace(base or Settings(), **changes)


def settings_to_mapping(settings: Settings) -> dict[str, str]:
    """Each setting as a person reads it."""
    return {spec.key: spec.show(getattr(settings, spec.key)) for spec in _TABLE}


def load_settings_toml(path: Path, *, base: Settings | None = None) -> Settings:
    """An event's amendments from a TOML file, checked against the book.

    The file holds the keys of the table at top level, or under ``[settings]``.
    """
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise SettingsError("<file>", None, f"{path}: not valid TOML: {exc}") from None
    table = data.get("settings", data)
    if not isinstance(table, dict):
        raise SettingsError("settings", None, f"{path}: [settings] must be a table")
    # TOML has no null: "off" stands for it where a setting can be off.
    cleaned = {k: (None if v == "off" else v) for k, v in table.items()}
    return settings_from_mapping(cleaned, base=base)
