"""REST over the engine: answers equal the engine's, bad input names the field."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest
from fastapi.testclient import TestClient

from advisor.catalog.loader import load_catalog
from advisor.services.registry import TOOLS, openai_tool
from advisor.services.sizing import compare_gpus, size_deployment
from advisor.sizing.request import SizingRequest

NEED = {"model": "llama-3.1-70b", "users": 20, "context": 8192}


def error_of(response: Any) -> dict[str, Any]:
    body = response.json()
    assert set(body) == {"error"}
    error: dict[str, Any] = body["error"]
    return error


def test_size_answers_the_engine_json(client: TestClient) -> None:
    response = client.post("/v1/size", json=NEED)
    assert response.status_code == 200
    assert response.json() == size_deployment(NEED, load_catalog()).report.model_dump(mode="json")


def test_size_accepts_aliases_and_training_fields(client: TestClient) -> None:
    body = {"model": "Qwen/Qwen2.5-7B-Instruct", "task": "qlora", "gpu": "rtx-4090"}
    response = client.post("/v1/size", json=body)
    assert response.status_code == 200
    assert response.json()["training"] is not None
    assert response.json()["gpu"]["id"] == "rtx-4090"


def test_bad_literal_names_the_field_and_allowed_values(client: TestClient) -> None:
    response = client.post("/v1/size", json={**NEED, "task": "serve"})
    assert response.status_code == 422
    error = error_of(response)
    assert error["param"] == "task"
    assert error["allowed"] == ["inference", "lora", "qlora", "full", "pretrain"]
    assert error["type"] == "invalid_request_error"


def test_every_bad_field_is_listed(client: TestClient) -> None:
    response = client.post("/v1/size", json={**NEED, "users": 0, "precision": "fp7", "color": 1})
    assert response.status_code == 422
    by_field = {e["field"]: e for e in error_of(response)["errors"]}
    assert set(by_field) == {"users", "precision", "color"}
    assert "fp8" in by_field["precision"]["allowed"]
    assert by_field["color"]["allowed"] == list(SizingRequest.model_fields)
    assert "greater than or equal to 1" in by_field["users"]["message"]


def test_nested_field_path(client: TestClient) -> None:
    response = client.post("/v1/size", json={**NEED, "lora_targets": ["q", "zz"]})
    assert response.status_code == 422
    error = error_of(response)
    assert error["param"] == "lora_targets.1"
    assert "gate" in error["allowed"]


def test_unknown_model_suggests_catalog_ids(client: TestClient) -> None:
    response = client.post("/v1/size", json={"model": "lama 3.1 70b"})
    assert response.status_code == 422
    error = error_of(response)
    assert error["param"] == "model"
    assert "llama-3.1-70b" in error["allowed"]


def test_unknown_gpu_names_the_gpu_field(client: TestClient) -> None:
    response = client.post("/v1/compare", json={"model": "llama-3.1-8b", "gpu": "h900"})
    assert response.status_code == 422
    assert error_of(response)["param"] == "gpu"


@pytest.mark.parametrize("body", ["{not json", "[]", '"text"'])
def test_malformed_bodies_are_422_not_500(client: TestClient, body: str) -> None:
    response = client.post("/v1/size", content=body, headers={"Content-Type": "application/json"})
    assert response.status_code == 422
    assert error_of(response)["errors"]


def test_missing_model_is_422(client: TestClient) -> None:
    response = client.post("/v1/size", json={"users": 3})
    assert response.status_code == 422
    assert error_of(response)["param"] == "model"


def test_body_over_the_limit_is_413(client: TestClient) -> None:
    response = client.post(
        "/v1/size",
        content=b"{" + b" " * 1_100_000 + b"}",
        headers={"Content-Type": "application/json"},
    )
    assert response.status_code == 413
    assert error_of(response)["code"] == "request_too_large"


def test_compare_answers_the_engine_json(client: TestClient) -> None:
    response = client.post("/v1/compare", json=NEED)
    assert response.status_code == 200
    assert response.json() == compare_gpus(NEED, load_catalog()).model_dump(mode="json")


def test_gpus_lists_the_catalog(client: TestClient) -> None:
    body = client.get("/v1/gpus").json()
    assert body["object"] == "list"
    assert [g["id"] for g in body["data"]] == list(load_catalog().gpus)


def test_models_serves_the_catalog_and_the_openai_list(client: TestClient) -> None:
    body = client.get("/v1/models").json()
    assert body["object"] == "list"
    assert body["data"] == [
        {"id": "gpu-advisor", "object": "model", "created": 0, "owned_by": "gpu-advisor"}
    ]
    assert [m["id"] for m in body["models"]] == list(load_catalog().models)
    assert body["models"][0]["architecture"]["num_layers"] > 0


def test_tools_are_strict_openai_tools(client: TestClient) -> None:
    tools = client.get("/v1/tools").json()["data"]
    assert [t["function"]["name"] for t in tools] == [
        "size_deployment",
        "compare_gpus",
        "recommend_deployment",
        "price_hardware",
        "search_knowledge",
    ]
    assert tools == [openai_tool(spec) for spec in TOOLS]
    for tool in tools:
        assert tool["type"] == "function"
        function = tool["function"]
        parameters = function["parameters"]
        assert function["strict"] is True
        assert parameters["additionalProperties"] is False
        assert parameters["required"] == list(parameters["properties"])
        jsonschema.Draft202012Validator.check_schema(parameters)


def test_size_tool_arguments_validate_and_size(client: TestClient) -> None:
    """Arguments valid under the published schema are accepted by /v1/size (nulls dropped)."""
    schema = client.get("/v1/tools").json()["data"][0]["function"]["parameters"]
    arguments = dict.fromkeys(schema["properties"]) | {"model": "qwen2.5-7b"}
    jsonschema.validate(arguments, schema)
    body = {k: v for k, v in arguments.items() if v is not None}
    assert client.post("/v1/size", json=body).status_code == 200


def test_openapi_documents_every_route(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for path in (
        "/v1/size",
        "/v1/compare",
        "/v1/recommend",
        "/v1/gpus",
        "/v1/models",
        "/v1/ask",
        "/v1/feedback",
        "/v1/chat/completions",
        "/v1/tools",
        "/health",
        "/metrics",
    ):
        assert path in paths
    assert client.get("/docs").status_code == 200
