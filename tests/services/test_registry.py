"""The tool registry: strict OpenAI schemas generated from the argument models, one
definition that every face publishes and the engine accepts."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest

from advisor.catalog import load_catalog
from advisor.errors import InputError
from advisor.services import registry
from advisor.services.registry import (
    SIZING_TOOL_FIELDS,
    TOOLS,
    openai_tool,
    strict_parameters,
)
from advisor.services.sizing import size_deployment
from advisor.sizing.request import SizingRequest


def _parameters(spec: registry.ToolSpec, **ids: Any) -> dict[str, Any]:
    parameters: dict[str, Any] = openai_tool(spec, **ids)["function"]["parameters"]
    return parameters


def test_strict_shape_of_every_tool() -> None:
    for spec in TOOLS:
        tool = openai_tool(spec)
        params = tool["function"]["parameters"]
        assert tool["function"]["strict"] is True
        assert tool["function"]["name"] == spec.name
        assert params["additionalProperties"] is False
        closed = [n for n in spec.field_names if n not in registry.OPEN_FIELDS]
        assert params["required"] == closed
        assert "title" not in str(params)
        assert "'additionalProperties': True" not in str(params)  # strict: closed objects
        jsonschema.Draft202012Validator.check_schema(params)


def test_names_are_unique_and_every_field_exists_on_its_model() -> None:
    assert len({spec.name for spec in TOOLS}) == len(TOOLS)
    for spec in TOOLS:
        assert set(spec.field_names) <= set(spec.arguments.model_fields)
    assert set(strict_parameters(SizingRequest)["properties"]) == set(SizingRequest.model_fields)


def test_nulls_take_the_defaults_and_the_engine_accepts_them() -> None:
    params = _parameters(registry.SIZE_DEPLOYMENT)
    args = dict.fromkeys(params["required"]) | {"model": "qwen2.5-7b", "users": 8}
    jsonschema.validate(args, params)
    request = registry.SIZE_DEPLOYMENT.parse(args)
    report = size_deployment(request.model_dump(), load_catalog()).report
    assert report.model == "qwen2.5-7b" and report.users == 8


def test_the_schema_rejects_what_the_engine_would() -> None:
    strict = [name for name in SIZING_TOOL_FIELDS if name not in registry.OPEN_FIELDS]
    args = dict.fromkeys(strict) | {"model": "x", "task": "dance"}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(args, _parameters(registry.SIZE_DEPLOYMENT))
    with pytest.raises(InputError) as error:
        registry.SIZE_DEPLOYMENT.parse(args)
    assert error.value.field == "task" and "inference" in error.value.allowed


def test_search_limits_are_the_models() -> None:
    params = _parameters(registry.SEARCH_KNOWLEDGE)
    k = next(o for o in params["properties"]["k"]["anyOf"] if o.get("type") == "integer")
    assert k["maximum"] == 10
    with pytest.raises(InputError) as error:
        registry.SEARCH_KNOWLEDGE.parse({"query": "x" * 501})
    assert error.value.field == "query"


def test_catalog_ids_become_enums_and_stay_valid_json_schema() -> None:
    catalog = load_catalog()
    params = _parameters(
        registry.SIZE_DEPLOYMENT, model_ids=sorted(catalog.models), gpu_ids=sorted(catalog.gpus)
    )
    jsonschema.Draft202012Validator.check_schema(params)
    args = dict.fromkeys(params["required"])
    ok = {**args, "model": "llama-3.1-8b", "gpu": "l40s"}
    jsonschema.validate(ok, params)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**ok, "model": "laravel-1.1.0"}, params)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**ok, "gpu": "voodoo-5"}, params)
    jsonschema.validate({**ok, "gpu": None}, params)  # the default GPU
    assert "enum" not in str(_parameters(registry.SIZE_DEPLOYMENT)["properties"]["model"])
