"""The scripted game's shootout (639(b)) and goals as the official report
and the live state show them: the same lines of rinkside.present.lines."""

from __future__ import annotations

from reportkit import Cup

from rinkside.present.state import live_state
from rinkside.reports.game_report import build_report


def test_the_report_and_the_boards_show_the_same_shootout_and_goals(cup: Cup,
                                                                    game: int) -> None:
    report = build_report(cup.service, game)
    version, state = cup.service.game_state(game)
    live = live_state(state, game_id=game, version=version, division="Open", rink=None,
                      team_ids={"home": cup.home, "away": cup.away})
    assert live.shootout is not None and len(report.shootout) == 12
    assert [(s.team, s.shooter_name, s.scored) for s in live.shootout.shots] == [
        (s.team, s.shooter_name, s.scored) for s in report.shootout]
    assert (live.shootout.goals.home, live.shootout.goals.away) == (2, 1)
    assert [(g.period, g.time, g.scorer_name, g.assist_name) for g in live.goals] == [
        (g.period, g.time, g.scorer_name, g.assist_name) for g in report.goals]
    assert [(s.period, s.time, s.shooter_name, s.scored) for s in live.penalty_shots] == [
        (s.period, s.time, s.shooter_name, s.scored) for s in report.penalty_shots] == [
        ("2", "8:00", "#4 Blade Skater4", False)]
