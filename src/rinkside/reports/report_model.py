"""The official game report as plain data (Rules 502(h), 502(l), 506(a)-(b),
507(a), (d), 616(a)): each line of the sheet a frozen value, the whole a
:class:`GameReport`. :func:`rinkside.reports.game_report.build_report`
fills it; the PDF, the HTML page and the CLI show it. The lines of the
game's record (players, goals, penalties, goaltenders, penalty shots, the
shootout, suspensions) are :mod:`rinkside.present.lines`', as the game page and the
scoreboard show them.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from rinkside.present.lines import (
    GoalieLine,
    GoalLine,
    PenaltyLine,
    PenaltyShotLine,
    RosterLine,
    ShotLine,
    SuspensionLine,
)
from rinkside.rules.events import Team
from rinkside.services.officiating import Reopening, Signature

__all__ = ["GameReport", "GoalLine", "GoalieLine", "PenaltyLine", "PenaltyShotLine",
           "RefereeReport",
           "RosterLine", "ShotLine", "SignOffStatus", "SuspensionLine", "TeamSheet",
           "TimeOutLine", "WarningLine", "WrittenLine"]


@dataclass(frozen=True, slots=True)
class TeamSheet:
    side: Team
    name: str
    players: tuple[RosterLine, ...]
    bench_pim: int | float
    score: int
    by_period: tuple[int, ...]  # goals in each period played, then the shootout's if any
    timeouts_used: int
    starting_goalie: int | None = None  # 204(a): the number the lineup named to start


@dataclass(frozen=True, slots=True)
class TimeOutLine:
    team: Team
    team_name: str
    period: str
    time: str


@dataclass(frozen=True, slots=True)
class RefereeReport:
    """A penalty the referees must report to the Event Directors."""

    rules: tuple[str, ...]
    team_name: str
    player_name: str
    class_text: str
    infraction: str
    rule: str | None
    period: str
    time: str
    duty: str


@dataclass(frozen=True, slots=True)
class WarningLine:
    """A warning the engine gave when the referees' call did not match its rule:
    the call stands as made, listed for the referees to see before they sign."""

    period: str  # of the event that gave it; "" if it has no time
    time: str
    rule: str | None
    text: str  # the engine's sentence, its rule in it


@dataclass(frozen=True, slots=True)
class WrittenLine:
    """A referee's written report (502(l), 404(h), 405(b)) or incident note."""

    rule: str | None  # None: an incident note
    text: str
    by: str
    at: datetime


@dataclass(frozen=True, slots=True)
class TeamSignatureLine:
    """A team official's signature (issue 28): the lineup before the game
    (202(c)), the report after it, or the report declined with a remark (506(b));
    or the lineup changed after it was signed, which voids that signature (202(c))."""

    team: str
    kind: str  # "lineup", "report", "decline" or "void"
    by: str  # the full name, else the username
    at: datetime
    remark: str = ""

    @property
    def text(self) -> str:
        if self.kind == "void":
            return (f"{self.by} changed the lineup of {self.team} after it was signed, "
                    "voiding the signature before (Rule 202(c))")
        what = {"lineup": "signed the lineup", "report": "signed the report",
                "decline": "declined to sign the report"}.get(self.kind, self.kind)
        return f"{self.by} for {self.team} {what}" + (f": {self.remark}" if self.remark else "")


@dataclass(frozen=True, slots=True)
class SignOffStatus:
    """Rules 502(h), 506(b), 616(a): who signed, whether that locks the game."""

    signatures: tuple[Signature, ...]
    locked: bool
    awaiting: tuple[str, ...]  # the referees still to sign, by full name (else username)
    reopenings: tuple[Reopening, ...]
    earlier: tuple[Signature, ...]  # made before the last reopening


@dataclass(frozen=True, slots=True)
class GameReport:
    game_id: int
    version: int  # of the event log the report was made from
    tournament: str
    division: str
    round_name: str
    rink: str | None
    scheduled: datetime | None
    started: datetime | None  # Rule 507(a): first event recorded
    finished: datetime | None  # last event recorded
    status: str
    rules_note: str  # periods, lengths, clock
    periods: tuple[str, ...]  # column labels of the by-period score
    home: TeamSheet
    away: TeamSheet
    goals: tuple[GoalLine, ...]
    penalties: tuple[PenaltyLine, ...]
    goalies: tuple[GoalieLine, ...]
    timeouts: tuple[TimeOutLine, ...]
    penalty_shots: tuple[PenaltyShotLine, ...]
    shootout: tuple[ShotLine, ...]
    result: str | None  # "Blades 4, Storm 3 — Blades win in a shootout (Rule 639(b))"
    referee_reports: tuple[RefereeReport, ...]
    suspensions: tuple[SuspensionLine, ...]
    officials: tuple[tuple[str, tuple[str, ...]], ...]  # (role text, names)
    signoff: SignOffStatus
    warnings: tuple[WarningLine, ...] = ()  # the engine's, for the referees before they sign
    written: tuple[WrittenLine, ...] = ()  # the referees' written reports, as filed
    referees_warning: str | None = None  # Rule 501(a): fewer than two referees named
    chain_head: str = ""  # the game's hash chain head when made (issue 29; '' unknown)
    team_signatures: tuple[TeamSignatureLine, ...] = ()  # the teams' officials' (issue 28)

    def team(self, side: Team) -> TeamSheet:
        return self.home if side == "home" else self.away

    @property
    def final(self) -> bool:
        return self.status == "final"
