"""The servers still to name at a stoppage (:func:`rinkside.rules.serving.servers_needed`),
the face-off that waits for them where the setting ``servers_named`` is on
(402(c), 404(b), 404(e), 405(a), 407(a)), and naming one by the penalty's own
event (:func:`rinkside.rules.serving.naming`). One class per rule."""

from __future__ import annotations

import pytest
from gamekit import faceoff, pen, play, refused, signal, whistle

from rinkside.rules import serving
from rinkside.rules.accepts import acceptance
from rinkside.rules.errors import RuleViolation
from rinkside.rules.events import Event, Measurement, PenaltyClass
from rinkside.rules.times import GameTime

PC = PenaltyClass
ON = {"servers_named": True}
CHECK = ("Checking from behind", "604(e)")  # a major and an automatic game misconduct


def stoppage(*penalties: Event) -> list[Event]:
    return [faceoff("1 12:00"), whistle("1 11:00"), *penalties]


def named(events: list[Event], server: int) -> list[Event]:
    """``events`` with the first server still needed named, as the console does."""
    need = serving.servers_needed(play(events, **ON))[0]
    found = serving.naming(events, need, server)
    assert found is not None
    index, event = found
    return [*events[:index], event, *events[index + 1:]]


class TestRule404eMajorWithAnAutomaticGameMisconduct:
    def test_the_major_waits_for_its_substitute_and_the_face_off_is_refused(self) -> None:
        events = stoppage(pen("1 11:00", "home", 7, "major", *CHECK))
        s = play(events, **ON)
        [need] = serving.servers_needed(s)
        assert (need.team, need.player, need.penalty_class, need.rule) == (
            "home", 7, PC.MAJOR, "404(e)")
        assert 7 not in need.may_serve and 1 not in need.may_serve  # not he, not the goaltender
        error = refused(s, faceoff("1 11:00"))
        assert error.rule == "404(e)" and "#7's major" in str(error)
        assert acceptance(s).refused["faceoff"].rule == "404(e)"

    def test_once_named_the_substitute_sits_in_the_box_and_play_resumes(self) -> None:
        events = named(stoppage(pen("1 11:00", "home", 7, "major", *CHECK)), 9)
        s = play(events, **ON)
        assert serving.servers_needed(s) == ()
        s = play([*events, faceoff("1 11:00")], **ON)
        [entry] = s.box("home")
        assert (entry.player, entry.served_by, entry.state) == (7, 9, "running")
        assert [p.served_by for p in s.penalties if p.penalty_class == PC.MAJOR] == [9]

    def test_a_game_misconduct_recorded_after_the_major_makes_it_the_substitutes(
            self) -> None:
        events = stoppage(pen("1 11:00", "away", 8, "major", "Body checking", "604(d)"))
        assert serving.servers_needed(play(events, **ON)) == ()  # he serves his own major
        events.append(pen("1 11:00", "away", 8, "game_misconduct", "Body checking", "604(d)"))
        [need] = serving.servers_needed(play(events, **ON))
        assert (need.player, need.penalty_class, need.rule) == (8, PC.MAJOR, "404(e)")

    def test_the_console_is_told_before_the_penalty_is_recorded(self) -> None:
        answer = serving.serving(play(stoppage()), "home", 7, [PC.MAJOR],
                                 infraction=CHECK[0], rule=CHECK[1])
        assert (answer.rule, answer.name_server) == ("404(e)", True)
        assert 7 not in answer.may_serve


class TestTheSettingIsOffForTheRuleBooksScenarios:
    def test_without_it_play_resumes_with_nobody_named(self) -> None:
        events = stoppage(pen("1 11:00", "home", 7, "major", *CHECK))
        s = play([*events, faceoff("1 11:00")])
        assert [e.player for e in s.box("home")] == [7]
        assert "faceoff" in acceptance(play(events)).accepts


class TestRule402cBenchMinor:
    def test_the_bench_minor_waits_for_the_player_the_coach_designates(self) -> None:
        events = stoppage(pen("1 11:00", "away", None, "bench_minor", "Too many players",
                              "205(a)"))
        [need] = serving.servers_needed(play(events, **ON))
        assert (need.player, need.rule) == (None, "402(c)")
        assert refused(play(events, **ON), faceoff("1 11:00")).rule == "402(c)"
        play([*named(events, 5), faceoff("1 11:00")], **ON)


