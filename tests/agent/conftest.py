"""Fixtures of the agent tests: one catalog, one reader, one knowledge base per session, and
a fresh offline service (in-memory conversations, no knowledge base) per test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from advisor.agent.conversations import InMemoryConversationStore
from advisor.agent.offline.reader import Reader
from advisor.agent.service import AdvisorService
from advisor.catalog.loader import Catalog, load_catalog
from advisor.config import Settings

if TYPE_CHECKING:
    from knowledge.retrieval import KnowledgeBase


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    return load_catalog()


@pytest.fixture(scope="session")
def reader(catalog: Catalog) -> Reader:
    return Reader(catalog)


@pytest.fixture
def service(catalog: Catalog) -> AdvisorService:
    settings = Settings(data_dir=Path("/nonexistent"))
    return AdvisorService(
        settings, store=InMemoryConversationStore(), catalog=catalog, use_knowledge=False
    )


@pytest.fixture(scope="session")
def kb(kb_data_dir: Path) -> Iterator[KnowledgeBase]:
    """The knowledge base built once for the session (tests/conftest.py builds it)."""
    from knowledge.retrieval import KnowledgeBase

    with KnowledgeBase.open(kb_data_dir, auto_build=False) as opened:
        yield opened
