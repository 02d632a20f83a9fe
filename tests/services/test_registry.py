"""The OpenAI tool schema is generated from SizingRequest and accepted by the engine."""

from __future__ import annotations

import jsonschema
import pytest

from advisor.catalog import load_catalog
from advisor.sizing import size
from advisor.sizing.request import SizingRequest
from advisor.sizing.tool_schema import (
    AGENT_SIZING_FIELDS,
    request_from_tool_arguments,
    size_deployment_tool,
    strict_parameters,
)


def test_strict_shape() -> None:
    tool = size_deployment_tool()
    params = tool["function"]["parameters"]
    assert tool["function"]["strict"] is True
    assert params["additionalProperties"] is False
    assert params["required"] == list(AGENT_SIZING_FIELDS)
    assert "title" not in str(params) and "default" not in params["properties"]["task"]


def test_every_field_name_exists_on_the_request() -> None:
    assert set(AGENT_SIZING_FIELDS) <= set(SizingRequest.model_fields)
    assert set(strict_parameters(SizingRequest)["properties"]) == set(SizingRequest.model_fields)


def test_nulls_take_the_defaults_and_the_engine_accepts_them() -> None:
    args = dict.fromkeys(AGENT_SIZING_FIELDS) | {"model": "qwen2.5-7b", "users": 8}
    jsonschema.validate(args, size_deployment_tool()["function"]["parameters"])
    report = size(request_from_tool_arguments(args), load_catalog())
    assert report.model == "qwen2.5-7b" and report.users == 8


def test_the_schema_rejects_what_the_engine_would() -> None:
    params = size_deployment_tool()["function"]["parameters"]
    args = dict.fromkeys(AGENT_SIZING_FIELDS) | {"model": "x", "task": "dance"}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(args, params)


def test_catalog_ids_become_enums_and_stay_valid_json_schema() -> None:
    catalog = load_catalog()
    tool = size_deployment_tool(sorted(catalog.models), sorted(catalog.gpus))
    params = tool["function"]["parameters"]
    jsonschema.Draft202012Validator.check_schema(params)
    args = dict.fromkeys(params["required"])
    ok = {**args, "model": "llama-3.1-8b", "gpu": "l40s"}
    jsonschema.validate(ok, params)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**ok, "model": "laravel-1.1.0"}, params)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**ok, "gpu": "voodoo-5"}, params)
    jsonschema.validate({**ok, "gpu": None}, params)  # the default GPU
    assert "enum" not in str(
        size_deployment_tool()["function"]["parameters"]["properties"]["model"]
    )
