"""What rinkside does with each sub-rule of the book, generated: the
citations of the code (:func:`~rinkside.book.citations.scan_module`) say
where and how (enforced, flagged, checked, recorded), the tests' say which
tests protect it, and the hand-kept :data:`~rinkside.book.accounts.ACCOUNTS`
says, only for the sub-rules no code cites, why (nothing for software to do,
or not done yet). :func:`coverage_markdown` is ``docs/rule-coverage.md``.

Pure: the book and the sources come in, the table goes out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final, Literal

from rinkside.book.accounts import ACCOUNTS, Account
from rinkside.book.citations import KINDS, Kind, Site, TestSite, scan_module, scan_tests
from rinkside.book.text import Book, Rule, SubRule

__all__ = ["SHOWN_MEANING", "SHOWN_TEXT", "Coverage", "RuleCoverage", "Shown",
           "SubRuleCoverage", "build_coverage", "counts_text", "coverage_markdown",
           "module_kind", "shown_counts"]

Shown = Kind | Literal["nothing", "open"]
"""What the table says of a sub-rule: a kind of :data:`KINDS`, else the hand
table's ``nothing`` (for software to do) or ``open`` (software could; not yet)."""

SHOWN_TEXT: Final[Mapping[str, str]] = {
    "enforced": "enforced", "flagged": "flagged", "checked": "checked",
    "recorded": "recorded", "nothing": "nothing for software to do",
    "open": "not yet", "": "not accounted for",
}

SHOWN_MEANING: Final[Mapping[str, str]] = {
    "enforced": "the engine refuses what the sub-rule forbids, or applies what it makes "
                "automatic",
    "flagged": "the engine warns when the referees' call does not match it; the call stands",
    "checked": "a measurement, a roster, a setting or a penalty's class is checked against it",
    "recorded": "what it asks to be kept is kept and shown (the report, the pages)",
    "nothing": "the referees' eyes on the floor, the building, a cross-reference: the "
               "reason is given",
    "open": "software could; not done yet: what it would take is given",
}

# What a citation means where it is (the first prefix that fits); None: a
# module that cites the book without carrying it out (it shows, simulates,
# converts or runs scenarios).
_MODULE_KINDS: Final[tuple[tuple[str, Kind | None], ...]] = (
    ("rules/infractions.py", "checked"), ("rules/infraction_catalog.py", "checked"),
    ("rules/roster.py", "checked"),
    ("rules/settings.py", "checked"), ("rules/", "enforced"),
    ("tournament/roster", "checked"), ("tournament/lineups.py", "checked"),
    ("tournament/", "enforced"), ("rink/", "checked"),
    ("services/", "recorded"), ("store/", "recorded"), ("reports/", "recorded"),
    ("present/", "recorded"),
)


def module_kind(path: str) -> Kind | None:
    """What a citation in the module at ``path`` (under ``rinkside/``) means."""
    return next((kind for prefix, kind in _MODULE_KINDS if path.startswith(prefix)), None)


@dataclass(frozen=True, slots=True)
class SubRuleCoverage:
    subrule: SubRule
    where: tuple[Site, ...]
    tests: tuple[TestSite, ...]
    account: Account | None

    @property
    def kind(self) -> Kind | None:
        """The strongest kind among the code's citations; None if none cites it."""
        kinds = {site.kind for site in self.where}
        return next((k for k in KINDS if k in kinds), None)

    @property
    def shown(self) -> Shown | Literal[""]:
        if self.kind is not None:
            return self.kind
        return self.account.kind if self.account is not None else ""

    @property
    def shown_text(self) -> str:
        return SHOWN_TEXT[self.shown]

    @property
    def reason(self) -> str | None:
        return self.account.reason if self.account is not None else None

    @property
    def accounted(self) -> bool:
        """Implemented somewhere, or the hand table says why not."""
        return bool(self.where) or self.account is not None

    def places(self) -> tuple[tuple[Kind, str], ...]:
        """(kind, ``rules/box.py: release``) once per module and function, the
        strongest kind first; a module's own docstring or constants as the module."""
        found: dict[str, Kind] = {}
        for site in self.where:
            place = f"{site.module}: {site.function}" if site.function else site.module
            if place not in found or KINDS.index(site.kind) < KINDS.index(found[place]):
                found[place] = site.kind
        return tuple(sorted(((k, p) for p, k in found.items()),
                            key=lambda kp: (KINDS.index(kp[0]), kp[1])))


@dataclass(frozen=True, slots=True)
class RuleCoverage:
    rule: Rule
    subrules: tuple[SubRuleCoverage, ...]
    tests: tuple[TestSite, ...]  # tests citing the rule as a whole ("Rule 641")


