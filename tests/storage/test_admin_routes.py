"""Staff endpoints over the store: keys required, typed bodies, exports as files."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from advisor.api.routers.admin import admin_router
from advisor.security import StaffKeys
from advisor.storage import DatabaseStore

KEY = "staff-key-for-tests-1"
STAFF = {"Authorization": f"Bearer {KEY}"}


@pytest.fixture
def client(store: DatabaseStore) -> TestClient:
    app = FastAPI()
    app.include_router(admin_router(store, StaffKeys([KEY])))
    return TestClient(app)


@pytest.fixture
def conversation(store: DatabaseStore) -> str:
    store.add_message("conv-42", "user", "Сколько GPU для Llama 3.1 70B?")
    answer = store.add_message(
        "conv-42",
        "assistant",
        "2 x H100.",
        {"mode": "offline", "language": "ru", "sizing": {"gpus": 2}, "request": {"model": "m"}},
    )
    store.add_feedback(answer.id, "up")
    return "conv-42"


@pytest.mark.parametrize(
    "path",
    ["/v1/admin/stats", "/v1/admin/conversations/conv-42", "/v1/admin/conversations/x/export"],
)
def test_every_staff_endpoint_needs_a_key(client: TestClient, path: str) -> None:
    assert client.get(path).status_code == 401
    assert client.get(path, headers={"Authorization": "Bearer nope"}).status_code == 403


def test_conversation(client: TestClient, conversation: str) -> None:
    body = client.get(f"/v1/admin/conversations/{conversation}", headers=STAFF).json()
    assert body["id"] == conversation
    assert [(m["role"], m["feedback"] and m["feedback"]["rating"]) for m in body["messages"]] == [
        ("user", None),
        ("assistant", "up"),
    ]


def test_unknown_conversation_is_404(client: TestClient) -> None:
    response = client.get("/v1/admin/conversations/conv-missing", headers=STAFF)
    assert response.status_code == 404
    assert "conversation_id" in response.json()["detail"]
    export = client.get("/v1/admin/conversations/conv-missing/export", headers=STAFF)
    assert export.status_code == 404


def test_exports_are_files(client: TestClient, conversation: str) -> None:
    path = f"/v1/admin/conversations/{conversation}/export"
    as_json = client.get(path, headers=STAFF)
    assert as_json.headers["content-disposition"].endswith('conversation-conv-42.json"')
    assert as_json.json()["sizings"][0]["result"] == {"gpus": 2}

    as_markdown = client.get(path, params={"format": "markdown"}, headers=STAFF)
    assert as_markdown.headers["content-type"].startswith("text/markdown")
    assert as_markdown.text.startswith("# Conversation conv-42")
    assert "> Сколько GPU для Llama 3.1 70B?" in as_markdown.text


def test_a_bad_export_format_is_422_naming_the_values(client: TestClient) -> None:
    response = client.get(
        "/v1/admin/conversations/conv-42/export", params={"format": "pdf"}, headers=STAFF
    )
    assert response.status_code == 422
    assert response.json()["detail"][0]["loc"] == ["query", "format"]


@pytest.mark.usefixtures("conversation")
def test_stats(client: TestClient) -> None:
    body = client.get("/v1/admin/stats", headers=STAFF).json()
    assert body["volume"] == {"conversations": 1, "questions": 1, "answers": 1}
    assert body["feedback"] == {"up": 1, "down": 0, "ratio": 1.0}
    assert body["top_questions"] == [{"question": "Сколько GPU для Llama 3.1 70B?", "count": 1}]

    later = (datetime.now(UTC) + timedelta(hours=1)).replace(tzinfo=None).isoformat()
    empty = client.get("/v1/admin/stats", params={"since": later}, headers=STAFF).json()
    assert empty["volume"]["questions"] == 0
    assert client.get("/v1/admin/stats", params={"top": 0}, headers=STAFF).status_code == 422
