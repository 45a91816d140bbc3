"""FORMAT.md game times: ``"1 11:42"``, ``"OT 3:00"``, ``"OT2 9:30"``, ``"SO"``.

Periods are ``1``, ``2``, ... then ``OT`` (or ``OT1``, ``OT2``, ... with
unlimited overtime, Rule 639(c)) and ``SO`` for the shootout, which has no
clock (Rule 639(b)). Inside the engine a moment is a
:class:`~rinkside.rules.times.GameTime`.
"""

from __future__ import annotations

from rinkside.rules.settings import Settings
from rinkside.rules.times import GameTime, TimeFormatError, format_duration, parse_game_time

__all__ = ["encode_time", "parse_time", "shootout_moment"]


def parse_time(text: str, regulation_periods: int) -> GameTime:
    """A FORMAT.md game time (``"1 11:42"``, ``"OT 3:00"``, ``"OT2 9:30"``).

    Unlike :func:`parse_game_time` alone this refuses a numbered period past
    regulation (``"3 5:00"`` in a two-period game): FORMAT.md names overtime
    ``OT``/``OT1``..., so such a time is a mistake, not overtime.
    """
    parts = text.split()
    if len(parts) != 2:
        raise TimeFormatError(
            f"{text!r} is not a game time like '1 11:42', '2 0:04.5' or 'OT 3:00'"
        )
    try:
        moment = parse_game_time(text, regulation_periods)
    except TimeFormatError:
        raise TimeFormatError(
            f"{text!r} is not a game time like '1 11:42', '2 0:04.5' or 'OT 3:00'"
        ) from None
    if parts[0].isdigit() and moment.period > regulation_periods:
        raise TimeFormatError(
            f"{text!r}: period {moment.period} is past the {regulation_periods} regulation "
            "periods; overtime is written 'OT' (or 'OT1', 'OT2', ...)"
        )
    return moment


def encode_time(moment: GameTime, settings: Settings) -> str:
    """The inverse of :func:`parse_time`, for a game played under ``settings``.

    The first overtime is ``OT``, or ``OT1`` when overtime is unlimited
    (Rule 639(c): overtime periods follow one another until a goal); a second
    or later overtime is always numbered (``"OT2 9:30"``) so that no moment
    is written ambiguously.
    """
    periods = settings.periods
    if moment.period <= periods:
        label = str(moment.period)
    else:
        number = moment.period - periods
        label = f"OT{number}" if settings.overtime == "unlimited" or number > 1 else "OT"
    return f"{label} {format_duration(moment.left)}"


def shootout_moment(regulation_periods: int) -> GameTime:
    """The moment a forfeit written ``"at": "SO"`` is given: the end of the
    first overtime. The shootout has no clock (639(b)); the engine keeps its
    clock as it is for an event during the shootout, so the value only has to
    be a readable moment. Such a forfeit is written back with this clock time."""
    return GameTime(regulation_periods + 1, 0)
