"""The official game report gathered: :func:`build_report` fills its data
(:mod:`rinkside.reports.report_model`) from the engine's state.

What the book asks of the report, and where each part comes from:

- Rule 506(a): the goals (scorer, assist) and every penalty (player's name
  and number, duration, infraction, time assessed): the engine's records.
- Rule 507(a), (d): the game's start and finish and the times in minutes and
  seconds: the first and last events recorded (officiating service), game
  times as the clock showed them.
- Rule 502(l), 404(h), 405(b): the game misconduct, gross misconduct and match
  penalties the referees must report, and every suspension (the engine's).
- Rule 502(h), 506(b), 616(a): the signatures, whether they lock the
  scoring summary, and every reopening with its reason; before them, every
  warning the engine gave (:mod:`rinkside.present.warnings`), for the
  referees to see before they sign.

Nothing is decided here: every rule-derived value (strength of a goal,
minutes charged, suspensions, result, time in goal, when a penalty started
and ended) is read from the engine's states, and the lines of the game's
record are :func:`rinkside.present.lines.game_lines`', as the game page and
the scoreboard show them.
"""

from __future__ import annotations

from typing import Final

from rinkside.present.lines import GameLines, GoalieLine, PenaltyLine, game_lines
from rinkside.present.periods import SHOOTOUT_LABEL
from rinkside.present.results import report_result
from rinkside.present.warnings import fold_warnings
from rinkside.reports.report_model import (
    GameReport,
    RefereeReport,
    SignOffStatus,
    TeamSheet,
    TeamSignatureLine,
    TimeOutLine,
    WarningLine,
    WrittenLine,
)
from rinkside.reports.report_text import ROLE_TEXT, clock, period_text
from rinkside.rules.events import Event, PenaltyClass, Team, TimeOut
from rinkside.rules.game import start
from rinkside.rules.roster import GameSetup
from rinkside.rules.state import GameState
from rinkside.rules.times import format_duration
from rinkside.services import chain, logs, officiating, team_officials
from rinkside.services.tournaments import Tournaments


def build_report(service: Tournaments, game_id: int) -> GameReport:
    """The report of ``game_id`` as it stands (:class:`NotFound` if unknown)."""
    row = logs.game_header(service, game_id)
    record = logs.game_record(service, game_id)
    version, state, events = record.version, record.state, record.events
    setup = state.setup
    first, last = officiating.times(service, game_id)
    named = officiating.officials_shown(service, game_id)
    sign = officiating.signoff(service, game_id)
    st = setup.settings
    rules_note = (f"{st.periods} periods of {format_duration(st.period_length)} "
                  f"{'stop' if st.clock == 'stop' else 'running'} time (Rule 640(a)); "
                  f"minor {format_duration(st.minor)} (402(a)), major "
                  f"{format_duration(st.major)} (403(a))")
    lines = game_lines(state)
    starters = service.starting_goaltenders(game_id)  # 204(a)
    return GameReport(
        game_id=game_id, version=version, tournament=row.tournament, division=row.division,
        round_name=row.round_name, rink=row.rink, scheduled=row.start,
        started=first, finished=last if state.status == "final" else None,
        status=state.status, rules_note=rules_note,
        periods=lines.periods + ((SHOOTOUT_LABEL,) if state.shootout_shots else ()),
        home=_team_sheet(state, lines, "home", starters.get("home")),
        away=_team_sheet(state, lines, "away", starters.get("away")),
        goals=lines.goals, penalties=lines.penalties,
        goalies=_goalies(state, lines), timeouts=_timeouts(setup, events),
        penalty_shots=lines.penalty_shots, shootout=lines.shootout,
        result=_result(state), referee_reports=_referee_reports(lines.penalties),
        suspensions=lines.suspensions,
        officials=tuple((ROLE_TEXT.get(role, role), tuple(names))
                        for role, names in named.items()),
        referees_warning=officiating.referee_shortfall(named["referee"]),
        signoff=SignOffStatus(tuple(sign.signatures), sign.locked, tuple(sign.awaiting_shown),
                              tuple(sign.reopenings), tuple(sign.earlier_signatures)),
        warnings=_warnings(setup, events),
        written=tuple(WrittenLine(w.rule, w.text, w.shown, w.at)
                      for w in officiating.written_reports(service, game_id)),
        chain_head=_chain_head(service, game_id),
        team_signatures=tuple(TeamSignatureLine(t.team, t.kind, t.shown, t.at, t.remark)
                              for t in team_officials.team_signatures(service, game_id)),
    )


