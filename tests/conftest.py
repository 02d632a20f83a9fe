"""Fixtures shared across test packages."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def kb_data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data directory holding the knowledge base built once from knowledge/docs (~20 s)."""
    from knowledge.ingest import build_index

    data_dir = tmp_path_factory.mktemp("kb-data")
    build_index(data_dir, progress=False, notify=lambda _message: None)
    return data_dir
