"""The goal's write through the service, on SQLite and on PostgreSQL (Rule
616; 402(e), 409(c); 507(a)): a goal takes the place of its own whistle (the
one the Goal key blew, or one at its own moment) as a correction carrying
the rule's reason, in one write checked against the version and chained;
during play it is appended; after another whistle it is refused (616(b))
and nothing is written. Officials writing at once: a goal made on an older
version replaces the whistle that landed since at its moment, says what
landed, and the same goal made twice is a conflict. A goal posted as a plain
event after its own whistle is refused with the correction that puts it in
the whistle's place, and carrying that out records it."""

from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy.orm import Session, sessionmaker

from rinkside.formats import decode_event
from rinkside.rules.errors import RuleViolation
from rinkside.rules.events import Event, FaceOff, Goal, PenaltyClass, PenaltySignal, Stoppage
from rinkside.rules.goal_whistle import GOAL_KEY
from rinkside.rules.times import GameTime
from rinkside.services import goal_whistle, logs, merge
from rinkside.services.tournaments import Tournaments
from rinkside.store import chain


def _game(service: Tournaments) -> int:
    tournament = service.create_tournament("Whistle Cup", date(2026, 12, 5), {})
    division = service.add_division(tournament, "Division 1")
    home, away = (service.add_team(division, name) for name in ("Blades", "Storm"))
    for team, prefix in ((home, "B"), (away, "S")):
        service.set_roster(
            team,
            [
                {"number": 1, "name": f"{prefix} Goalie", "goalie": True},
                {"number": 2, "name": f"{prefix} 2", "captain": "C"},
                *({"number": n, "name": f"{prefix} {n}"} for n in range(3, 8)),
            ],
        )
    return service.add_game(division, home, away)


def _at(text: str) -> GameTime:
    minutes, seconds = text.split(":")
    return GameTime(1, int(minutes) * 600 + int(float(seconds) * 10))


def _in_play(service: Tournaments, *events: Event) -> tuple[int, int]:
    game = _game(service)
    version, _ = service.record(game, 0, [FaceOff(_at("12:00")), *events], by="gt")
    return game, version


def _chained(sessions: sessionmaker[Session], game: int) -> None:
    with sessions() as s:
        checked = chain.verify(s, game)
        assert checked is not None and checked.broken is None


@pytest.fixture
def service(sessions: sessionmaker[Session]) -> Tournaments:
    return Tournaments(sessions)


def test_the_goal_takes_the_place_of_the_whistle_its_key_blew(
    service: Tournaments, sessions: sessionmaker[Session]
) -> None:
    game, version = _in_play(
        service,
        PenaltySignal(
            _at("10:30"), "away", player=5, penalty_class=PenaltyClass.MINOR, infraction="tripping"
        ),
    )
    version, state = service.record(game, version, [Stoppage(_at("10:00.4"), GOAL_KEY)], by="sk")
    assert [u.player for u in state.units] == [5]  # the whistle assessed the signalled minor
    done = goal_whistle.record_goal(
        service, game, version, Goal(_at("10:00.4"), "home", 3), by="sk"
    )
    assert done.version == version + 1 and done.rebased is None
    assert done.place is not None and done.place.position == 2
    assert done.state.score == {"home": 1, "away": 0}
    assert done.state.units == ()  # 409(c): a goal before the whistle wipes the minor out
    record = logs.game_record(service, game)
    assert [type(e) for e in record.events] == [FaceOff, PenaltySignal, Goal]
    last = record.revisions[-1]
    assert (last.op, last.position, last.previous, last.by) == (
        "replace",
        2,
        Stoppage(_at("10:00.4"), GOAL_KEY),
        "sk",
    )
    assert last.reason == (
        "Rule 616: the goal stopped play at 1 10:00.4; it takes the place "
        "of the whistle sent when Goal was pressed (507(a))"
    )
    _chained(sessions, game)


def test_during_play_the_goal_is_appended(service: Tournaments) -> None:
    game, version = _in_play(service)
    done = goal_whistle.record_goal(service, game, version, Goal(_at("9:00"), "away", 4), by="sk")
    assert done.place is None and done.version == version + 1
    record = logs.game_record(service, game)
    assert [r.op for r in record.revisions] == ["append"] * 2
    assert record.state.score == {"home": 0, "away": 1}


