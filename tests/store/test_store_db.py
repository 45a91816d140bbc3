"""The database URL, engines and the test set-up itself."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import Engine, text
from sqlalchemy.exc import IntegrityError
from storekit import POSTGRES_URL_VARIABLE, postgres_url

import rinkside.store
from rinkside.store.db import (
    DATABASE_URL_VARIABLE,
    DEFAULT_URL,
    DatabaseURLError,
    database_url,
    make_engine,
    migrations_directory,
)
from rinkside.store.models import Team


class TestDatabaseURL:
    def test_default_is_a_sqlite_file_in_the_current_directory(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.delenv(DATABASE_URL_VARIABLE, raising=False)
        assert database_url() == DEFAULT_URL == "sqlite:///rinkside.sqlite"

    def test_the_environment_names_the_database(self, monkeypatch: pytest.MonkeyPatch) -> None:
        url = "postgresql+psycopg://league:secret@db.example.org/rinkside"
        monkeypatch.setenv(DATABASE_URL_VARIABLE, url)
        assert database_url() == url

    def test_an_empty_variable_means_the_default(self) -> None:
        assert database_url({DATABASE_URL_VARIABLE: "  "}) == DEFAULT_URL

    def test_make_engine_uses_the_environment_by_default(
        self, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
    ) -> None:
        monkeypatch.setenv(DATABASE_URL_VARIABLE, f"sqlite:///{tmp_path / 'from-env.sqlite'}")
        engine = make_engine()
        with engine.connect() as connection:
            connection.exec_driver_sql("SELECT 1")
        engine.dispose()
        assert (tmp_path / "from-env.sqlite").exists()

    @pytest.mark.parametrize("url", ["postgresql://u:p@h/db", "postgres://u:p@h/db",
                                     "postgresql+psycopg://u:p@h/db"])
    def test_postgresql_goes_through_psycopg_3(self, url: str) -> None:
        engine = make_engine(url)
        assert engine.dialect.driver == "psycopg"
        engine.dispose()

    @pytest.mark.parametrize(("url", "words"), [
        ("postgresql+psycopg2://u:p@h/db", "psycopg 3"),
        ("mysql://u:p@h/db", "SQLite"),
        ("not a url", "not a database URL"),
    ])
    def test_other_databases_are_refused_saying_what_works(self, url: str, words: str) -> None:
        with pytest.raises(DatabaseURLError, match=words):
            make_engine(url)


class TestSQLiteSettings:
    def test_wal_foreign_keys_synchronous_normal_busy_timeout(self, tmp_path: Path) -> None:
        engine = make_engine(f"sqlite:///{tmp_path / 'r.sqlite'}")
        with engine.connect() as connection:
            def pragma(name: str) -> object:
                return connection.exec_driver_sql(f"PRAGMA {name}").scalar()
            assert pragma("journal_mode") == "wal"
            assert pragma("foreign_keys") == 1
            assert pragma("synchronous") == 1  # NORMAL
            assert pragma("busy_timeout") == 5000
        engine.dispose()

    def test_every_pooled_connection_is_set_up(self, tmp_path: Path) -> None:
        engine = make_engine(f"sqlite:///{tmp_path / 'r.sqlite'}")
        with engine.connect() as first, engine.connect() as second:
            for connection in (first, second):
                assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        engine.dispose()


def test_foreign_keys_are_enforced(engine: Engine) -> None:
    with engine.connect() as connection, pytest.raises(IntegrityError):
        connection.execute(Team.__table__.insert().values(division_id=999, name="Nowhere"))
        connection.commit()


def test_migrations_ship_inside_the_package() -> None:
    folder = migrations_directory()
    assert folder.name == "migrations"
    assert (folder / "env.py").is_file()
    assert (folder / "script.py.mako").is_file()
    assert (folder / "versions" / "0001_initial.py").is_file()
    assert folder.parent == Path(rinkside.store.__file__).parent


class TestPostgresVariants:
    """The rule for PostgreSQL tests themselves: skipped locally, required in CI."""

    def test_skipped_with_a_reason_without_a_server(self) -> None:
        with pytest.raises(pytest.skip.Exception, match=POSTGRES_URL_VARIABLE):
            postgres_url({})

    def test_a_missing_server_fails_under_ci(self) -> None:
        with pytest.raises(pytest.fail.Exception, match="CI=true"):
            postgres_url({"CI": "true"})

    def test_the_url_is_used_when_given(self) -> None:
        url = "postgresql+psycopg://rinkside:rinkside@127.0.0.1:5432/rinkside_test"
        assert postgres_url({POSTGRES_URL_VARIABLE: url, "CI": "true"}) == url


def test_backend_really_is_the_one_named(engine: Engine, request: pytest.FixtureRequest) -> None:
    backend = request.node.callspec.params["empty_engine"]
    assert engine.dialect.name == backend
    with engine.connect() as connection:
        assert connection.execute(text("SELECT 1")).scalar() == 1
