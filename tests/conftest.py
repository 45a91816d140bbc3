"""The whole suite: the browser tests run last.

Playwright's sync API keeps its event loop running in the main thread for
as long as its session-scoped browser lives; a later test that starts its
own loop (``asyncio.run``) would find one already running. Running the
browser tests after every other test keeps the two apart.
"""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: "tests/browser/" in item.nodeid.replace("\\", "/")
               or item.nodeid.startswith("browser/"))
