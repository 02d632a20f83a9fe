"""Fixtures shared across test packages."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from advisor.config import Settings
from advisor.storage import upgrade_to_head
from tests.security.redis_server import RedisServer
from tests.storage.postgres import PostgresCluster, PostgresUnavailable

MIGRATED_TEMPLATE = "advisor_migrated"

# Test tiers (pytest -m TIER). Every test gets exactly one, by where it lives and what it
# drives; `make check` runs the unit tier, `make test` all of them.
TIERS = {
    "unit": "fast, in-process: the engine, services, reader, answers, API over TestClient",
    "fuzz": "generated inputs against the API, CLI and tools (schemathesis, hypothesis)",
    "eval": "labelled sets with printed scores (reader, retrieval, injection)",
    "integration": "real servers and real indexes: vLLM on the CPU, PostgreSQL, a spawned "
    "`advisor serve`, knowledge-base builds",
    "browser": "real Chromium driving the UI",
    "load": "many concurrent sessions against a served app",
    "faults": "kill -9, outages and failing LLMs against a served app",
}
_BY_PATH: tuple[tuple[str, str], ...] = (
    ("tests/integration/", "integration"),
    ("tests/ui/test_browser.py", "browser"),
    ("tests/load/", "load"),
    ("tests/faults/", "faults"),
    ("tests/evals/", "eval"),
    ("tests/knowledge/test_ingest.py", "integration"),
    ("tests/knowledge/test_offline.py", "integration"),
    ("tests/security/test_served_limits.py", "integration"),
    ("tests/api/test_serve_cli.py", "integration"),
    ("tests/api/test_openapi_fuzz.py", "fuzz"),
    ("tests/api/test_surface_fuzz.py", "fuzz"),
    ("tests/agent_llm/test_hostile_tool_calls.py", "fuzz"),
    ("tests/cli/test_cli_properties.py", "fuzz"),
    ("tests/agent/test_tool_properties.py", "fuzz"),
    ("tests/recommend/test_recommend_properties.py", "fuzz"),
)


def pytest_configure(config: pytest.Config) -> None:
    for tier, meaning in TIERS.items():
        config.addinivalue_line("markers", f"{tier}: {meaning}")


def tier_of(item: pytest.Item) -> str:
    """The tier of one test: its file's, or `integration` for a real PostgreSQL or Redis
    server."""
    path = item.path.as_posix()
    for prefix, tier in _BY_PATH:
        if f"/{prefix}" in path or path.startswith(prefix):
            return tier
    callspec = getattr(item, "callspec", None)
    if callspec is not None and {"postgresql", "redis"} & set(callspec.id.split("-")):
        return "integration"
    return "unit"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        item.add_marker(tier_of(item))


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


@pytest.fixture(scope="session")
def redis_server() -> Iterator[RedisServer]:
    """One throwaway Redis per run (Debian's redis-server; `.ci/run` installs it): shared
    rate limits are tested against the real thing, never skipped."""
    with RedisServer.running() as server:
        yield server