def test_after_a_whistle_at_another_time_the_goal_is_refused_and_nothing_written(
    service: Tournaments, sessions: sessionmaker[Session]
) -> None:
    game, version = _in_play(service, Stoppage(_at("11:00")))
    with pytest.raises(RuleViolation) as refused:
        goal_whistle.record_goal(service, game, version, Goal(_at("10:58"), "home", 3), by="sk")
    assert refused.value.rule == "616(b)"
    assert "the whistle at 1 11:00 (event 2)" in str(refused.value)  # the whistle named
    assert logs.game_record(service, game).version == version
    _chained(sessions, game)


def test_a_goal_the_engine_refuses_in_the_whistles_place_names_its_own_rule(
    service: Tournaments,
) -> None:
    game, version = _in_play(service, Stoppage(_at("11:00"), GOAL_KEY))
    with pytest.raises(RuleViolation) as refused:
        goal_whistle.record_goal(
            service, game, version, Goal(_at("11:00"), "home", 3, assist=3), by="sk"
        )
    assert refused.value.rule == "616(k)"
    assert "corrected event" not in str(refused.value)  # the goal's own refusal
    assert logs.game_record(service, game).version == version


def test_made_on_an_older_version_it_replaces_the_whistle_that_landed_at_its_moment(
    service: Tournaments,
) -> None:
    game, seen = _in_play(service)
    # The game timekeeper blows at the goal's moment before the scorer's goal is in.
    landed, _ = service.record(game, seen, [Stoppage(_at("9:30"))], by="gt")
    done = goal_whistle.record_goal(service, game, seen, Goal(_at("9:30"), "home", 3), by="sk")
    assert done.place is not None and done.place.why == "same_moment"
    assert done.version == landed + 1
    assert done.rebased is not None
    assert (done.rebased.read_version, done.rebased.applied_on) == (seen, landed)
    assert len(done.rebased.landed) == 1 and "(recorded by gt)" in done.rebased.landed[0]
    assert [type(e) for e in logs.game_record(service, game).events] == [FaceOff, Goal]

    # A second console records the same goal on the version it read: a conflict.
    with pytest.raises(merge.ConflictingWrite) as clash:
        goal_whistle.record_goal(service, game, landed, Goal(_at("9:30"), "home", 3), by="os")
    assert "the same entry was recorded meanwhile" in str(clash.value)
    assert logs.game_record(service, game).version == done.version


def test_a_plain_append_after_its_own_whistle_is_offered_the_whistles_place(
    service: Tournaments,
) -> None:
    game, version = _in_play(service, Stoppage(_at("8:15")))
    sent = {"type": "goal", "at": "1 8:15", "team": "away", "scorer": 6}
    with pytest.raises(goal_whistle.WhistlesPlaceOffered) as refused:
        goal_whistle.record_events(
            service,
            game,
            version,
            lambda settings: [decode_event(sent, 0, settings.periods)],
            by="sk",
        )
    assert refused.value.rule == "616(b)"
    assert "whistle at 1 8:15 (event 2)" in str(refused.value)
    offer = refused.value.offer
    assert {k: offer[k] for k in ("version", "op", "position")} == {
        "version": version,
        "op": "replace",
        "position": 1,
    }
    assert offer["event"] == sent
    assert offer["reason"].startswith("Rule 616: the goal stopped play at 1 8:15;")
    assert logs.game_record(service, game).version == version  # nothing written

    # Carried out as offered, the correction records the goal.
    event = decode_event(offer["event"], offer["position"], 2)
    _, state = service.correct(
        game,
        offer["version"],
        offer["op"],
        offer["position"],
        event,
        by="sk",
        reason=offer["reason"],
    )
    assert state.score == {"home": 0, "away": 1}


def test_a_plain_append_after_a_whistle_at_another_time_has_no_offer(service: Tournaments) -> None:
    game, version = _in_play(service, Stoppage(_at("8:15")))
    with pytest.raises(RuleViolation) as refused:
        goal_whistle.record_events(service, game, version, [Goal(_at("8:10"), "away", 6)], by="sk")
    assert refused.value.rule == "616(b)"
    assert not isinstance(refused.value, goal_whistle.WhistlesPlaceOffered)
