"""The schedule as iCalendar feeds (RFC 5545): one per division, one per team.

Each scheduled game with a start time is one VEVENT:

- UID ``rinkside-game-<id>@<domain>``: stable, so a calendar that
  subscribed to the feed updates a moved game instead of adding a new one;
- DTSTART in UTC (the store keeps every moment in UTC) and a DURATION from
  the division's settings (:func:`game_duration`);
- SUMMARY "Home vs Away", LOCATION the rink, DESCRIPTION the division, the
  round (pool or the playoff round) and, once the game is over, the final
  score as recorded (shootout goals are not in it, 639(b); a forfeit is
  recorded 1-0, 634(d));
- STATUS CONFIRMED, or CANCELLED for a game that will not be played because
  a team was removed from the tournament (634(e)4-7);
- a bracket game the desk scheduled before its teams are known is an event
  of the division's feed saying what its places wait for ("Winner of SF1 vs
  Winner of SF2"), UID ``rinkside-bracket-<division>-<code>@<domain>``,
  until its game is made.

Games not yet given a start time are left out (an event needs one, RFC
5545 3.6.1) and counted in :attr:`Feed.unscheduled`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Final

from icalendar import Calendar, Event, vText
from icalendar.enums import STATUS

from rinkside.formats.text import readable
from rinkside.present.results import final_score
from rinkside.rules.settings import Settings
from rinkside.services import queries
from rinkside.services.queries.playoffs import waiting_games
from rinkside.services.tournaments import Tournaments
from rinkside.tournament.model import ScheduledGame

__all__ = [
    "DEFAULT_DURATION",
    "DOMAIN",
    "CalendarGame",
    "Feed",
    "Text",
    "division_calendar",
    "feed",
    "final_score",
    "game_duration",
    "game_uid",
    "team_calendar",
]

PRODID: Final = "-//rinkside//RHA roller hockey schedule//EN"
DOMAIN: Final = "rinkside.invalid"
DEFAULT_DURATION: Final = timedelta(hours=1)
STOPPAGE_ALLOWANCE: Final = 0.5  # stop time: whistles add about half the playing time
ROUND_TO: Final = timedelta(minutes=5)


@dataclass(frozen=True, slots=True)
class CalendarGame:
    """One scheduled game as a calendar shows it."""

    game_id: int
    home: str
    away: str
    start: datetime | None
    rink: str | None
    division: str
    tournament: str
    stage: str
    round_name: str
    final: str | None = None  # the recorded result, once the game is over
    cancelled: str | None = None  # why the game will not be played
    team_ids: tuple[int, int] = (0, 0)  # home, away
    uid: str | None = None  # a bracket game with no game yet: its place's, not a game's


@dataclass(frozen=True, slots=True)
class Feed:
    """An iCalendar document and what went into it."""

    name: str
    ical: bytes
    events: int
    unscheduled: int


def game_duration(settings: Settings | None) -> timedelta:
    """How long a game occupies the rink, from the settings in force: the
    regulation periods and the rests between them (640(a)), every time-out
    (641(b) note 1) and, under stop time, an allowance of half the playing
    time for stoppages; rounded up to 5 minutes. Overtime is not counted
    (most games end in regulation). Without settings: one hour."""
    if settings is None:
        return DEFAULT_DURATION
    play = settings.periods * settings.period_length
    if settings.clock == "stop":
        play = math.ceil(play * (1 + STOPPAGE_ALLOWANCE))
    rests = (settings.periods - 1) * settings.intermission
    timeouts = 2 * settings.timeouts * settings.timeout_length
    total = timedelta(seconds=(play + rests + timeouts) / 10)
    return ROUND_TO * math.ceil(total / ROUND_TO)


def game_uid(game_id: int, domain: str = DOMAIN) -> str:
    return f"rinkside-game-{game_id}@{domain}"


def _one_line(text: str) -> Text:
    """A property's text on one content line, whatever was stored (a name
    holding CR or LF would break the feed): line breaks become spaces."""
    return Text(readable(" ".join(text.split())))


class Text(vText):
    r"""A TEXT value escaped as RFC 5545 3.3.11 says: a backslash as ``\\``,
    ``;`` and ``,`` with a backslash, a line break as ``\n``. (icalendar's
    own vText takes a typed ``\N`` for a line break, and NAME and
    X-WR-CALNAME set by ``Calendar.new`` are not escaped at all: a team named
    ``Evil; X, Y\N`` broke the feed.)"""

    def to_ical(self) -> bytes:
        text = (str(self).replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
                .replace("\r\n", "\\n").replace("\n", "\\n"))
        return text.encode("utf-8")


def _describe(game: CalendarGame) -> str:
    stage = (f"playoff: {game.round_name}" if game.stage == "playoff" and game.round_name
             else "playoff game" if game.stage == "playoff" else "pool game")
    lines = [f"{game.division}, {stage}", game.tournament]
    if game.cancelled:
        lines.append(f"Cancelled: {game.cancelled}")
    elif game.final:
        lines.append(game.final)
    return "\n".join(lines)


def feed(name: str, calendar_uid: str, games: Iterable[CalendarGame],
         duration: timedelta | Mapping[int, timedelta], *, now: datetime | None = None,
         domain: str = DOMAIN) -> Feed:
    """A VCALENDAR named ``name`` with one VEVENT per game that has a start
    time. ``duration`` is one length for all, or per game id; ``now`` is
    the DTSTAMP (the moment the feed was made)."""
    stamp = (now or datetime.now(UTC)).astimezone(UTC)
    cal = Calendar.new(prodid=PRODID, uid=calendar_uid)
    cal["NAME"] = cal["X-WR-CALNAME"] = _one_line(name)  # RFC 7986 5.1, escaped TEXT
    events = unscheduled = 0
    for game in games:
        if game.start is None:
            unscheduled += 1
            continue
        event = Event.new(
            uid=game.uid or game_uid(game.game_id, domain), stamp=stamp,
            start=game.start.astimezone(UTC),
            status=STATUS.CANCELLED if game.cancelled else STATUS.CONFIRMED)
        event["SUMMARY"] = _one_line(f"{game.home} vs {game.away}")
        event["DESCRIPTION"] = Text(readable(_describe(game)))
        if game.rink:
            event["LOCATION"] = _one_line(game.rink)
        event.duration = (duration if isinstance(duration, timedelta)
                          else duration.get(game.game_id, DEFAULT_DURATION))
        cal.add_component(event)
        events += 1
    return Feed(name, cal.to_ical(), events, unscheduled)


# --------------------------------------------------------------------------- from the store


def _division_games(service: Tournaments, division_id: int, domain: str = DOMAIN
                    ) -> tuple[queries.DivisionRow, list[CalendarGame], Settings]:
    """The division (with its tournament's name) and its games, each with its
    result once final."""
    view = service.division_view(division_id)
    row = queries.division(service, division_id)
    names = queries.team_names(service, division_id)
    division, tournament = row.name, row.tournament
    results = {p.game.game_id: p.state.result for p in view.played}
    games: list[CalendarGame] = []
    for g in view.schedule:
        home, away = names[g.home_team_id], names[g.away_team_id]
        result = results.get(g.game_id)
        games.append(CalendarGame(
            g.game_id, home, away, g.start, g.rink, division, tournament, g.stage,
            g.round_name, final_score(result, home, away) if result is not None else None,
            None if result is not None else _cancelled(g, view.removed, names),
            (g.home_team_id, g.away_team_id)))
    for w in waiting_games(service, division_id=division_id):  # teams not known yet
        games.append(CalendarGame(0, w.home, w.away, w.start, w.rink, division, tournament,
                                  "playoff", f"{w.round_name} ({w.code})",
                                  uid=f"rinkside-bracket-{division_id}-{w.code}@{domain}"))
    return row, games, view.settings


def _cancelled(game: ScheduledGame, removed: Mapping[int, object],
               names: Mapping[int, str]) -> str | None:
    """Rule 634(e)4-7: a removed team plays no more games."""
    for team_id in (game.home_team_id, game.away_team_id):
        if team_id in removed:
            return (f"{names[team_id]} was removed from the tournament "
                    "(Rule 634(e)4); the game will not be played")
    return None


def division_calendar(service: Tournaments, division_id: int, *,
                      now: datetime | None = None, domain: str = DOMAIN) -> Feed:
    """The division's whole schedule."""
    division, games, settings = _division_games(service, division_id, domain)
    return feed(f"{division.tournament} - {division.name}",
                f"rinkside-division-{division_id}@{domain}",
                games, game_duration(settings), now=now, domain=domain)


def team_calendar(service: Tournaments, team_id: int, *,
                  now: datetime | None = None, domain: str = DOMAIN) -> Feed:
    """One team's games (home and away)."""
    team = queries.team(service, team_id)
    division, games, settings = _division_games(service, team.division.division_id)
    mine = [g for g in games if team_id in g.team_ids]
    return feed(f"{team.name} ({division.name})", f"rinkside-team-{team_id}@{domain}", mine,
                game_duration(settings), now=now, domain=domain)