class TestRule404bMinorWithAMisconduct:
    def test_the_minor_waits_for_its_substitute_not_the_misconduct(self) -> None:
        events = stoppage(pen("1 11:00", "home", 6, "minor"),
                          pen("1 11:00", "home", 6, "misconduct"))
        [need] = serving.servers_needed(play(events, **ON))
        assert (need.penalty_class, need.rule) == (PC.MINOR, "404(b)")


class TestWhoMayBeNamed:
    """The rules, not the service that writes the naming, decide who may be
    named (:func:`rinkside.rules.serving.refuse_server`)."""

    def test_rule_404e_the_penalized_player_is_refused_as_his_own_substitute(self) -> None:
        [need] = serving.servers_needed(play(stoppage(pen("1 11:00", "home", 7, "major",
                                                          *CHECK)), **ON))
        with pytest.raises(RuleViolation) as refusal:
            serving.refuse_server(need, 7)
        assert refusal.value.rule == "404(e)"
        assert str(refusal.value).startswith("Rule 404(e): #7 may not serve #7's major (home)")
        serving.refuse_server(need, need.may_serve[0])  # one the rule allows: no refusal

    def test_rule_402c_a_bench_minor_names_the_bench_not_a_player(self) -> None:
        events = stoppage(pen("1 11:00", "away", None, "bench_minor", "Too many players",
                              "205(a)"))
        [need] = serving.servers_needed(play(events, **ON))
        assert need.who == "the bench"
        with pytest.raises(RuleViolation, match=r"#99 may not serve the bench's bench minor"):
            serving.refuse_server(need, 99)


class TestRule405aMatch:
    def test_the_time_portion_waits_for_a_non_penalized_skater(self) -> None:
        events = stoppage(pen("1 11:00", "home", 4, "minor"),
                          pen("1 11:00", "home", 7, "match", "Deliberate injury", "603(a)"))
        [need] = serving.servers_needed(play(events, **ON))
        assert (need.player, need.rule) == (7, "405(a)")
        assert 7 not in need.may_serve and 1 not in need.may_serve


class TestRule407aGoaltendersPenalty:
    def test_his_minor_waits_for_a_teammate_from_the_floor(self) -> None:
        events = stoppage(pen("1 11:00", "home", 1, "minor"))
        [need] = serving.servers_needed(play(events, **ON))
        assert (need.player, need.rule) == (1, "407(a)")
        assert refused(play(events, **ON), faceoff("1 11:00")).rule == "407(a)"

    def test_a_delayed_penalty_signal_is_named_at_the_whistle(self) -> None:
        events: list[Event] = [faceoff("1 12:00"), signal("1 11:30", "away", 1, "minor"),
                               whistle("1 11:00")]
        [need] = serving.servers_needed(play(events, **ON))
        assert need.rule == "407(a)"
        s = play([*named(events, 6), faceoff("1 11:00")], **ON)
        assert [e.served_by for e in s.box("away")] == [6]

    def test_an_illegal_stick_measured_is_named_on_the_measurement(self) -> None:
        events = stoppage(Measurement(GameTime(1, 6600), "home", 1, "goaltender_stick",
                                      "illegal"))
        [need] = serving.servers_needed(play(events, **ON))
        assert (need.team, need.player, need.rule) == ("away", 1, "407(a)")
        corrected = named(events, 6)
        assert corrected[-1] == Measurement(GameTime(1, 6600), "home", 1, "goaltender_stick",
                                            "illegal", served_by=6)
        s = play([*corrected, faceoff("1 11:00")], **ON)
        assert [e.served_by for e in s.box("away")] == [6]


class TestRule206dInjuredPlayer:
    def test_the_console_offers_a_substitute_but_nothing_waits_for_one(self) -> None:
        s = play(stoppage())
        answer = serving.serving(s, "home", 7, [PC.MINOR])
        assert (answer.rule, answer.name_server) == (None, False)
        assert answer.offer is not None and answer.offer.rule == "206(d)"
        assert 7 not in answer.may_serve
        events = stoppage(pen("1 11:00", "home", 7, "minor"))
        assert serving.servers_needed(play(events, **ON)) == ()
