"""Every sub-rule of the book is accounted for: implemented (cited where the
code does it), or the hand table says why not; ``docs/rule-coverage.md`` is
the generated table, current."""

from __future__ import annotations

from pathlib import Path

from rinkside.book.accounts import ACCOUNTS
from rinkside.book.coverage import build_coverage, coverage_markdown, module_kind
from rinkside.book.sources import current_coverage, package_sources, project_tests
from rinkside.book.text import book

DOC = Path(__file__).resolve().parents[2] / "docs" / "rule-coverage.md"


def test_every_sub_rule_software_can_act_on_is_implemented_or_has_a_recorded_reason() -> None:
    missing = [c.subrule.id for c in current_coverage().unaccounted()]
    assert missing == [], (
        f"{missing}: cite each where the code carries it out (`Rule NNN(x)`), or say in "
        "src/rinkside/book/accounts.py why software has nothing to do with it or why it "
        "is not done yet")


def test_the_hand_table_names_only_sub_rules_of_the_book() -> None:
    ids = {s.id for s in book().subrules}
    assert sorted(set(ACCOUNTS) - ids) == []
    assert all(a.reason and a.kind in ("nothing", "open") for a in ACCOUNTS.values())


def test_a_sub_rule_without_code_or_reason_is_reported() -> None:
    sources, tests = package_sources(), project_tests()
    reasons = dict(ACCOUNTS)
    del reasons["101(a)"]
    table = build_coverage(book(), sources, tests, reasons)
    assert [c.subrule.id for c in table.unaccounted()] == ["101(a)"]


def test_an_implementation_added_later_is_shown_and_breaks_nothing() -> None:
    """An 'open' sub-rule that gains a citation is shown as the code's kind,
    its reason kept out of the way: the check above stays green."""
    sub = next(c.subrule for c in current_coverage().all() if c.shown == "open")
    number = sub.id.split("(")[0].split(" ")[0]
    added = ("rules/added_later.py",
             f'def refuse(state):\n    raise RuleViolation("{sub.id}", "Rule {sub.id}: x")\n')
    table = build_coverage(book(), [*package_sources(), added], project_tests())
    rc = table.rule(number)
    assert rc is not None
    (now,) = [c for c in rc.subrules if c.subrule.id == sub.id]
    assert (now.shown, now.places()) == ("enforced",
                                         (("enforced", "rules/added_later.py: refuse"),))
    assert table.unaccounted() == ()


def test_an_open_line_goes_once_the_code_carries_the_sub_rule_out() -> None:
    done = [c.subrule.id for c in current_coverage().all()
            if c.where and c.account is not None and c.account.kind == "open"]
    assert done == [], f"{done}: implemented now; remove their 'open' lines from accounts.py"


def test_where_and_tests_come_from_the_code_and_the_tests() -> None:
    rc = current_coverage().rule("402")
    assert rc is not None
    a = next(c for c in rc.subrules if c.subrule.id == "402(a)")
    assert a.shown == "enforced"
    assert any(place.startswith("rules/") for _, place in a.places())
    assert "test_a_1_45_minor_breaks_rule_402a" in [t.name for t in a.tests]


def test_modules_that_only_show_or_simulate_the_book_implement_nothing() -> None:
    assert module_kind("rules/box.py") == "enforced"
    assert module_kind("rules/infractions.py") == "checked"
    assert module_kind("rules/infraction_catalog.py") == "checked"
    assert module_kind("reports/pdf.py") == "recorded"
    for path in ("simulate/penalties.py", "web/routers/console_api.py", "cli/rules.py",
                 "formats/event_reader.py", "conformance/checks.py", "book/accounts.py"):
        assert module_kind(path) is None, path


def test_docs_rule_coverage_is_the_generated_table() -> None:
    assert DOC.read_text(encoding="utf-8") == coverage_markdown(current_coverage()), (
        "docs/rule-coverage.md is out of date: run `make rule-coverage`")


def test_the_table_has_one_row_per_sub_rule() -> None:
    text = coverage_markdown(current_coverage())
    rows = [line for line in text.splitlines() if line.startswith("| ") and
            not line.startswith("| sub-rule")]
    assert [r.split(" | ")[0][2:] for r in rows] == [s.id for s in book().subrules]
