"""The suite's own layout: pytest imports each test file by its base name
(``pythonpath = ["tests"]``, no packages), so two files of one name in two
folders make the second fail to collect ("import file mismatch")."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def test_no_two_test_files_share_a_name() -> None:
    names = Counter(path.name for path in TESTS.rglob("test_*.py"))
    assert [name for name, count in names.items() if count > 1] == []
