"""Helpers of the rink tests (the ``keep`` fixture is in ``conftest``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

OUTPUT = Path(__file__).resolve().parents[2] / "test-output" / "rink"

# Saves a drawing under the test's tmp_path and copies it to test-output/rink/.
Keep = Callable[[str, str | bytes], Path]
