"""`/v1/ask` and `/v1/feedback` over the real offline advisor."""

from __future__ import annotations

from fastapi.testclient import TestClient

from advisor.catalog.loader import load_catalog
from advisor.services.protocol import AskApiResponse
from advisor.services.sizing import size_deployment
from tests.api.conftest import QUESTION_RU


def test_ask_returns_the_ask_json_with_a_message_id(client: TestClient) -> None:
    response = client.post("/v1/ask", json={"question": QUESTION_RU})
    assert response.status_code == 200
    answer = AskApiResponse.model_validate(response.json())
    assert answer.mode == "offline"
    assert answer.language == "ru"
    assert answer.message_id.startswith("msg_")
    assert answer.request is not None and answer.sizing is not None
    assert answer.request.model == "llama-3.1-70b"
    assert answer.request.users == 20
    assert answer.sizing == size_deployment(answer.request, load_catalog()).report
    assert str(answer.sizing.gpu.count) in answer.answer


def test_a_conversation_keeps_its_id(client: TestClient) -> None:
    first = client.post("/v1/ask", json={"question": QUESTION_RU}).json()
    follow_up = {"question": "А на 100 пользователей?", "conversation_id": first["conversation_id"]}
    second = client.post("/v1/ask", json=follow_up).json()
    assert second["conversation_id"] == first["conversation_id"]
    assert second["message_id"] != first["message_id"]


def test_empty_blank_or_oversized_question_is_422(client: TestClient) -> None:
    for question in ("", "   ", "x" * 4001):
        response = client.post("/v1/ask", json={"question": question})
        assert response.status_code == 422
        assert response.json()["error"]["param"] == "question"


def test_unknown_ask_field_is_422_with_allowed_fields(client: TestClient) -> None:
    response = client.post("/v1/ask", json={"question": "hi", "lang": "ru"})
    assert response.status_code == 422
    error = response.json()["error"]
    assert error["param"] == "lang"
    assert error["allowed"] == ["question", "conversation_id"]


def test_feedback_is_stored_and_can_be_changed(client: TestClient) -> None:
    message_id = client.post("/v1/ask", json={"question": QUESTION_RU}).json()["message_id"]
    liked = client.post("/v1/feedback", json={"message_id": message_id, "rating": "up"})
    assert liked.status_code == 200
    assert client.get(f"/v1/feedback/{message_id}").json()["rating"] == "up"
    body = {"message_id": message_id, "rating": "down", "comment": "нужна цена"}
    assert client.post("/v1/feedback", json=body).status_code == 200
    stored = client.get(f"/v1/feedback/{message_id}").json()
    assert (stored["rating"], stored["comment"]) == ("down", "нужна цена")


def test_feedback_on_an_unknown_message_is_404(client: TestClient) -> None:
    response = client.post("/v1/feedback", json={"message_id": "msg_nope", "rating": "up"})
    assert response.status_code == 404
    error = response.json()["error"]
    assert (error["code"], error["param"]) == ("unknown_message", "message_id")
    assert client.get("/v1/feedback/msg_nope").status_code == 404


def test_feedback_rating_lists_allowed_values(client: TestClient) -> None:
    response = client.post("/v1/feedback", json={"message_id": "m", "rating": "meh"})
    assert response.status_code == 422
    assert response.json()["error"]["allowed"] == ["up", "down"]


def test_unusable_conversation_id_is_422(client: TestClient) -> None:
    response = client.post("/v1/ask", json={"question": QUESTION_RU, "conversation_id": "../etc"})
    assert response.status_code == 422
    assert response.json()["error"]["param"] == "conversation_id"
