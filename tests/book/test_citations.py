"""Citations of the book found in code and tests: the grammar, and what a
citation's place says the code does."""

from __future__ import annotations

from rinkside.book.citations import cited, scan_module, scan_tests
from rinkside.book.text import book

KNOWN = frozenset([s.id for s in book().subrules] + [r.number for r in book().rules])


def test_a_rule_and_its_sub_rule_are_cited() -> None:
    assert cited("Rule 402(d): the first minor ends", KNOWN) == ["402(d)", "402"]


def test_lists_and_ranges_of_letters_expand() -> None:
    assert cited("(402(d)-(f), 403(c))", KNOWN) == [
        "402(d)", "402(e)", "402(f)", "402", "403(c)", "403"]
    assert cited("Rule 629(c), (e), (k)", KNOWN) == ["629(c)", "629(e)", "629(k)", "629"]


def test_notes_are_cited_by_rule_by_sub_rule_and_by_section() -> None:
    assert cited("205 note 3", KNOWN) == ["205 note 3", "205"]
    assert cited("613(c) note 1: after a warning", KNOWN)[0] == "613(c) note 1"
    assert cited("Section III Note 1", KNOWN) == ["Section III note 1"]
    # a rule that prints "NOTE 1" under several sub-rules: the first of them
    assert cited("613 note 1", KNOWN) == ["613(c) note 1", "613"]
    assert cited("409(c) note 3", KNOWN) == ["409 note 3", "409"]


def test_rules_named_together_are_each_cited() -> None:
    assert cited("Rules 603 and 611", KNOWN) == ["603", "611"]
    assert cited("Rules 404(h), 405(b)", KNOWN) == ["404(h)", "404", "405(b)", "405"]


def test_numbers_that_are_not_rules_are_not_citations() -> None:
    for text in ("casebook 12", "1,000 games", "at 12:30 in 2026", "a 404 page",
                 "Rule 999(a)", "page 402"):
        assert cited(text, KNOWN) == [], text


def test_a_refusal_raised_is_enforced_and_a_warning_kept_is_flagged() -> None:
    source = '''
"""Rule 402(a): the module's own note."""

def refuse(state):
    # Rule 402(b): refused here
    raise RuleViolation("402(c)", "Rule 402(c): no")

def assess(s):
    s.warnings += ("Rule 409(c): cancelled",)

TABLE = {"k": "Rule 404(a)"}
'''
    found = {(ident, site.function, site.kind)
             for ident, site in scan_module("rules/x.py", source, "recorded", KNOWN)
             if "(" in ident}
    assert found == {("402(a)", "", "recorded"), ("402(b)", "refuse", "recorded"),
                     ("402(c)", "refuse", "enforced"), ("409(c)", "assess", "flagged"),
                     ("404(a)", "TABLE", "recorded")}


def test_a_warning_in_the_engine_is_flagged_and_a_failed_check_stays_checked() -> None:
    warned = 'def f(s):\n    s.warnings += ("Rule 409(c): x",)\n'
    ((_, site),) = [f for f in scan_module("rules/x.py", warned, "enforced", KNOWN)
                    if f[0] == "409(c)"]
    assert site.kind == "flagged"
    check = 'def g():\n    raise RinkError("Rule 101(c): too narrow")\n'
    ((_, site),) = [f for f in scan_module("rink/x.py", check, "checked", KNOWN)
                    if f[0] == "101(c)"]
    assert site.kind == "checked"


def test_tests_cite_by_name_docstring_and_class() -> None:
    source = '''
def test_a_1_45_minor_breaks_rule_402a(): pass
def test_an_inserted_second_timeout_is_refused_with_641(): pass
def test_unknown_game_is_404(): pass
def test_something():
    """The delayed minor (Rule 409(c)) is cancelled."""

class TestRule613:
    """Face-offs, Rule 613(c) note 1."""
    def test_warning(self): pass
'''
    found = [(ident, test.name) for ident, test in scan_tests("tests/t.py", source, KNOWN)]
    assert found == [
        ("402(a)", "test_a_1_45_minor_breaks_rule_402a"),
        ("641", "test_an_inserted_second_timeout_is_refused_with_641"),
        ("409(c)", "test_something"), ("409", "test_something"),
        ("613(c) note 1", "TestRule613::test_warning"), ("613", "TestRule613::test_warning")]