@dataclass(frozen=True, slots=True)
class Coverage:
    rules: tuple[RuleCoverage, ...]
    notes: tuple[tuple[str, tuple[SubRuleCoverage, ...]], ...]  # a section's own notes
    book: Book

    def all(self) -> tuple[SubRuleCoverage, ...]:
        return tuple(c for _, notes in self.notes for c in notes) + tuple(
            c for r in self.rules for c in r.subrules)

    def rule(self, number: str) -> RuleCoverage | None:
        return next((r for r in self.rules if r.rule.number == number), None)

    def counts(self) -> dict[str, int]:
        """How many sub-rules each shown value has, in the table's order."""
        return {key: n for key, _, n in shown_counts(self.all())}

    def unaccounted(self) -> tuple[SubRuleCoverage, ...]:
        return tuple(c for c in self.all() if not c.accounted)


def shown_counts(subs: Iterable[SubRuleCoverage]) -> list[tuple[str, str, int]]:
    """(shown value, its words, how many of ``subs``) in the table's order."""
    shown = [c.shown for c in subs]
    return [(key, words, shown.count(key)) for key, words in SHOWN_TEXT.items()
            if key in shown]


def counts_text(subs: Iterable[SubRuleCoverage]) -> str:
    """``5 enforced, 2 nothing for software to do``."""
    return ", ".join(f"{n} {words}" for _, words, n in shown_counts(subs))


def build_coverage(book: Book, sources: Iterable[tuple[str, str]],
                   tests: Iterable[tuple[str, str]],
                   accounts: Mapping[str, Account] = ACCOUNTS) -> Coverage:
    """The table from the book, the package's modules ``(path, text)`` (paths
    under ``rinkside/``) and the test modules ``(path, text)``."""
    known = frozenset([s.id for s in book.subrules] + [r.number for r in book.rules])
    where: dict[str, list[Site]] = {}
    for path, text in sources:
        kind = module_kind(path)
        if kind is None or path.endswith("__init__.py"):  # a package's summary
            continue
        for ident, site in scan_module(path, text, kind, known):
            where.setdefault(ident, []).append(site)
    tested: dict[str, list[TestSite]] = {}
    for path, text in tests:
        for ident, test in scan_tests(path, text, known):
            tested.setdefault(ident, []).append(test)

    def one(sub: SubRule) -> SubRuleCoverage:
        return SubRuleCoverage(sub, tuple(where.get(sub.id, ())),
                               tuple(dict.fromkeys(tested.get(sub.id, ()))),
                               accounts.get(sub.id))

    return Coverage(
        rules=tuple(RuleCoverage(r, tuple(one(s) for s in r.subrules),
                                 tuple(dict.fromkeys(tested.get(r.number, ()))))
                    for r in book.rules),
        notes=tuple((s.numeral, tuple(one(n) for n in s.notes)) for s in book.sections
                    if s.notes),
        book=book)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def coverage_markdown(coverage: Coverage) -> str:
    """``docs/rule-coverage.md``: one row per sub-rule, generated."""
    counts = coverage.counts()
    total = sum(counts.values())
    lines = [
        "# Rule coverage",
        "",
        "What rinkside does with each sub-rule of the RHA Official Rule Book, where, and",
        "the tests that cite it. Generated from the code and the tests by",
        "`make rule-coverage` (`rinkside rules --markdown`); do not edit by hand",
        "(`tests/book/test_coverage_doc.py` fails when it is not current). The reasons",
        "for the sub-rules no code cites are kept in `src/rinkside/book/accounts.py`.",
        "",
        f"{total} sub-rules: {counts_text(coverage.all())}.",
        "",
    ]
    sections = {s.numeral: s for s in coverage.book.sections}
    notes = dict(coverage.notes)
    current = ""
    for rc in coverage.rules:
        if rc.rule.section != current:
            current = rc.rule.section
            lines += [f"## Section {current}: {sections[current].name}", "",
                      "| sub-rule | rinkside | where | tests |", "|---|---|---|---|"]
            for c in notes.get(current, ()):
                lines.append(_row(c))
        for c in rc.subrules:
            lines.append(_row(c))
        if rc is coverage.rules[-1] or coverage.rules[coverage.rules.index(rc) + 1
                                                      ].rule.section != current:
            lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"


def _row(c: SubRuleCoverage) -> str:
    what = c.shown_text + (f": {c.reason}" if c.reason and not c.where else "")
    modules: dict[tuple[Kind, str], list[str]] = {}
    for kind, place in c.places():
        module, _, function = place.partition(": ")
        modules.setdefault((kind, module), []).append(function)
    where = "; ".join(f"{kind} `{module}`" + (
        " (" + ", ".join(f for f in functions if f) + ")" if any(functions) else "")
        for (kind, module), functions in modules.items())
    tests = "; ".join(f"`{t.path.rsplit('/', 1)[-1]}::{t.name}`" for t in c.tests)
    return f"| {_cell(c.subrule.id)} | {_cell(what)} | {_cell(where)} | {_cell(tests)} |"
