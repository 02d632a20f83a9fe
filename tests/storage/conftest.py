"""Store fixtures over both backends: SQLite in a tmp dir and a real PostgreSQL cluster."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest

from advisor.storage import DatabaseStore, upgrade_to_head
from tests.storage.postgres import PostgresCluster, PostgresUnavailable

BACKENDS = ["sqlite", "postgresql"]
_TEMPLATE = "advisor_migrated"
_names = itertools.count()


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[PostgresCluster]:
    try:
        with PostgresCluster.running() as cluster:
            upgrade_to_head(cluster.create_database(_TEMPLATE))
            yield cluster
    except PostgresUnavailable as reason:
        pytest.skip(f"PostgreSQL tests skipped: {reason}")


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
    return cluster.create_database(f"test_{next(_names)}", template=_TEMPLATE)


@pytest.fixture
def store(database_url: str) -> Iterator[DatabaseStore]:
    opened = DatabaseStore.open(database_url)
    yield opened
    opened.close()
