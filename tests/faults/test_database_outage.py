"""PostgreSQL refusing connections while the app runs: 503 with Retry-After (nothing was
acknowledged, so the client may retry), /health says so, and the app recovers by itself.
"""

from __future__ import annotations

import json
from pathlib import Path

import psycopg
from fastapi.testclient import TestClient

from advisor.api import create_app
from tests.conftest import app_settings
from tests.storage.postgres import SUPERUSER, PostgresCluster

QUESTION = "How many GPUs for Qwen2.5 7B with 10 users?"
STAFF = {"Authorization": "Bearer outage-staff-key"}


def _allow_connections(cluster: PostgresCluster, database: str, allowed: bool) -> None:
    with psycopg.connect(
        host="127.0.0.1", port=cluster.port, user=SUPERUSER, dbname="postgres", autocommit=True
    ) as connection:
        connection.execute(
            f'ALTER DATABASE "{database}" ALLOW_CONNECTIONS {str(allowed).lower()}'.encode()
        )
        if not allowed:
            connection.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s",
                (database,),
            )


def test_an_unavailable_database_is_a_503_and_the_app_recovers(
    postgres_cluster: PostgresCluster, kb_data_dir: Path, tmp_path: Path
) -> None:
    name = f"outage_{tmp_path.name[-12:].replace('-', '_')}"
    url = postgres_cluster.create_database(name)
    settings = app_settings(
        kb_data_dir, tmp_path, database_url=url, staff_api_keys="outage-staff-key"
    )
    with TestClient(create_app(settings, with_ui=False)) as client:
        before = client.post("/v1/ask", json={"question": QUESTION}).json()
        _allow_connections(postgres_cluster, name, allowed=False)
        try:
            refused = client.post("/v1/ask", json={"question": QUESTION})
            rating = client.post(
                "/v1/feedback", json={"message_id": before["message_id"], "rating": "up"}
            )
            stats = client.get("/v1/admin/stats", headers=STAFF)
            down = client.get("/health").json()
            sizing = client.post("/v1/size", json={"model": "qwen2.5-7b", "gpu": "l40s"})
            streamed = client.post(
                "/v1/chat/completions",
                json={
                    "model": "gpu-advisor",
                    "stream": True,
                    "messages": [{"role": "user", "content": QUESTION}],
                },
            )
        finally:
            _allow_connections(postgres_cluster, name, allowed=True)
        recovered = client.post("/v1/ask", json={"question": QUESTION})
        up = client.get("/health").json()
        conversation = client.get(
            f"/v1/admin/conversations/{before['conversation_id']}", headers=STAFF
        ).json()
    for response in (refused, rating, stats):
        assert response.status_code == 503, response.text
        assert response.headers["retry-after"] == "5"
        assert response.json()["error"]["code"] == "storage_unavailable"
    assert (down["status"], down["database"]) == ("degraded", "unavailable")
    assert down["database_error"]
    assert sizing.status_code == 200  # the engine needs no database
    # A stream has sent its 200 before the answer is stored: the error is its last event.
    events = [line[6:] for line in streamed.text.splitlines() if line.startswith("data: ")]
    assert events[-1] == "[DONE]"
    assert json.loads(events[-2])["error"]["code"] == "storage_unavailable"
    assert recovered.status_code == 200
    assert (up["status"], up["database"]) == ("ok", "ok")
    assert [m["id"] for m in conversation["messages"]][-1] == before["message_id"]
    assert conversation["messages"][-1]["feedback"] is None  # the refused rating is not there
