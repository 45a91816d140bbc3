"""What the public address reads for each penalty and goal.

Rule 505(c): "Where public address systems are used, the Penalty Timekeeper
shall announce or have announced the name of each penalized player the
nature of the offense and the penalty assessed." Every penalty sentence
therefore names the player (number and name), the infraction and the penalty
with its length; who serves it when that is someone else (402(b), 402(c),
405(a)), and the time. Goals are announced the same way: scorer, assist,
time, and the kind of goal as the engine classed it (power play,
short-handed, empty net, penalty shot).

Everything comes from the engine's records of the game; nothing is decided
here. A sentence says the time elapsed in the period ("at 0:02 of the first
period"); the announcement's ``time`` is the game clock as it showed it
(Rule 507(d)).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from rinkside.present.names import class_text
from rinkside.present.periods import period_label
from rinkside.rules.events import PenaltyClass
from rinkside.rules.records import GoalRecord, PenaltyRecord, charged_tenths
from rinkside.rules.roster import Roster
from rinkside.rules.state import GameState
from rinkside.rules.times import GameTime, format_duration

_WORDS: Final = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                 "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
                 "seventeen", "eighteen", "nineteen", "twenty")
_TENS: Final = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty",
                "ninety")
_ORDINALS: Final = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh",
                    "eighth", "ninth", "tenth")
_TAG_WORDS: Final = {"PP": "power-play goal", "SH": "short-handed goal",
                     "EN": "empty-net goal", "PS": "penalty-shot goal"}


@dataclass(frozen=True, slots=True)
class Announcement:
    kind: Literal["goal", "penalty"]
    period: str  # "1", "2", "OT"
    time: str  # the game clock, M:SS
    text: str


def announcements(state: GameState) -> list[Announcement]:
    """Every penalty and goal of the game as the public address reads it,
    in the order of the game (newest last; at one moment a goal before the
    penalties assessed at the same stoppage). A forfeit's recorded goals
    (634(d)) were never scored, and are not announced."""
    items: list[tuple[tuple[int, int], int, int, Announcement]] = []
    forfeit = state.result is not None and state.result.decided_by == "forfeit"
    for i, goal in enumerate(() if forfeit else state.goals):
        items.append((goal.at.key, 0, i, _announce_goal(state, goal)))
    for i, penalty in enumerate(state.penalties):
        items.append((penalty.at.key, 1, i, _announce_penalty(state, penalty)))
    return [a for *_, a in sorted(items, key=lambda item: item[:3])]


# --------------------------------------------------------------------------- sentences


def _announce_goal(state: GameState, goal: GoalRecord) -> Announcement:
    roster = state.setup.roster(goal.team)
    if goal.own_goal:  # 616(c): credited to the attacker who last played it, no assist
        text = (f"{roster.name} goal, put in by the defending side, credited to "
                f"{spoken_player(roster, goal.scorer)}")
    else:
        text = f"{roster.name} goal scored by {spoken_player(roster, goal.scorer)}"
        text += (", unassisted" if goal.assist is None
                 else f", assisted by {spoken_player(roster, goal.assist)}")
    text += f", at {_when(state, goal.at)}"
    kinds = [word for tag, word in _TAG_WORDS.items() if _has_tag(goal, tag)]
    if kinds:
        text += ", " + _joined(kinds)
    return Announcement("goal", _period(state, goal.at.period), _clock(goal.at), text + ".")


def _has_tag(goal: GoalRecord, tag: str) -> bool:
    return {"PP": goal.strength == "PP", "SH": goal.strength == "SH", "EN": goal.empty_net,
            "PS": goal.penalty_shot}[tag]


def _announce_penalty(state: GameState, record: PenaltyRecord) -> Announcement:
    """Rule 505(c): the penalized player's name, the offence and the penalty."""
    roster = state.setup.roster(record.team)
    settings = state.setup.settings
    cls = record.penalty_class
    offence = f"for {spoken_infraction(record.infraction)}"
    length = spoken_duration(charged_tenths(record, settings))
    if cls == PenaltyClass.BENCH_MINOR or record.player is None:  # 402(c)
        text = f"{roster.name} bench minor penalty, {length} {offence}"
    else:
        who = spoken_player(roster, record.player)
        if record.goalie:
            who = f"goaltender {who}"
        if cls == PenaltyClass.MINOR:
            penalty = f"{length} {offence}"
        elif cls == PenaltyClass.DOUBLE_MINOR:
            penalty = f"a double minor, {length} {offence}"
        elif cls == PenaltyClass.MAJOR:
            penalty = f"a major penalty, {length} {offence}"
        elif cls == PenaltyClass.MISCONDUCT:
            penalty = f"a misconduct, {length} {offence}"
        elif cls == PenaltyClass.MATCH:  # 405(a): a teammate serves the time portion
            served = (f"served by {spoken_player(roster, record.served_by)}"
                      if record.served_by is not None else "to be served by a teammate")
            penalty = f"a match penalty {offence}, {spoken_duration(settings.major)} {served}"
        else:
            penalty = f"a {class_text(cls)} {offence}"  # 404(c), 404(d), 404(g)
        text = f"{roster.name} penalty, {who}, {penalty}"
    if record.served_by is not None and record.served_by != record.player \
            and cls != PenaltyClass.MATCH:
        text += f", served by {spoken_player(roster, record.served_by)}"
    text += f", at {_when(state, record.at)}."
    return Announcement("penalty", _period(state, record.at.period), _clock(record.at), text)


