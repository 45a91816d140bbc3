"""The whole suite: the browser tests run last, and together.

Playwright's sync API keeps its event loop running in the main thread for
as long as its session-scoped browser lives; a later test that starts its
own loop (``asyncio.run``) would find one already running. Running the
browser tests after every other test keeps the two apart.

Under pytest-xdist (``make unit`` runs ``-n 2 --dist loadgroup``) the
browser tests are one group, sent to one worker after every other test has
been sent out, so that worker too runs them last, with one browser.
"""

from __future__ import annotations

import pytest


def _in_browser(item: pytest.Item) -> bool:
    nodeid = item.nodeid.replace("\\", "/")
    return "tests/browser/" in nodeid or nodeid.startswith("browser/")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=_in_browser)
    for item in items:
        if _in_browser(item):
            item.add_marker(pytest.mark.xdist_group("browser"))
