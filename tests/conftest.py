"""Fixtures shared across test packages."""

from __future__ import annotations

from pathlib import Path

import pytest

from advisor.config import Settings


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
