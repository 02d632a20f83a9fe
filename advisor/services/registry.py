"""The advisor's tools, defined once: name, title, description, arguments and result.

`GET /v1/tools`, the MCP server, the LLM agent and `advisor tools` all read `TOOLS`, so a
bot, the LLM and a person see the same names, descriptions and limits. The OpenAI form is
generated from the pydantic argument models in strict mode: every property required, no
extra keys, optional fields nullable (null = the default), pydantic's titles and defaults
dropped.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from advisor.recommend import Recommendation, RecommendRequest
from advisor.services.knowledge import SearchKnowledgeArgs, SearchResults
from advisor.services.pricing import HardwarePrice, HardwarePriceArgs
from advisor.services.sizing import input_error
from advisor.sizing.report import Comparison, SizingReport
from advisor.sizing.request import SizingRequest

# Open objects strict mode cannot express -> the field each stands in for.
OPEN_FIELDS: dict[str, str] = {"hf_config": "model"}

# The request fields an assistant needs to describe a deployment; the rest keep defaults.
SIZING_TOOL_FIELDS: tuple[str, ...] = (
    "model",
    "hf_config",
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


@dataclass(frozen=True)
class ToolSpec:
    """One tool: what it is called, what it does, what it takes and what it returns."""

    name: str
    title: str
    description: str
    arguments: type[BaseModel]
    result: type[BaseModel]
    fields: tuple[str, ...] | None = None  # the argument fields exposed; None = all

    @property
    def field_names(self) -> tuple[str, ...]:
        return self.fields if self.fields is not None else tuple(self.arguments.model_fields)

    def parse(self, arguments: Mapping[str, Any]) -> BaseModel:
        """The tool's argument model from a call; null means 'the default'.

        Raises InputError naming the first field to fix.
        """
        try:
            return self.arguments.model_validate(
                {k: v for k, v in arguments.items() if v is not None}
            )
        except ValidationError as exc:
            raise input_error(exc) from None


SIZE_DEPLOYMENT = ToolSpec(
    name="size_deployment",
    title="Size a deployment",
    description=(
        "Size GPUs for one model and task with the deterministic engine: memory per GPU, GPU "
        "count and layout, KV-cache capacity, speed, training time and the rest of the "
        "server. Use null for anything the user did not say."
    ),
    arguments=SizingRequest,
    result=SizingReport,
    fields=SIZING_TOOL_FIELDS,
)
COMPARE_GPUS = ToolSpec(
    name="compare_gpus",
    title="Compare GPUs",
    description=(
        "Size the same need on every GPU in the catalog with the deterministic engine: GPU "
        "count, memory, speed and price per GPU, cheapest feasible first. Use null for "
        "anything the user did not say."
    ),
    arguments=SizingRequest,
    result=Comparison,
    fields=SIZING_TOOL_FIELDS,
)
RECOMMEND_DEPLOYMENT = ToolSpec(
    name="recommend_deployment",
    title="Recommend a deployment from a goal",
    description=(
        "Recommend GPUs, server and model from a goal (use case, staff or users, language, "
        "latency, budget, GPUs already owned, or a fine-tuning run): named options (start, "
        "recommended, scale, owned) with speed, capacity and cost (capex, monthly, 3-year "
        "TCO, per million tokens, against a hosted API), what is unmet and what would make "
        "a setup fit, each computed by the deterministic engine. Use null for anything the "
        "user did not say."
    ),
    arguments=RecommendRequest,
    result=Recommendation,
)
PRICE_HARDWARE = ToolSpec(
    name="price_hardware",
    title="Price GPUs",
    description=(
        "What a number of one catalog GPU costs before any model or load: the purchase with "
        "the servers around them (whole 8-GPU servers for SXM/OAM parts, and their card "
        "version), power and running cost a month, 3-year total, renting the same GPUs and "
        "when buying pays back, and the strongest catalog model they serve. For 'how much is "
        "a server with 8x H100?'; to size a model use size_deployment or recommend_deployment."
    ),
    arguments=HardwarePriceArgs,
    result=HardwarePrice,
)
SEARCH_KNOWLEDGE = ToolSpec(
    name="search_knowledge",
    title="Search the knowledge base",
    description=(
        "Search the knowledge base (Russian and English articles on GPU sizing for LLMs) "
        "for passages to explain and cite: id, title, section, text."
    ),
    arguments=SearchKnowledgeArgs,
    result=SearchResults,
)
TOOLS: tuple[ToolSpec, ...] = (
    SIZE_DEPLOYMENT,
    COMPARE_GPUS,
    RECOMMEND_DEPLOYMENT,
    PRICE_HARDWARE,
    SEARCH_KNOWLEDGE,
)
TOOLS_BY_NAME: dict[str, ToolSpec] = {tool.name: tool for tool in TOOLS}


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


def _not_null(prop: dict[str, Any]) -> dict[str, Any]:
    """`X | None` written as X: a value the caller must give."""
    options = [p for p in prop.get("anyOf", [prop]) if p.get("type") != "null"]
    if len(options) != 1:
        return prop
    return {**options[0], **({"description": prop["description"]} if "description" in prop else {})}


def strict_parameters(
    model: type[BaseModel], fields: Iterable[str] | None = None, not_null: Iterable[str] = ()
) -> dict[str, Any]:
    """A strict JSON schema of `model`'s fields (all of them, or the named ones); the
    `not_null` ones may not be null."""
    schema = model.model_json_schema()
    defs = schema.get("$defs", {})
    wanted = list(fields) if fields is not None else list(schema["properties"])
    required_in_model = set(schema.get("required", []))
    properties = {}
    for name in wanted:
        prop = _inline(schema["properties"][name], defs)
        if name in not_null:
            properties[name] = _not_null(prop)
        else:
            properties[name] = prop if name in required_in_model else _nullable(prop)
    return {
        "type": "object",
        "properties": properties,
        "required": wanted,
        "additionalProperties": False,
    }


def openai_tool(
    spec: ToolSpec,
    *,
    model_ids: Sequence[str] | None = None,
    gpu_ids: Sequence[str] | None = None,
) -> dict[str, Any]:
    """The OpenAI tool object of `spec`; with catalog ids, `model` / `gpu` become enums.

    Enums let the LLM server's structured output force a valid id (a small model invents
    names otherwise), at the price of only catalog entries through that tool.

    Strict mode allows only closed objects, so an open field (`hf_config`) is left out
    and the field it stands in for (`model`) becomes a value to give: a bot that sends a
    config.json's contents does it through REST or MCP, and the LLM never transcribes one.
    """
    left_out = [name for name in spec.field_names if name in OPEN_FIELDS]
    fields = [name for name in spec.field_names if name not in OPEN_FIELDS]
    parameters = strict_parameters(spec.arguments, fields, [OPEN_FIELDS[n] for n in left_out])
    for name, ids in (("model", model_ids), ("gpu", gpu_ids)):
        if ids and name in parameters["properties"]:
            _restrict_to(parameters["properties"][name], sorted(ids))
    return {
        "type": "function",
        "function": {
            "name": spec.name,
            "description": spec.description,
            "parameters": parameters,
            "strict": True,
        },
    }


def _restrict_to(prop: dict[str, Any], ids: list[str]) -> None:
    for option in prop.get("anyOf", [prop]):
        if option.get("type") == "string":
            option.pop("maxLength", None)
            option.pop("description", None)
            option["enum"] = ids


def openai_tools() -> list[dict[str, Any]]:
    """Every tool in OpenAI form, as `GET /v1/tools` lists them."""
    return [openai_tool(spec) for spec in TOOLS]
