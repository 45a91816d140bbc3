"""Helpers of the report tests: a small tournament in a SQLite file and one
scripted game played through the service, whose every line the tests know
from the rule book (the fixtures are in ``conftest``).

The scripted game, Blades (home) against Storm (away), 2 x 12:00 stop time,
minors 2:00, majors 5:00, a 5:00 overtime and a shootout (639(b)):

==========  ==============================================================
1 11:00     Storm #5 minor, tripping 642(a)
1 10:00     Blades goal #9 (#4): power play, releases Storm #5 (402(d))
1 9:00      Blades #3 minor, hooking 622(a)
1 8:30      Blades goal #2 unassisted: short-handed (#3 stays in, 402(d))
1 7:00      Blades #3 back: his time is up
1 6:00      Blades bench minor, too many players 205(c), served by #7 (402(c))
1 5:00      Storm time-out; Blades goaltender #1 minor, slashing 635(a),
            served by #8 (402(b))
1 4:30      Storm goal #6 (#7): power play, releases the bench minor (the
            first of the two, 402(d) note 1)
1 3:00      Blades #8 back (the goaltender's minor is over)
1 2:00      Storm #10 game misconduct, abuse of an official 601(d)
2 10:00     Storm #9 match penalty, attempt to injure 603(a); #8 serves
            the five minutes (405(a))
2 9:00      Blades goal #10 unassisted: power play (a major is not
            released by a goal)
2 8:00      Blades #4 penalty shot, saved (406)
2 6:00      Storm goal #6 unassisted: short-handed
2 5:00      Storm #8 back (the match penalty's time is served)
2 3:00      Storm goal #7 (#6): even strength, 3-3
OT          no goal; shootout: Storm shoot first (639(b)4C), nobody scores
            in the first round; sudden death: both score, then Storm miss
            and Blades #5 scores: Blades win
==========  ==============================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path

from rinkside.rules.events import (
    Event,
    FaceOff,
    Goal,
    Penalty,
    PenaltyClass,
    PenaltyShot,
    PeriodEnd,
    ShootoutAttempt,
    Stoppage,
    Team,
    TimeOut,
)
from rinkside.rules.times import GameTime
from rinkside.services import queries
from rinkside.services.tournaments import Tournaments

PC = PenaltyClass
REPO = Path(__file__).resolve().parents[2]
OUTPUT = REPO / "test-output" / "reports"


@dataclass(frozen=True)
class Cup:
    service: Tournaments
    division: int
    home: int
    away: int


def roster(prefix: str) -> list[dict[str, object]]:
    """#1 and #30 goaltenders, #2 captain, #3 alternate, #4-#12 skaters."""
    players: list[dict[str, object]] = [
        {"number": 1, "name": f"{prefix} Keeper", "goalie": True},
        {"number": 30, "name": f"{prefix} Backup", "goalie": True}]
    for n in range(2, 13):
        players.append({"number": n, "name": f"{prefix} Skater{n}",
                        "captain": "C" if n == 2 else "A" if n == 3 else None})
    return players


def make_cup(service: Tournaments) -> Cup:
    tournament = service.create_tournament("Report Cup", date(2026, 12, 5),
                                           {"overtime": "shootout"})
    division = service.add_division(tournament, "Open")
    home, away = service.add_team(division, "Blades"), service.add_team(division, "Storm")
    service.set_roster(home, roster("Blade"))
    service.set_roster(away, roster("Storm"))
    return Cup(service, division, home, away)


def t(period: int, clock: str) -> GameTime:
    minutes, seconds = clock.split(":")
    return GameTime(period, int(minutes) * 600 + int(seconds) * 10)


def pen(period: int, clock: str, team: Team, player: int | None, cls: PenaltyClass,
        infraction: str, rule: str, served_by: int | None = None) -> list[Event]:
    """Whistle, the penalty, face-off, at one moment."""
    at = t(period, clock)
    return [Stoppage(at), Penalty(at, team, player, cls, infraction, rule, served_by),
            FaceOff(at)]


