"""Equipment against Section III (Rules 301-305). The call after a
measurement during a game is the engine's: tests/test_rules_measurement.py."""

from __future__ import annotations

import pytest

from rinkside.rink.equipment import (
    EquipmentProblem,
    GoaltenderGear,
    Item,
    PlayerGear,
    Skates,
    Stick,
    check_goaltender,
    check_player,
    check_skates,
    check_stick,
    parse_inches,
)

LEGAL_STICK = Stick(length=63, blade_length=12.5, blade_width_min=2, blade_width_max=3)
LEGAL_GOALIE_STICK = Stick(length=63, blade_length=15.5, blade_width_max=3.5, goaltender=True,
                           heel_width=4.5, widened_length=26, widened_width=5)


def _rules(problems: list[EquipmentProblem]) -> list[str]:
    return [p.rule for p in problems]


class TestStick:
    def test_the_limits_themselves_are_legal(self) -> None:
        assert check_stick(LEGAL_STICK) == []
        assert check_stick(LEGAL_GOALIE_STICK) == []

    @pytest.mark.parametrize(("stick", "rule"), [
        (Stick(length=63.25), "301(b)"),
        (Stick(blade_length=12.75), "301(b)"),
        (Stick(blade_width_min=1.75), "301(b)"),
        (Stick(blade_width_max=3.25), "301(b)"),
        (Stick(heel_width=4), "301(c)"),  # a widened heel on a player's stick
        (Stick(projections=True), "301(a)"),
        (Stick(length=64, goaltender=True), "301(b)"),  # 63 in holds for goaltenders too
        (Stick(blade_length=15.75, goaltender=True), "301(c)"),
        (Stick(blade_width_max=3.75, goaltender=True), "301(c)"),
        (Stick(heel_width=4.75, goaltender=True), "301(c)"),
        (Stick(widened_length=27, goaltender=True), "301(c)"),
        (Stick(widened_width=5.5, goaltender=True), "301(c)"),
    ])
    def test_each_breach_names_its_rule_and_the_illegal_stick_call(self, stick: Stick,
                                                                   rule: str) -> None:
        (problem,) = check_stick(stick)
        assert problem.rule == rule
        assert problem.infraction == "illegal_stick"
        assert problem.message.startswith(f"Rule {rule}: ")

    def test_a_goaltender_blade_may_be_longer_than_a_players(self) -> None:
        assert check_stick(Stick(blade_length=15, goaltender=True)) == []
        assert _rules(check_stick(Stick(blade_length=15))) == ["301(b)"]

    def test_tape_only_where_the_house_bans_it(self) -> None:
        taped = Stick(blade_taped=True)
        assert check_stick(taped) == []
        (problem,) = check_stick(taped, tape_banned=True)
        assert (problem.rule, problem.infraction) == ("301(a)", "illegal_tape")


class TestGoaltender:
    def test_the_limits_are_legal(self) -> None:
        assert check_goaltender(GoaltenderGear(8, 16, 17, 9, 12)) == []

    def test_every_breach_is_a_303g_call(self) -> None:
        gear = GoaltenderGear(8.5, 16.5, 17.5, 9.5, 12.5, thumb_bar_bent=True, added_pocket=True,
                              pads_altered=True, abdominal_apron=True, undue_assistance=True)
        problems = check_goaltender(gear)
        assert _rules(problems) == ["303(a)", "303(b)", "303(b)", "303(c)", "303(c)", "303(c)",
                                    "303(c)", "303(d)", "303(e)", "303(e)"]
        assert {p.infraction for p in problems} == {"illegal_goaltender_equipment"}


