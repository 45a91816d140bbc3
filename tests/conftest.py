"""The whole suite: the browser tests run last, and together; argon2 works
out each password once (``argon2_once``).

Playwright's sync API keeps its event loop running in the main thread for
as long as its session-scoped browser lives; a later test that starts its
own loop (``asyncio.run``) would find one already running. Running the
browser tests after every other test keeps the two apart.

Under pytest-xdist (``make unit`` runs ``-n 2 --dist loadgroup``) the
browser tests are one group, sent to one worker after every other test has
been sent out, so that worker too runs them last, with one browser.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from argon2 import PasswordHasher
from argon2.exceptions import Argon2Error, InvalidHashError
from recordkit import record_crashes


def _in_browser(item: pytest.Item) -> bool:
    nodeid = item.nodeid.replace("\\", "/")
    return "tests/browser/" in nodeid or nodeid.startswith("browser/")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=_in_browser)
    for item in items:
        if _in_browser(item):
            item.add_marker(pytest.mark.xdist_group("browser"))


# --------------------------------------------------------------------------- argon2


def _remembered(method: Callable[..., Any]) -> Callable[..., Any]:
    """``method`` of argon2's PasswordHasher, worked out once per hasher
    parameters and arguments: a later call with the same ones gets the same
    answer (the same hash, the same verdict or the same error) at once."""
    answers: dict[tuple[object, ...], tuple[object, BaseException | None]] = {}

    @functools.wraps(method)
    def remembered(self: PasswordHasher, *args: object, **kwargs: object) -> object:
        key = (self.time_cost, self.memory_cost, self.parallelism, self.hash_len,
               self.salt_len, self.type, args, tuple(sorted(kwargs.items())))
        if key not in answers:
            try:
                answers[key] = (method(self, *args, **kwargs), None)
            except (Argon2Error, InvalidHashError) as exc:
                answers[key] = (None, exc)
        answer, error = answers[key]
        if error is not None:
            raise type(error)(*error.args)
        return answer

    return remembered


@pytest.fixture(scope="session", autouse=True)
def argon2_once() -> Iterator[None]:
    """Each password hashed, and each hash checked against a password, once.

    The product's argon2 parameters (64 MiB, 3 passes, 4 lanes) make one
    hash or check cost about 0.2 s of CPU, by design; the suite makes the
    same few users with the same passwords over and over (about 80 hashes and
    50 checks). The real hasher still does the work the first time, with the
    product's parameters, and every test sees real argon2 hashes and real
    verdicts; what is lost is only a new salt for a password hashed before.
    """
    with pytest.MonkeyPatch.context() as patch:
        for name in ("hash", "verify"):
            patch.setattr(PasswordHasher, name, _remembered(getattr(PasswordHasher, name)))
        yield


@pytest.fixture
def crashing_record() -> Iterator[None]:
    """The desk's record fails while the test runs (:mod:`recordkit`)."""
    with record_crashes():
        yield


@pytest.fixture(scope="session", autouse=True)
def webhook_key_of_the_suite() -> Iterator[None]:
    """The key that keeps webhook secrets encrypted (rinkside.store.webhook_key),
    given by the environment for the whole suite, so no test makes one in the
    user's own keys folder; a test of the key itself sets its own."""
    from cryptography.fernet import Fernet

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RINKSIDE_WEBHOOK_KEY", Fernet.generate_key().decode())
        yield
