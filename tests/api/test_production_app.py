"""The served app as production runs it: database, staff keys, caps, rate limit, CORS, logs.

Each test builds its own app over its own SQLite file, so what it reads back is only what
it wrote; the building blocks have their own tests in tests/storage and tests/security.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from advisor.api import create_app
from advisor.storage import DatabaseStore
from tests.api.conftest import QUESTION_RU
from tests.conftest import app_settings

STAFF_KEY = "staff-key-0123456789"
STAFF = {"Authorization": f"Bearer {STAFF_KEY}"}
QUESTION_EN = "How many GPUs do we need for Qwen2.5 7B with 10 users?"


def build_app(kb_data_dir: Path, database_dir: Path, **overrides: object) -> FastAPI:
    settings = app_settings(kb_data_dir, database_dir, staff_api_keys=STAFF_KEY, **overrides)
    return create_app(settings, with_ui=False)


@pytest.fixture
def app(kb_data_dir: Path, tmp_path: Path) -> FastAPI:
    return build_app(kb_data_dir, tmp_path)


def test_an_answer_and_its_feedback_are_in_the_database(app: FastAPI, tmp_path: Path) -> None:
    with TestClient(app) as client:
        answer = client.post("/v1/ask", json={"question": QUESTION_RU}).json()
        assert client.post(
            "/v1/feedback", json={"message_id": answer["message_id"], "rating": "up"}
        ).is_success
    database = DatabaseStore.open(f"sqlite:///{tmp_path / 'advisor.db'}")
    try:
        view = database.conversation(answer["conversation_id"])
    finally:
        database.close()
    assert [(m.role, m.content) for m in view.messages] == [
        ("user", QUESTION_RU),
        ("assistant", answer["answer"]),
    ]
    assert view.messages[1].id == answer["message_id"]
    assert view.messages[1].feedback is not None and view.messages[1].feedback.rating == "up"


def test_a_restarted_app_continues_the_conversation(kb_data_dir: Path, tmp_path: Path) -> None:
    with TestClient(build_app(kb_data_dir, tmp_path)) as client:
        first = client.post("/v1/ask", json={"question": QUESTION_RU}).json()
    with TestClient(build_app(kb_data_dir, tmp_path)) as client:
        follow_up = client.post(
            "/v1/ask",
            json={
                "question": "А на 100 пользователей?",
                "conversation_id": first["conversation_id"],
            },
        ).json()
        staff_view = client.get(
            f"/v1/admin/conversations/{first['conversation_id']}", headers=STAFF
        ).json()
    # The follow-up kept the model from before the restart: the state lives in the database.
    assert follow_up["request"]["model"] == first["request"]["model"]
    assert follow_up["request"]["users"] == 100
    assert [m["role"] for m in staff_view["messages"]] == ["user", "assistant"] * 2


def test_staff_endpoints_need_the_key(app: FastAPI) -> None:
    with TestClient(app) as client:
        answer = client.post("/v1/ask", json={"question": QUESTION_EN}).json()
        path = f"/v1/admin/conversations/{answer['conversation_id']}"
        assert client.get(path).status_code == 401
        assert client.get(path, headers={"Authorization": "Bearer wrong-key"}).status_code in {
            401,
            403,
        }
        body = client.get(path, headers=STAFF).json()
    assert body["id"] == answer["conversation_id"]
    assert [m["id"] for m in body["messages"]][-1] == answer["message_id"]
    assert set(body["messages"][0]) >= {"id", "role", "content", "feedback"}


def test_stats_and_exports_reflect_the_traffic(app: FastAPI) -> None:
    with TestClient(app) as client:
        answers = [
            client.post("/v1/ask", json={"question": q}).json()
            for q in (QUESTION_RU, QUESTION_RU, QUESTION_EN, "Расскажи анекдот про котов")
        ]
        client.post("/v1/feedback", json={"message_id": answers[0]["message_id"], "rating": "up"})
        client.post("/v1/feedback", json={"message_id": answers[2]["message_id"], "rating": "down"})
        stats = client.get("/v1/admin/stats", headers=STAFF).json()
        conversation = answers[0]["conversation_id"]
        as_json = client.get(f"/v1/admin/conversations/{conversation}/export", headers=STAFF)
        as_markdown = client.get(
            f"/v1/admin/conversations/{conversation}/export?format=markdown", headers=STAFF
        )
    assert stats["volume"] == {"conversations": 4, "questions": 4, "answers": 4}
    assert stats["modes"] == {"offline": 4}
    assert stats["feedback"] == {"up": 1, "down": 1, "ratio": 0.5}
    assert stats["top_questions"][0] == {"question": QUESTION_RU, "count": 2}
    assert [q["question"] for q in stats["unanswered_questions"]] == ["Расскажи анекдот про котов"]
    assert as_json.json()["sizings"][0]["result"] == answers[0]["sizing"]
    assert "attachment" in as_json.headers["content-disposition"]
    assert as_markdown.headers["content-type"].startswith("text/markdown")
    assert QUESTION_RU in as_markdown.text


def test_a_full_conversation_takes_no_more_questions(kb_data_dir: Path, tmp_path: Path) -> None:
    app = build_app(kb_data_dir, tmp_path, max_conversation_messages=4)
    with TestClient(app) as client:
        first = client.post("/v1/ask", json={"question": QUESTION_EN}).json()
        follow = {"question": "And for 50 users?", "conversation_id": first["conversation_id"]}
        assert client.post("/v1/ask", json=follow).status_code == 200
        refused = client.post("/v1/ask", json=follow)
        via_openai = client.post(
            "/v1/chat/completions",
            headers={"X-Conversation-Id": first["conversation_id"]},
            json={
                "model": "gpu-advisor",
                "messages": [{"role": "user", "content": "And for 60 users?"}],
            },
        )
        fresh = client.post("/v1/ask", json={"question": QUESTION_EN})
    assert refused.status_code == 422
    assert refused.json()["error"]["param"] == "conversation_id"
    assert "start a new conversation" in refused.json()["error"]["message"]
    assert via_openai.status_code == 422
    assert via_openai.json()["error"]["param"] == "conversation_id"
    assert fresh.status_code == 200


def test_anonymous_traffic_is_rate_limited_and_staff_is_not(
    kb_data_dir: Path, tmp_path: Path
) -> None:
    app = build_app(kb_data_dir, tmp_path, rate_limit="3/minute")
    body = {"model": "llama-3.1-8b", "gpu": "l40s"}
    with TestClient(app) as client:
        codes = [client.post("/v1/size", json=body).status_code for _ in range(4)]
        limited = client.post("/v1/size", json=body)
        staff = [client.post("/v1/size", json=body, headers=STAFF).status_code for _ in range(5)]
        health = client.get("/health")
    assert codes == [200, 200, 200, 429]
    assert limited.status_code == 429
    assert int(limited.headers["retry-after"]) >= 1
    assert limited.json()["error"]["code"] == "rate_limited"
    assert staff == [200] * 5
    assert health.status_code == 200  # probes are never limited


def test_an_oversized_body_is_413_and_the_app_keeps_serving(
    kb_data_dir: Path, tmp_path: Path
) -> None:
    app = build_app(kb_data_dir, tmp_path, max_body_bytes=2048)
    with TestClient(app) as client:
        too_big = client.post("/v1/ask", json={"question": "x" * 3000})
        after = client.post("/v1/ask", json={"question": QUESTION_EN})
    assert too_big.status_code == 413
    assert after.status_code == 200


def test_the_widget_origin_may_call_the_api(kb_data_dir: Path, tmp_path: Path) -> None:
    site = "https://www.example.com"
    app = build_app(kb_data_dir, tmp_path, cors_origins=site)
    with TestClient(app) as client:
        allowed = client.options(
            "/v1/ask",
            headers={"Origin": site, "Access-Control-Request-Method": "POST"},
        )
        other = client.options(
            "/v1/ask",
            headers={"Origin": "https://evil.example", "Access-Control-Request-Method": "POST"},
        )
    assert allowed.headers["access-control-allow-origin"] == site
    assert "access-control-allow-origin" not in other.headers


def test_keys_never_reach_the_logs(app: FastAPI, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    with TestClient(app) as client:
        client.get("/v1/admin/stats", headers=STAFF)
        logging.getLogger("advisor.test").warning("request had key %s", STAFF_KEY)
    assert "request had key" in caplog.text
    assert STAFF_KEY not in caplog.text


def test_the_chat_ui_events_are_rate_limited_too(kb_data_dir: Path, tmp_path: Path) -> None:
    settings = app_settings(kb_data_dir, tmp_path, rate_limit="2/minute")
    with TestClient(create_app(settings, with_ui=True)) as client:
        codes = [client.post("/gradio_api/queue/join", json={}).status_code for _ in range(3)]
        page = client.get("/")
    assert codes[:2] != [429, 429] and codes[2] == 429
    assert page.status_code == 200  # the page itself is not limited


def test_a_failed_start_closes_the_database_it_opened(
    kb_data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Regression: create_app opened the database, a later step raised, and the pool was
    left open (a leaked connection per failed start, e.g. a bad prices file)."""
    closed: list[DatabaseStore] = []
    real_close = DatabaseStore.close

    def close(store: DatabaseStore) -> None:
        closed.append(store)
        real_close(store)

    def broken_catalog(*_: object) -> None:
        raise RuntimeError("prices file unreadable")

    monkeypatch.setattr(DatabaseStore, "close", close)
    monkeypatch.setattr("advisor.api.app.configured_catalog", broken_catalog)
    with pytest.raises(RuntimeError, match="prices file unreadable"):
        build_app(kb_data_dir, tmp_path)
    assert len(closed) == 1
    given = DatabaseStore.open(settings=app_settings(kb_data_dir, tmp_path))
    with pytest.raises(RuntimeError):
        create_app(app_settings(kb_data_dir, tmp_path), database=given, with_ui=False)
    assert len(closed) == 1  # a database the caller gave stays the caller's to close
    given.close()