class TestProtective:
    ADULT = frozenset({Item.HOCKEY_HELMET, Item.ELBOW_PADS, Item.GLOVES, Item.SHIN_PADS,
                       Item.CUP})
    RECOMMENDED = frozenset({Item.MOUTH_GUARD, Item.HIP_PADS, Item.LONG_PANTS, Item.CHEST,
                             Item.THROAT})

    def _failures(self, gear: PlayerGear) -> list[tuple[str, str]]:
        return [(p.rule, p.item) for p in check_player(gear) if not p.advice]

    def test_an_adult_needs_a_helmet_but_no_cage(self) -> None:
        assert self._failures(PlayerGear(18, self.ADULT)) == []
        assert check_player(PlayerGear(30, self.ADULT | self.RECOMMENDED)) == []

    def test_under_18_needs_a_certified_helmet_and_full_face_mask(self) -> None:
        assert self._failures(PlayerGear(17, self.ADULT)) == [
            ("304(a)", "certified-helmet"), ("304(a)", "full-face-mask")]
        youth = self.ADULT | {Item.CERTIFIED_HELMET, Item.FULL_FACE_MASK}
        assert self._failures(PlayerGear(17, youth)) == []

    def test_youth_divisions_need_a_mask_whatever_the_age(self) -> None:
        assert self._failures(PlayerGear(18, self.ADULT, youth_division=True)) == [
            ("304(c)", "full-face-mask")]

    def test_a_player_wearing_nothing_misses_every_mandatory_item(self) -> None:
        problems = check_player(PlayerGear(12))
        mandatory = [p for p in problems if not p.advice]
        assert {p.item for p in mandatory} == {"certified-helmet", "full-face-mask",
                                               "elbow-pads", "gloves", "shin-pads", "cup"}
        assert {p.infraction for p in mandatory} == {"protective_equipment"}
        assert {p.item for p in problems if p.advice} == {i.value for i in self.RECOMMENDED}

    def test_goaltenders_need_their_helmet_mask_and_chest(self) -> None:
        base = self.ADULT | self.RECOMMENDED
        assert self._failures(PlayerGear(25, base, goaltender=True)) == [
            ("303(f)", "goalie-helmet"), ("303(f)", "goalie-mask")]
        goalie = self.ADULT | {Item.GOALIE_HELMET, Item.GOALIE_MASK, Item.CHEST}
        assert self._failures(PlayerGear(16, goalie, goaltender=True)) == []

    def test_faults_and_dangerous_equipment(self) -> None:
        gear = PlayerGear(25, self.ADULT | self.RECOMMENDED, equipment_outside_uniform=True,
                          glass_lenses=True, glove_palm_cut=True, hard_cast_or_splint=True,
                          metal_protector=True, elbow_pad_cover=0.25)
        problems = check_player(gear)
        assert [(p.rule, p.infraction) for p in problems] == [
            ("304(b)", "equipment_outside_uniform"), ("304(d)", "protective_equipment"),
            ("304(e)", "illegal_glove"), ("305(a)", None), ("305(a)", None), ("305(b)", None)]
        assert check_player(PlayerGear(25, self.ADULT | self.RECOMMENDED,
                                       elbow_pad_cover=0.5)) == []


def test_skates() -> None:
    assert check_skates(Skates(4, 4)) == []
    problems = check_skates(Skates(4, 3, projections=True, speed_skates=True, quads=True))
    assert [(p.rule, p.advice) for p in problems] == [
        ("302(a)", False), ("302(b)", False), ("302(d)", False), ("302(e)", True)]


@pytest.mark.parametrize(("text", "inches"), [
    ("63", 63.0), ("12.5", 12.5), ("12 1/2", 12.5), ("12-1/2", 12.5), ("1/2", 0.5),
    ("15 1/2 in", 15.5), ('4.5"', 4.5),
])
def test_parse_inches(text: str, inches: float) -> None:
    assert parse_inches(text) == inches


@pytest.mark.parametrize("text", ["", "abc", "12 1/0", "1/2/3", "-3"])
def test_parse_inches_refuses(text: str) -> None:
    with pytest.raises(ValueError):
        parse_inches(text)
