"""POST /v1/recommend: the `advisor recommend --json` object; a bad goal is 422 naming it."""

from __future__ import annotations

from typing import Any

import jsonschema
from fastapi.testclient import TestClient

from advisor.catalog.loader import load_catalog
from advisor.services.recommendation import recommend_deployment

# The contract of issue 12: these keys, with these types, stay.
OPTION_KEYS = {
    "label": str,
    "model": str,
    "precision": str,
    "kv_precision": str,
    "gpu": dict,
    "replicas": int,
    "context": int,
    "users_per_replica": int,
    "fits": bool,
    "meets_targets": bool,
    "max_concurrent_users": int,
    "per_user_tokens_per_s": float,
    "ttft_s": float,
    "cost": dict,
    "why": str,
}


def _error(response: Any) -> dict[str, Any]:
    error: dict[str, Any] = response.json()["error"]
    return error


def test_recommend_answers_the_service_json_in_the_contract_shape(client: TestClient) -> None:
    goal = {"use_case": "rag", "headcount": 200, "language": "ru", "budget_usd": 40000}
    response = client.post("/v1/recommend", json=goal)
    assert response.status_code == 200
    body = response.json()
    assert body == recommend_deployment(goal, load_catalog()).model_dump(mode="json")
    assert {"goal", "workload", "options", "unmet", "assumptions", "sources"} <= set(body)
    assert body["goal"]["use_case"] == "rag" and body["goal"]["headcount"] == 200
    assert body["goal"]["owned"] is None and body["goal"]["budget_usd"] == 40000
    for key in ("concurrency", "input_tokens", "output_tokens"):
        assert isinstance(body["workload"][key], int)
    assert body["options"]
    for option in body["options"]:
        for key, kind in OPTION_KEYS.items():
            value = option[key]
            assert isinstance(value, kind) or (kind is float and isinstance(value, int)), key
        assert set(option["gpu"]) >= {"id", "count"}
        assert set(option["cost"]) >= {
            "capex_usd",
            "monthly_usd",
            "tco_3y_usd",
            "usd_per_million_tokens",
        }


def test_owned_is_accepted_as_text_or_object(client: TestClient) -> None:
    text = client.post("/v1/recommend", json={"owned": "4 x a100-40gb", "users": 30})
    obj = client.post(
        "/v1/recommend", json={"owned": {"gpu": "a100-40gb", "count": 4}, "users": 30}
    )
    assert text.status_code == obj.status_code == 200
    assert text.json() == obj.json()
    assert text.json()["goal"]["owned"] == {"gpu": "a100-40gb", "count": 4}


def test_bad_goal_is_422_naming_the_field(client: TestClient) -> None:
    response = client.post("/v1/recommend", json={"use_case": "poetry"})
    assert response.status_code == 422
    assert _error(response)["param"] == "use_case"
    assert "rag" in _error(response)["allowed"]
    response = client.post("/v1/recommend", json={"owned": "4x h900"})
    assert response.status_code == 422
    assert _error(response)["param"] == "owned.gpu"
    response = client.post("/v1/recommend", json={"owned": "lots of a100"})
    assert response.status_code == 422
    assert _error(response)["param"] == "owned"


def test_the_published_tool_schema_accepts_what_the_route_takes(client: TestClient) -> None:
    tools = {t["function"]["name"]: t for t in client.get("/v1/tools").json()["data"]}
    schema = tools["recommend_deployment"]["function"]["parameters"]
    arguments = dict.fromkeys(schema["properties"]) | {
        "use_case": "support",
        "owned": {"gpu": "l40s", "count": 2},
        "users": 40,
    }
    jsonschema.validate(arguments, schema)
    body = {k: v for k, v in arguments.items() if v is not None}
    response = client.post("/v1/recommend", json=body)
    assert response.status_code == 200
    assert all(o["label"] == "owned" for o in response.json()["options"])
