"""The demo's logins (a published password) never reach a real store:
``rinkside demo`` builds only into a new, empty store, all or nothing (a
SIGKILL mid-build leaves the store empty), and run again on its own demo
store it says so and adds nothing."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import func, select
from typer.testing import CliRunner

from rinkside.cli import app
from rinkside.demo import StoreNotEmpty, build_demo_store
from rinkside.services import users
from rinkside.services.open import open_tournaments
from rinkside.services.tournaments import Tournaments
from rinkside.store import models

runner = CliRunner()


def _counts(service: Tournaments) -> dict[str, int]:
    with service.read() as s:
        return {model.__tablename__: s.scalar(select(func.count()).select_from(model)) or 0
                for model in (models.Tournament, models.Game, models.Player, models.EventRevision,
                              models.User)}


def test_the_demo_refuses_a_store_holding_a_tournament(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'real.sqlite'}"
    service = open_tournaments(db)
    service.create_tournament("County Cup", None, {})
    before = _counts(service)
    result = runner.invoke(app, ["demo", "--db", db])
    assert result.exit_code == 1
    assert "new, empty store" in result.output and "nothing was added" in result.output
    assert _counts(service) == before
    assert users.users(service) == []  # no published login in a real store


def test_the_demo_refuses_a_store_holding_a_director(tmp_path: Path) -> None:
    service = open_tournaments(f"sqlite:///{tmp_path / 'real.sqlite'}")
    users.create_user(service, "dana", "a real password", "director")
    with pytest.raises(StoreNotEmpty, match="1 user"):
        build_demo_store(service)
    assert [u.username for u in users.users(service)] == ["dana"]
    assert _counts(service)["tournaments"] == 0


def test_the_demo_run_again_on_its_store_adds_nothing(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'demo.sqlite'}"
    first = runner.invoke(app, ["demo", "--db", db])
    assert first.exit_code == 0, first.output
    assert "demo tournament 1 built" in first.output
    built = _counts(open_tournaments(db))
    assert built["tournaments"] == 1 and built["users"] == 3
    again = runner.invoke(app, ["demo", "--db", db])
    assert again.exit_code == 0, again.output
    assert "already holds the demo tournament 1; nothing added" in again.output
    assert _counts(open_tournaments(db)) == built


@pytest.mark.parametrize("store", ["new file", "empty store"])
def test_a_demo_killed_mid_build_leaves_no_demo(tmp_path: Path, store: str) -> None:
    """SIGKILL once the first division's games are being played (the line
    announcing them is the marker): a new file is not there at all (so
    ``make run`` builds again), an empty store stays empty; a new run builds
    the demo whole."""
    path = tmp_path / "killed.sqlite"
    db = f"sqlite:///{path}"
    if store == "empty store":
        open_tournaments(db)
    build = subprocess.Popen(
        [sys.executable, "-m", "rinkside", "demo", "--db", db], stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True, env={**os.environ, "COLUMNS": "200"})
    assert build.stdout is not None
    seen: list[str] = []
    for line in build.stdout:
        seen.append(line)
        if line.startswith("Division 1:"):  # the schedule is written, games being played
            build.send_signal(signal.SIGKILL)
            break
    build.wait()
    assert build.returncode == -signal.SIGKILL, "".join(seen)
    if store == "new file":
        assert not path.exists()
        rebuilt = runner.invoke(app, ["demo", "--db", db])
        assert rebuilt.exit_code == 0, rebuilt.output
        assert "demo tournament 1 built" in rebuilt.output
        assert _counts(open_tournaments(db))["users"] == 3
        assert not [p for p in tmp_path.iterdir() if ".building" in p.name]  # cleared
    else:
        assert set(_counts(open_tournaments(db)).values()) == {0}
