"""Rule 410(a): the directors shorten or lengthen a suspension (the newest
fixed one first, never below none); 410(d): another organisation's
suspension served here; from games replayed through the engine."""

from __future__ import annotations

from gamekit import called
from tournament.stat_builders import in_order, pid, played, quiet, regulation, roster

from rinkside.tournament.model import PlayedGame, SupplementaryDiscipline, SuspensionChange
from rinkside.tournament.suspensions import status

ROSTERS = [p for team in (1, 2, 3) for p in roster(team)]


def misconduct(game_id: int) -> PlayedGame:
    return played(game_id, 1, 2, regulation(
        *called("2 10:00", "home", 7, "game_misconduct", infraction="dropping_gloves",
                rule="615(d)")))


def test_rule_410a_shortening_takes_from_the_newest_suspension_first_never_below_none(
        ) -> None:
    g1 = misconduct(1)
    later = [quiet(n, 1, 3) for n in (2, 3, 4)]
    extra = [SupplementaryDiscipline(pid(1, 7), 2, "spearing", after_game_id=1)]
    schedule = in_order([g1]) + [g.game for g in later]
    shorter = status(schedule, [g1], ROSTERS, extra,
                     changes=[SuspensionChange(pid(1, 7), -3, "on appeal")])[pid(1, 7)]
    assert [s.games for s in shorter.sanctions] == [0, 0]  # 2 from 410(a), then 1 from 404(d)
    assert "shortened by 2: on appeal" in shorter.sanctions[1].what
    assert shorter.remaining == 0 and not shorter.suspended
    longer = status(schedule, [g1], ROSTERS, extra,
                    changes=[SuspensionChange(pid(1, 7), 1, "repeated it")])[pid(1, 7)]
    assert [s.games for s in longer.sanctions] == [1, 3]
    assert longer.next_games == (2, 3, 4)


def test_rule_410d_another_organisations_suspension_is_served_here() -> None:
    g1, g2 = quiet(1, 1, 2), quiet(2, 1, 3)
    extra = [SupplementaryDiscipline(pid(1, 8), 1, "fight", organisation="NARCh")]
    st = status(in_order([g1, g2]), [], ROSTERS, extra)[pid(1, 8)]
    (sanction,) = st.sanctions
    assert sanction.rule == "410(d)" and sanction.what == "suspension by NARCh: fight"
    assert st.next_games == (1,)
