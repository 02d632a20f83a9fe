"""Store fixtures over both backends: SQLite in a tmp dir and a real PostgreSQL cluster."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest

from advisor.storage import DatabaseStore, upgrade_to_head
from tests.conftest import MIGRATED_TEMPLATE
from tests.storage.postgres import PostgresCluster

BACKENDS = ["sqlite", "postgresql"]
_names = itertools.count()


@pytest.fixture(params=BACKENDS)
def empty_database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database with no tables yet, on each backend."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'advisor.db'}"
    cluster: PostgresCluster = request.getfixturevalue("postgres_cluster")
    return cluster.create_database(f"empty_{next(_names)}")


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A migrated database on each backend (PostgreSQL: a copy of a migrated template)."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'advisor.db'}"
        upgrade_to_head(url)
        return url
    cluster: PostgresCluster = request.getfixturevalue("postgres_cluster")
    return cluster.create_database(f"test_{next(_names)}", template=MIGRATED_TEMPLATE)


@pytest.fixture
def store(database_url: str) -> Iterator[DatabaseStore]:
    opened = DatabaseStore.open(database_url)
    yield opened
    opened.close()
