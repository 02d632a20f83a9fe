"""Migrations build exactly the models' schema, on both backends, and are safe to rerun."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from pydantic import ValidationError
from sqlalchemy import inspect

from advisor.config import Settings
from advisor.storage import create_database_engine, upgrade_to_head
from advisor.storage.database import MIGRATIONS_DIR, alembic_config, current_revision, writer
from advisor.storage.models import Base


def head_revision() -> str | None:
    with create_database_engine("sqlite://").connect() as connection:
        return ScriptDirectory.from_config(alembic_config(connection)).get_current_head()


def test_upgrade_builds_the_models_schema(empty_database_url: str) -> None:
    upgrade_to_head(empty_database_url)
    engine = create_database_engine(empty_database_url)
    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    assert current_revision(engine) == head_revision() == "0001"
    engine.dispose()
    assert differences == []


def test_upgrade_twice_changes_nothing(empty_database_url: str) -> None:
    upgrade_to_head(empty_database_url)
    upgrade_to_head(empty_database_url)
    engine = create_database_engine(empty_database_url)
    assert set(inspect(engine).get_table_names()) >= {
        "conversations",
        "messages",
        "sizings",
        "feedback",
        "alembic_version",
    }
    engine.dispose()


def test_processes_starting_together_migrate_once(empty_database_url: str) -> None:
    errors: list[BaseException] = []

    def migrate() -> None:
        try:
            upgrade_to_head(empty_database_url)
        except BaseException as error:  # collected and asserted below
            errors.append(error)

    threads = [threading.Thread(target=migrate) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []


def test_downgrade_removes_every_table(empty_database_url: str) -> None:
    upgrade_to_head(empty_database_url)
    engine = create_database_engine(empty_database_url)
    with writer(engine).begin() as connection:
        command.downgrade(alembic_config(connection), "base")
    assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
    engine.dispose()


def test_migrations_ship_inside_the_package() -> None:
    assert (MIGRATIONS_DIR / "env.py").is_file()
    assert (MIGRATIONS_DIR / "__init__.py").is_file()
    assert (MIGRATIONS_DIR / "versions" / "__init__.py").is_file()


def test_sqlite_is_tuned_for_concurrent_writers(tmp_path: Path) -> None:
    engine = create_database_engine(f"sqlite:///{tmp_path / 'nested' / 'advisor.db'}")
    with engine.connect() as connection:
        pragmas = {
            name: connection.exec_driver_sql(f"PRAGMA {name}").scalar()
            for name in ("journal_mode", "synchronous", "foreign_keys", "busy_timeout")
        }
    engine.dispose()
    assert pragmas == {
        "journal_mode": "wal",
        "synchronous": 1,  # NORMAL
        "foreign_keys": 1,
        "busy_timeout": 30000,
    }


def test_settings_default_to_sqlite_in_the_data_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("ADVISOR_DATABASE_URL", raising=False)
    monkeypatch.setenv("ADVISOR_DATA_DIR", str(tmp_path))
    assert Settings().resolved_database_url() == f"sqlite:///{tmp_path.resolve()}/advisor.db"


@pytest.mark.parametrize(
    ("given", "resolved"),
    [
        ("postgresql://u:p@db/advisor", "postgresql+psycopg://u:p@db/advisor"),
        ("postgres://u:p@db/advisor", "postgresql+psycopg://u:p@db/advisor"),
        ("postgresql+psycopg://u@db/a", "postgresql+psycopg://u@db/a"),
        ("sqlite:////srv/advisor.db", "sqlite:////srv/advisor.db"),
    ],
)
def test_database_url_from_the_environment(
    given: str, resolved: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ADVISOR_DATABASE_URL", given)
    settings = Settings()
    assert settings.resolved_database_url() == resolved
    assert "p@db" not in repr(settings)


def test_an_unknown_database_backend_names_the_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ADVISOR_DATABASE_URL", "mysql://db/advisor")
    with pytest.raises(ValidationError, match="database_url"):
        Settings()
