"""Where the code and the tests cite the book: every ``Rule 402(d)`` in a
docstring, a comment or a message of ``src/rinkside`` (read with :mod:`ast`
and :mod:`tokenize`, matched by one grammar), and every rule a test names
(``test_a_1_45_minor_breaks_rule_402a``) or cites in its docstring.

Pure: sources come in as text. A citation is kept only when the book has
the sub-rule (or the rule) it names, so a year or a count is never one.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final, Literal

__all__ = ["KINDS", "Kind", "Site", "TestSite", "cited", "scan_module", "scan_tests"]

Kind = Literal["enforced", "flagged", "checked", "recorded"]
KINDS: Final[tuple[Kind, ...]] = ("enforced", "flagged", "checked", "recorded")
"""What the code does with a sub-rule, strongest first: the engine refuses what
it forbids or applies what it makes automatic; warns when a call does not match
it; checks a measurement, a list or a setting against it; keeps or shows what it
asks to be recorded."""

_CHAIN: Final = re.compile(
    r"(?<![\d.:/])([1-6]\d\d) ?\(([a-z])\)((?:\s*(?:,|and|or|-|–|to)\s*\([a-z]\)(?![\w(]))*)"
    r"(?:\s*[Nn]ote\s*(\d+))?")
_TAIL: Final = re.compile(r"(,|and|or|-|–|to)\s*\(([a-z])\)")
_RULE_NOTE: Final = re.compile(r"(?<![\d.:/(])([1-6]\d\d),? [Nn]ote\s*(\d+)")
_NOTE_OF: Final = re.compile(r"[Nn]ote\s*(\d+) (?:of|to|in) (?:Rule )?([1-6]\d\d)\b")
_SECTION_NOTE: Final = re.compile(r"Section ([IVX]+),? [Nn]ote\s*(\d+)")
_RULES: Final = re.compile(
    r"\bRules? ((?:[1-6]\d\d\b(?:\([a-z]\)[\w()]*)?(?:\s*(?:,|and|or|-|–)\s*)?)+)")
_NUMBER: Final = re.compile(r"(?<![\d(])([1-6]\d\d)\b(?:\s*(-|–)\s*([1-6]\d\d)\b)?")


def cited(text: str, known: frozenset[str]) -> list[str]:
    """The sub-rule ids (``402(d)``, ``205 note 3``) and rule numbers (``641``)
    that ``text`` cites and the book has, in the order they appear."""
    found: list[str] = []

    def keep(ident: str) -> None:
        if ident not in known:
            ident = _first_note(ident, known)
        if ident in known and ident not in found:
            found.append(ident)

    for m in _CHAIN.finditer(text):
        number, first, tail, note = m.group(1), m.group(2), m.group(3), m.group(4)
        letters = [first]
        for sep, letter in _TAIL.findall(tail):
            if sep in "-–" or sep == "to":
                letters += [chr(c) for c in range(ord(letters[-1]) + 1, ord(letter) + 1)]
            else:
                letters.append(letter)
        if note is not None:
            own = f"{number}({letters[-1]}) note {note}"
            keep(own if own in known else f"{number} note {note}")
        else:
            for letter in letters:
                keep(f"{number}({letter})")
        keep(number)
    for m in _RULE_NOTE.finditer(text):
        keep(f"{m.group(1)} note {m.group(2)}")
        keep(m.group(1))
    for m in _NOTE_OF.finditer(text):
        keep(f"{m.group(2)} note {m.group(1)}")
    for m in _SECTION_NOTE.finditer(text):
        keep(f"Section {m.group(1)} note {m.group(2)}")
    for m in _RULES.finditer(text):
        for n in _NUMBER.finditer(re.sub(r"\([a-z]\)[\w()]*", "", m.group(1))):
            low, high = int(n.group(1)), int(n.group(3) or n.group(1))
            for number in range(low, min(high, low + 20) + 1):
                keep(str(number))
    return found


_BARE_NOTE: Final = re.compile(r"([1-6]\d\d) note (\d+)")


def _first_note(ident: str, known: frozenset[str]) -> str:
    """``613 note 1`` where the rule prints several: its first, ``613(c) note 1``."""
    m = _BARE_NOTE.fullmatch(ident)
    if m is None:
        return ident
    number, note = m.groups()
    under = sorted(k for k in known if k.startswith(f"{number}(") and k.endswith(f" note {note}"))
    return under[0] if under else ident


@dataclass(frozen=True, slots=True)
class Site:
    """Where the code cites a sub-rule: ``rules/box.py`` ``release``, line 120."""

    module: str  # "rules/box.py"
    function: str  # "release", "Box.expire"; a module constant's name; "" at the top
    line: int
    kind: Kind


@dataclass(frozen=True, slots=True)
class TestSite:
    """A test that cites a rule: ``tests/test_log.py::test_...``."""

    path: str
    name: str

    @property
    def id(self) -> str:
        return f"{self.path}::{self.name}"


_VIOLATIONS: Final = ("RuleViolation", "Violation", "Error", "Refused")


def _callee(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _target(node: ast.expr) -> str:
    if isinstance(node, ast.Name | ast.Attribute):
        return _callee(node)
    if isinstance(node, ast.Subscript):
        return _target(node.value)
    return ""


def _hint(node: ast.AST, hint: Kind | None) -> Kind | None:
    """The kind a message written here tells, if it tells one: a refusal
    raised is enforced, a warning kept is flagged."""
    if isinstance(node, ast.Raise):
        return "enforced"
    if isinstance(node, ast.Call):
        name = _callee(node.func)
        if name.endswith(_VIOLATIONS):
            return "enforced"
        if isinstance(node.func, ast.Attribute) and "warning" in _target(node.func.value).lower():
            return "flagged"
    if isinstance(node, ast.AugAssign | ast.AnnAssign) and "warning" in _target(
            node.target).lower():
        return "flagged"
    if isinstance(node, ast.Assign) and any("warning" in _target(t).lower()
                                            for t in node.targets):
        return "flagged"
    return hint


def _strings(tree: ast.Module) -> Iterator[tuple[str, str, int, Kind | None]]:
    """(text, function, line, kind hint) of every string constant."""
    def walk(node: ast.AST, where: str, hint: Kind | None,
             top: bool) -> Iterator[tuple[str, str, int, Kind | None]]:
        for child in ast.iter_child_nodes(node):
            here, told = where, _hint(child, hint)
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                here = f"{where}.{child.name}" if where else child.name
                told = "flagged" if "warn" in child.name.lower() else None
            elif top and isinstance(child, ast.Assign | ast.AnnAssign):
                targets = child.targets if isinstance(child, ast.Assign) else [child.target]
                names = [t.id for t in targets if isinstance(t, ast.Name)]
                here = names[0] if names else where
            if isinstance(child, ast.Constant) and isinstance(child.value, str):
                yield child.value, here, child.lineno, told
            yield from walk(child, here, told,
                            top and not isinstance(child, ast.FunctionDef | ast.ClassDef))
    yield from walk(tree, "", None, True)


def _functions(tree: ast.Module) -> list[tuple[int, int, str]]:
    """(first line, last line, qualified name) of every def and class."""
    spans: list[tuple[int, int, str]] = []

    def walk(body: Iterable[ast.stmt], where: str) -> None:
        for node in body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                name = f"{where}.{node.name}" if where else node.name
                spans.append((node.lineno, node.end_lineno or node.lineno, name))
                walk(node.body, name)
            else:
                for field in ("body", "orelse", "finalbody"):
                    walk(getattr(node, field, ()), where)
                for handler in getattr(node, "handlers", ()):
                    walk(handler.body, where)
    walk(tree.body, "")
    return spans


_DIGITS: Final = re.compile(r"#.*[1-6]\d\d")


def _comments(source: str) -> Iterator[tuple[str, int]]:
    """Comments that may cite a rule (only lines with a number after a ``#``
    are tokenized; a ``#`` in a string is no comment)."""
    if not _DIGITS.search(source):
        return
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.COMMENT and _DIGITS.match(token.string):
                yield token.string, token.start[0]
    except (tokenize.TokenError, SyntaxError):
        return


def scan_module(module: str, source: str, kind: Kind,
                known: frozenset[str]) -> list[tuple[str, Site]]:
    """(sub-rule or rule id, site) of every citation in one module's source;
    ``kind`` is what a citation there means unless its own context says
    (a refusal raised, a warning kept: :func:`_told`)."""
    tree = ast.parse(source)
    out: list[tuple[str, Site]] = []
    for text, where, line, hint in _strings(tree):
        told = _told(hint, kind)
        out += [(ident, Site(module, where, line, told)) for ident in cited(text, known)]
    spans: list[tuple[int, int, str]] | None = None
    for text, line in _comments(source):
        spans = _functions(tree) if spans is None else spans
        inside = [s for s in spans if s[0] <= line <= s[1]]
        where = max(inside, key=lambda s: s[0])[2] if inside else ""
        out += [(ident, Site(module, where, line, kind)) for ident in cited(text, known)]
    return out


def _told(hint: Kind | None, kind: Kind) -> Kind:
    """What a citation's own context says over its module's: a warning kept
    is flagged (the call stands) wherever it is; a refusal raised is enforced,
    except where the module checks (a failed check raises)."""
    if hint is None or (hint == "enforced" and kind == "checked"):
        return kind
    return hint


_HTTP: Final = frozenset({"400", "401", "403", "404", "405", "409", "422", "500"})
_NAMED: Final = re.compile(
    r"(?:^|_)(rules?_|citing_|under_|breaks_|with_|of_|and_)?([1-6]\d\d)([a-z])?"
    r"(?:_note_?(\d))?(?=_|$)")


def _test_names(name: str, known: frozenset[str]) -> list[str]:
    found: list[str] = []
    for m in _NAMED.finditer(name):
        lead, number, letter, note = m.groups()
        if note is not None:
            ident = f"{number} note {note}"
        elif letter is not None:
            ident = f"{number}({letter})"
        elif lead and (number not in _HTTP or lead.startswith("rule")):
            ident = number
        else:
            continue
        if ident in known and ident not in found:
            found.append(ident)
    return found


def scan_tests(path: str, source: str, known: frozenset[str]) -> list[tuple[str, TestSite]]:
    """(id, test) of every rule a test function names or its docstring cites
    (a test class's docstring counts for each of its tests)."""
    tree = ast.parse(source)
    out: list[tuple[str, TestSite]] = []

    def visit(nodes: Iterable[ast.stmt], prefix: str, inherited: list[str]) -> None:
        for node in nodes:
            if isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
                doc = ast.get_docstring(node) or ""
                visit(node.body, f"{prefix}{node.name}::", inherited + cited(doc, known))
            elif isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                site = TestSite(path, prefix + node.name)
                ids = [*_test_names(node.name, known),
                       *cited(ast.get_docstring(node) or "", known), *inherited]
                out.extend((ident, site) for ident in dict.fromkeys(ids))
    visit(tree.body, "", [])
    return out