# --------------------------------------------------------------------------- words


def spoken_player(roster: Roster, number: int) -> str:
    """``number 12, Alex Kim`` (the number alone when no name was given)."""
    found = roster.player(number)
    return f"number {number}, {found.name}" if found is not None and found.name \
        else f"number {number}"


def spoken_duration(tenths: int) -> str:
    """1200 -> ``two minutes``, 900 -> ``one minute thirty seconds``, 6000 -> ``ten minutes``."""
    minutes, rest = divmod(tenths // 10, 60)
    parts = []
    if minutes:
        parts.append(f"{_number(minutes)} minute{'s' if minutes != 1 else ''}")
    if rest or not minutes:
        parts.append(f"{_number(rest)} second{'s' if rest != 1 else ''}")
    return " ".join(parts)


def spoken_infraction(infraction: str) -> str:
    """``Tripping`` or ``high_sticking`` as spoken: ``tripping``, ``high sticking``."""
    words = infraction.replace("_", " ").strip()
    if len(words) > 1 and words[0].isupper() and words[1].islower():
        words = words[0].lower() + words[1:]
    return words


def _number(n: int) -> str:
    """0-99 in words (``forty-five``); larger numbers as digits."""
    if 0 <= n < len(_WORDS):
        return _WORDS[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return _TENS[tens] + (f"-{_WORDS[ones]}" if ones else "")
    return str(n)


def _joined(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _clock(moment: GameTime) -> str:
    return format_duration(moment.left, show_tenths=False)


def _period(state: GameState, period: int) -> str:
    return period_label(period, state.setup.settings)


def _when(state: GameState, moment: GameTime) -> str:
    """``0:18 of the first period``, ``3:00 of overtime``, ``1:10 of the second
    overtime``: the time elapsed in the period, as a public address says it
    (the clock itself counts down)."""
    regulation = state.setup.settings.periods
    period = moment.period
    if period <= regulation:
        where = f"the {_ordinal(period)} period"
    elif period == regulation + 1 and state.setup.settings.overtime != "unlimited":
        where = "overtime"
    else:
        where = f"the {_ordinal(period - regulation)} overtime"
    elapsed = state.period_length(period) - moment.left
    return f"{format_duration(max(0, elapsed), show_tenths=False)} of {where}"


def _ordinal(n: int) -> str:
    return _ORDINALS[n - 1] if 1 <= n <= len(_ORDINALS) else f"{n}th"
