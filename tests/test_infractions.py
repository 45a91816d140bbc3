"""The Section VI infraction catalog against the RHA Official Rule Book."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from hypothesis import given, strategies

from rinkside.rules.events import PenaltyClass
from rinkside.rules.infractions import (
    CATALOG,
    Infraction,
    by_key,
    check_assessment,
    for_class,
    lookup,
)

BOOK = Path(__file__).resolve().parents[2] / "shared" / "rulebook" / "rules-by-section.md"

EJECT = {PenaltyClass.GAME_EJECTION, PenaltyClass.GAME_MISCONDUCT}


def _rule(key: str) -> str:
    return by_key(key).rule


def _book_rules(text: str) -> set[str]:
    """Every rule and sub-rule as the book numbers it: "604", "604(e)", "604(f)".

    Sub-rules are lines opening with their letter under a rule heading ("(f.)" too).
    """
    found: set[str] = set()
    current: str | None = None
    for line in text.splitlines():
        heading = re.match(r"## RULE (\d{3})\b", line)
        if heading:
            current = heading.group(1)
            found.add(current)
            continue
        sub = re.match(r"\(([a-z])\.?\)", line)
        if sub and current:
            found.add(f"{current}({sub.group(1)})")
    return found


# --- the catalog as data ---------------------------------------------------


def test_keys_unique_and_rules_exist_in_book() -> None:
    keys = [entry.key for entry in CATALOG]
    assert len(keys) == len(set(keys))
    if not BOOK.is_file():
        pytest.skip(f"rule book not found at {BOOK}")
    book = _book_rules(BOOK.read_text(encoding="utf-8"))
    missing = [(entry.key, entry.rule) for entry in CATALOG if entry.rule not in book]
    assert missing == []
    # The qualifying sub-rules the catalog folds into its entries are real too.
    from rinkside.rules.infractions import _QUALIFIERS

    assert [rule for rule in _QUALIFIERS if rule not in book] == []


def test_every_class_and_companion_is_a_penalty_class() -> None:
    for entry in CATALOG:
        assert isinstance(entry.classes, frozenset), entry.key
        assert all(isinstance(c, PenaltyClass) for c in entry.classes), entry.key
        assert isinstance(entry.companions, tuple), entry.key
        assert all(isinstance(c, PenaltyClass) for c in entry.companions), entry.key


def test_every_entry_gives_a_penalty_or_a_penalty_shot() -> None:
    for entry in CATALOG:
        assert entry.classes or entry.penalty_shot, entry.key
        assert not entry.classes & set(entry.companions), entry.key
        assert entry.name and entry.name[0].isupper(), entry.key
        assert re.fullmatch(r"[a-z][a-z_]*", entry.key), entry.key
        assert re.fullmatch(r"\d{3}\([a-z]\)", entry.rule), entry.key


def test_names_do_not_collide() -> None:
    def norm(text: str) -> str:
        return re.sub(r"[^0-9a-z]", "", text.casefold())

    words: dict[str, str] = {}
    for entry in CATALOG:
        for word in {norm(entry.key), norm(entry.name)}:
            assert words.setdefault(word, entry.key) == entry.key, (word, entry.key)


def test_entries_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        by_key("tripping").rule = "642(c)"  # type: ignore[misc]


def test_catalog_is_grouped_in_book_order() -> None:
    numbers = [int(entry.rule[:3]) for entry in CATALOG]
    assert numbers == sorted(numbers)


def test_covers_every_rule_of_section_vi_that_gives_a_penalty() -> None:
    numbers = {entry.rule[:3] for entry in CATALOG}
    expected = {
        "601", "602", "603", "604", "605", "606", "607", "608", "609", "610", "611", "612",
        "613", "614", "615", "617", "618", "619", "620", "621", "622", "623", "624", "625",
        "626", "628", "629", "631", "634", "635", "636", "638", "641", "642",
        "205", "206", "301", "302", "303", "304", "407",
    }
    assert numbers == expected


def test_by_key_raises_key_error_for_unknown() -> None:
    assert by_key("tripping").rule == "642(a)"
    with pytest.raises(KeyError):
        by_key("underwater_basket_weaving")


# --- rules, by number ------------------------------------------------------


def test_601_escalation_and_gross_misconducts() -> None:
    assert by_key("unsportsmanlike_conduct").classes == {
        PenaltyClass.MINOR, PenaltyClass.BENCH_MINOR, PenaltyClass.MISCONDUCT,
        PenaltyClass.GAME_MISCONDUCT}
    assert all(e.classes == {PenaltyClass.MINOR, PenaltyClass.BENCH_MINOR}
               for e in CATALOG if e.rule == "601(c)")
    assert all(e.classes == {PenaltyClass.MISCONDUCT, PenaltyClass.GAME_MISCONDUCT}
               for e in CATALOG if e.rule == "601(d)")
    assert [e.classes for e in CATALOG
            if e.rule == "601(f)"] == [{PenaltyClass.GROSS_MISCONDUCT}] * 3
    assert check_assessment("abuse of an official", PenaltyClass.MISCONDUCT, "601(d)") is None


def test_603_611_626_are_match_penalties() -> None:
    for rule in ("603(a)", "611(a)", "626(a)"):
        entry = lookup("", rule)
        assert entry is not None and entry.classes == {PenaltyClass.MATCH}


def test_604e_checking_from_behind_makes_game_misconduct_automatic() -> None:
    entry = lookup("checking from behind", "604(e)")
    assert entry is by_key("checking_from_behind")
    assert PenaltyClass.MAJOR in entry.classes
    assert entry.companions == (PenaltyClass.GAME_MISCONDUCT,)
    assert check_assessment("Checking from behind", PenaltyClass.GAME_MISCONDUCT, "604(e)") is None
    warning = check_assessment("Checking from behind", PenaltyClass.MINOR, "604(e)")
    assert warning is not None and "604(e)" in warning and "automatic game misconduct" in warning


def test_604c_injury_leaves_no_minor() -> None:
    assert PenaltyClass.MINOR not in by_key("body_checking_injury").classes
    assert check_assessment("body checking causing injury", PenaltyClass.MINOR,
                            "604(c)") is not None


def test_any_major_may_add_ejection_or_game_misconduct_where_the_book_says_so() -> None:
    # 604(d), 605(c), 608(d), 609(d), 612(c), 619(c), 622(c), 628(c), 635(e), 642(d)
    for number in ("604", "605", "608", "609", "612", "619", "622", "628", "635", "642"):
        majors = [e for e in CATALOG
                  if e.rule.startswith(number) and PenaltyClass.MAJOR in e.classes]
        assert majors, number
        for entry in majors:
            if PenaltyClass.GAME_MISCONDUCT in entry.companions:  # 604(e): already automatic
                continue
            assert EJECT <= entry.classes, entry.key


def test_may_be_treated_as_match_under_603_and_611() -> None:
    # 604(f), 605(d), 607(d), 608(e), 609(e), 612(e), 618(c), 619(d), 628(d), 635(f), 636(d)
    for number in ("604", "605", "607", "608", "609", "612", "618", "619", "628", "635", "636"):
        entries = [e for e in CATALOG if e.rule.startswith(number)]
        assert entries and all(PenaltyClass.MATCH in e.classes for e in entries), number
    assert PenaltyClass.MATCH not in by_key("tripping_injury").classes  # 642 has no match clause
    assert PenaltyClass.MATCH not in by_key("hooking_injury").classes  # nor 622


def test_qualifying_subrule_resolves_to_its_rule() -> None:
    entry = lookup("cross checking", "609(d)")
    assert entry is by_key("cross_checking")
    assert check_assessment("cross checking", PenaltyClass.GAME_MISCONDUCT, "609(d)") is None
    assert check_assessment("high sticking", PenaltyClass.GAME_EJECTION, "619(c)") is None


def test_607_butt_ending_attempt_may_eject_contact_adds_game_misconduct() -> None:
    attempt, contact = by_key("butt_ending_attempt"), by_key("butt_ending_contact")
    assert (attempt.rule, contact.rule) == ("607(a)", "607(c)")
    assert attempt.classes == {PenaltyClass.MAJOR, PenaltyClass.GAME_EJECTION, PenaltyClass.MATCH}
    assert attempt.companions == ()
    assert contact.companions == (PenaltyClass.GAME_MISCONDUCT,)
    assert lookup("butt-ending") is contact


def test_636_spearing_attempt_and_contact() -> None:
    assert lookup("", "636(a)") is by_key("spearing_attempt")
    assert lookup("spearing") is by_key("spearing_contact")
    assert by_key("spearing_contact").companions == (PenaltyClass.GAME_MISCONDUCT,)
    assert PenaltyClass.GAME_EJECTION in by_key("spearing_attempt").classes  # 636(b)


def test_610f_unsubstantiated_measurement_is_a_bench_minor() -> None:
    entry = lookup("unsubstantiated measurement", "610(f)")
    assert entry is not None and entry.classes == {PenaltyClass.BENCH_MINOR}
    assert check_assessment("unsubstantiated equipment measurement", PenaltyClass.MINOR,
                            "610(f)") is not None


def test_610e_displacing_the_goal_is_a_minor_that_can_give_a_penalty_shot() -> None:
    entry = by_key("displacing_goal")
    assert entry.classes == {PenaltyClass.MINOR} and entry.penalty_shot


def test_614c_falling_on_puck_in_crease_is_a_penalty_shot_and_no_other_penalty() -> None:
    entry = lookup("falling on the puck in the crease", "614(c)")
    assert entry is not None and entry.penalty_shot and entry.classes == frozenset()
    warning = check_assessment("falling on puck", PenaltyClass.MINOR, "614(c)")
    assert warning is not None and "only a penalty shot" in warning


def test_penalty_shot_rules() -> None:
    shots = {e.rule for e in CATALOG if e.penalty_shot}
    assert shots == {"205(c)", "610(e)", "614(c)", "617(e)", "624(b)", "629(g)", "638(a)",
                     "642(e)"}


def test_615a_fight_is_major_with_automatic_game_misconduct_and_instigator_adds_minor() -> None:
    fight, instigator = by_key("fighting"), by_key("instigator")
    assert fight.rule == instigator.rule == "615(a)"
    assert fight.classes == {PenaltyClass.MAJOR}
    assert fight.companions == (PenaltyClass.GAME_MISCONDUCT,)
    assert instigator.classes == {PenaltyClass.MINOR}
    assert set(instigator.companions) == {PenaltyClass.MAJOR, PenaltyClass.GAME_MISCONDUCT}
    assert check_assessment("fighting", PenaltyClass.GAME_MISCONDUCT, "615(a)") is None
    assert check_assessment("instigator", PenaltyClass.MINOR, "615(a)") is None
    assert check_assessment("fighting", PenaltyClass.MINOR, "615(a)") is not None


def test_615b_retaliation_minor_double_minor_or_major() -> None:
    assert lookup("roughing", "615(b)") is by_key("roughing")
    assert by_key("roughing").classes == {PenaltyClass.MINOR, PenaltyClass.DOUBLE_MINOR,
                                          PenaltyClass.MAJOR}


def test_615c_off_surface_fight_and_615e_first_to_intervene() -> None:
    assert by_key("fighting_off_surface").classes == {PenaltyClass.GAME_MISCONDUCT}
    assert by_key("first_to_intervene").classes == {PenaltyClass.GAME_EJECTION}


def test_615d_punch_sets_three_games() -> None:
    punch = lookup("punch", "615(d)")
    assert punch is by_key("dropping_gloves_punch")
    assert punch.suspension_games == 3
    assert punch.classes == {PenaltyClass.GAME_MISCONDUCT}
    gloves = lookup("dropping the gloves", "615(d)")
    assert gloves is by_key("dropping_gloves") and gloves.suspension_games is None
    assert [e.key for e in CATALOG if e.suspension_games is not None] == ["dropping_gloves_punch"]


def test_615f_bench_minor_615g_misconduct_615h_goaltender_minor() -> None:
    assert lookup("", "615(f)") is by_key("team_not_clearing_altercation")
    assert by_key("team_not_clearing_altercation").classes == {PenaltyClass.BENCH_MINOR}
    assert by_key("resisting_official").classes == {PenaltyClass.MISCONDUCT,
                                                    PenaltyClass.GAME_MISCONDUCT}
    assert by_key("goaltender_joining_altercation").classes == {PenaltyClass.MINOR}


def test_619b_high_sticking_injury_is_double_minor_or_major() -> None:
    entry = lookup("high sticking", "619(b)")
    assert entry is by_key("high_sticking_injury")
    assert {PenaltyClass.DOUBLE_MINOR, PenaltyClass.MAJOR} <= entry.classes
    assert PenaltyClass.MINOR not in entry.classes
    assert check_assessment("high sticking", PenaltyClass.DOUBLE_MINOR, "619(b)") is None


def test_620c_facemask_injury_adds_game_misconduct() -> None:
    assert by_key("holding_facemask").classes == {PenaltyClass.MAJOR}
    assert by_key("holding_facemask_injury").companions == (PenaltyClass.GAME_MISCONDUCT,)


def test_625b_spectator_is_gross_misconduct() -> None:
    assert lookup("", "625(b)") is by_key("interfering_with_spectator")
    assert by_key("interfering_with_spectator").classes == {PenaltyClass.GROSS_MISCONDUCT}


def test_629d_penalty_bench_to_altercation_minor_plus_game_misconduct() -> None:
    entry = by_key("leaving_penalty_bench_altercation")
    assert entry.classes == {PenaltyClass.MINOR}
    assert entry.companions == (PenaltyClass.GAME_MISCONDUCT,)
    assert by_key("leaving_bench_altercation").classes == {PenaltyClass.GAME_MISCONDUCT}


def test_634a_and_641d_are_bench_minors() -> None:
    assert by_key("refusing_to_play").classes == {PenaltyClass.BENCH_MINOR}
    assert by_key("timeout_violation").classes == {PenaltyClass.BENCH_MINOR}


def test_642_tripping_minor_injury_major() -> None:
    assert by_key("tripping").classes == {PenaltyClass.MINOR}
    assert by_key("tripping_injury").classes == {PenaltyClass.MAJOR} | EJECT
    assert lookup("slew footing") is by_key("tripping_injury")


def test_equipment_and_bench_rules_outside_section_vi() -> None:
    assert lookup("too many players") is by_key("illegal_substitution")
    assert by_key("illegal_substitution").classes == {PenaltyClass.BENCH_MINOR}
    assert _rule("illegal_substitution") == "205(c)"
    assert by_key("illegal_stick").classes == {PenaltyClass.MINOR}
    assert _rule("illegal_stick") == "301(d)"
    refusing = by_key("refusing_stick_measurement")
    assert refusing.classes == {PenaltyClass.MINOR}
    assert refusing.companions == (PenaltyClass.MISCONDUCT,)
    for rule in ("302(c)", "303(g)", "304(b)", "304(e)", "304(f)", "407(d)"):
        entry = lookup("", rule)
        assert entry is not None and entry.classes == {PenaltyClass.MINOR}, rule


# --- lookup ----------------------------------------------------------------


def test_lookup_by_rule_and_by_name() -> None:
    tripping = by_key("tripping")
    for rule in ("642(a)", "Rule 642(a)", "642 (a)", "rule 642 (A)", " 642(a) "):
        assert lookup("", rule) is tripping, rule
    crossing = by_key("cross_checking")
    for name in ("cross checking", "cross-checking", "cross_checking", "Cross Checking",
                 "CROSS-CHECKING"):
        assert lookup(name) is crossing, name
    assert lookup("Checking from behind") is by_key("checking_from_behind")
    assert lookup("holding an opponent's stick") is by_key("holding_stick")


def test_lookup_bare_rule_number_gives_the_rules_first_entry() -> None:
    assert lookup("", "642") is by_key("tripping")
    assert lookup("", "615") is by_key("fighting")
    assert lookup("", "Rule 601") is by_key("unsportsmanlike_conduct")


def test_lookup_rule_comes_before_name_but_name_picks_within_the_rule() -> None:
    assert lookup("tripping", "609(a)") is by_key("cross_checking")
    assert lookup("instigator", "615(a)") is by_key("instigator")
    assert lookup("roughing", "615") is by_key("roughing")


def test_lookup_unknown_rule_falls_back_to_name_and_unknown_gives_none() -> None:
    assert lookup("tripping", "699(z)") is by_key("tripping")
    assert lookup("tripping", "not a rule") is by_key("tripping")
    assert lookup("underwater basket weaving") is None
    assert lookup("underwater basket weaving", "616(a)") is None


def test_lookup_by_rule_title() -> None:
    assert lookup("Fighting and roughing") is by_key("fighting")
    assert lookup("High sticks") is by_key("high_sticking")
    assert lookup("Delaying the game") is by_key("puck_out_of_play")


# --- check_assessment ------------------------------------------------------


def test_check_assessment_accepts_what_the_rule_allows() -> None:
    # The assessments of the shared conformance scenarios.
    for infraction, rule, penalty_class in [
        ("tripping", "642(a)", PenaltyClass.MINOR),
        ("slashing", "635(a)", PenaltyClass.MINOR),
        ("hooking", "622(a)", PenaltyClass.MINOR),
        ("holding", "620(a)", PenaltyClass.MINOR),
        ("cross checking", "609(a)", PenaltyClass.MAJOR),
        ("cross checking", "609(a)", PenaltyClass.MINOR),
        ("roughing", "615(b)", PenaltyClass.MINOR),
        ("interference", "624(a)", PenaltyClass.MINOR),
        ("high sticking", "619(b)", PenaltyClass.DOUBLE_MINOR),
        ("boarding", "605(a)", PenaltyClass.MAJOR),
        ("abuse of an official", "601(d)", PenaltyClass.MISCONDUCT),
    ]:
        assert check_assessment(infraction, penalty_class, rule) is None, (infraction, rule)
    assert check_assessment("tripping", PenaltyClass.MINOR) is None


def test_check_assessment_warns_naming_the_rule_for_a_class_the_rule_does_not_allow() -> None:
    expected = ("Rule 642(a): Tripping allows minor; a major was assessed"
                " — recorded as the referee's discretion.")
    assert check_assessment("tripping", PenaltyClass.MAJOR, "642(a)") == expected
    assert check_assessment("Tripping", PenaltyClass.MAJOR) == expected
    warning = check_assessment("holding", PenaltyClass.MATCH, "620(a)")
    assert warning is not None and warning.startswith("Rule 620(a): Holding allows minor;")
    assert "a match penalty was assessed" in warning


def test_check_assessment_accepts_a_companion() -> None:
    assert check_assessment("spearing", PenaltyClass.GAME_MISCONDUCT, "636(c)") is None
    assert check_assessment("refusing stick measurement", PenaltyClass.MISCONDUCT, "301(e)") is None


def test_unknown_infraction_warns_and_never_raises() -> None:
    assert check_assessment("underwater basket weaving", PenaltyClass.MINOR) == (
        "Rule 401(a): 'underwater basket weaving' is not in the Section VI catalog"
        " — recorded as the referee's discretion.")
    warning = check_assessment("underwater basket weaving", PenaltyClass.MINOR, "Rule 699 (b)")
    assert warning is not None and "699(b)" in warning


@given(strategies.text(max_size=40), strategies.sampled_from(list(PenaltyClass)),
       strategies.none() | strategies.text(max_size=20))
def test_check_assessment_never_raises(infraction: str, penalty_class: PenaltyClass,
                                       rule: str | None) -> None:
    result = check_assessment(infraction, penalty_class, rule)
    assert result is None or (isinstance(result, str) and result.endswith("discretion."))
    found = lookup(infraction, rule)
    assert found is None or isinstance(found, Infraction)


@given(strategies.sampled_from(CATALOG), strategies.sampled_from(list(PenaltyClass)))
def test_check_assessment_agrees_with_the_entry(entry: Infraction,
                                                 penalty_class: PenaltyClass) -> None:
    result = check_assessment(entry.name, penalty_class, entry.rule)
    fits = penalty_class in entry.classes or penalty_class in entry.companions or (
        # casebook 37
        penalty_class == PenaltyClass.MINOR and PenaltyClass.DOUBLE_MINOR in entry.classes)
    assert (result is None) == fits
    if result is not None:
        assert result.startswith(f"Rule {entry.rule}: {entry.name} allows ")


# --- for_class -------------------------------------------------------------


def test_for_class_offers_the_entries_that_give_it() -> None:
    for penalty_class in PenaltyClass:
        offered = for_class(penalty_class)
        assert all(penalty_class in e.classes for e in offered)
        assert len(offered) == sum(penalty_class in e.classes for e in CATALOG)
    assert {e.rule for e in for_class(PenaltyClass.DOUBLE_MINOR)} == {"615(b)", "619(b)"}
    bench = {e.rule for e in for_class(PenaltyClass.BENCH_MINOR)}
    assert {"205(c)", "610(c)", "610(f)", "613(k)", "615(f)", "634(a)", "641(d)"} <= bench
    assert {e.rule for e in for_class(PenaltyClass.GROSS_MISCONDUCT)} == {"601(f)", "625(b)"}
    # automatic, not a pick
    assert by_key("fighting") not in for_class(PenaltyClass.GAME_MISCONDUCT)
    assert by_key("falling_on_puck_in_crease") not in {e for c in PenaltyClass
                                                        for e in for_class(c)}
