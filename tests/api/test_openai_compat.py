"""The advisor as an OpenAI model: raw HTTP shapes and the official `openai` client."""

from __future__ import annotations

import json
from typing import Any

import openai
import pytest
from fastapi.testclient import TestClient

from advisor.catalog.loader import load_catalog
from advisor.services.sizing import size_deployment
from tests.api.conftest import QUESTION_RU, LiveServer


def chat(question: str, **extra: Any) -> dict[str, Any]:
    return {"model": "gpu-advisor", "messages": [{"role": "user", "content": question}], **extra}


def sse_events(text: str) -> list[str]:
    return [line[len("data: ") :] for line in text.splitlines() if line.startswith("data: ")]


def test_completion_carries_the_answer_and_the_sizing(client: TestClient) -> None:
    response = client.post("/v1/chat/completions", json=chat(QUESTION_RU))
    assert response.status_code == 200
    body = response.json()
    assert body["object"] == "chat.completion"
    assert body["model"] == "gpu-advisor"
    choice = body["choices"][0]
    assert choice["message"]["role"] == "assistant"
    assert choice["finish_reason"] == "stop"
    advisor = body["advisor"]
    assert choice["message"]["content"] == advisor["answer"]
    expected = size_deployment(advisor["request"], load_catalog()).report
    assert advisor["sizing"] == expected.model_dump(mode="json")


def test_stream_is_sse_chunks_ending_with_done(client: TestClient) -> None:
    response = client.post("/v1/chat/completions", json=chat(QUESTION_RU, stream=True))
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/event-stream")
    events = sse_events(response.text)
    assert events[-1] == "[DONE]"
    chunks = [json.loads(e) for e in events[:-1]]
    assert all(c["object"] == "chat.completion.chunk" for c in chunks)
    assert len({c["id"] for c in chunks}) == 1
    assert chunks[0]["choices"][0]["delta"]["role"] == "assistant"
    assert chunks[-1]["choices"][0]["finish_reason"] == "stop"
    text = "".join(c["choices"][0]["delta"].get("content") or "" for c in chunks)
    assert text == chunks[-1]["advisor"]["answer"]


def test_last_user_message_is_the_question_and_parts_are_read(client: TestClient) -> None:
    messages = [
        {"role": "system", "content": "be brief"},
        {"role": "user", "content": "привет"},
        {"role": "assistant", "content": "Здравствуйте!"},
        {"role": "user", "content": [{"type": "text", "text": QUESTION_RU}]},
    ]
    body = client.post(
        "/v1/chat/completions", json={"model": "gpu-advisor", "messages": messages}
    ).json()
    assert body["advisor"]["request"]["model"] == "llama-3.1-70b"


def test_conversation_id_from_header_or_user(client: TestClient) -> None:
    by_user = client.post("/v1/chat/completions", json=chat(QUESTION_RU, user="conv-user-1"))
    assert by_user.json()["advisor"]["conversation_id"] == "conv-user-1"
    by_header = client.post(
        "/v1/chat/completions",
        json=chat(QUESTION_RU, user="ignored"),
        headers={"X-Conversation-Id": "conv-header-1"},
    )
    assert by_header.json()["advisor"]["conversation_id"] == "conv-header-1"


def test_an_e_mail_as_user_becomes_a_stable_conversation(client: TestClient) -> None:
    first = client.post("/v1/chat/completions", json=chat(QUESTION_RU, user="ann@example.com"))
    second = client.post(
        "/v1/chat/completions", json=chat("А на 50 пользователей?", user="ann@example.com")
    )
    conversation = first.json()["advisor"]["conversation_id"]
    assert conversation.startswith("user-")
    assert second.json()["advisor"]["conversation_id"] == conversation
    assert second.json()["advisor"]["request"]["users"] == 50


def test_unusable_conversation_header_is_422_before_streaming(client: TestClient) -> None:
    response = client.post(
        "/v1/chat/completions",
        json=chat(QUESTION_RU, stream=True),
        headers={"X-Conversation-Id": "../../etc"},
    )
    assert response.status_code == 422
    assert response.json()["error"]["param"] == "X-Conversation-Id"


def test_unknown_model_is_404_naming_the_model(client: TestClient) -> None:
    response = client.post("/v1/chat/completions", json={**chat("hi"), "model": "gpt-4o"})
    assert response.status_code == 404
    error = response.json()["error"]
    assert (error["code"], error["param"], error["allowed"]) == (
        "model_not_found",
        "model",
        ["gpu-advisor"],
    )


@pytest.mark.parametrize(
    ("messages", "field"),
    [
        ([{"role": "system", "content": "x"}], "messages"),
        ([{"role": "user", "content": "   "}], "messages.0.content"),
        ([{"role": "robot", "content": "x"}], "messages.0.role"),
        ([], "messages"),
    ],
)
def test_bad_messages_are_422(client: TestClient, messages: list[Any], field: str) -> None:
    response = client.post(
        "/v1/chat/completions", json={"model": "gpu-advisor", "messages": messages}
    )
    assert response.status_code == 422
    assert response.json()["error"]["param"] == field


def test_model_retrieve(client: TestClient) -> None:
    assert client.get("/v1/models/gpu-advisor").json()["id"] == "gpu-advisor"
    assert client.get("/v1/models/llama-3.1-70b").status_code == 404


def test_official_client_non_streaming(live_server: LiveServer) -> None:
    client = openai.OpenAI(base_url=f"{live_server.base_url}/v1", api_key="unused")
    completion = client.chat.completions.create(
        model="gpu-advisor", messages=[{"role": "user", "content": QUESTION_RU}]
    )
    advisor = (completion.model_extra or {})["advisor"]
    assert completion.choices[0].message.content == advisor["answer"]
    count = size_deployment(advisor["request"], load_catalog()).report.gpu.count
    assert str(count) in (completion.choices[0].message.content or "")


def test_official_client_streaming(live_server: LiveServer) -> None:
    client = openai.OpenAI(base_url=f"{live_server.base_url}/v1", api_key="unused")
    stream = client.chat.completions.create(
        model="gpu-advisor", messages=[{"role": "user", "content": QUESTION_RU}], stream=True
    )
    chunks = list(stream)
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    final = chunks[-1]
    assert final.choices[0].finish_reason == "stop"
    assert text == (final.model_extra or {})["advisor"]["answer"]


def test_official_client_lists_the_model(live_server: LiveServer) -> None:
    client = openai.OpenAI(base_url=f"{live_server.base_url}/v1", api_key="unused")
    assert [m.id for m in client.models.list()] == ["gpu-advisor"]
    assert client.models.retrieve("gpu-advisor").id == "gpu-advisor"


def test_official_client_sees_our_error_message(live_server: LiveServer) -> None:
    client = openai.OpenAI(base_url=f"{live_server.base_url}/v1", api_key="unused", max_retries=0)
    with pytest.raises(openai.NotFoundError, match="gpu-advisor"):
        client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": "x"}])
