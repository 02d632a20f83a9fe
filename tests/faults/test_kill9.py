"""`kill -9` of the server under load, then a restart: every acknowledged message and
every acknowledged rating is in the database, on SQLite and on PostgreSQL.

An answer is acknowledged (HTTP 200) only after its COMMIT, so nothing a client was told
is stored may be missing; requests in flight at the kill get no answer and may be lost.
"""

from __future__ import annotations

import asyncio
import signal
import threading
import time
from pathlib import Path

import httpx
import pytest

from advisor.storage import DatabaseStore
from tests.load.chat_load import LoadResult, run_chat_load
from tests.served import ServedAdvisor, copy_data_dir
from tests.storage.postgres import PostgresCluster

LOAD_BEFORE_KILL_S = 6.0
SESSIONS = 40


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'advisor.db'}"
    cluster: PostgresCluster = request.getfixturevalue("postgres_cluster")
    return cluster.create_database(f"kill9_{tmp_path.name[-12:].replace('-', '_')}")


def test_nothing_acknowledged_is_lost(kb_data_dir: Path, tmp_path: Path, database_url: str) -> None:
    data_dir = copy_data_dir(kb_data_dir, tmp_path / "data")
    env = {"ADVISOR_DATABASE_URL": database_url, "ADVISOR_RATE_LIMIT": "100000/minute"}
    results: list[LoadResult] = []
    with ServedAdvisor(data_dir, env, tmp_path / "serve.log") as served:
        served.start()
        load = threading.Thread(
            target=lambda: results.append(
                asyncio.run(
                    run_chat_load(
                        served.base_url, sessions=SESSIONS, duration_s=120, think_s=(0.05, 0.5)
                    )
                )
            )
        )
        load.start()
        time.sleep(LOAD_BEFORE_KILL_S)
        served.kill(signal.SIGKILL)
        load.join(timeout=120)
        assert not load.is_alive(), "the load did not notice the server died"
        restart_s = served.start()
        after = httpx.post(
            f"{served.base_url}/v1/ask", json={"question": "Llama 3.1 8B on one L40S?"}, timeout=60
        )
    result = results[0]
    store = DatabaseStore.open(database_url)
    try:
        missing = [m for m in result.messages if store.get_message(m.message_id) is None]
        changed = [
            m
            for m in result.messages
            if (stored := store.get_message(m.message_id)) and stored.content != m.answer
        ]
        questions_lost = [
            m
            for m in result.messages
            if m.question not in {v.content for v in store.conversation(m.conversation_id).messages}
        ]
        ratings = {
            message_id: (feedback.rating if (feedback := store.get_feedback(message_id)) else None)
            for message_id in result.feedback
        }
    finally:
        store.close()
    print(
        f"\nkill -9 ({database_url.split(':')[0]}): {len(result.messages)} answers and"
        f" {len(result.feedback)} ratings acknowledged in {LOAD_BEFORE_KILL_S:.0f} s,"
        f" {len(result.errors)} sessions cut off by the kill; restart to ready {restart_s:.1f} s"
    )
    assert len(result.messages) >= SESSIONS  # the kill really came under load
    assert result.errors, "no request was in flight: the kill did not hit the load"
    assert missing == [] and changed == [] and questions_lost == []
    assert ratings == result.feedback
    assert after.status_code == 200