def _chain_head(service: Tournaments, game_id: int) -> str:
    """The game's hash chain head as the report is made (issue 29)."""
    found = chain.head(service, game_id)
    return "" if found is None else found[0]


def _warnings(setup: GameSetup, events: list[Event]) -> tuple[WarningLine, ...]:
    """Every warning the engine gave in the game, at the time of its event."""
    _, found = fold_warnings(start(setup), events)
    lines = []
    for w in found:
        at = events[w.event].at if w.event is not None and w.event < len(events) else None
        lines.append(WarningLine("" if at is None else period_text(setup, at.period),
                                 "" if at is None else clock(at), w.rule, w.text))
    return tuple(lines)


def _team_sheet(state: GameState, lines: GameLines, side: Team,
                starting_goalie: int | None) -> TeamSheet:
    shootout = (sum(1 for s in lines.shootout if s.team == side and s.scored),)
    score = state.result.score[side] if state.result is not None else state.score[side]
    return TeamSheet(side, state.setup.roster(side).name, lines.players[side],
                     lines.bench_pim[side], score,
                     lines.by_period[side] + (shootout if lines.shootout else ()),
                     state.setup.settings.timeouts - state.timeouts_left[side],
                     starting_goalie)


def _goalies(state: GameState, lines: GameLines) -> tuple[GoalieLine, ...]:
    """Time in goal, goals against, shots and saves where recorded (the
    engine's), of each goaltender who was in goal or had a goal against;
    none for a forfeited game (634(d)3, casebook 17)."""
    result = state.result
    if result is not None and result.decided_by == "forfeit":
        return ()
    return tuple(g for g in lines.goalies if g.tenths > 0 or g.goals_against)


def _timeouts(setup: GameSetup, events: list[Event]) -> tuple[TimeOutLine, ...]:
    return tuple(TimeOutLine(e.team, setup.roster(e.team).name, period_text(setup, e.at.period),
                             clock(e.at)) for e in events if isinstance(e, TimeOut))


def _result(state: GameState) -> str | None:
    result = state.result
    if result is None:
        return None
    return report_result(result, state.setup.home.name, state.setup.away.name)


_REPORTED: Final = {
    PenaltyClass.GAME_MISCONDUCT: (
        ("502(l)", "404(d)"),
        ("Report to the Event Directors on this report (Rule 502(l)); the player is "
        "reported to the Events Hockey Operations Office (Rule 404(d)).")),
    PenaltyClass.GROSS_MISCONDUCT: (
        ("502(l)", "404(h)"),
        ("Report with the surrounding circumstances to the Event Directors immediately "
        "following the tournament (Rules 404(h), 502(l)); suspended from any further "
        "tournament until the case has been dealt with.")),
    PenaltyClass.MATCH: (
        ("502(l)", "405(b)"),
        ("Report with the surrounding circumstances to the Event Directors immediately "
        "following the tournament (Rules 405(b), 502(l)); suspended until the case has been "
        "dealt with (405(b)), disqualified for the rest of the tournament (405(e)).")),
}


def _referee_reports(penalties: tuple[PenaltyLine, ...]) -> tuple[RefereeReport, ...]:
    """Rule 502(l): every game misconduct, gross misconduct and match penalty;
    404(h) and 405(b) ask for the surrounding circumstances of the last two."""
    out = []
    for line in penalties:
        found = _REPORTED.get(line.penalty_class)
        if found is None:
            continue
        out.append(RefereeReport(found[0], line.team_name, line.player_name, line.class_text,
                                 line.recorded_infraction, line.rule, line.period, line.time,
                                 found[1]))
    return tuple(out)
