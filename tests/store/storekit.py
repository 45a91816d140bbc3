"""Databases and games for the store tests.

Every store test runs on SQLite (a file in the test's tmp dir) and on
PostgreSQL when ``RINKSIDE_TEST_POSTGRES_URL`` names a server (``.ci/run``
and ``make postgres`` start one with ``scripts/postgres-up.sh``). Each
PostgreSQL test gets its own schema, created empty and dropped after.
Without the variable the PostgreSQL variants are skipped, except under CI
(``CI=true``), where a missing server is a failure: CI promises both.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any, Final

import pytest
from sqlalchemy import Engine
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session

from rinkside.store.db import make_engine
from rinkside.store.models import Division, Game, Team, Tournament

POSTGRES_URL_VARIABLE: Final = "RINKSIDE_TEST_POSTGRES_URL"
BACKENDS: Final = ("sqlite", "postgresql")

# A realistic stretch of a game in FORMAT.md's form, as encode_event writes it.
EVENTS: Final[tuple[dict[str, Any], ...]] = (
    {"type": "faceoff", "at": "1 12:00", "spot": "center"},
    {"type": "penalty_signal", "at": "1 10:41", "team": "away", "player": 7,
     "class": "minor", "infraction": "hooking", "rule": "623"},
    {"type": "stoppage", "at": "1 10:30", "reason": "delayed penalty"},
    {"type": "penalty", "at": "1 10:30", "team": "away", "player": 7,
     "class": "minor", "infraction": "hooking", "rule": "623"},
    {"type": "faceoff", "at": "1 10:30"},
    {"type": "goal", "at": "1 9:02", "team": "home", "scorer": 11, "assist": 4},
    {"type": "faceoff", "at": "1 9:02", "spot": "center"},
    {"type": "goalie", "at": "1 1:10", "team": "away", "in": None},
)
GOAL: Final[dict[str, Any]] = {"type": "goal", "at": "1 9:02", "team": "home", "scorer": 11,
                               "assist": 4}
WHEN: Final = datetime(2025, 3, 8, 14, 30, tzinfo=UTC)


def in_ci(environ: Mapping[str, str] | None = None) -> bool:
    env = os.environ if environ is None else environ
    return env.get("CI", "").strip().lower() in {"1", "true", "yes"}


def postgres_url(environ: Mapping[str, str] | None = None) -> str:
    """The test server's URL; skips the test without one, fails it under CI."""
    env = os.environ if environ is None else environ
    url = env.get(POSTGRES_URL_VARIABLE, "").strip()
    if url:
        return url
    if in_ci(env):
        pytest.fail(
            f"CI=true but {POSTGRES_URL_VARIABLE} is not set: the store must be tested on "
            "PostgreSQL in CI (.ci/run starts it with scripts/postgres-up.sh)",
            pytrace=False,
        )
    pytest.skip(
        f"PostgreSQL not tested: set {POSTGRES_URL_VARIABLE} (e.g. "
        f'export {POSTGRES_URL_VARIABLE}="$(scripts/postgres-up.sh)")'
    )


@contextmanager
def postgres_schema_engine(url: str) -> Iterator[Engine]:
    """An engine whose connections work in a new, empty schema (dropped after)."""
    schema = f"rinkside_test_{uuid.uuid4().hex[:16]}"
    admin = make_engine(url)
    try:
        with admin.begin() as connection:
            connection.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
    except OperationalError as exc:
        admin.dispose()
        shown = make_url(url).render_as_string(hide_password=True)
        pytest.fail(f"cannot reach PostgreSQL at {shown}: {exc.orig}", pytrace=False)
    engine = make_engine(
        make_url(url).update_query_dict({"options": f"-csearch_path={schema}"})
    )
    try:
        yield engine
    finally:
        engine.dispose()
        with admin.begin() as connection:
            connection.exec_driver_sql(f'DROP SCHEMA "{schema}" CASCADE')
        admin.dispose()


def new_game(session: Session, *, suffix: str = "") -> int:
    """A tournament, a division, two teams and one pool game between them; committed."""
    tournament = Tournament(name=f"Spring Classic{suffix}", settings={"minor": "1:30"},
                            tiebreaks=["head_to_head", "goal_difference", "coin_toss"])
    division = Division(tournament=tournament, name="Bronze")
    home = Team(division=division, name="Ice Cats")
    away = Team(division=division, name="Rink Rats")
    game = Game(division=division, stage="pool", home_team=home, away_team=away, start=WHEN,
                rink="Rink 1", schedule_order=1)
    session.add(game)
    session.commit()
    return game.id
