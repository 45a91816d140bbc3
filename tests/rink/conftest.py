"""Fixtures of the rink tests: ``keep`` saves a drawing under the test's
``tmp_path`` and copies it to ``test-output/rink/`` at the repository root,
where people can look at it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from rinkkit import OUTPUT, Keep


@pytest.fixture
def keep(tmp_path: Path) -> Keep:
    def save(name: str, content: str | bytes) -> Path:
        path = tmp_path / name
        if isinstance(content, str):
            path.write_text(content, encoding="utf-8")
        else:
            path.write_bytes(content)
        OUTPUT.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, OUTPUT / name)
        return path

    return save
