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
and ended) is read from the engine's states. The off and on times of the
penalties come from replaying the stored log and watching the engine's box.
"""

from __future__ import annotations

from typing import Final

from rinkside.present.names import class_text, goal_tags
from rinkside.present.periods import SHOOTOUT_LABEL
from rinkside.present.results import report_result
from rinkside.present.warnings import fold_warnings
from rinkside.reports.report_model import (
    GameReport,
    GoalieLine,
    GoalLine,
    PenaltyLine,
    RefereeReport,
    ReopeningLine,
    RosterLine,
    ShotLine,
    SignatureLine,
    SignOffStatus,
    SuspensionLine,
    TeamSheet,
    TimeOutLine,
    WarningLine,
    WrittenLine,
)
from rinkside.reports.report_text import (
    ROLE_TEXT,
    clock,
    period_text,
    player_text,
    suspension_text,
)
from rinkside.rules.events import TEAMS, Event, PenaltyClass, Team, TimeOut
from rinkside.rules.game import start
from rinkside.rules.records import PenaltyRecord, charged_tenths
from rinkside.rules.roster import GameSetup
from rinkside.rules.state import GameState
from rinkside.rules.times import format_duration, minutes_value
from rinkside.services import logs, officiating
from rinkside.services.tournaments import Tournaments


def build_report(service: Tournaments, game_id: int) -> GameReport:
    """The report of ``game_id`` as it stands (:class:`NotFound` if unknown)."""
    row = logs.game_header(service, game_id)
    record = logs.game_record(service, game_id)
    version, state, events = record.version, record.state, record.events
    setup = state.setup
    first, last = officiating.times(service, game_id)
    named = officiating.officials(service, game_id)
    sign = officiating.signoff(service, game_id)
    st = setup.settings
    rules_note = (f"{st.periods} periods of {format_duration(st.period_length)} "
                  f"{'stop' if st.clock == 'stop' else 'running'} time (Rule 640(a)); "
                  f"minor {format_duration(st.minor)} (402(a)), major "
                  f"{format_duration(st.major)} (403(a))")
    periods = tuple(period_text(setup, p) for p in range(1, _periods_played(state) + 1))
    return GameReport(
        game_id=game_id, version=version, tournament=row.tournament, division=row.division,
        round_name=row.round_name, rink=row.rink, scheduled=row.start,
        started=first, finished=last if state.status == "final" else None,
        status=state.status, rules_note=rules_note,
        periods=periods + ((SHOOTOUT_LABEL,) if state.shootout_shots else ()),
        home=_team_sheet(state, "home", len(periods)), away=_team_sheet(state, "away",
                                                                         len(periods)),
        goals=_goals(state), penalties=tuple(_penalty_line(state, p)
                                             for p in state.penalties),
        goalies=_goalies(state), timeouts=_timeouts(setup, events),
        penalty_shots=_penalty_shots(state), shootout=_shootout(state),
        result=_result(state), referee_reports=_referee_reports(state),
        suspensions=_suspensions(state),
        officials=tuple((ROLE_TEXT.get(role, role), tuple(names))
                        for role, names in named.items()),
        signoff=SignOffStatus(
            tuple(SignatureLine(s.username, s.role, s.at) for s in sign.signatures),
            sign.locked, tuple(sign.awaiting),
            tuple(ReopeningLine(r.by, r.at, r.reason) for r in sign.reopenings),
            tuple(SignatureLine(s.username, s.role, s.at) for s in sign.earlier_signatures)),
        warnings=_warnings(setup, events),
        written=tuple(WrittenLine(w.rule, w.text, w.username, w.at)
                      for w in officiating.written_reports(service, game_id)),
    )


def _warnings(setup: GameSetup, events: list[Event]) -> tuple[WarningLine, ...]:
    """Every warning the engine gave in the game, at the time of its event."""
    _, found = fold_warnings(start(setup), events)
    lines = []
    for w in found:
        at = events[w.event].at if w.event is not None and w.event < len(events) else None
        lines.append(WarningLine("" if at is None else period_text(setup, at.period),
                                 "" if at is None else clock(at), w.rule, w.text))
    return tuple(lines)


def _periods_played(state: GameState) -> int:
    if state.status == "not_started":
        return state.setup.settings.periods
    return max(state.setup.settings.periods, state.period)


def _team_sheet(state: GameState, side: Team, periods: int) -> TeamSheet:
    roster = state.setup.roster(side)
    scoring = state.scoring()[side]
    pim = state.pim()[side]
    players = tuple(
        RosterLine(p.number, p.name, p.goalie, p.captain, scoring.get(p.number, (0, 0))[0],
                   scoring.get(p.number, (0, 0))[1], pim.get(str(p.number), 0))
        for p in roster.players)
    by_period = [0] * periods
    for goal in state.goals:
        if goal.team == side and goal.at.period <= periods:
            by_period[goal.at.period - 1] += 1
    shootout = [sum(1 for s in state.shootout_shots if s.team == side and s.scored)]
    score = state.result.score[side] if state.result is not None else state.score[side]
    return TeamSheet(side, roster.name, players, pim.get("bench", 0), score,
                     tuple(by_period + (shootout if state.shootout_shots else [])),
                     state.setup.settings.timeouts - state.timeouts_left[side])



def _goals(state: GameState) -> tuple[GoalLine, ...]:
    lines = []
    score = {"home": 0, "away": 0}
    for goal in state.goals:
        roster = state.setup.roster(goal.team)
        score[goal.team] += 1
        lines.append(GoalLine(
            period_text(state.setup, goal.at.period), clock(goal.at), goal.team, roster.name,
            goal.scorer, player_text(roster, goal.scorer), goal.assist,
            None if goal.assist is None else player_text(roster, goal.assist),
            tuple(goal_tags(goal, own_goal=True)), f"{score['home']}-{score['away']}"))
    return tuple(lines)


def _penalty_line(state: GameState, record: PenaltyRecord) -> PenaltyLine:
    setup = state.setup
    roster = setup.roster(record.team)
    off, on = record.started, record.returned  # the engine's times (Rule 507)
    return PenaltyLine(
        period=period_text(setup, record.at.period), time=clock(record.at), team=record.team,
        team_name=roster.name, player=record.player, player_name=player_text(roster,
                                                                             record.player),
        infraction=record.infraction + (f" (called by {record.called_by}, Rule 503)"
                                        if record.called_by else ""),
        rule=record.rule, penalty_class=record.penalty_class,
        class_text=class_text(record.penalty_class),
        minutes=minutes_value(charged_tenths(record, setup.settings)),
        off=None if off is None else f"{period_text(setup, off.period)} {clock(off)}",
        on=None if on is None else f"{period_text(setup, on.period)} {clock(on)}",
        served_by=record.served_by,
        served_by_name=None if record.served_by is None else player_text(roster,
                                                                          record.served_by),
        goalie=record.goalie)


def _goalies(state: GameState) -> tuple[GoalieLine, ...]:
    """Time in goal, goals against, shots and saves where recorded (the
    engine's); none for a forfeited game (634(d)3, casebook 17). The
    decision (W, L, T) goes to each team's goaltender with the most time in
    goal: a scoresheet convention, not a rule of the book."""
    result = state.result
    if result is not None and result.decided_by == "forfeit":
        return ()
    lines = [g for g in state.goaltending() if g.tenths > 0 or g.goals_against]
    lines.sort(key=lambda g: (g.team != "home", -g.tenths))
    lines_out = []
    for team in TEAMS:
        mine = [g for g in lines if g.team == team]
        for i, g in enumerate(mine):
            decision = ""
            if result is not None and i == 0:
                decision = ("T" if result.winner is None
                            else "W" if result.winner == team else "L")
            roster = state.setup.roster(team)
            lines_out.append(GoalieLine(
                team, roster.name, g.goalie, player_text(roster, g.goalie),
                format_duration(g.tenths, show_tenths=False), g.tenths, g.goals_against,
                g.shots_against, g.saves, decision))
    return tuple(lines_out)


def _timeouts(setup: GameSetup, events: list[Event]) -> tuple[TimeOutLine, ...]:
    return tuple(TimeOutLine(e.team, setup.roster(e.team).name, period_text(setup, e.at.period),
                             clock(e.at)) for e in events if isinstance(e, TimeOut))


def _penalty_shots(state: GameState) -> tuple[ShotLine, ...]:
    """Rule 406: every penalty shot taken, scored or not (the engine's record)."""
    setup = state.setup
    return tuple(ShotLine(f"{period_text(setup, e.at.period)} {clock(e.at)}", e.team,
                          setup.roster(e.team).name, e.shooter,
                          player_text(setup.roster(e.team), e.shooter), e.scored)
                 for e in state.penalty_shots)


def _shootout(state: GameState) -> tuple[ShotLine, ...]:
    """Rule 639(b)4D-E: the first round of ``shootout_shooters`` shots a team,
    then sudden death one shooter a team; labelled ``R1`` and ``SD1``, ``SD2``..."""
    per_round = state.setup.settings.shootout_shooters
    taken = {"home": 0, "away": 0}
    lines = []
    for shot in state.shootout_shots:
        n = taken[shot.team]
        taken[shot.team] += 1
        label = "R1" if n < per_round else f"SD{n - per_round + 1}"
        roster = state.setup.roster(shot.team)
        lines.append(ShotLine(label, shot.team, roster.name, shot.shooter,
                              player_text(roster, shot.shooter), shot.scored))
    return tuple(lines)


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


def _referee_reports(state: GameState) -> tuple[RefereeReport, ...]:
    """Rule 502(l): every game misconduct, gross misconduct and match penalty;
    404(h) and 405(b) ask for the surrounding circumstances of the last two."""
    out = []
    for record in state.penalties:
        found = _REPORTED.get(record.penalty_class)
        if found is None:
            continue
        roster = state.setup.roster(record.team)
        out.append(RefereeReport(found[0], roster.name, player_text(roster, record.player),
                                 class_text(record.penalty_class), record.infraction,
                                 record.rule, period_text(state.setup, record.at.period),
                                 clock(record.at), found[1]))
    return tuple(out)



def _suspensions(state: GameState) -> tuple[SuspensionLine, ...]:
    out = []
    for found in sorted(state.suspensions(),
                        key=lambda s: (s.team != "home", s.official or "", s.player)):
        roster = state.setup.roster(found.team)
        who = player_text(roster, found.player) if found.official is None else \
            f"{found.official} (team official)"  # casebook 59
        out.append(SuspensionLine(roster.name, who, suspension_text(found), found.rule))
    return tuple(out)
