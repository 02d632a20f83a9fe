"""100 concurrent chat sessions for 60 s against `advisor serve` (offline): zero errors.

The server is a real process with the production defaults that matter here: the rate
limit of 30/minute per client (each session is its own client behind a trusted proxy),
SQLite in WAL mode, every answer committed before it is acknowledged. Latency and
throughput are printed for the record, not asserted (they depend on the machine).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import httpx

from tests.load.chat_load import run_chat_load
from tests.served import ServedAdvisor, copy_data_dir

SESSIONS = 100
DURATION_S = 60.0
STAFF_KEY = "load-test-staff-key"


def test_a_hundred_sessions_for_a_minute_without_an_error(
    kb_data_dir: Path, tmp_path: Path
) -> None:
    data_dir = copy_data_dir(kb_data_dir, tmp_path / "data")
    env = {
        "ADVISOR_DATABASE_URL": f"sqlite:///{tmp_path / 'advisor.db'}",
        "ADVISOR_TRUSTED_PROXIES": "127.0.0.1",
        "ADVISOR_STAFF_API_KEYS": STAFF_KEY,
    }
    with ServedAdvisor(data_dir, env, tmp_path / "serve.log") as served:
        served.start()
        result = asyncio.run(
            run_chat_load(served.base_url, sessions=SESSIONS, duration_s=DURATION_S)
        )
        stats = httpx.get(
            f"{served.base_url}/v1/admin/stats",
            headers={"Authorization": f"Bearer {STAFF_KEY}"},
            timeout=30,
        ).json()
    summary = result.summary()
    print("\nchat load:", json.dumps(summary))
    assert result.errors == [], result.errors[:5]
    assert summary["answers"] >= SESSIONS  # every session got at least one answer
    # Every acknowledged answer is stored with its question, and nothing else was stored.
    assert stats["volume"]["answers"] == summary["answers"]
    assert stats["volume"]["questions"] == summary["answers"]
    assert stats["feedback"]["up"] + stats["feedback"]["down"] == len(result.feedback)
