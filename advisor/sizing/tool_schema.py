"""OpenAI tool definitions generated from the pydantic request models.

One source of truth: the agent's tools, `GET /v1/tools` and the MCP tools all use these
schemas. Strict mode wants every property required and no extra keys, so optional
fields become nullable instead of omitted, and pydantic's titles and defaults go.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from typing import Any

from pydantic import BaseModel

from advisor.sizing.request import SizingRequest

# The fields an assistant needs to describe a deployment; the rest keep their defaults.
AGENT_SIZING_FIELDS: tuple[str, ...] = (
    "model",
    "task",
    "gpu",
    "gpus",
    "precision",
    "kv_precision",
    "context",
    "users",
    "engine",
    "lora_rank",
    "micro_batch",
    "dataset_tokens",
    "epochs",
)


def _inline(schema: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    if "$ref" in schema:
        return _inline(copy.deepcopy(defs[schema["$ref"].rsplit("/", 1)[-1]]), defs)
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key in ("title", "default"):
            continue
        if isinstance(value, dict):
            out[key] = _inline(value, defs)
        elif isinstance(value, list):
            out[key] = [_inline(v, defs) if isinstance(v, dict) else v for v in value]
        else:
            out[key] = value
    return out


def _nullable(prop: dict[str, Any]) -> dict[str, Any]:
    """pydantic writes `X | None` as anyOf[X, null]; strict mode accepts that as is."""
    if "anyOf" in prop and any(p.get("type") == "null" for p in prop["anyOf"]):
        return prop
    return {
        "anyOf": [prop, {"type": "null"}],
        **({"description": prop["description"]} if "description" in prop else {}),
    }


def strict_parameters(
    model: type[BaseModel], fields: Iterable[str] | None = None
) -> dict[str, Any]:
    """A strict JSON schema of `model`'s fields (all of them, or the named ones)."""
    schema = model.model_json_schema()
    defs = schema.get("$defs", {})
    wanted = list(fields) if fields is not None else list(schema["properties"])
    required_in_model = set(schema.get("required", []))
    properties = {}
    for name in wanted:
        prop = _inline(schema["properties"][name], defs)
        properties[name] = prop if name in required_in_model else _nullable(prop)
    return {
        "type": "object",
        "properties": properties,
        "required": wanted,
        "additionalProperties": False,
    }


def tool_definition(
    name: str, description: str, model: type[BaseModel], fields: Iterable[str] | None = None
) -> dict[str, Any]:
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": description,
            "parameters": strict_parameters(model, fields),
            "strict": True,
        },
    }


def size_deployment_tool(
    model_ids: Sequence[str] | None = None, gpu_ids: Sequence[str] | None = None
) -> dict[str, Any]:
    """The sizing tool; with catalog ids, `model` and `gpu` become enums of them.

    Enums let the LLM server's structured output force a valid id (a small model
    otherwise invents names), at the price of sizing only catalog entries through it.
    """
    tool = tool_definition(
        "size_deployment",
        "Size GPUs for one model and task with the deterministic engine: memory per GPU, GPU "
        "count and layout, KV-cache capacity, speed, training time and the rest of the server. "
        "Use null for anything the user did not say.",
        SizingRequest,
        AGENT_SIZING_FIELDS,
    )
    properties = tool["function"]["parameters"]["properties"]
    for name, ids in (("model", model_ids), ("gpu", gpu_ids)):
        if ids:
            _restrict_to(properties, name, sorted(ids))
    return tool


def _restrict_to(properties: dict[str, Any], name: str, ids: list[str]) -> None:
    prop = properties[name]
    options = prop.get("anyOf", [prop])
    for option in options:
        if option.get("type") == "string":
            option.pop("maxLength", None)
            option["enum"] = ids


def request_from_tool_arguments(arguments: dict[str, Any]) -> SizingRequest:
    """A SizingRequest from tool arguments: nulls mean 'use the default'."""
    return SizingRequest.model_validate({k: v for k, v in arguments.items() if v is not None})
