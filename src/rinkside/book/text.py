"""The rule book's text, rule by rule and sub-rule by sub-rule: the RHA
Official Rule Book as ``rules-by-section.md`` prints it (a copy ships in
this package; ``tests/book`` checks it against ``../shared/rulebook``).

:func:`parse_book` reads the text (pure); :func:`book` is the package's copy
parsed once. Each sub-rule has an id as the project cites it: ``402(d)``, a
note ``205 note 3`` (``613(c) note 1`` when the rule prints the same note
number twice), a section's own note ``Section III note 1``; the book's own
slip, a second ``409(c)``, is ``409(c)#2``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Final

__all__ = ["Book", "Rule", "Section", "SubRule", "book", "book_text", "heading_text",
           "parse_book"]

_SECTION: Final = re.compile(r"^# SECTION ([IVX]+)\s*-?\s*(.*)$")
_EMBEDDED_SECTION: Final = re.compile(r"\s+SECTION ([IVX]+)\s*-\s*(.+)$")
_RULE: Final = re.compile(r"^## RULE (\d{3})\s*-?\s*(.*)$")
_LETTER: Final = re.compile(r"^\(([a-z])\.?\)\s*(.*)$")
_NOTE: Final = re.compile(r"^NOTE\s?(\d+):?\s*(.*)$")


@dataclass(frozen=True, slots=True)
class SubRule:
    """One lettered sub-rule or note, as the book prints it."""

    id: str  # "402(d)", "205 note 3", "409(c)#2", "Section III note 1"
    rule: str  # "402"; the section's numeral for a section's own note
    label: str  # "(d)", "Note 3", "(c), the second"
    text: str


_SMALL: Final = frozenset({"a", "and", "by", "for", "of", "on", "or", "the", "to", "with"})


def heading_text(title: str) -> str:
    """A heading as words: ``REFEREE S CREASE`` -> ``Referee's Crease`` (the
    book's text lost its apostrophes)."""
    words = re.sub(r"(\w) S\b", r"\1'S", title).lower().split()
    return " ".join(w if i and w in _SMALL else w[:1].upper() + w[1:]
                    for i, w in enumerate(words))


@dataclass(frozen=True, slots=True)
class Rule:
    number: str
    title: str  # as printed: "GOAL POSTS AND NETS"
    section: str  # "IV"
    subrules: tuple[SubRule, ...]

    @property
    def name(self) -> str:
        """``Goal Posts and Nets``."""
        return heading_text(self.title)


@dataclass(frozen=True, slots=True)
class Section:
    numeral: str
    title: str
    rules: tuple[Rule, ...]
    notes: tuple[SubRule, ...]  # printed before the section's first rule

    @property
    def name(self) -> str:
        return heading_text(self.title)


@dataclass(frozen=True, slots=True)
class Book:
    sections: tuple[Section, ...]

    @property
    def rules(self) -> tuple[Rule, ...]:
        return tuple(r for s in self.sections for r in s.rules)

    @property
    def subrules(self) -> tuple[SubRule, ...]:
        """Every sub-rule and note, in the book's order."""
        out: list[SubRule] = []
        for section in self.sections:
            out += section.notes
            for rule in section.rules:
                out += rule.subrules
        return tuple(out)

    def rule(self, number: str) -> Rule | None:
        return next((r for r in self.rules if r.number == number), None)

    def section(self, numeral: str) -> Section | None:
        return next((s for s in self.sections if s.numeral == numeral), None)


class _Builder:
    """Lines in, the book's structure out (one pass)."""

    def __init__(self) -> None:
        self.sections: list[tuple[str, str, list[Rule], list[SubRule]]] = []
        self.rule: tuple[str, str] | None = None
        self.items: list[tuple[str, str, str]] = []  # (kind, letter-or-number, text)
        self.letter_before: list[str] = []  # the letter each note follows
        self.fresh_section = False

    def start_section(self, numeral: str, title: str) -> None:
        self.close_rule()
        self.sections.append((numeral, title.strip(), [], []))
        self.fresh_section = True

    def start_rule(self, number: str, title: str) -> None:
        self.close_rule()
        self.rule = (number, title.strip())
        self.fresh_section = False

    def add(self, kind: str, key: str, text: str) -> None:
        if self.rule is None and kind == "note" and self.sections:
            numeral = self.sections[-1][0]
            self.sections[-1][3].append(SubRule(
                f"Section {numeral} note {key}", numeral, f"Note {key}", text.strip()))
            return
        letters = [k for kind_, k, _ in self.items if kind_ == "letter"]
        self.letter_before.append(letters[-1] if letters else "")
        self.items.append((kind, key, text.strip()))

    def continue_text(self, line: str) -> None:
        if self.fresh_section and self.sections and line.strip().isupper():
            numeral, title, rules, notes = self.sections[-1]
            self.sections[-1] = (numeral, f"{title} {line.strip()}", rules, notes)
            return
        if self.items:
            kind, key, text = self.items[-1]
            self.items[-1] = (kind, key, f"{text}\n\n{line.strip()}")

    def close_rule(self) -> None:
        if self.rule is None:
            return
        number, title = self.rule
        subs: list[SubRule] = []
        seen_letters: set[str] = set()
        note_counts: dict[str, int] = {}
        for kind, key, _ in self.items:
            if kind == "note":
                note_counts[key] = note_counts.get(key, 0) + 1
        for (kind, key, text), before in zip(self.items, self.letter_before, strict=True):
            if kind == "letter":
                if key in seen_letters:
                    subs.append(SubRule(f"{number}({key})#2", number, f"({key}), the second",
                                        text))
                else:
                    subs.append(SubRule(f"{number}({key})", number, f"({key})", text))
                seen_letters.add(key)
            elif note_counts[key] > 1 and before:
                subs.append(SubRule(f"{number}({before}) note {key}", number,
                                    f"({before}) Note {key}", text))
            else:
                subs.append(SubRule(f"{number} note {key}", number, f"Note {key}", text))
        self.sections[-1][2].append(Rule(number, title, self.sections[-1][0], tuple(subs)))
        self.rule, self.items, self.letter_before = None, [], []

    def book(self) -> Book:
        self.close_rule()
        return Book(tuple(Section(n, t, tuple(r), tuple(notes))
                          for n, t, r, notes in self.sections))


def parse_book(text: str) -> Book:
    """``rules-by-section.md`` as sections, rules and sub-rules."""
    built = _Builder()
    for raw in text.splitlines():
        line = raw.rstrip()
        if not line.strip():
            continue
        if m := _SECTION.match(line):
            built.start_section(m.group(1), m.group(2))
        elif m := _RULE.match(line):
            built.start_rule(m.group(1), m.group(2))
        elif line.startswith("#") or not built.sections:
            continue
        else:
            embedded = _EMBEDDED_SECTION.search(line)
            body = line[:embedded.start()] if embedded else line
            if m := _LETTER.match(body):
                built.add("letter", m.group(1), m.group(2))
            elif m := _NOTE.match(body):
                built.add("note", m.group(1), m.group(2))
            else:
                built.continue_text(body)
            if embedded:
                built.start_section(embedded.group(1), embedded.group(2))
    return built.book()


def book_text() -> str:
    """The package's copy of ``rules-by-section.md``."""
    return resources.files("rinkside.book").joinpath("rules-by-section.md").read_text(
        encoding="utf-8")


@cache
def book() -> Book:
    """The package's copy of the book, parsed once."""
    return parse_book(book_text())
