"""A command closes the store it opened when it ends (``--db``): run
in-process (a test, another command), its pooled PostgreSQL connections
outlived it, closed by the garbage collector whenever it came by, with
psycopg's ``ResourceWarning`` in whatever test ran then (CI's
"unraisable exception" during tests/store/test_store_codec.py)."""

from __future__ import annotations

import gc
import warnings

import pytest
from sqlalchemy import Engine
from typer.testing import CliRunner

from rinkside.cli import app


def _left_open() -> list[str]:
    """What the garbage collector finds still open now, and closes."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ResourceWarning)
        gc.collect()
    return [str(w.message) for w in caught if issubclass(w.category, ResourceWarning)]


def test_a_command_leaves_no_connection_open(engine: Engine) -> None:
    if engine.dialect.name != "postgresql":
        pytest.skip("psycopg's connections tell when they are left open")
    _left_open()  # whatever an earlier test left
    url = engine.url.render_as_string(hide_password=False)
    result = CliRunner().invoke(app, ["verify", "--db", url])
    assert result.exit_code == 0, result.output
    assert _left_open() == []
