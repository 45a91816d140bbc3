"""Rule 616: a goal scored during play stops play itself. The console's Goal
key sends the whistle the instant it is pressed (a stoppage with reason
"goal", 507(a)) and the goal then takes that stoppage's place: the record
keeps the replacement, but the log shows the goal plainly, not as
"corrected" (nobody corrected anything), and the sign-off's list of
corrections leaves it out; a real replacement still shows with its reason."""

from __future__ import annotations

from webkit import Demo, game_in_play, skaters

from rinkside.present.corrections import correction_text
from rinkside.rules.events import Goal, Stoppage
from rinkside.rules.times import GameTime
from rinkside.services import logs

WHY = ("Rule 616: the goal stopped play at 1 9:00; it takes the place of the whistle sent "
       "when Goal was pressed (507(a))")


def test_the_goal_in_its_keys_whistles_place_is_no_correction(demo: Demo) -> None:
    service = demo.service
    game = game_in_play(demo)
    home = skaters(service, game, "home")
    version, _ = service.game_state(game)
    version, _ = service.record(game, version, [Stoppage(GameTime(1, 5400), "goal")], by="t")
    position = version - 1
    version, state = service.correct(game, version, "replace", position,
                                     Goal(GameTime(1, 5400), "home", home[0]), "t", WHY)
    assert state.score["home"] == 1
    record = logs.game_record(service, game)
    assert [r.reason for r in record.revisions if r.op == "replace"] == [WHY]  # kept
    line = logs.log_lines(record)[position]
    assert isinstance(line.event, Goal) and line.corrected is None
    assert [text for r in record.revisions
            if (text := correction_text(record.setup, r.op, r.position, r.event, r.previous,
                                        r.by, r.at, r.reason))] == []

    # A scorer corrected afterwards: that one shows, with its reason.
    service.correct(game, version, "replace", position,
                    Goal(GameTime(1, 5400), "home", home[1]), "t", "wrong scorer")
    record = logs.game_record(service, game)
    assert logs.log_lines(record)[position].corrected == "wrong scorer"


def test_a_whistle_for_another_reason_replaced_by_a_goal_stays_a_correction(
        demo: Demo) -> None:
    service = demo.service
    game = game_in_play(demo)
    version, _ = service.game_state(game)
    version, _ = service.record(game, version, [Stoppage(GameTime(1, 5400))], by="t")
    service.correct(game, version, "replace", version - 1,
                    Goal(GameTime(1, 5400), "home", skaters(service, game, "home")[0]), "t",
                    "the whistle was a goal")
    record = logs.game_record(service, game)
    assert logs.log_lines(record)[version - 1].corrected == "the whistle was a goal"