def goal(period: int, clock: str, team: Team, scorer: int,
         assist: int | None = None) -> list[Event]:
    at = t(period, clock)
    return [Goal(at, team, scorer, assist), FaceOff(at)]


def scripted_events() -> list[Event]:
    so = ShootoutAttempt
    return [
        FaceOff(t(1, "12:00")),
        *pen(1, "11:00", "away", 5, PC.MINOR, "Tripping", "642(a)"),
        *goal(1, "10:00", "home", 9, 4),
        *pen(1, "9:00", "home", 3, PC.MINOR, "Hooking", "622(a)"),
        *goal(1, "8:30", "home", 2),
        *pen(1, "6:00", "home", None, PC.BENCH_MINOR, "Too many players", "205(c)", 7),
        Stoppage(t(1, "5:00")), TimeOut(t(1, "5:00"), "away"),
        Penalty(t(1, "5:00"), "home", 1, PC.MINOR, "Slashing", "635(a)", 8),
        FaceOff(t(1, "5:00")),
        *goal(1, "4:30", "away", 6, 7),
        *pen(1, "2:00", "away", 10, PC.GAME_MISCONDUCT, "Abuse of an official", "601(d)"),
        PeriodEnd(t(1, "0:00")),
        FaceOff(t(2, "12:00")),
        *pen(2, "10:00", "away", 9, PC.MATCH, "Attempt to injure", "603(a)", 8),
        *goal(2, "9:00", "home", 10),
        PenaltyShot(t(2, "8:00"), "home", 4, scored=False), FaceOff(t(2, "8:00")),
        *goal(2, "6:00", "away", 6),
        *goal(2, "3:00", "away", 7, 6),
        PeriodEnd(t(2, "0:00")),
        FaceOff(t(3, "5:00")), PeriodEnd(t(3, "0:00")),
        so("away", 2, False), so("home", 2, False), so("away", 3, False), so("home", 3, False),
        so("away", 4, False), so("home", 5, False), so("away", 5, False), so("home", 6, False),
        so("away", 2, True), so("home", 2, True),
        so("away", 3, False), so("home", 5, True),
    ]


def play(service: Tournaments, game_id: int, events: list[Event]) -> None:
    version, _ = service.game_state(game_id)
    service.record(game_id, version, events, by="report test")


def unsuspended(cup: Cup) -> Cup:
    """``cup`` while none of its games is played, else a new cup like it: the
    script's match and game misconducts suspend its players for the cup's
    next games (404(d), 405(e)), and a suspended player takes no part (203(a))."""
    played = any(g.version for g in queries.games(cup.service, cup.division))
    return make_cup(cup.service) if played else cup


def scripted_game(cup: Cup) -> int:
    """A new game between the cup's two teams (of a new cup once its players
    are suspended), played to the end by the script."""
    cup = unsuspended(cup)
    game_id = cup.service.add_game(cup.division, cup.home, cup.away,
                                   start=datetime(2026, 12, 5, 15, 0, tzinfo=UTC),
                                   rink="Rink A", round_name="Pool A")
    play(cup.service, game_id, scripted_events())
    return game_id


def penalty_heavy_game(cup: Cup, minors: int, infraction: str = "Holding",
                       rule: str = "620(a)") -> int:
    """A game of ``minors`` minors one after another (each served out) and no
    goal, ended at full time: a report longer than one page."""
    cup = unsuspended(cup)
    game_id = cup.service.add_game(cup.division, cup.home, cup.away)
    events: list[Event] = [FaceOff(t(1, "12:00"))]
    for i in range(minors):
        period, second = divmod(i * 30, 720)
        if period > 1:
            break
        if period == 1 and events and not any(isinstance(e, PeriodEnd) for e in events):
            events += [PeriodEnd(t(1, "0:00")), FaceOff(t(2, "12:00"))]
        left = 720 - second - 5
        clock = f"{left // 60}:{left % 60:02d}"
        team: Team = "home" if i % 2 else "away"
        events += pen(period + 1, clock, team, 4 + i % 8, PC.MINOR, infraction, rule)
    events.append(PeriodEnd(t(2, "0:00")))
    play(cup.service, game_id, events)
    return game_id
