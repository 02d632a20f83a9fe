"""Fixtures shared across test packages."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from advisor.config import Settings
from advisor.storage import upgrade_to_head
from tests.storage.postgres import PostgresCluster, PostgresUnavailable

MIGRATED_TEMPLATE = "advisor_migrated"


@pytest.fixture(scope="session")
def kb_data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data directory holding the knowledge base built once from knowledge/docs (~20 s)."""
    from knowledge.ingest import build_index

    data_dir = tmp_path_factory.mktemp("kb-data")
    build_index(data_dir, progress=False, notify=lambda _message: None)
    return data_dir


def app_settings(data_dir: Path, database_dir: Path, **overrides: object) -> Settings:
    """Settings for an app under test: its own SQLite file, and a rate limit the tests
    never reach unless they set one (the limit has its own tests)."""
    values: dict[str, object] = {
        "data_dir": data_dir,
        "llm_url": None,
        "database_url": f"sqlite:///{database_dir / 'advisor.db'}",
        "rate_limit": "100000/minute",
    }
    return Settings(**(values | overrides))  # type: ignore[arg-type]


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[PostgresCluster]:
    """One throwaway PostgreSQL per run (Debian's server binaries; `.ci/run` installs them),
    holding a migrated template database to copy."""
    try:
        with PostgresCluster.running() as cluster:
            upgrade_to_head(cluster.create_database(MIGRATED_TEMPLATE))
            yield cluster
    except PostgresUnavailable as reason:
        pytest.skip(f"PostgreSQL tests skipped: {reason}")
