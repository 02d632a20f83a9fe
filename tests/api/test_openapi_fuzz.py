"""Schemathesis over our own OpenAPI document: no input makes the app answer 5xx, and every
answer matches the status codes, content types and bodies the document declares.

The tests after the fuzz pin what it and the CLI properties found: undeclared answers, and
a 500 on counts too large for a float."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from schemathesis import Case
from schemathesis.checks import not_a_server_error
from schemathesis.config import SchemathesisConfig
from schemathesis.hooks import HookContext
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from advisor.api import create_app
from advisor.api.errors import ErrorResponse
from advisor.api.protocol import ADVISOR_MODEL_ID
from advisor.services.protocol import AskRequest
from tests.conftest import app_settings

STAFF_KEY = "fuzz-staff-key-123"
STAFF = {"Authorization": f"Bearer {STAFF_KEY}"}
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]
# A fixed seed: CI replays the same cases (with the derandomized settings below).
CONFIG = {"seed": 20260601, "generation": {"mode": "all"}}
ERROR_SCHEMA = {"$ref": "#/components/schemas/ErrorResponse"}

Body = dict[str, Any]


def _sometimes(value: Any, replaced: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(st.just(value), replaced)


def _asked(body: Body) -> st.SearchStrategy[Body]:
    """The chat body as an OpenAI client sends it: our model, a user message last."""
    messages = body.get("messages")
    if not isinstance(messages, list):
        return st.just(body)
    return st.text(min_size=1, max_size=300).map(
        lambda text: (
            body
            | {
                "model": ADVISOR_MODEL_ID,
                "messages": [*messages, {"role": "user", "content": text}],
            }
        )
    )


@pytest.fixture
def fuzz_schema(
    kb_data_dir: Path, tmp_path: Path, request: pytest.FixtureRequest
) -> schemathesis.BaseSchema:
    """The real app with one stored, rated answer. Random text never names a catalog model,
    the chat model or a stored id, so hooks put real ones into about half the generated
    cases: those reach the engine, the advisor and the records instead of a 404 or 422.

    Schemathesis runs the app's lifespan through the test and ends it at teardown."""
    # schemathesis 4.32 renames the test node per operation through `_nodeid`, which
    # pytest 9.2 no longer has; the node keeps its own id (pytest's is `_id`).
    request.node._nodeid = request.node.nodeid
    app = create_app(app_settings(kb_data_dir, tmp_path, staff_api_keys=STAFF_KEY), with_ui=False)
    state = app.state.advisor
    answer = state.gateway.ask(
        AskRequest(question="How many GPUs for llama-3.1-8b?", conversation_id="fuzz-chat")
    )
    state.gateway.feedback(answer.message_id, "up", "fuzz")
    stored = {
        "conversation_id": "fuzz-chat",
        "message_id": answer.message_id,
        "model_id": ADVISOR_MODEL_ID,
    }
    engine_names = st.fixed_dictionaries(
        {
            "model": st.sampled_from(sorted(state.catalog.models)),
            "gpu": st.sampled_from(sorted(state.catalog.gpus)),
        }
    )
    real_bodies: dict[str, Callable[[Body], st.SearchStrategy[Body]]] = {
        "/v1/size": lambda body: engine_names.map(lambda names: body | names),
        "/v1/compare": lambda body: engine_names.map(lambda names: body | names),
        "/v1/chat/completions": _asked,
        "/v1/feedback": lambda body: st.just(body | {"message_id": answer.message_id}),
    }
    schema = schemathesis.openapi.from_asgi(
        "/openapi.json", app, config=SchemathesisConfig.from_dict(CONFIG)
    )

    @schema.hook("flatmap_path_parameters")
    def stored_ids(_: HookContext, parameters: Any) -> st.SearchStrategy[Any]:
        if not isinstance(parameters, dict):
            return st.just(parameters)
        known = {name: value for name, value in stored.items() if name in parameters}
        return _sometimes(parameters, st.just(parameters | known)) if known else st.just(parameters)

    @schema.hook("flatmap_body")
    def real_names(context: HookContext, body: Any) -> st.SearchStrategy[Any]:
        real = real_bodies.get(context.operation.path if context.operation else "")
        if real is None or not isinstance(body, dict):
            return st.just(body)
        return _sometimes(body, real(body))

    return schema


schema = schemathesis.pytest.from_fixture("fuzz_schema")


@schema.parametrize()
@settings(max_examples=50, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
def test_no_server_error_and_answers_match_the_schema(case: Case) -> None:
    """Staff routes run with the key and must refuse the same case without it (a case that
    tries another HTTP method gets 405 first)."""
    staff = STAFF if case.operation.path.startswith("/v1/admin/") else None
    case.call_and_validate(headers=staff, checks=CHECKS)
    if staff and case.method.upper() == case.operation.method.upper():
        anonymous = case.call_and_validate(checks=CHECKS)
        assert anonymous.status_code in (401, 403), anonymous.text


def test_a_body_that_is_not_utf8_is_a_declared_400(client: TestClient, api_app: FastAPI) -> None:
    response = client.post(
        "/v1/size", content=b"\xff{", headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 400
    ErrorResponse.model_validate(response.json())
    declared = api_app.openapi()["paths"]["/v1/size"]["post"]["responses"]["400"]
    assert declared["content"]["application/json"]["schema"] == ERROR_SCHEMA


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/v1/admin/stats", "401"),
        ("/v1/admin/stats", "403"),
        ("/v1/admin/stats", "422"),
        ("/v1/admin/conversations/{conversation_id}", "404"),
        ("/v1/admin/conversations/{conversation_id}/export", "404"),
    ],
)
def test_staff_errors_are_declared_as_the_error_body(
    api_app: FastAPI, path: str, status: str
) -> None:
    declared = api_app.openapi()["paths"][path]["get"]["responses"][status]
    assert declared["content"]["application/json"]["schema"] == ERROR_SCHEMA


def test_the_widget_script_is_declared_as_javascript(client: TestClient, api_app: FastAPI) -> None:
    response = client.get("/widget.js")
    declared = api_app.openapi()["paths"]["/widget.js"]["get"]["responses"]["200"]["content"]
    assert list(declared) == [response.headers["content-type"]] == ["application/javascript"]


@pytest.mark.parametrize(
    "field", ["max_num_batched_tokens", "max_num_seqs", "output_tokens", "dataset_tokens"]
)
def test_a_count_past_the_float_range_is_a_422_naming_it(client: TestClient, field: str) -> None:
    """Regression: these counts had no upper bound, and 10**400 was a 500."""
    body = f'{{"model": "llama-3.1-8b", "task": "lora", "{field}": 1{"0" * 400}}}'
    response = client.post("/v1/size", content=body, headers={"Content-Type": "application/json"})
    assert response.status_code == 422
    assert response.json()["error"]["param"] == field
