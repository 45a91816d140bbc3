"""``rinkside rules``: the book on the command line, with what rinkside does."""

from __future__ import annotations

from typer.testing import CliRunner

from rinkside.book.coverage import coverage_markdown
from rinkside.book.sources import current_coverage
from rinkside.cli import app

runner = CliRunner()


def test_rules_402_shows_each_sub_rule_with_what_rinkside_does_where_and_its_tests() -> None:
    result = runner.invoke(app, ["rules", "402"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith("Rule 402 - Minor Penalties (Section IV)")
    assert "402(d) If while a team is short-handed" in out
    assert "enforced in rules/goals.py: goal" in out
    assert "test: tests/test_scenario_format.py::test_a_1_45_minor_breaks_rule_402a" in out
    assert out.index("402(a)") < out.index("402(b)") < out.index("402(h)")


def test_rules_with_a_sub_rule_shows_only_it() -> None:
    result = runner.invoke(app, ["rules", "402(d)"])
    assert result.exit_code == 0, result.output
    assert "402(d) If while" in result.output and "402(e)" not in result.output


def test_a_sub_rule_software_has_nothing_to_do_with_says_why() -> None:
    result = runner.invoke(app, ["rules", "101(a)"])
    assert result.exit_code == 0
    assert "rinkside: nothing for software to do: the building and its floor" in result.output


def test_rules_lists_every_rule_by_section_with_the_count() -> None:
    result = runner.invoke(app, ["rules"])
    assert result.exit_code == 0
    assert "Section VI: Playing Rules" in result.output and "642" in result.output
    total = len(current_coverage().all())
    assert f"{total} sub-rules: " in result.output


def test_an_unknown_rule_or_sub_rule_exits_2_saying_what_is_there() -> None:
    unknown = runner.invoke(app, ["rules", "999"])
    assert unknown.exit_code == 2
    assert "'999' is not a rule of the book" in unknown.output
    letter = runner.invoke(app, ["rules", "402(z)"])
    assert letter.exit_code == 2
    assert "Rule 402 has no sub-rule 402(z): 402(a)" in letter.output


def test_markdown_is_the_coverage_table_and_nothing_is_unaccounted() -> None:
    table = runner.invoke(app, ["rules", "--markdown"])
    assert table.exit_code == 0
    assert table.output == coverage_markdown(current_coverage())
    check = runner.invoke(app, ["rules", "--unaccounted"])
    assert (check.exit_code, check.output) == (0, "0 sub-rules not accounted for\n")
