"""The files the coverage table is generated from: this package's own modules
and, in a checkout, the project's tests (``tests/`` beside ``src/``). The one
part of :mod:`rinkside.book` that reads files; the rest takes text."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Final

from rinkside.book.coverage import Coverage, build_coverage
from rinkside.book.text import book

__all__ = ["PACKAGE", "TESTS", "current_coverage", "package_sources", "project_tests"]

PACKAGE: Final = Path(__file__).resolve().parent.parent
TESTS: Final = PACKAGE.parent.parent / "tests"


def package_sources(root: Path = PACKAGE) -> list[tuple[str, str]]:
    """(path under ``rinkside/``, text) of every module, in path order."""
    return [(p.relative_to(root).as_posix(), p.read_text(encoding="utf-8"))
            for p in sorted(root.rglob("*.py"))]


def project_tests(root: Path = TESTS) -> list[tuple[str, str]]:
    """(path from the project's root, text) of every test module; none when
    the package is installed without its tests."""
    if not root.is_dir():
        return []
    return [(f"tests/{p.relative_to(root).as_posix()}", p.read_text(encoding="utf-8"))
            for p in sorted(root.rglob("test_*.py"))]


@cache
def current_coverage() -> Coverage:
    """The table of the code and tests as they are now (computed once)."""
    return build_coverage(book(), package_sources(), project_tests())
